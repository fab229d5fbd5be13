// The live task list against a fake terminal (fake-terminal.ts) on jest's fake clock: over a
// long simulated run, what it writes stays bounded (bytes per second, full redraws, redraws
// per second, height, width), nothing is repeated on screen, and the final screen is right.
import { FakeTerminal } from './fake-terminal';
import { EventSink, ProgressEvent } from '../../src/apply/events';
import { StageId } from '../../src/apply/plan';
import { ReadinessStatus } from '../../src/apply/readiness/types';
import { TtyRendererOptions, ttyRenderer } from '../../src/apply/tty-renderer';

const SEC = 1000;
const MIN = 60 * SEC;

const STAGES: Array<[StageId, string]> = [
  [StageId.HOSTS, 'Enrolling bare-metal hosts'],
  [StageId.OBJECTS, 'Creating cluster objects'],
  [StageId.CONTROL_PLANE, 'Waiting for control plane to be ready'],
  [StageId.WORKERS, 'Waiting for worker nodes to be ready'],
  [StageId.KUBECONFIG, 'Fetching kubeconfig'],
  [StageId.CLUSTER, 'Waiting for cluster to be available'],
];

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
});

afterEach(() => {
  jest.useRealTimers();
});

function renderer(term: FakeTerminal, opts: TtyRendererOptions = {}) {
  let stderr = '';
  const r = ttyRenderer(term, t => (stderr += t), opts);
  return { r, stderr: () => stderr };
}

/** Sends `event` every `everyMs` for `forMs` (with a varying message), advancing the fake clock. */
function chatter(sink: EventSink, forMs: number, everyMs: number, event: (i: number) => ProgressEvent): void {
  for (let t = 0, i = 0; t < forMs; t += everyMs, i++) {
    sink(event(i));
    jest.advanceTimersByTime(everyMs);
  }
}

const waiting = (stage: StageId, object: string, message: string, status = ReadinessStatus.IN_PROGRESS): ProgressEvent =>
  ({ type: 'waiting', stage, object, status, message });

/**
 * A 45-minute bare-metal apply, far chattier than a real one (the applier reports a change of
 * readiness message, a few per host and phase): 12 hosts reporting every 2 s for 20 minutes
 * (7 200 events), a control plane every 5 s for 15, 30 MachineDeployments every second for 8
 * (14 400 events).
 */
function longRun(sink: EventSink): void {
  sink({ type: 'plan', objects: 60, stages: STAGES.map(([id, title]) => ({ id, title, apply: 1, wait: 1 })) });
  const stage = (i: number, ms: number, body: () => void) => {
    const [id, title] = STAGES[i];
    sink({ type: 'stage-start', stage: id, title });
    const t0 = Date.now();
    body();
    const rest = ms - (Date.now() - t0);
    if (rest > 0) jest.advanceTimersByTime(rest);
    sink({ type: 'stage-done', stage: id, title, ms });
  };
  const hosts = Array.from({ length: 12 }, (_, i) => `BareMetalHost default/node${i + 1}-example`);
  stage(0, 20 * MIN, () => {
    chatter(sink, 20 * MIN - SEC, 2 * SEC / 12, i => waiting(StageId.HOSTS, hosts[i % 12], `inspecting (${Math.floor(i / 12)} s)`));
    for (const h of hosts) sink({ type: 'ready', stage: StageId.HOSTS, object: h, message: 'available' });
  });
  stage(1, 2 * SEC, () => undefined);
  stage(2, 15 * MIN, () => {
    chatter(sink, 15 * MIN - SEC, 5 * SEC, i => waiting(StageId.CONTROL_PLANE, 'RKE2ControlPlane default/multinode-cluster', `${i % 3}/3 ready, ${i % 4} up to date`));
    sink({ type: 'ready', stage: StageId.CONTROL_PLANE, object: 'RKE2ControlPlane default/multinode-cluster', message: '3/3 ready' });
  });
  const mds = Array.from({ length: 30 }, (_, i) => `MachineDeployment default/workers-${i}`);
  stage(3, 8 * MIN, () => {
    chatter(sink, 8 * MIN - SEC, SEC / 30, i => waiting(StageId.WORKERS, mds[i % 30], `${i % 3}/3 ready`, i % 97 === 0 ? ReadinessStatus.FAILED : ReadinessStatus.IN_PROGRESS));
    for (const m of mds) sink({ type: 'ready', stage: StageId.WORKERS, object: m, message: '3/3 ready' });
  });
  stage(4, 3 * SEC, () => sink({ type: 'kubeconfig', cluster: 'multinode-cluster', path: '/home/me/multinode-cluster.kubeconfig' }));
  stage(5, MIN + 57 * SEC, () => undefined);
  sink({ type: 'done', ms: 45 * MIN, requests: 200, objects: 60, retries: 4 });
}

test('a 45-minute run: bounded bytes, few full redraws, at most ten redraws a second, nothing repeated, the right final screen', async () => {
  const term = new FakeTerminal(100, 30);
  const { r, stderr } = renderer(term);
  longRun(r.sink);
  await r.finish();

  const seconds = 45 * 60;
  // What it costs, with ~22 000 events: a few hundred bytes per second of run (the listr2 view
  // it replaces wrote ~21 KB per second), one full redraw (the first frame).
  expect(term.bytes / seconds).toBeLessThan(400);
  expect(r.region.stats.fullRedraws).toBe(1);
  // Throttled: never more than ten writes in any second.
  const perSecond = new Map<number, number>();
  for (const t of term.writeTimes) perSecond.set(Math.floor(t / SEC), (perSecond.get(Math.floor(t / SEC)) ?? 0) + 1);
  expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(10);
  // Drawn in place: no wrapped line, no cursor movement off the block, nothing scrolled away twice.
  expect(term.wraps).toBe(0);
  expect(term.clamps).toBe(0);
  for (const [, title] of STAGES) expect(term.transcript.filter(l => l.includes(title))).toHaveLength(1);

  expect(term.lines).toEqual([
    '✔ Enrolling bare-metal hosts (20m)',
    '✔ Creating cluster objects (2s)',
    '✔ Waiting for control plane to be ready (15m)',
    '✔ Waiting for worker nodes to be ready (8m)',
    '✔ Fetching kubeconfig: /home/me/multinode-cluster.kubeconfig (3s)',
    '✔ Waiting for cluster to be available (1m57s)',
    '🎉 Done in 45m (60 objects, 200 API requests, 4 retried)',
  ]);
  expect(stderr()).toBe('');
});

test('while running: pending objects under the running stage, failures first, "… and K more" within the screen', () => {
  const term = new FakeTerminal(80, 12);
  const { r } = renderer(term);
  r.sink({ type: 'plan', objects: 60, stages: STAGES.map(([id, title]) => ({ id, title, apply: 1, wait: 1 })) });
  r.sink({ type: 'stage-start', stage: StageId.HOSTS, title: STAGES[0][1] });
  for (let i = 1; i <= 40; i++) r.sink(waiting(StageId.HOSTS, `BareMetalHost default/node${i}`, 'inspecting'));
  r.sink(waiting(StageId.HOSTS, 'BareMetalHost default/node33', 'registration error: HTTP 401 '.repeat(10), ReadinessStatus.FAILED));
  jest.advanceTimersByTime(12 * SEC + 100);
  // 11 lines (the screen's 12 rows less one): six stages, four objects, the rest counted
  expect(term.lines).toEqual([
    '▸ Enrolling bare-metal hosts (12s)',
    '   ✖ BareMetalHost default/node33: registration error: HTTP 401 registration e…',
    '   … BareMetalHost default/node1: inspecting',
    '   … BareMetalHost default/node2: inspecting',
    '   … BareMetalHost default/node3: inspecting',
    '   … and 36 more',
    '· Creating cluster objects',
    '· Waiting for control plane to be ready',
    '· Waiting for worker nodes to be ready',
    '· Fetching kubeconfig',
    '· Waiting for cluster to be available',
  ]);
  expect(term.lines.every(l => l.length <= 79)).toBe(true);
  expect(term.wraps).toBe(0);
});

test('an event storm is drawn at most ten times a second, and only the changed line is rewritten', () => {
  const term = new FakeTerminal(100, 30);
  const { r } = renderer(term);
  r.sink({ type: 'plan', objects: 3, stages: STAGES.map(([id, title]) => ({ id, title, apply: 1, wait: 1 })) });
  r.sink({ type: 'stage-start', stage: StageId.HOSTS, title: STAGES[0][1] });
  r.sink(waiting(StageId.HOSTS, 'BareMetalHost default/a', 'registering'));
  r.sink(waiting(StageId.HOSTS, 'BareMetalHost default/b', 'registering'));
  jest.advanceTimersByTime(SEC);
  const before = { writes: term.writes, bytes: term.bytes };
  // 10 000 events in 10 seconds
  chatter(r.sink, 10 * SEC, 1, i => waiting(StageId.HOSTS, 'BareMetalHost default/b', `inspecting ${i}`));
  expect(term.writes - before.writes).toBeLessThanOrEqual(10 * 10 + 1);
  // each redraw rewrites one or two lines (the object, the elapsed time), not the whole list
  expect((term.bytes - before.bytes) / (term.writes - before.writes)).toBeLessThan(160);
  expect(r.region.stats.fullRedraws).toBe(1);
});

test('a failed run: the final screen marks the stage, the summary goes to stderr, objects are not left on screen', async () => {
  const term = new FakeTerminal(100, 30);
  const { r, stderr } = renderer(term);
  r.sink({ type: 'plan', objects: 3, stages: STAGES.slice(0, 2).map(([id, title]) => ({ id, title, apply: 1, wait: 1 })) });
  r.sink({ type: 'stage-start', stage: StageId.HOSTS, title: STAGES[0][1] });
  r.sink(waiting(StageId.HOSTS, 'BareMetalHost default/node2', 'registration error', ReadinessStatus.FAILED));
  jest.advanceTimersByTime(90 * SEC);
  r.sink({
    type: 'failed',
    stage: StageId.HOSTS,
    message: 'BareMetalHost default/node2 failed: registration error (for 2m)',
    stuck: [{ object: 'BareMetalHost default/node2', status: ReadinessStatus.FAILED, message: 'registration error', since: '2m' }],
    next: ['cdk8s-capi status dist/x --kubeconfig k'],
  });
  await r.finish();
  expect(term.lines).toEqual(['✖ Enrolling bare-metal hosts (1m30s)', '· Creating cluster objects']);
  expect(stderr()).toBe([
    '❌ BareMetalHost default/node2 failed: registration error (for 2m)',
    'Stuck:',
    '  BareMetalHost default/node2: failed — registration error (unchanged for 2m)',
    'Next:',
    '  cdk8s-capi status dist/x --kubeconfig k',
    '',
  ].join('\n'));
});

test('retries: printed above the list at -v, counted in the summary line either way', async () => {
  for (const verbose of [0, 1]) {
    const term = new FakeTerminal(100, 30);
    const { r } = renderer(term, { verbose });
    r.sink({ type: 'plan', objects: 1, stages: STAGES.slice(0, 1).map(([id, title]) => ({ id, title, apply: 1, wait: 0 })) });
    r.sink({ type: 'stage-start', stage: StageId.HOSTS, title: STAGES[0][1] });
    jest.advanceTimersByTime(SEC);
    r.sink({ type: 'retry', request: 'apply Secret default/node1-credentials', reason: '429 TooManyRequests', attempt: 1, delayMs: 1000 });
    r.sink({ type: 'retry', request: 'list BareMetalHost in default', reason: 'ECONNRESET', attempt: 2, delayMs: 500 });
    jest.advanceTimersByTime(SEC);
    r.sink({ type: 'stage-done', stage: StageId.HOSTS, title: STAGES[0][1], ms: 2 * SEC });
    r.sink({ type: 'done', ms: 2 * SEC, requests: 9, objects: 1, retries: 2 });
    await r.finish();
    const retryLines = [
      '   ↻ retrying apply Secret default/node1-credentials after 429 TooManyRequests (attempt 1, in 1s)',
      '   ↻ retrying list BareMetalHost in default after ECONNRESET (attempt 2, in 500ms)',
    ];
    expect(term.transcript).toEqual([
      ...(verbose ? retryLines : []),
      '✔ Enrolling bare-metal hosts (2s)',
      '🎉 Done in 2s (1 object, 9 API requests, 2 retried)',
    ]);
  }
});

test('a terminal smaller than the list: finished stages fold into one line, nothing wraps', () => {
  const term = new FakeTerminal(40, 5);
  const { r } = renderer(term);
  r.sink({ type: 'plan', objects: 3, stages: STAGES.map(([id, title]) => ({ id, title, apply: 1, wait: 1 })) });
  for (const [id, title] of STAGES.slice(0, 4)) {
    r.sink({ type: 'stage-start', stage: id, title });
    r.sink({ type: 'stage-done', stage: id, title, ms: SEC });
  }
  r.sink({ type: 'stage-start', stage: StageId.KUBECONFIG, title: STAGES[4][1] });
  r.sink(waiting(StageId.KUBECONFIG, 'Secret default/multinode-cluster-kubeconfig', 'not created yet'));
  jest.advanceTimersByTime(3 * SEC + 100);
  expect(term.lines).toEqual([
    '✔ 4 stages done',
    '▸ Fetching kubeconfig (3s)',
    '   … Secret default/multinode-cluster-…',
    '· Waiting for cluster to be available',
  ]);
  expect(term.wraps).toBe(0);
  expect(term.clamps).toBe(0);
});

test('log() prints above the list and the list is drawn again below it', async () => {
  const term = new FakeTerminal(100, 30);
  const { r } = renderer(term);
  r.sink({ type: 'plan', objects: 1, stages: STAGES.slice(0, 1).map(([id, title]) => ({ id, title, apply: 1, wait: 1 })) });
  r.sink({ type: 'stage-start', stage: StageId.HOSTS, title: STAGES[0][1] });
  jest.advanceTimersByTime(SEC + 100);
  r.log('   Pausing reconciliation of Cluster default/dev (annotation)');
  expect(term.lines).toEqual(['   Pausing reconciliation of Cluster default/dev (annotation)', '▸ Enrolling bare-metal hosts (1s)']);
  await r.finish();
});
