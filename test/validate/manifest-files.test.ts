// Loading manifests never throws for bad input: alias problems, nesting past the limit,
// non-string apiVersion/kind and bad List items are problems with file:line (issue 13).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MAX_YAML_ALIASES, MAX_YAML_DEPTH } from '../../src/core/safe-yaml';
import { parseButane } from '../../src/validate/butane/parse';
import { parseManifests } from '../../src/validate/manifest-files';
import { STACK_LINE, run } from '../cli/capture';

const ROOT = resolve(__dirname, '..', '..');
const CM = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n';

/** Nine copies of the previous anchor, seven levels deep: 9^7 values when expanded. */
function bomb(indent = ''): string {
  const lines = [`${indent}a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]`];
  for (let i = 1; i <= 6; i++) lines.push(`${indent}a${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(', ')}]`);
  return `${lines.join('\n')}\n`;
}

const problems = (text: string) => {
  const r = parseManifests(text, 'f.yaml');
  return r.problems.map(p => `${p.line} ${p.message}`);
};

describe('parseManifests', () => {
  test('an alias without an anchor is a problem at the alias', () => {
    expect(problems(`${CM}data:\n  x: *nope\n`)).toEqual([
      '6 YAML: alias *nope has no anchor &nope before it (define the anchor first, or write the value out)',
    ]);
    expect(parseManifests(`${CM}data:\n  x: *nope\n`, 'f.yaml').problems[0].rule).toBe('yaml/alias');
  });

  test('an alias bomb is a problem at the first alias that multiplies, not an exception', () => {
    expect(problems(`${CM}data:\n${bomb('  ')}`)).toEqual([
      expect.stringMatching(/^8 YAML: aliases expand to more than 1000 copies of an anchor \(from \*a1 on\), an alias bomb/),
    ]);
  });

  test('an alias inside its own anchor (a cycle) is a problem', () => {
    expect(problems(`${CM}data: &m\n  labels: *m\n`)).toEqual([
      expect.stringMatching(/^6 YAML: alias \*m is inside the node anchored &m/),
    ]);
  });

  test('ordinary aliases still work', () => {
    const r = parseManifests(`${CM}data:\n  a: &d "1"\n  b: *d\n`, 'f.yaml');
    expect(r.problems).toEqual([]);
    expect(r.manifests.map(m => m.object.data)).toEqual([{ a: '1', b: '1' }]);
  });

  test('too many aliases and too deep nesting are refused before composing', () => {
    const aliases = `${CM}data:\n  a: &x "1"\n  b: [${Array(MAX_YAML_ALIASES + 1).fill('*x').join(', ')}]\n`;
    expect(problems(aliases)).toEqual([`7 YAML: more than ${MAX_YAML_ALIASES} aliases in one document; write the values out instead of aliasing them`]);
    const deep = `${CM}data:\n  x: ${'['.repeat(5000)}${']'.repeat(5000)}\n`;
    expect(problems(deep)).toEqual([`6 YAML: nested more than ${MAX_YAML_DEPTH} levels deep`]);
    const block = `${CM}spec:\n${Array.from({ length: 400 }, (_, i) => `${' '.repeat(i + 1)}- `).join('\n')}x\n`;
    expect(problems(block)).toEqual([expect.stringMatching(/YAML: nested more than 256 levels deep/)]);
  });

  test('apiVersion and kind must be strings', () => {
    expect(problems('apiVersion: 1\nkind: ConfigMap\nmetadata:\n  name: a\n')).toEqual([
      '1 apiVersion must be a string like "v1" or "cluster.x-k8s.io/v1beta2", found number 1',
    ]);
    expect(problems('apiVersion: v1\nkind: [ConfigMap]\n')).toEqual(['2 kind must be a string like "Cluster", found a list']);
    expect(problems('apiVersion: v1\nmetadata: {}\n')).toEqual(['1 document is not a Kubernetes object (a mapping with apiVersion and kind): kind is missing']);
    expect(problems('- a\n- b\n')).toEqual(['1 document is not a Kubernetes object: found a list, expected a mapping with apiVersion and kind']);
  });

  test('List items: null, scalars, bad kinds and a non-list are problems at the item; good items load with their lines', () => {
    const text = 'apiVersion: v1\nkind: List\nitems:\n  - null\n  - 3\n  - apiVersion: v1\n    kind: 7\n  - apiVersion: v1\n    kind: ConfigMap\n    metadata:\n      name: ok\n';
    const r = parseManifests(text, 'f.yaml');
    expect(r.problems.map(p => `${p.line} ${p.message}`)).toEqual([
      '4 items[0]: not a Kubernetes object: found null, expected a mapping with apiVersion and kind',
      '5 items[1]: not a Kubernetes object: found number 3, expected a mapping with apiVersion and kind',
      '7 items[2]: kind must be a string like "Cluster", found number 7',
    ]);
    expect(r.manifests.map(m => [m.object.metadata?.name, m.line, m.lineOf('metadata.name')])).toEqual([['ok', 8, 11]]);
    expect(problems('apiVersion: v1\nkind: List\nitems: oops\n')).toEqual(['3 items of a List must be a list of objects, found string "oops"']);
    expect(problems('apiVersion: v1\nkind: List\nitems: [null]\n')).toEqual([expect.stringMatching(/^3 items\[0\]: not a Kubernetes object: found null/)]);
  });

  test('a %YAML 1.1 document still reads as plain data (no Buffer, Date, Set)', () => {
    const r = parseManifests(`%YAML 1.1\n---\n${CM}data:\n  a: !!binary aGVsbG8=\n  b: 2001-12-14\n`, 'f.yaml');
    expect(r.manifests[0].object.data).toEqual({ a: 'aGVsbG8=', b: '2001-12-14' });
  });
});

describe('Butane YAML (additionalUserData.config)', () => {
  test('an unknown anchor is a syntax error at its line, like go-yaml', () => {
    const r = parseButane('variant: fcos\nversion: *v\n');
    expect(r.findings).toEqual([expect.objectContaining({ rule: 'butane/yaml-syntax', line: 2, message: "YAML syntax error: unknown anchor 'v' referenced" })]);
    expect(r.model).toBeUndefined();
  });

  test('nesting past the limit is a syntax error, not a crash', () => {
    const r = parseButane(`variant: fcos\nversion: 1.4.0\nx: ${'['.repeat(3000)}${']'.repeat(3000)}\n`);
    expect(r.findings).toEqual([expect.objectContaining({ rule: 'butane/yaml-syntax', line: 3, message: 'YAML syntax error: nested more than 256 levels deep' })]);
  });
});

describe('validate: YAML problems are findings with file:line (exit 1)', () => {
  const multinode = readFileSync(join(ROOT, 'dist', 'reference-multinode', 'multinode-cluster.k8s.yaml'), 'utf8');
  const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

  async function validate(text: string): Promise<{ code: number; stdout: string; stderr: string }> {
    const r = await run(['validate', '-'], text);
    expect(r.stderr).not.toMatch(STACK_LINE);
    return r;
  }

  test('aliases, apiVersion: 1 and List items in a manifest', async () => {
    for (const text of [`${CM}data:\n  x: *nope\n`, `${CM}data:\n${bomb('  ')}`, 'apiVersion: 1\nkind: ConfigMap\nmetadata:\n  name: a\n', 'apiVersion: v1\nkind: List\nitems: [null]\n']) {
      const r = await validate(text);
      expect(r.stdout).toMatch(/^<stdin>:\d+ /);
      expect(r.code).toBe(1);
    }
  });

  test('an inline manifest of a control plane\'s Butane config: an unresolved alias and an alias bomb, at their lines', async () => {
    const unresolved = multinode.replace('                    name: rke2-cilium\n', '                    name: *nope\n');
    const r1 = await validate(unresolved);
    expect(r1.stdout).toContain(`<stdin>:${lineOf(unresolved, 'name: *nope')} RKE2ControlPlane/multinode-cluster spec.agentConfig.additionalUserData.config: /var/lib/rancher/rke2/server/manifests/rke2-cilium-config.yaml: YAML: alias *nope has no anchor &nope before it`);
    expect(r1.code).toBe(1);
    const bombed = multinode.replace('                  kind: HelmChartConfig\n', `                  kind: HelmChartConfig\n${bomb('                  ')}`);
    const r2 = await validate(bombed);
    expect(r2.stdout).toContain(`<stdin>:${lineOf(bombed, 'a2: &a2')} RKE2ControlPlane/multinode-cluster spec.agentConfig.additionalUserData.config: /var/lib/rancher/rke2/server/manifests/rke2-cilium-config.yaml: YAML: aliases expand to more than 1000 copies`);
    expect(r2.code).toBe(1);
  });

  test('an unknown anchor in the Butane config itself', async () => {
    const text = multinode.replace('        variant: fcos\n', '        variant: *nope\n');
    const r = await validate(text);
    expect(r.stdout).toContain(`<stdin>:${lineOf(text, 'variant: *nope')} RKE2ControlPlane/multinode-cluster spec.agentConfig.additionalUserData.config: YAML syntax error: unknown anchor 'nope' referenced`);
    expect(r.code).toBe(1);
  });

  test('an inline manifest with apiVersion: 1', async () => {
    const text = multinode.replace('                  apiVersion: helm.cattle.io/v1\n                  kind: HelmChartConfig\n', '                  apiVersion: 1\n                  kind: HelmChartConfig\n');
    const r = await validate(text);
    expect(r.stdout).toMatch(/rke2-cilium-config.yaml: apiVersion must be a string/);
    expect(r.code).toBe(1);
  });
});

describe('inventory: YAML problems are inventory errors (exit 1, like every invalid inventory)', () => {
  const inventory = readFileSync(join(ROOT, 'examples', 'inventories', 'reference-multinode.yaml'), 'utf8');

  test.each([
    ['an unresolved alias', inventory.replace('type: rke2-multinode', 'type: *nope'), /inv.yaml:7: YAML: alias \*nope has no anchor/],
    ['an alias bomb', inventory.replace('clusters:\n', `${bomb()}clusters:\n`), /inv.yaml:7: YAML: aliases expand to more than 1000 copies of an anchor \(from \*a1 on\)/],
    ['deep nesting', inventory.replace('clusters:\n', `x: ${'['.repeat(3000)}${']'.repeat(3000)}\nclusters:\n`), /inv.yaml:5: YAML: nested more than 256 levels deep/],
  ])('%s', async (_name, text, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'inv-'));
    writeFileSync(join(dir, 'inv.yaml'), text);
    const r = await run(['synth', '-f', join(dir, 'inv.yaml'), '-o', join(dir, 'out')]);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(STACK_LINE);
    expect(r.code).toBe(1);
  });
});
