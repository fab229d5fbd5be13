// The one wait of the engine: items observed through the shared watch cache, each with the
// same bookkeeping (applier-anchors.md, lessons 4 and 5) — a success must hold for `stable`, a
// reported failure must persist for `failureWindow` before it fails the wait (controllers
// retry), an item without any change for `resource` is stuck, and the stage or overall deadline
// ends it. Time is the engine's clock: one timer, set for the next moment anything can change.
import { WatchCache } from './watch-cache';
import { Clock, TimerHandle } from '../../core/clock';
import { ObjectRef } from '../../core/object-ref';
import { EventSink, StuckObject } from '../events';
import { StageId } from '../plan';
import { Readiness, ReadinessStatus } from '../readiness/types';
import { formatDuration, sinceChange } from '../timeouts';

/** One thing to wait for. */
export interface WaitItem {
  /** `RKE2ControlPlane default/multinode-cluster` */
  readonly label: string;
  /** The object, for hints such as `kubectl describe`. */
  readonly ref?: ObjectRef;
  /** Subscribes through the cache; `changed` after every change of what `evaluate` reads. Returns an unsubscribe. */
  start(cache: WatchCache, changed: () => void): Promise<() => void>;
  evaluate(): Readiness;
  /** What it is waiting on, for the progress view. @default - nothing said */
  blockedBy?(): string[] | undefined;
}

export interface WaitPolicy {
  /** A success must hold this long (ms). */
  readonly stable: number;
  /** A reported failure must persist this long (ms) to fail the wait; Infinity: never. */
  readonly failureWindow: number;
  /** An item without any change for this long (ms) is stuck; Infinity: never. */
  readonly resource: number;
  /** Clock time at which the wait expires. */
  readonly deadline: number;
  /** The message when the deadline passes. */
  readonly expired: () => string;
  /**
   * Progress events for items that are done: the change to current (`waiting`) and `ready`.
   * @default true (false for deletions: that an object is gone is reported by the caller)
   */
  readonly reportDone?: boolean;
}

export interface WaitScope {
  readonly stage: StageId;
  readonly cache: WatchCache;
  readonly clock: Clock;
  readonly emit: EventSink;
  readonly signal?: AbortSignal;
}

/** Why a wait ended without every item done. */
export class WaitFailure extends Error {
  constructor(message: string,
    /** What was not done, reported: the failed items when any failed (the others are still progressing), else all not done. */
    readonly stuck: StuckObject[],
    /** The items behind `stuck`, in the same order. */
    readonly culprits: WaitItem[]) {
    super(message);
    this.name = 'WaitFailure';
  }
}

interface Track {
  readonly item: WaitItem;
  readiness: Readiness;
  changedAt: number;
  failedSince?: number;
  currentSince?: number;
  done: boolean;
}

/** Resolves when every item is current and stable; rejects with a WaitFailure otherwise. */
export async function waitFor(items: readonly WaitItem[], policy: WaitPolicy, scope: WaitScope): Promise<void> {
  const { clock, emit } = scope;
  const tracks: Track[] = items.map(item => ({ item, readiness: { status: ReadinessStatus.NOT_FOUND, message: 'not found' }, changedAt: clock.now(), done: false }));
  const stops: Array<() => void> = [];
  let timer: TimerHandle | undefined;
  let over = false;
  let settle!: () => void;
  let reject!: (e: Error) => void;
  const finished = new Promise<void>((res, rej) => {
    settle = res;
    reject = rej;
  });

  const fail = (message: string) => {
    if (over) return;
    over = true;
    const notDone = tracks.filter(t => !t.done && t.readiness.status !== ReadinessStatus.CURRENT);
    const failedOnes = notDone.filter(t => t.readiness.status === ReadinessStatus.FAILED);
    const culprits = failedOnes.length ? failedOnes : notDone;
    const now = clock.now();
    reject(new WaitFailure(message,
      culprits.map(t => ({ object: t.item.label, status: t.readiness.status, message: t.readiness.message, ...sinceChange(now - t.changedAt) })),
      culprits.map(t => t.item)));
  };

  const observe = (t: Track) => {
    const r = t.item.evaluate();
    if (r.status === t.readiness.status && r.message === t.readiness.message) return;
    const now = clock.now();
    t.changedAt = now;
    if (r.status === ReadinessStatus.FAILED && t.readiness.status !== ReadinessStatus.FAILED) t.failedSince = now;
    if (r.status !== ReadinessStatus.FAILED) t.failedSince = undefined;
    if (r.status === ReadinessStatus.CURRENT && t.readiness.status !== ReadinessStatus.CURRENT) t.currentSince = now;
    if (r.status !== ReadinessStatus.CURRENT) t.currentSince = undefined;
    t.readiness = r;
    if (t.done || (r.status === ReadinessStatus.CURRENT && policy.reportDone === false)) return;
    emit({ type: 'waiting', stage: scope.stage, object: t.item.label, status: r.status, message: r.message, blockedBy: t.item.blockedBy?.() });
  };

  /** Decides what can be decided now, then sets the timer for the next moment something can change. */
  const check = () => {
    if (over) return;
    const now = clock.now();
    let next = policy.deadline;
    let allDone = true;
    for (const t of tracks) {
      if (t.done) continue;
      const r = t.readiness;
      if (r.status === ReadinessStatus.CURRENT && t.currentSince !== undefined) {
        if (now - t.currentSince >= policy.stable) {
          t.done = true;
          if (policy.reportDone ?? true) emit({ type: 'ready', stage: scope.stage, object: t.item.label, message: r.message });
          continue;
        }
        next = Math.min(next, t.currentSince + policy.stable);
      }
      allDone = false;
      if (r.status === ReadinessStatus.FAILED && t.failedSince !== undefined) {
        if (now - t.failedSince >= policy.failureWindow) return fail(`${t.item.label} failed: ${r.message} (for ${formatDuration(now - t.failedSince)})`);
        next = Math.min(next, t.failedSince + policy.failureWindow);
      }
      if (now - t.changedAt >= policy.resource) return fail(`${t.item.label} made no progress for ${formatDuration(now - t.changedAt)}: ${r.message}`);
      next = Math.min(next, t.changedAt + policy.resource);
    }
    if (allDone) {
      over = true;
      settle();
      return;
    }
    if (now >= policy.deadline) return fail(policy.expired());
    if (timer) clock.clearTimer(timer);
    timer = clock.setTimer(Math.max(0, next - now), check);
  };

  const onAbort = () => fail('interrupted');
  scope.signal?.addEventListener('abort', onAbort);
  try {
    for (const t of tracks) {
      stops.push(await t.item.start(scope.cache, () => {
        observe(t);
        check();
      }));
      observe(t);
    }
    if (scope.signal?.aborted) onAbort();
    check();
    await finished;
  } finally {
    over = true;
    if (timer) clock.clearTimer(timer);
    scope.signal?.removeEventListener('abort', onAbort);
    for (const s of stops) s();
  }
}
