// `synth --gitops … ` with `rollout:` through the CLI: the wave files validate (`cdk8s-capi
// validate` checks them against the engines' pinned CRDs, fleet.yaml as the Bundle it becomes),
// a broken one is reported at file:line, and bad settings or a missing --repo-url are refused.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { run } from './capture';
import { fleetInventory } from '../../bench/fleet-inventory';

function inventory(rollout: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'synth-waves-'));
  const file = join(dir, 'sites.yaml');
  writeFileSync(file, stringify({ ...fleetInventory(6, { controlPlane: 1, workers: 0 }), rollout }));
  return file;
}

const ROLLOUT = { waves: [1, '50%', '100%'], maxParallel: 2 };

describe('cdk8s-capi synth --gitops with rollout:', () => {
  test.each([
    ['flux', [], 'flux/waves.yaml'],
    ['fleet', [], 'fleet/site-rollout/fleet.yaml'],
    ['argo', ['--repo-url', 'https://git.example.com/edge/sites.git', '--repo-path', 'clusters/edge'], 'argo/applicationset.yaml'],
  ])('%s: the wave file is written and the whole output validates', async (flavor, extra, file) => {
    const out = join(mkdtempSync(join(tmpdir(), 'synth-waves-')), 'dist');
    const r = await run(['synth', '-f', inventory(ROLLOUT), '-o', out, '--gitops', flavor, ...extra]);
    expect(r.stderr).toMatch(/^synthesized 6 clusters/);
    expect(r.code).toBe(0);
    expect(readFileSync(join(out, file), 'utf8')).toMatch(/cdk8s-capi\.io\/wave/);
    const v = await run(['validate', out]);
    expect(v.stdout + v.stderr).toMatch(/^0 errors, \d+ warnings in \d+ objects/m);
    expect(v.code).toBe(0);
  });

  test('validate reports a broken fleet.yaml at its line, under the fleet.yaml field path', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'synth-waves-')), 'dist');
    expect((await run(['synth', '-f', inventory(ROLLOUT), '-o', out, '--gitops', 'fleet'])).code).toBe(0);
    const file = join(out, 'fleet', 'site-rollout', 'fleet.yaml');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('maxUnavailablePartitions: 0', 'maxUnavailablePartitions: [0]'));
    const line = text.split('\n').findIndex(l => l.includes('maxUnavailablePartitions')) + 1;
    const v = await run(['validate', out]);
    expect(v.code).toBe(1);
    expect(v.stdout + v.stderr).toContain(`${file}:${line} Bundle/site-rollout rolloutStrategy.maxUnavailablePartitions`);
  });

  test('--gitops argo without --repo-url, or with an absolute -o and no --repo-path, is a usage error (exit 2)', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'synth-waves-')), 'dist');
    const r = await run(['synth', '-f', inventory(ROLLOUT), '-o', out, '--gitops', 'argo', '--repo-path', 'dist']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/needs --repo-url/);
    const abs = await run(['synth', '-f', inventory(ROLLOUT), '-o', out, '--gitops', 'argo', '--repo-url', 'https://git.example.com/x.git']);
    expect(abs.code).toBe(2);
    expect(abs.stderr).toContain(`the output directory ${out} is an absolute path; give --repo-path`);
  });

  test('wave sizes that go down: exit 1, the inventory file:line and field', async () => {
    const file = inventory({ waves: ['50%', 1] });
    // The list's first item, where the YAML node of rollout.waves starts.
    const line = readFileSync(file, 'utf8').split('\n').findIndex(l => l === '    - 50%') + 1;
    const r = await run(['synth', '-f', file, '-o', join(tmpdir(), 'never-written'), '--gitops', 'flux']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${file}:${line} rollout.waves: wave sizes are cumulative and must not go down: 50% then 1`);
  });
});
