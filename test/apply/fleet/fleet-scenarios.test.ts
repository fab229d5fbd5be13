// The fleet upgrade end to end, in process against the simulator in simulated time (realistic
// provisioning durations, one ManualClock for the simulator's controllers and the CLI's waits),
// as one story on one 50-site fleet (provisioning it is most of the cost): plan shows a blocked
// site; a stuck machine in wave 2 exhausts the failure budget, the rollout stops and the later
// waves are untouched; after the fix, a run in waves 1,10%,50%,100% is killed mid-wave and a
// rerun completes — never more than --max-parallel at once, no wave before the previous soak
// ended, every site upgraded exactly once.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NEW, OLD, fleetInventory, synthFleet } from './fleet-fixture';
import { Scenario } from '../scenario';

const RCP = 'controlplane.cluster.x-k8s.io/v1beta2';
const CAPI = 'cluster.x-k8s.io/v1beta2';
const BMH = 'metal3.io/v1alpha1';
const FAULT = 'sim.cdk8s-capi.io/fault';
const PAUSED = 'baremetalhost.metal3.io/paused';
const KC = ['--kubeconfig', '/nowhere/sim.kubeconfig'];
const SITES = 50;
const LONG = { maxMs: 48 * 3600_000 };
// Not a timed test (nothing asserts a duration): provisioning and upgrading 50 sites in the
// simulator is ~30 s of CPU, more on a loaded machine than jest's default allows.
jest.setTimeout(300_000);

let sc: Scenario;
afterEach(async () => {
  expect(sc.errors).toEqual([]);
  await sc.stop();
});

const rcps = (scenario: Scenario) => new Map(scenario.live(RCP, 'RKE2ControlPlane').map(r => [r.metadata.namespace as string, r]));

/** Sets (or, with undefined, removes) an annotation on a live object, as somebody else. */
function annotate(scenario: Scenario, apiVersion: string, kind: string, ns: string, name: string, key: string, value: string | undefined): void {
  const engine = scenario.sim.server.engine;
  const t = engine.types.forKind(apiVersion, kind)!;
  const obj = engine.find(t, ns, name);
  const annotations = { ...(obj.metadata.annotations ?? {}), [key]: value };
  if (value === undefined) delete annotations[key];
  engine.update(t, ns, name, { apiVersion, kind, ...obj, metadata: { ...obj.metadata, annotations } }, { fieldManager: 'test' });
}

/** The largest number of intervals open at one instant. */
function maxOverlap(intervals: Array<[number, number]>): number {
  const points = intervals.flatMap(([a, b]) => [[a, 1], [b, -1]] as Array<[number, number]>).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let open = 0;
  let max = 0;
  for (const [, d] of points) max = Math.max(max, (open += d));
  return max;
}

test('50 sites: a blocked site and a stuck machine in wave 2 stop the rollout at the budget; after the fix a run killed mid-wave and a rerun upgrade every site exactly once, in waves', async () => {
  const oldFleet = synthFleet(fleetInventory(SITES, OLD));
  const newFleet = synthFleet(fleetInventory(SITES, NEW));
  sc = new Scenario();
  expect((await sc.cli(['apply', oldFleet, ...KC, '--kubeconfig-out', sc.dir], LONG)).code).toBe(0);
  const before = rcps(sc);
  // Wave 2 is site1–site4: site1 and site2 never get their new machine; site49 has no spare host.
  for (const s of [1, 2]) annotate(sc, RCP, 'RKE2ControlPlane', `site${s}`, `site${s}`, FAULT, 'stuck-machine');
  const spare = sc.live(BMH, 'BareMetalHost').find(h => h.metadata.namespace === 'site49' && !h.spec.consumerRef).metadata.name;
  annotate(sc, BMH, 'BareMetalHost', 'site49', spare, PAUSED, '');

  // plan: one line per site, the blocked one with its reason, the waves; nothing touched.
  const plan = await sc.cli(['plan', newFleet, '--live', ...KC, '--waves', '1,10%,50%,100%']);
  expect(plan.stderr).toBe('');
  expect(plan.code).toBe(1);
  expect(plan.stdout).toMatch(/^site0 +v1\.35\.1\+rke2r1 → v1\.36\.3\+rke2r1 +✅ ready \(1 to change\)$/m);
  expect(plan.stdout).toMatch(/^site49 +v1\.35\.1\+rke2r1 → v1\.36\.3\+rke2r1 +❌ blocked: Hosts available for rolling updates: .*paused/m);
  expect(plan.stdout).toMatch(/^Waves \(waves 1,10%,50%,100%, a whole wave at once, soak 0s, failure budget 0\):\n {2}1: site0\n {2}2: site1, site2, site3, site4\n {2}3: site5, /m);
  expect(plan.stdout).toMatch(/^❌ 1 of 50 clusters blocked: nothing was changed$/m);
  expect(plan.stdout.match(/✅ ready/g)).toHaveLength(49);

  // The budget (1): site49 blocked, then site1 fails in wave 2 — nothing new starts; site2,
  // already upgrading, times out; site3, site4 and the later waves never start.
  const journal = join(mkdtempSync(join(tmpdir(), 'fleet-journal-')), 'fleet.json');
  const stopped = await sc.cli(['upgrade', newFleet, ...KC, '--journal', journal, '--waves', '1,10%,50%,100%', '--max-parallel', '2',
    '--max-failures', '1', '--resource-timeout', '40m', '--output', 'json'], LONG);
  expect(stopped.stderr).toBe('');
  expect(stopped.code).toBe(1);
  const first = JSON.parse(stopped.stdout);
  expect({ passed: first.passed, stopped: first.stopped, failures: first.failures, allowed: first.allowedFailures })
    .toEqual({ passed: false, stopped: true, failures: 3, allowed: 1 });
  const result = (n: number) => first.clusters.find((c: any) => c.name === `site${n}`);
  expect(result(0).result).toBe('upgraded');
  for (const s of [1, 2]) {
    const reason = expect.stringMatching(/^RKE2ControlPlane site\d\/site\d made no progress for 40m/);
    expect(result(s)).toEqual(expect.objectContaining({ result: 'failed', wave: 2, reason }));
  }
  expect(result(49)).toEqual(expect.objectContaining({ result: 'blocked', reason: expect.stringMatching(/^Hosts available for rolling updates/) }));
  const untouched = Array.from({ length: 46 }, (_, i) => i + 3);
  expect(untouched.map(s => result(s).result)).toEqual(untouched.map(() => 'not started'));
  const afterStop = rcps(sc);
  for (const s of [...untouched, 49]) {
    const ns = `site${s}`;
    expect({ ns, rv: afterStop.get(ns).metadata.resourceVersion, version: afterStop.get(ns).spec.version })
      .toEqual({ ns, rv: before.get(ns).metadata.resourceVersion, version: OLD });
  }
  for (const s of [1, 2]) {
    // Still serving on the old machine.
    expect(sc.live(CAPI, 'Machine').filter(m => m.metadata.namespace === `site${s}` && m.spec.version === OLD)).toHaveLength(1);
  }

  // The fix: the machines may join, the spare host is back. A run with a soak, killed once ten
  // sites are upgraded — in wave 3 (site5–site24), with others half-way.
  for (const s of [1, 2]) annotate(sc, RCP, 'RKE2ControlPlane', `site${s}`, `site${s}`, FAULT, undefined);
  annotate(sc, BMH, 'BareMetalHost', 'site49', spare, PAUSED, undefined);
  const again = await sc.cli(['plan', newFleet, '--live', ...KC, '--waves', '1,10%,50%,100%', '--output', 'json']);
  expect(again.code).toBe(0);
  const replan = JSON.parse(again.stdout);
  expect({ passed: replan.passed, clusters: replan.clusters.length, waves: replan.waves.map((w: any) => w.clusters.length) })
    .toEqual({ passed: true, clusters: 50, waves: [1, 4, 20, 25] });
  expect(replan.clusters.find((c: any) => c.name === 'site49')).toEqual(expect.objectContaining({ status: 'ready', from: OLD, to: NEW, changes: 1 }));
  const args = ['upgrade', newFleet, ...KC, '--journal', journal, '--waves', '1,10%,50%,100%', '--max-parallel', '4', '--soak', '10m'];
  const killed = await sc.cli(args, { ...LONG, killWhen: /(✅ site\d+: upgraded[^\n]*\n[\s\S]*){10}/ });
  expect(killed.killed).toBe(true);
  expect(killed.stdout).toMatch(/^ {3}✅ site0: already upgraded$/m);
  expect(killed.stdout).toMatch(/^Wave 3\/4: /m);
  expect(killed.stdout).not.toMatch(/^Wave 4\/4/m);

  const rerun = await sc.cli([...args, '--output', 'json'], LONG);
  expect(rerun.stderr).toBe('');
  expect(rerun.code).toBe(0);
  const report = JSON.parse(rerun.stdout);
  expect(report.passed).toBe(true);
  expect(report.waves.map((w: any) => w.clusters.length)).toEqual([1, 4, 20, 25]);
  const results = report.clusters.map((c: any) => c.result);
  expect(results.filter((r: string) => r === 'already upgraded').length).toBeGreaterThanOrEqual(11);
  expect(results.every((r: string) => r === 'upgraded' || r === 'already upgraded')).toBe(true);
  expect(report.clusters.every((c: any) => c.from === OLD && c.to === NEW)).toBe(true);

  // Across the runs: never more than 4 upgrading at once; no wave before the previous soak ended.
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
    expect({ ns, generation: r.metadata.generation, version: r.spec.version })
      .toEqual({ ns, generation: before.get(ns).metadata.generation + 1, version: NEW });
  }
  const machines = sc.live(CAPI, 'Machine').filter(m => !m.metadata.deletionTimestamp);
  expect(machines).toHaveLength(SITES);
  expect(machines.every(m => m.spec.version === NEW)).toBe(true);
  expect(JSON.parse(readFileSync(journal, 'utf8')).clusters.site49.state).toBe('upgraded');
});
