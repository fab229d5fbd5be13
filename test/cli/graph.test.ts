import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './capture';
import { renderMermaid } from '../../src/graph/mermaid';
import { REFERENCE_DIR, graphOfDir } from '../graph/helpers';
import { checkWellFormedXml } from '../graph/xml-well-formed';

function tmp(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'graph-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const WARNING = 'warning: Metal3MachineTemplate default/multinode-cluster-workers-f8d8a370: hostSelector cluster-role=worker picks no BareMetalHost in the input\n';

describe('cdk8s-capi graph (in process)', () => {
  test('Mermaid on stdout by default; warnings on stderr; exit 0', async () => {
    const r = await run(['graph', 'dist/reference-multinode']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(renderMermaid(graphOfDir(REFERENCE_DIR)));
    expect(r.stdout.split('\n')[1]).toBe('flowchart LR');
    expect(r.stderr).toBe(WARNING);
  });

  test('-o file.svg writes a well-formed SVG whose tooltips name the source file and line', async () => {
    const dir = tmp();
    const out = join(dir, 'topology.svg');
    const r = await run(['graph', 'dist/reference-multinode', '-o', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`${WARNING}wrote ${out} (svg: 22 nodes, 22 edges)\n`);
    const svg = readFileSync(out, 'utf8');
    expect(checkWellFormedXml(svg)[0]).toBe('svg');
    expect(svg).toContain('<title>Topology of multinode-cluster</title>');
    expect(svg).toContain('dist/reference-multinode/multinode-cluster.k8s.yaml:11</title>');
  });

  test('-o file.html writes the offline page; -o file.mmd the same Mermaid as stdout', async () => {
    const dir = tmp();
    expect((await run(['graph', 'dist/reference-multinode', '-o', join(dir, 't.html')])).code).toBe(0);
    const html = readFileSync(join(dir, 't.html'), 'utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<summary>Mermaid source</summary>');
    expect(html).not.toMatch(/<script/i);
    expect((await run(['graph', 'dist/reference-multinode', '-o', join(dir, 't.mmd')])).code).toBe(0);
    expect(readFileSync(join(dir, 't.mmd'), 'utf8')).toBe((await run(['graph', 'dist/reference-multinode'])).stdout);
  });

  test('--format overrides the extension, and works on stdout', async () => {
    const dir = tmp();
    expect((await run(['graph', 'dist/reference-multinode', '-o', join(dir, 'out.txt'), '--format', 'svg'])).code).toBe(0);
    expect(readFileSync(join(dir, 'out.txt'), 'utf8')).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg /);
    const r = await run(['graph', 'dist/reference-multinode', '--format', 'html']);
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith('<!DOCTYPE html>')).toBe(true);
  });

  test('same input, same bytes', async () => {
    const a = await run(['graph', 'dist/', '--format', 'svg']);
    const b = await run(['graph', 'dist/', '--format', 'svg']);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    checkWellFormedXml(a.stdout);
  });

  test('EKS-A with its hardware.csv: the machines and the hardwareSelectors that pick them', async () => {
    const r = await run(['graph', 'dist/eksa-tinkerbell']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('subgraph grp_hardware_dist_eksa_tinkerbell_hardware_csv["hardware dist/eksa-tinkerbell/hardware.csv"]');
    expect(r.stdout).toContain('  TinkerbellMachineConfig_default_metal_cp ==>|"hardwareSelector type=cp"| Hardware_node1\n');
    expect(r.stdout).toContain('  TinkerbellMachineConfig_default_metal ==>|"hardwareSelector type=worker"| Hardware_node5\n');
  });

  test('stdin with -', async () => {
    const r = await run(['graph', '-'], 'apiVersion: metal3.io/v1alpha1\nkind: BareMetalHost\nmetadata: {name: h1}\nspec: {bmc: {credentialsName: h1-bmc}}\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('BareMetalHost_default_h1["BareMetalHost<br/>h1<br/>⚠ no hostSelector in the input picks it"]');
    expect(r.stdout).toContain('Secret_default_h1_bmc[("Secret<br/>h1-bmc<br/>not in the input")]');
    expect(r.stderr).toBe([
      'warning: BareMetalHost default/h1: no hostSelector in the input picks it',
      'warning: Secret default/h1-bmc: not in the input; referenced by BareMetalHost h1 (credentials)',
      '',
    ].join('\n'));
  });

  test('fails with exit 1 on YAML errors, naming file and line, and writes nothing', async () => {
    const dir = tmp({ 'broken.yaml': 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: a\n   bad: indent\n' });
    const out = join(dir, 'out.svg');
    const r = await run(['graph', join(dir, 'broken.yaml'), '-o', out]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/broken.yaml:4 YAML: Nested mappings are not allowed/);
    expect(r.stderr).toMatch(/error: 2 problems in the input; nothing drawn\n$/);
    expect(existsSync(out)).toBe(false);
  });

  test('fails with exit 1 on a bad hardware.csv row and on files that are neither YAML nor CSV', async () => {
    const csv = readFileSync('dist/eksa-tinkerbell/hardware.csv', 'utf8').replace('0c:c4:7a:6b:00:02', 'not-a-mac');
    const dir = tmp({ 'hardware.csv': csv, 'notes.txt': 'hello' });
    const r = await run(['graph', 'dist/eksa-tinkerbell/metal-eks-a-cluster.yaml', join(dir, 'hardware.csv'), join(dir, 'notes.txt')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${join(dir, 'hardware.csv')}:3: column mac: mac "not-a-mac" is not a valid MAC address`);
    expect(r.stderr).toContain(`${join(dir, 'notes.txt')}:1 not a YAML manifest or a hardware.csv file`);
    expect(r.stderr).toMatch(/error: 2 problems in the input; nothing drawn\n$/);
    const one = await run(['graph', join(dir, 'notes.txt')]);
    expect(one.code).toBe(1);
    expect(one.stderr).toBe(`${join(dir, 'notes.txt')}:1 not a YAML manifest or a hardware.csv file\nerror: 1 problem in the input; nothing drawn\n`);
  });

  test('fails with exit 1 when there is nothing to draw', async () => {
    const dir = tmp({ 'empty.yaml': '# nothing\n' });
    const r = await run(['graph', dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no Kubernetes objects or hardware.csv machines in the input');
  });

  test('usage and I/O errors exit 2: unknown extension, unknown format, missing path, unwritable output', async () => {
    const png = await run(['graph', 'dist/reference-multinode', '-o', 'x.png']);
    expect(png.code).toBe(2);
    expect(png.stderr).toBe('error: cannot tell the format from "x.png": use a .mmd, .svg or .html file, or --format mermaid|svg|html\n');
    const fmt = await run(['graph', 'dist/reference-multinode', '--format', 'png']);
    expect(fmt.code).toBe(2);
    expect(fmt.stderr).toMatch(/argument 'png' is invalid. Allowed choices are mermaid, svg, html/);
    const missing = await run(['graph', 'no/such/dir']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('error: cannot read no/such/dir: no such file or directory\n');
    const unwritable = await run(['graph', 'dist/reference-multinode', '-o', join(tmp(), 'no', 'such', 'out.svg')]);
    expect(unwritable.code).toBe(2);
    expect(unwritable.stderr).toMatch(/error: cannot write .*out\.svg: no such file or directory/);
    expect((await run(['graph'])).code).toBe(2);
  });

  test('--help shows the examples and the exit codes; the program help lists the command', async () => {
    const r = await run(['graph', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('$ cdk8s-capi graph dist/reference-multinode -o topology.html');
    expect(r.stdout).toContain('Exit codes: 0 drawn, 1 invalid input');
    expect((await run(['--help'])).stdout).toMatch(/^\s+graph \[options\] <paths\.\.\.>/m);
  });
});
