// Waiting during an upgrade: the same rules as the applier's staged waits (watches, a failure
// must persist for the failure window, a success must hold for `stable`, an object without
// progress for `resource` is stuck, stage and overall deadlines) over items whose readiness
// may depend on several objects — a control plane and its machines.
import { EventSink, StuckObject } from './events';
import { ApplyError } from './executor';
import { StageId } from './plan';
import { Readiness, ReadinessStatus } from './readiness/types';
import { Timeouts, formatDuration, sinceChange } from './timeouts';

/** One thing to wait for. */
export interface WaitItem {
  /** `RKE2ControlPlane default/multinode-cluster` */
  readonly label: string;
  /** Starts watching; `changed` is called on every change of what `evaluate` reads. Returns a stop function. */
  start(changed: () => void): Promise<() => void>;
  evaluate(): Readiness;
}

export interface WaitContext {
  readonly stage: StageId;
  readonly title: string;
  readonly timeouts: Timeouts;
  /** Absolute stage deadline (ms since epoch) and the overall one. */
  readonly deadline: number;
  readonly overallDeadline: number;
  readonly emit: EventSink;
  readonly signal?: AbortSignal;
  /** Builds the error (with where it stopped and what to run next) from the stuck items. */
  readonly fail: (message: string, stuck: StuckObject[]) => ApplyError;
}

interface Track { item: WaitItem; readiness: Readiness; changedAt: number; failedSince?: number; currentSince?: number; done: boolean }

/** Resolves when every item is current and stable; rejects with `ctx.fail(...)` otherwise. */
export async function waitForItems(items: readonly WaitItem[], ctx: WaitContext): Promise<void> {
  const tracks: Track[] = items.map(item => ({ item, readiness: { status: ReadinessStatus.NOT_FOUND, message: 'not observed yet' }, changedAt: Date.now(), done: false }));
  const stops: Array<() => void> = [];
  let settle!: () => void;
  let reject!: (e: Error) => void;
  const finished = new Promise<void>((res, rej) => {
    settle = res;
    reject = rej;
  });
  let over = false;
  const stuck = (): StuckObject[] => {
    const notReady = tracks.filter(t => !t.done && t.readiness.status !== ReadinessStatus.CURRENT);
    const failedOnes = notReady.filter(t => t.readiness.status === ReadinessStatus.FAILED);
    return (failedOnes.length ? failedOnes : notReady).map(t => ({
      object: t.item.label, status: t.readiness.status, message: t.readiness.message, ...sinceChange(Date.now() - t.changedAt),
    }));
  };
  const fail = (message: string) => {
    if (over) return;
    over = true;
    reject(ctx.fail(message, stuck()));
  };
  const observe = (t: Track) => {
    const r = t.item.evaluate();
    const now = Date.now();
    if (r.status === t.readiness.status && r.message === t.readiness.message) return;
    t.changedAt = now;
    if (r.status === ReadinessStatus.FAILED && t.readiness.status !== ReadinessStatus.FAILED) t.failedSince = now;
    if (r.status !== ReadinessStatus.FAILED) t.failedSince = undefined;
    if (r.status === ReadinessStatus.CURRENT && t.readiness.status !== ReadinessStatus.CURRENT) t.currentSince = now;
    if (r.status !== ReadinessStatus.CURRENT) t.currentSince = undefined;
    t.readiness = r;
    if (!t.done) ctx.emit({ type: 'waiting', stage: ctx.stage, object: t.item.label, status: r.status, message: r.message });
  };
  const check = () => {
    if (over) return;
    const now = Date.now();
    let allDone = true;
    for (const t of tracks) {
      if (t.done) continue;
      const r = t.readiness;
      if (r.status === ReadinessStatus.CURRENT && t.currentSince !== undefined && now - t.currentSince >= ctx.timeouts.stable) {
        t.done = true;
        ctx.emit({ type: 'ready', stage: ctx.stage, object: t.item.label, message: r.message });
        continue;
      }
      allDone = false;
      if (r.status === ReadinessStatus.FAILED && t.failedSince !== undefined && now - t.failedSince >= ctx.timeouts.failureWindow) {
        return fail(`${t.item.label} failed: ${r.message} (for ${formatDuration(now - t.failedSince)})`);
      }
      if (now - t.changedAt >= ctx.timeouts.resource) return fail(`${t.item.label} made no progress for ${formatDuration(now - t.changedAt)}: ${r.message}`);
    }
    if (allDone) {
      over = true;
      settle();
      return;
    }
    if (now >= ctx.deadline) {
      const which = ctx.deadline >= ctx.overallDeadline ? 'the overall timeout' : `the ${ctx.stage} stage timeout (${formatDuration(ctx.timeouts.stages[ctx.stage])})`;
      fail(`${ctx.title}: ${which} expired`);
    }
  };
  const onAbort = () => fail('interrupted');
  ctx.signal?.addEventListener('abort', onAbort);
  const ticker = setInterval(check, Math.max(50, Math.min(1000, ctx.timeouts.stable / 2 || 250)));
  try {
    for (const t of tracks) {
      stops.push(await t.item.start(() => {
        observe(t);
        check();
      }));
      observe(t);
    }
    if (ctx.signal?.aborted) onAbort();
    check();
    await finished;
  } finally {
    clearInterval(ticker);
    ctx.signal?.removeEventListener('abort', onAbort);
    for (const s of stops) s();
  }
}
