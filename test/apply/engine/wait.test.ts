// The one wait: its bookkeeping on a manual clock — a success must hold, a failure must
// persist, no change for too long is stuck, the deadline ends it, Ctrl-C interrupts it — and one
// timer at a time (no polling).
import { WaitFailure, WaitItem, WaitPolicy, waitFor } from '../../../src/apply/engine/wait';
import { WatchCache } from '../../../src/apply/engine/watch-cache';
import { ProgressEvent } from '../../../src/apply/events';
import { StageId } from '../../../src/apply/plan';
import { Readiness, ReadinessStatus, current, failed, inProgress } from '../../../src/apply/readiness/types';
import { ManualClock } from '../../../src/core/clock';

const MIN = 60_000;

/** An item whose readiness the test sets. */
function item(label: string, initial: Readiness): WaitItem & { set(r: Readiness): void } {
  let r = initial;
  let changed: () => void = () => undefined;
  return {
    label,
    start: async (_cache, c) => {
      changed = c;
      return () => undefined;
    },
    evaluate: () => r,
    set(next: Readiness) {
      r = next;
      changed();
    },
  };
}

const cache = undefined as unknown as WatchCache;

function run(items: WaitItem[], policy: Partial<WaitPolicy> = {}, signal?: AbortSignal) {
  const clock = new ManualClock();
  const events: ProgressEvent[] = [];
  const full: WaitPolicy = {
    stable: 2_000, failureWindow: 2 * MIN, resource: 45 * MIN, deadline: clock.now() + 60 * MIN, expired: () => 'the stage timeout expired', ...policy,
  };
  let outcome: { done?: true; failure?: WaitFailure } | undefined;
  waitFor(items, typeof policy.deadline === 'number' ? { ...full, deadline: clock.now() + policy.deadline } : full,
    { stage: StageId.HOSTS, cache, clock, emit: e => events.push(e), signal })
    .then(() => (outcome = { done: true }), (failure: WaitFailure) => (outcome = { failure }));
  const flush = () => new Promise<void>(r => setImmediate(r));
  return {
    clock,
    events,
    outcome: () => outcome,
    async at(ms: number) {
      await flush();
      await clock.advance(ms - (clock.now() - Date.UTC(2025, 0, 1)), flush);
      await flush();
    },
  };
}

test('a success must hold for `stable` before the item is done; a relapse starts the count again', async () => {
  const a = item('BareMetalHost default/a', inProgress('inspecting'));
  const w = run([a]);
  await w.at(1_000);
  a.set(current('available'));
  await w.at(2_000);
  a.set(inProgress('registering'));
  await w.at(3_500);
  a.set(current('available'));
  await w.at(5_000);
  expect(w.outcome()).toBeUndefined();
  await w.at(5_500);
  expect(w.outcome()).toEqual({ done: true });
  expect(w.events.filter(e => e.type === 'ready')).toEqual([{ type: 'ready', stage: StageId.HOSTS, object: 'BareMetalHost default/a', message: 'available' }]);
});

test('a failure must persist for the failure window; the one that does fails the wait, the others are not blamed', async () => {
  const bad = item('BareMetalHost default/bad', inProgress('registering'));
  const slow = item('BareMetalHost default/slow', inProgress('inspecting'));
  const w = run([bad, slow]);
  await w.at(MIN);
  bad.set(failed('registration error: 401'));
  await w.at(2 * MIN);
  bad.set(inProgress('registering'));
  await w.at(3 * MIN + 30_000);
  expect(w.outcome()).toBeUndefined();
  bad.set(failed('registration error: 401'));
  await w.at(5 * MIN + 29_000);
  expect(w.outcome()).toBeUndefined();
  await w.at(5 * MIN + 30_000);
  const f = w.outcome()?.failure;
  expect(f?.message).toBe('BareMetalHost default/bad failed: registration error: 401 (for 2m)');
  expect(f?.stuck).toEqual([{ object: 'BareMetalHost default/bad', status: ReadinessStatus.FAILED, message: 'registration error: 401', since: '2m' }]);
});

test('an item without any change for `resource` is stuck', async () => {
  const a = item('RKE2ControlPlane default/cp', inProgress('1/3 ready'));
  const w = run([a], { resource: 45 * MIN });
  await w.at(44 * MIN);
  expect(w.outcome()).toBeUndefined();
  await w.at(45 * MIN);
  expect(w.outcome()?.failure?.message).toBe('RKE2ControlPlane default/cp made no progress for 45m: 1/3 ready');
});

test('the deadline ends the wait, naming everything not ready', async () => {
  const a = item('A default/a', current('ok'));
  const b = item('B default/b', inProgress('working'));
  const w = run([a, b], { deadline: 10 * MIN, resource: Infinity });
  await w.at(5 * MIN);
  b.set(inProgress('still working'));
  await w.at(10 * MIN);
  const f = w.outcome()?.failure;
  expect(f?.message).toBe('the stage timeout expired');
  expect(f?.stuck.map(s => `${s.object}: ${s.message} (${s.since})`)).toEqual(['B default/b: still working (5m)']);
});

test('Ctrl-C interrupts it at once', async () => {
  const abort = new AbortController();
  const w = run([item('A default/a', inProgress('working'))], {}, abort.signal);
  await w.at(MIN);
  abort.abort();
  await w.at(MIN);
  expect(w.outcome()?.failure?.message).toBe('interrupted');
});

test('no polling: one timer at a time, set for the next moment something can change', async () => {
  const a = item('A default/a', inProgress('working'));
  const w = run([a], { resource: 45 * MIN, deadline: 60 * MIN });
  await w.at(1_000);
  expect(w.clock.timerCount).toBe(1);
  expect(w.clock.nextTimerAt()! - w.clock.now()).toBe(45 * MIN - 1_000);
  a.set(current('done'));
  await w.at(1_000);
  expect(w.clock.timerCount).toBe(1);
  expect(w.clock.nextTimerAt()! - w.clock.now()).toBe(2_000);
});

test('reportDone false: an item becoming current says nothing (deletions report it their own way)', async () => {
  const a = item('Secret default/s', inProgress('deleting'));
  const w = run([a], { stable: 0, reportDone: false });
  await w.at(1_000);
  a.set(current('deleted'));
  await w.at(1_000);
  expect(w.outcome()).toEqual({ done: true });
  expect(w.events.map(e => e.type)).toEqual(['waiting']);
  expect(w.events[0]).toMatchObject({ status: ReadinessStatus.IN_PROGRESS, message: 'deleting' });
});
