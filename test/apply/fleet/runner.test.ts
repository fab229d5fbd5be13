// The fleet runner with made-up clusters on a manual clock (each "upgrade" takes a set time and
// succeeds or fails as told): the concurrency bound, the soak and a cluster dropping during it,
// the failure budget (nothing new starts, in-flight ones finish), blocked clusters counted first,
// and a rerun from the journal (upgraded checked not redone, interrupted resumed, failed retried).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClusterPlan, PlanStatus } from '../../../src/apply/fleet/cluster-plan';
import { ClusterState, FleetJournal } from '../../../src/apply/fleet/fleet-journal';
import { ClusterResult, FleetMember, FleetReport, FleetRunner } from '../../../src/apply/fleet/runner';
import { ManualClock } from '../../../src/core/clock';
import { layoutWaves, parseWaves } from '../../../src/core/fleet-waves';

const MIN = 60_000;
const plan = (status = PlanStatus.READY, reason?: string): ClusterPlan => ({ status, reason, from: 'v1', to: 'v2', changes: status === PlanStatus.UP_TO_DATE ? 0 : 1, preflights: [] });

interface Setup {
  readonly n: number;
  readonly waves: string;
  readonly maxParallel?: number;
  readonly soakMs?: number;
  readonly allowed?: number;
  /** Per cluster: minutes its upgrade takes, and whether it fails. */
  readonly behaviour?: (name: string) => { minutes: number; fails?: boolean; unavailableAfter?: number };
  readonly plans?: (name: string) => ClusterPlan;
  readonly journal?: string;
}

async function run(s: Setup): Promise<{ report: FleetReport; log: string[]; upgraded: string[]; journal: string; clock: ManualClock }> {
  const clock = new ManualClock();
  const journalPath = s.journal ?? join(mkdtempSync(join(tmpdir(), 'fleet-runner-')), 'journal.json');
  const members: FleetMember[] = Array.from({ length: s.n }, (_, i) => ({ name: `c${i}`, target: 't', plan: s.plans?.(`c${i}`) ?? plan() }));
  const log: string[] = [];
  const upgraded: string[] = [];
  let running = 0;
  const doneAt = new Map<string, number>();
  const runner = new FleetRunner({
    waves: layoutWaves(members, parseWaves(s.waves)),
    maxParallel: s.maxParallel,
    soakMs: s.soakMs ?? 0,
    allowedFailures: s.allowed ?? 0,
    journal: new FleetJournal(journalPath, '/fleet'),
    clock,
    reasonOf: e => (e as Error).message,
    onEvent: e => log.push(`${(clock.now() - Date.UTC(2025, 0, 1)) / MIN}m ${e.type} ${'name' in e ? e.name : 'wave' in e ? e.wave : ''}${'result' in e ? ` ${e.result}` : ''}`),
    available: async m => {
      const b = s.behaviour?.(m.name);
      const ok = b?.unavailableAfter === undefined || clock.now() < (doneAt.get(m.name) ?? 0) + b.unavailableAfter * MIN;
      return ok ? { available: true } : { available: false, reason: 'machine gone' };
    },
    upgrade: async m => {
      running++;
      if (running > (s.maxParallel ?? Infinity)) throw new Error(`more than ${s.maxParallel} at once`);
      const b = s.behaviour?.(m.name) ?? { minutes: 10 };
      await new Promise<void>(r => clock.setTimer(b.minutes * MIN, r));
      running--;
      if (b.fails) throw new Error(`${m.name} stuck`);
      upgraded.push(m.name);
      doneAt.set(m.name, clock.now());
      return { applied: 1 };
    },
  });
  let report: FleetReport | undefined;
  const p = runner.run().then(r => (report = r));
  for (let i = 0; i < 10_000 && !report; i++) {
    await new Promise(r => setImmediate(r));
    const next = clock.nextTimerAt();
    if (next !== undefined) await clock.advance(next - clock.now());
  }
  await p;
  return { report: report!, log, upgraded, journal: journalPath, clock };
}

const results = (r: FleetReport) => Object.fromEntries(r.clusters.map(c => [c.name, c.result]));

test('waves run in order, at most maxParallel at once, each wave soaked before the next', async () => {
  const { report, log } = await run({ n: 6, waves: '1,50%,100%', maxParallel: 2, soakMs: 5 * MIN });
  expect(report.waves.map(w => w.clusters)).toEqual([['c0'], ['c1', 'c2'], ['c3', 'c4', 'c5']]);
  expect(log).toEqual([
    '0m wave 1', '0m cluster-start c0', '10m cluster-done c0 upgraded', '10m soak 1',
    '15m wave 2', '15m cluster-start c1', '15m cluster-start c2', '25m cluster-done c1 upgraded', '25m cluster-done c2 upgraded', '25m soak 2',
    '30m wave 3', '30m cluster-start c3', '30m cluster-start c4', '40m cluster-done c3 upgraded', '40m cluster-start c5', '40m cluster-done c4 upgraded',
    '50m cluster-done c5 upgraded',
  ]);
  expect(report.stopped).toBe(false);
});

test('the budget: once failures exceed it nothing new starts, the in-flight cluster finishes, the rest is not started', async () => {
  const { report, upgraded } = await run({
    n: 8,
    waves: '1,100%',
    maxParallel: 2,
    allowed: 1,
    behaviour: n => (n === 'c1' || n === 'c2' ? { minutes: 5, fails: true } : n === 'c3' ? { minutes: 30 } : { minutes: 10 }),
  });
  // c1 and c2 start together after the canary; c1 fails first (1 ≤ 1: c3 starts in its place), then c2 (2 > 1: stop).
  // c3 was already upgrading: it finishes; c4… never start.
  expect(results(report)).toEqual({
    c0: 'upgraded', c1: 'failed', c2: 'failed', c3: 'upgraded', c4: 'not started', c5: 'not started', c6: 'not started', c7: 'not started',
  });
  expect(upgraded).toEqual(['c0', 'c3']);
  expect(report).toEqual(expect.objectContaining({ stopped: true, failures: 2, allowedFailures: 1 }));
  expect(report.clusters.find(c => c.name === 'c1')!.reason).toBe('c1 stuck');
});

test('blocked clusters count first: over the budget, nothing starts at all', async () => {
  const blocked = (n: string) => (n === 'c2' || n === 'c3' ? plan(PlanStatus.BLOCKED, 'Hosts available for rolling updates') : plan());
  const none = await run({ n: 4, waves: '1,100%', allowed: 1, plans: blocked });
  expect(results(none.report)).toEqual({ c0: 'not started', c1: 'not started', c2: 'blocked', c3: 'blocked' });
  expect(none.upgraded).toEqual([]);
  const some = await run({ n: 4, waves: '1,100%', allowed: 2, plans: blocked });
  expect(results(some.report)).toEqual({ c0: 'upgraded', c1: 'upgraded', c2: 'blocked', c3: 'blocked' });
  expect(some.report.stopped).toBe(false);
});

test('a cluster that stops being Available during the soak is a failure', async () => {
  const { report, upgraded } = await run({ n: 3, waves: '1,100%', soakMs: 10 * MIN, behaviour: n => ({ minutes: 10, unavailableAfter: n === 'c0' ? 3 : undefined }) });
  expect(results(report)).toEqual({ c0: 'failed', c1: 'not started', c2: 'not started' });
  expect(report.clusters[0].reason).toBe('not Available during the soak: machine gone');
  expect(upgraded).toEqual(['c0']);
});

test('a rerun resumes from the journal: upgraded clusters checked, not redone; failed ones retried; a finished soak not repeated', async () => {
  const first = await run({ n: 4, waves: '2,100%', soakMs: 5 * MIN, allowed: 0, behaviour: n => ({ minutes: 10, fails: n === 'c1' }) });
  expect(results(first.report)).toEqual({ c0: 'upgraded', c1: 'failed', c2: 'not started', c3: 'not started' });
  // c0 is on v2 now (what the journal says is checked against live).
  const up = (n: string) => (n === 'c0' ? { ...plan(), from: 'v2' } : plan());
  const second = await run({ n: 4, waves: '2,100%', soakMs: 5 * MIN, journal: first.journal, plans: up });
  expect(results(second.report)).toEqual({ c0: ClusterResult.ALREADY_UPGRADED, c1: 'upgraded', c2: 'upgraded', c3: 'upgraded' });
  expect(second.upgraded).toEqual(['c1', 'c2', 'c3']);
  const journal = new FleetJournal(first.journal, '/fleet');
  expect(['c0', 'c1', 'c2', 'c3'].map(n => journal.get(n, 't')!.state)).toEqual(Array(4).fill(ClusterState.UPGRADED));
  expect(journal.get('c0', 'other target')).toBeUndefined();
  // A third run: everything checked, the soak of wave 1 already done.
  const third = await run({ n: 4, waves: '2,100%', soakMs: 5 * MIN, journal: first.journal, plans: () => ({ ...plan(), from: 'v2' }) });
  expect(third.upgraded).toEqual([]);
  expect(third.log.filter(l => / soak /.test(l))).toEqual([]);
  expect(Object.values(results(third.report))).toEqual(Array(4).fill(ClusterResult.ALREADY_UPGRADED));
  // Recorded upgraded but live still on the old version (rolled back by hand): upgraded again.
  const fourth = await run({ n: 4, waves: '2,100%', journal: first.journal, plans: n => (n === 'c3' ? plan() : { ...plan(), from: 'v2' }) });
  expect(fourth.upgraded).toEqual(['c3']);
});

test('Ctrl-C: nothing new starts, the upgrades in flight are interrupted (left upgrading in the journal), not counted as failures', async () => {
  const clock = new ManualClock();
  const journalPath = join(mkdtempSync(join(tmpdir(), 'fleet-runner-')), 'journal.json');
  const abort = new AbortController();
  const members: FleetMember[] = Array.from({ length: 4 }, (_, i) => ({ name: `c${i}`, target: 't', plan: plan() }));
  const runner = new FleetRunner({
    waves: layoutWaves(members, parseWaves('100%')),
    maxParallel: 2,
    soakMs: 0,
    allowedFailures: 0,
    journal: new FleetJournal(journalPath, '/fleet'),
    clock,
    signal: abort.signal,
    reasonOf: e => (e as Error).message,
    available: async () => ({ available: true }),
    // Each upgrade ends when interrupted, as the Upgrader does.
    upgrade: () => new Promise((_resolve, reject) => abort.signal.addEventListener('abort', () => reject(new Error('interrupted')))),
  });
  const done = runner.run();
  await new Promise(r => setImmediate(r));
  abort.abort();
  const report = await done;
  expect(results(report)).toEqual({ c0: 'interrupted', c1: 'interrupted', c2: 'not started', c3: 'not started' });
  expect(report).toEqual(expect.objectContaining({ failures: 0, stopped: false, interrupted: true }));
  expect(new FleetJournal(journalPath, '/fleet').get('c0', 't')!.state).toBe(ClusterState.UPGRADING);
});
