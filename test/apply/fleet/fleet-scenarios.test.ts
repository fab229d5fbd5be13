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

const rcps = (sc: Scenario) => new Map(sc.live(RCP, 'RKE2ControlPlane').map(r => [r.metadata.namespace as string, r]));

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
  const t0 = Date.now();
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
    expect(at(prev.soakEndedAt) - Math.max(...report.clusters.filter((c: any) => c.wave === w).map((c: any) => at(c.finishedAt)))).toBeGreaterThanOrEqual(10 * 60_000);
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
  console.log(`fleet scenario: ${Date.now() - t0} ms real`);
});
