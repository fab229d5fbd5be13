// The fleet commands' input handling in process: bad --waves/--max-parallel/--soak/--max-failures
// values exit 2 naming the flag before anything is read; fleet flags without a fleet directory
// exit 2; a bad rollout.json exits 1 naming the file and field; synth writes rollout.json (the
// clusters in inventory order, their labels, the inventory's rollout:).
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './capture';
import { discoverFleet, isFleetDir, naturalCompare } from '../../src/apply/fleet/discover';

const ROOT = join(__dirname, '..', '..');
const FLEET = join(ROOT, 'dist', 'inventories', 'reference-multinode');
const SINGLE = join(ROOT, 'dist', 'reference-multinode');
const NOWHERE = ['--kubeconfig', '/nonexistent/kubeconfig'];

describe('fleet usage errors exit 2, flags first', () => {
  test.each([
    [['--waves', '1,0%'], '--waves: "0%" is not a wave size: expected a cluster count (1 or more) or a share of the fleet such as 10%'],
    [['--waves', ''], '--waves: expected a comma-separated list of wave sizes such as 1,10%,50%,100%'],
    [['--max-parallel', 'all'], '--max-parallel: "all" is not a whole number of 1 or more'],
    [['--soak', '10 minutes'], '--soak: "10 minutes" is not a duration: expected e.g. 0s, 30s, 10m, 1h30m'],
    [['--max-failures', '5 %'], '--max-failures: "5 %" is not a failure budget: expected a count (0 or more) or a share of the fleet such as 5%'],
    [['--canary-label', '=x'], '--canary-label: "=x" is not a label: expected key or key=value'],
  ])('upgrade <fleet> %j', async (flags, message) => {
    const r = await run(['upgrade', FLEET, ...NOWHERE, ...flags]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 2, stderr: `error: ${message}\n` });
  });

  test('plan checks the same flags', async () => {
    const r = await run(['plan', FLEET, '--live', ...NOWHERE, '--waves', '50%,10%']);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 2, stderr: 'error: --waves: wave sizes are cumulative and must not go down: 50% then 10%\n' });
  });

  test('fleet flags need a fleet directory', async () => {
    const up = await run(['upgrade', SINGLE, ...NOWHERE, '--waves', '1,100%', '--soak', '5m']);
    expect({ code: up.code, stderr: up.stderr }).toEqual({ code: 2, stderr: 'error: --waves, --soak: only with a fleet directory (one path: a directory cdk8s-capi synth wrote, with a folder per cluster)\n' });
    const plan = await run(['plan', SINGLE, '--against', SINGLE, '--order-by', 'region']);
    expect(plan.code).toBe(2);
    expect(plan.stderr).toMatch(/^error: --order-by: only with --live and a fleet directory/);
  });
});

describe('fleet directories', () => {
  test('synth output is a fleet (its marker or rollout.json); a cluster folder is not', () => {
    expect(isFleetDir(FLEET)).toBe(true);
    expect(isFleetDir(join(FLEET, 'multinode-cluster'))).toBe(false);
    expect(isFleetDir(SINGLE)).toBe(false);
    expect(discoverFleet(FLEET).clusters.map(c => c.name)).toEqual(['multinode-cluster']);
  });

  test('without rollout.json, folders in natural order; rollout.json naming a missing folder is exit 1', async () => {
    expect(['site10', 'site2', 'site1', 'a', 'site02'].sort(naturalCompare)).toEqual(['a', 'site1', 'site02', 'site2', 'site10']);
    const dir = mkdtempSync(join(tmpdir(), 'fleet-dir-'));
    cpSync(FLEET, dir, { recursive: true });
    writeFileSync(join(dir, 'rollout.json'), JSON.stringify({ kind: 'FleetRollout', clusters: [{ name: 'gone' }] }));
    const r = await run(['upgrade', dir, ...NOWHERE]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`error: ${join(dir, 'rollout.json')}: cluster gone has no folder ${join(dir, 'gone')} with a kustomization.yaml (synthesize again)\n`);
    writeFileSync(join(dir, 'rollout.json'), JSON.stringify({ kind: 'FleetRollout', rollout: { maxParallel: 0 }, clusters: [] }));
    const bad = await run(['upgrade', dir, ...NOWHERE]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe(`error: ${join(dir, 'rollout.json')}: rollout.maxParallel: 0 is not a whole number of 1 or more\n`);
  });

  test('synth writes rollout.json: clusters in inventory order with their labels, and rollout:', async () => {
    const src = readFileSync(join(ROOT, 'examples', 'inventories', 'reference-multinode.yaml'), 'utf8');
    const dir = mkdtempSync(join(tmpdir(), 'fleet-synth-'));
    const inv = join(dir, 'inv.yaml');
    writeFileSync(inv, src.replace(/^clusters:\n/m, 'rollout:\n  waves: [1, "50%", "100%"]\n  soak: 10m\n  maxFailures: "5%"\nclusters:\n')
      .replace(/^( {2}- name: multinode-cluster\n)/m, '$1    labels: { region: west, canary: "true" }\n'));
    const r = await run(['synth', '-f', inv, '-o', join(dir, 'out')]);
    expect(r.stderr).toMatch(/^synthesized 1 cluster/);
    expect(JSON.parse(readFileSync(join(dir, 'out', 'rollout.json'), 'utf8'))).toEqual({
      apiVersion: 'cdk8s-capi.io/v1alpha1',
      kind: 'FleetRollout',
      rollout: { waves: [1, '50%', '100%'], soak: '10m', maxFailures: '5%' },
      clusters: [{ name: 'multinode-cluster', labels: { region: 'west', canary: 'true' } }],
    });
    expect(discoverFleet(join(dir, 'out'))).toEqual(expect.objectContaining({ rollout: { waves: [1, '50%', '100%'], soak: '10m', maxFailures: '5%' } }));
  });
});
