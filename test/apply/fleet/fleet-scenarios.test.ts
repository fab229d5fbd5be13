// The fleet upgrade end to end, in process against the simulator in simulated time (realistic
// provisioning durations, one ManualClock for the simulator's controllers and the CLI's waits):
// 50 sites upgraded in waves — never more than --max-parallel at once, no wave before the
// previous soak ends; a kill mid-wave and a rerun that completes with every cluster upgraded
// exactly once; a stuck machine in wave 2 that exhausts the failure budget and leaves the later
// waves untouched.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NEW, OLD, fleetInventory, synthFleet } from './fleet-fixture';
import { Scenario } from '../scenario';

const RCP = 'controlplane.cluster.x-k8s.io/v1beta2';
const CAPI = 'cluster.x-k8s.io/v1beta2';
const KC = ['--kubeconfig', '/nowhere/sim.kubeconfig'];
const SITES = 50;
// Not a timed test (nothing asserts a duration): 50 sites of provisioning and upgrades in the
// simulator are ~20 s of CPU each scenario, more on a loaded machine than jest's default allows.
jest.setTimeout(240_000);

let oldFleet: string;
let newFleet: string;
beforeAll(() => {
  oldFleet = synthFleet(fleetInventory(SITES, OLD));
  newFleet = synthFleet(fleetInventory(SITES, NEW));
});

let sc: Scenario;
afterEach(async () => {
  expect(sc.errors).toEqual([]);
  await sc.stop();
});

const rcps = (scenario: Scenario) => new Map(scenario.live(RCP, 'RKE2ControlPlane').map(r => [r.metadata.namespace as string, r]));

/** The largest number of intervals open at one instant. */
function maxOverlap(intervals: Array<[number, number]>): number {
  const points = intervals.flatMap(([a, b]) => [[a, 1], [b, -1]] as Array<[number, number]>).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let open = 0;
  let max = 0;
  for (const [, d] of points) max = Math.max(max, (open += d));
  return max;
}

test('50 sites in waves 1,10%,50%,100%: --max-parallel and the soak hold; killed mid-wave, a rerun completes with every site upgraded exactly once', async () => {
  sc = new Scenario();
  expect((await sc.cli(['apply', oldFleet, ...KC, '--kubeconfig-out', sc.dir], { maxMs: 48 * 3600_000 })).code).toBe(0);
  const generation = new Map([...rcps(sc)].map(([ns, r]) => [ns, r.metadata.generation as number]));
  const journal = join(mkdtempSync(join(tmpdir(), 'fleet-journal-')), 'fleet.json');
  const args = ['upgrade', newFleet, ...KC, '--journal', journal, '--waves', '1,10%,50%,100%', '--max-parallel', '4', '--soak', '10m'];

  // Killed once 10 sites are upgraded: in wave 3 (sites 5–24), with others half-way.
  const killed = await sc.cli(args, { killWhen: /(✅ site\d+: upgraded[^\n]*\n[\s\S]*){10}/, maxMs: 48 * 3600_000 });
  expect(killed.killed).toBe(true);
  expect(killed.stdout).toMatch(/^Waves \(waves 1,10%,50%,100%, at most 4 at once, soak 10m, failure budget 0\):$/m);
  expect(killed.stdout).toMatch(/^ {2}1: site0$/m);
  expect(killed.stdout).toMatch(/^ {2}2: site1, site2, site3, site4$/m);
  expect(killed.stdout).toMatch(/^Wave 3\/4: /m);
  expect(killed.stdout).not.toMatch(/^Wave 4\/4/m);

  const rerun = await sc.cli([...args, '--output', 'json'], { maxMs: 48 * 3600_000 });
  expect(rerun.stderr).toBe('');
  expect(rerun.code).toBe(0);
  const report = JSON.parse(rerun.stdout);
  expect(report.passed).toBe(true);
  expect(report.waves.map((w: any) => w.clusters.length)).toEqual([1, 4, 20, 25]);
  const results = report.clusters.map((c: any) => c.result);
  expect(results.filter((r: string) => r === 'already upgraded').length).toBeGreaterThanOrEqual(10);
  expect(results.every((r: string) => r === 'upgraded' || r === 'already upgraded')).toBe(true);
  expect(report.clusters.every((c: any) => c.from === OLD && c.to === NEW)).toBe(true);

  // Across both runs: never more than 4 upgrading at once; no wave before the previous soak ended.
  const at = (t: string) => Date.parse(t);
  expect(maxOverlap(report.clusters.map((c: any) => [at(c.startedAt), at(c.finishedAt)]))).toBeLessThanOrEqual(4);
  for (let w = 1; w < report.waves.length; w++) {
    const starts = report.clusters.filter((c: any) => c.wave === w + 1).map((c: any) => at(c.startedAt));
    const prev = report.waves[w - 1];
    const lastDone = Math.max(...report.clusters.filter((c: any) => c.wave === w).map((c: any) => at(c.finishedAt)));
    expect(at(prev.soakEndedAt) - lastDone).toBeGreaterThanOrEqual(10 * 60_000);
    expect(Math.min(...starts)).toBeGreaterThanOrEqual(at(prev.soakEndedAt));
  }

  // Exactly once: every control plane's spec changed once (one generation), one machine each, on the new version.
  for (const [ns, r] of rcps(sc)) {
    expect({ ns, generation: r.metadata.generation, version: r.spec.version }).toEqual({ ns, generation: generation.get(ns)! + 1, version: NEW });
  }
  const machines = sc.live(CAPI, 'Machine').filter(m => !m.metadata.deletionTimestamp);
  expect(machines).toHaveLength(SITES);
  expect(machines.every(m => m.spec.version === NEW)).toBe(true);
  expect(JSON.parse(readFileSync(journal, 'utf8')).clusters.site49.state).toBe('upgraded');
});

/** Sets an annotation on a live object, as somebody else (a field manager of its own). */
function annotate(scenario: Scenario, apiVersion: string, kind: string, ns: string, name: string, key: string, value: string): void {
  const engine = scenario.sim.server.engine;
  const t = engine.types.forKind(apiVersion, kind)!;
  const obj = engine.find(t, ns, name);
  const annotations = { ...(obj.metadata.annotations ?? {}), [key]: value };
  engine.update(t, ns, name, { apiVersion, kind, ...obj, metadata: { ...obj.metadata, annotations } }, { fieldManager: 'test' });
}

test('a stuck machine in wave 2 exceeds the failure budget: the rollout stops, the cluster in flight times out, later waves are untouched; plan shows the blocked site', async () => {
  sc = new Scenario();
  expect((await sc.cli(['apply', oldFleet, ...KC, '--kubeconfig-out', sc.dir], { maxMs: 48 * 3600_000 })).code).toBe(0);
  // Wave 2 (site1–site4): site1 and site2 never get their new machine; site49 has no spare host.
  for (const s of [1, 2]) annotate(sc, RCP, 'RKE2ControlPlane', `site${s}`, `site${s}`, 'sim.cdk8s-capi.io/fault', 'stuck-machine');
  const spare = sc.live('metal3.io/v1alpha1', 'BareMetalHost').find(h => h.metadata.namespace === 'site49' && !h.spec.consumerRef)
    .metadata.name;
  annotate(sc, 'metal3.io/v1alpha1', 'BareMetalHost', 'site49', spare, 'baremetalhost.metal3.io/paused', '');
  const before = rcps(sc);

  const plan = await sc.cli(['plan', newFleet, '--live', ...KC, '--waves', '1,10%,50%,100%']);
  expect(plan.stderr).toBe('');
  expect(plan.code).toBe(1);
  expect(plan.stdout).toMatch(/^site0 +v1\.35\.1\+rke2r1 → v1\.36\.3\+rke2r1 +✅ ready \(1 to change\)$/m);
  expect(plan.stdout).toMatch(/^site49 +v1\.35\.1\+rke2r1 → v1\.36\.3\+rke2r1 +❌ blocked: Hosts available for rolling updates: .*paused/m);
  expect(plan.stdout).toMatch(/^ {2}2: site1, site2, site3, site4$/m);
  expect(plan.stdout).toMatch(/^❌ 1 of 50 clusters blocked: nothing was changed$/m);
  expect(plan.stdout.match(/✅ ready/g)).toHaveLength(49);

  const journal = join(mkdtempSync(join(tmpdir(), 'fleet-journal-')), 'fleet.json');
  const up = await sc.cli(['upgrade', newFleet, ...KC, '--journal', journal, '--waves', '1,10%,50%,100%', '--max-parallel', '2', '--max-failures', '1',
    '--resource-timeout', '40m', '--output', 'json'], { maxMs: 48 * 3600_000 });
  expect(up.stderr).toBe('');
  expect(up.code).toBe(1);
  const report = JSON.parse(up.stdout);
  expect({ passed: report.passed, stopped: report.stopped, failures: report.failures, allowed: report.allowedFailures })
    .toEqual({ passed: false, stopped: true, failures: 3, allowed: 1 });
  const result = (n: number) => report.clusters.find((c: any) => c.name === `site${n}`);
  expect(result(0).result).toBe('upgraded');
  for (const s of [1, 2]) {
    const reason = expect.stringMatching(/^RKE2ControlPlane site\d\/site\d made no progress for 40m/);
    expect(result(s)).toEqual(expect.objectContaining({ result: 'failed', wave: 2, reason }));
  }
  expect(result(49)).toEqual(expect.objectContaining({ result: 'blocked', reason: expect.stringMatching(/^Hosts available for rolling updates/) }));
  const untouched = Array.from({ length: 46 }, (_, i) => i + 3);
  expect(untouched.map(s => result(s).result)).toEqual(untouched.map(() => 'not started'));
  // Untouched: not one write to their control planes, still on the old version.
  const after = rcps(sc);
  for (const s of [...untouched, 49]) {
    const ns = `site${s}`;
    expect({ ns, rv: after.get(ns).metadata.resourceVersion, version: after.get(ns).spec.version })
      .toEqual({ ns, rv: before.get(ns).metadata.resourceVersion, version: OLD });
  }
  // The failed sites still serve on their old machine.
  for (const s of [1, 2]) {
    const old = sc.live(CAPI, 'Machine').filter(m => m.metadata.namespace === `site${s}` && m.spec.version === OLD);
    expect(old).toHaveLength(1);
  }
});
