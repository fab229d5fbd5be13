import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './capture';

const EXAMPLE = join('examples', 'inventories', 'reference-multinode.yaml');

describe('cdk8s-capi synth (in process)', () => {
  test('synthesizes an inventory; the output validates and re-synth is byte-identical', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'synth-')), 'dist');
    const r = await run(['synth', '-f', EXAMPLE, '-o', out]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`synthesized 1 cluster into ${out}/ (6 files)\n`); // 5 for the cluster, rollout.json
    const first = readFileSync(join(out, 'multinode-cluster', 'cluster', 'cluster.yaml'), 'utf8');
    expect((await run(['validate', out])).code).toBe(0);
    expect((await run(['synth', '-f', EXAMPLE, '-o', out])).code).toBe(0);
    expect(readFileSync(join(out, 'multinode-cluster', 'cluster', 'cluster.yaml'), 'utf8')).toBe(first);
  });

  test('--gitops flux writes the Flux Kustomizations; fleet.yaml files validate as the Bundles they become', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'synth-')), 'clusters');
    expect((await run(['synth', '-f', EXAMPLE, '-o', out, '--gitops', 'flux', '--repo-path', './clusters'])).code).toBe(0);
    expect(readFileSync(join(out, 'flux', 'multinode-cluster.yaml'), 'utf8')).toMatch(/path: \.\/clusters\/multinode-cluster\/hosts/);
    const fleet = join(mkdtempSync(join(tmpdir(), 'synth-')), 'fleet');
    expect((await run(['synth', '-f', EXAMPLE, '-o', fleet, '--gitops', 'fleet'])).code).toBe(0);
    expect(existsSync(join(fleet, 'multinode-cluster', 'cluster', 'fleet.yaml'))).toBe(true);
    expect((await run(['validate', fleet])).code).toBe(0);
  });

  test('an invalid inventory exits 1 with file:line, nothing written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'synth-'));
    const bad = readFileSync(EXAMPLE, 'utf8').replace('bootMacAddress: 0c:c4:7a:6b:00:02', 'bootMacAddress: 0c:c4:7a:6b:00:0g');
    writeFileSync(join(dir, 'inv.yaml'), bad);
    const r = await run(['synth', '-f', join(dir, 'inv.yaml'), '-o', join(dir, 'out')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^error: ${join(dir, 'inv.yaml')}:16 clusters\\[0\\].hosts\\[1\\] \\(node2-example\\): .*invalid MAC address`));
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  test('usage errors exit 2; --print-schema prints the JSON Schema', async () => {
    expect((await run(['synth'])).code).toBe(2);
    expect((await run(['synth'])).stderr).toMatch(/missing -f INVENTORY/);
    expect((await run(['synth', '-f', '/nonexistent.yaml'])).code).toBe(2);
    const dir = mkdtempSync(join(tmpdir(), 'synth-'));
    writeFileSync(join(dir, 'keep.txt'), 'x');
    const refused = await run(['synth', '-f', EXAMPLE, '-o', dir]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/not empty and was not written by cdk8s-capi synth/);
    expect(statSync(join(dir, 'keep.txt')).isFile()).toBe(true);
    const schema = JSON.parse((await run(['synth', '--print-schema'])).stdout);
    expect(schema.title).toBe('cdk8s-capi inventory');
  });
});
