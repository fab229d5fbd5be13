// A minimal controller runtime: each controller maps store events to keys, a FIFO work queue
// with de-duplication feeds its reconcile function, and requeues go through the injected
// clock. Reconciles run outside the writing request (deferred), like real controllers.
import { Clock, TimerHandle } from '../../core/clock';
import { ObjectStore, StoreEvent } from '../storage';

/** What a reconcile asks for next. */
export interface ReconcileResult {
  /** Reconcile this key again after this many milliseconds of clock time. */
  readonly requeueAfterMs?: number;
}

export interface Controller {
  /** Also used as the field manager of the controller's writes. */
  readonly name: string;
  /** Keys to reconcile because of this change (e.g. `ns/name`). */
  keysFor(event: StoreEvent): string[];
  /** Keys to reconcile when the controller starts (existing objects). */
  initialKeys(): string[];
  reconcile(key: string): ReconcileResult | void;
}

export interface ControllerManagerOptions {
  readonly store: ObjectStore;
  readonly clock: Clock;
  /** Clock milliseconds to wait before retrying a reconcile that threw. @default 1000 */
  readonly errorBackoffMs?: number;
  /** Receives reconcile errors (they are retried, never thrown). */
  readonly onError?: (controller: string, key: string, error: unknown) => void;
  /** Re-reconcile every object this often (clock ms), like controller-runtime's sync period. @default none */
  readonly resyncMs?: number;
}

export class ControllerManager {
  private readonly controllers: Controller[] = [];
  private readonly queue: Array<[Controller, string]> = [];
  private readonly queued = new Set<string>();
  private readonly timers = new Map<string, { at: number; handle: TimerHandle }>();
  private unsubscribe?: () => void;
  private drainScheduled = false;
  private draining = false;
  private running = false;
  private waiters: Array<() => void> = [];
  private resyncTimer?: TimerHandle;

  constructor(private readonly options: ControllerManagerOptions) {}

  add(c: Controller): void {
    this.controllers.push(c);
    if (this.running) for (const k of c.initialKeys()) this.enqueue(c, k);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = this.options.store.subscribe(e => {
      for (const c of this.controllers) for (const k of c.keysFor(e)) this.enqueue(c, k);
    });
    for (const c of this.controllers) for (const k of c.initialKeys()) this.enqueue(c, k);
    this.scheduleResync();
  }

  private scheduleResync(): void {
    const every = this.options.resyncMs;
    if (!every || !this.running) return;
    this.resyncTimer = this.options.clock.setTimer(every, () => {
      for (const c of this.controllers) for (const k of c.initialKeys()) this.enqueue(c, k);
      this.scheduleResync();
    });
  }

  stop(): void {
    this.running = false;
    this.unsubscribe?.();
    if (this.resyncTimer) this.options.clock.clearTimer(this.resyncTimer);
    this.resyncTimer = undefined;
    for (const t of this.timers.values()) this.options.clock.clearTimer(t.handle);
    this.timers.clear();
    this.queue.length = 0;
    this.queued.clear();
    this.notifyIdle();
  }

  enqueue(c: Controller, key: string): void {
    if (!this.running) return;
    const id = `${c.name}\u0000${key}`;
    if (this.queued.has(id)) return;
    this.queued.add(id);
    this.queue.push([c, key]);
    this.scheduleDrain();
  }

  /** Reconciles `key` after `ms` of clock time (an earlier pending requeue wins). */
  enqueueAfter(c: Controller, key: string, ms: number): void {
    if (!this.running) return;
    const id = `${c.name}\u0000${key}`;
    const at = this.options.clock.now() + ms;
    const existing = this.timers.get(id);
    if (existing && existing.at <= at) return;
    if (existing) this.options.clock.clearTimer(existing.handle);
    const handle = this.options.clock.setTimer(ms, () => {
      this.timers.delete(id);
      this.enqueue(c, key);
    });
    this.timers.set(id, { at, handle });
  }

  /** Whether the queue is empty and nothing is being reconciled. */
  get idle(): boolean {
    return this.queue.length === 0 && !this.draining;
  }

  /** Resolves once the queue is empty (timers may still be pending). */
  async settled(): Promise<void> {
    for (let i = 0; i < 1000 && !this.idle; i++) {
      await new Promise<void>(resolve => {
        this.waiters.push(resolve);
        this.scheduleDrain();
      });
    }
  }

  private scheduleDrain(): void {
    if (this.drainScheduled) return;
    this.drainScheduled = true;
    setImmediate(() => {
      this.drainScheduled = false;
      this.drain();
    });
  }

  private drain(): void {
    if (this.draining) return;
    this.draining = true;
    try {
      // Bounded batches keep the HTTP server responsive under a busy simulation.
      for (let n = 0; n < 500 && this.queue.length > 0; n++) {
        const [c, key] = this.queue.shift()!;
        this.queued.delete(`${c.name}\u0000${key}`);
        try {
          const r = c.reconcile(key);
          if (r && r.requeueAfterMs !== undefined) this.enqueueAfter(c, key, r.requeueAfterMs);
        } catch (e) {
          this.options.onError?.(c.name, key, e);
          this.enqueueAfter(c, key, this.options.errorBackoffMs ?? 1000);
        }
      }
    } finally {
      this.draining = false;
    }
    if (this.queue.length > 0) this.scheduleDrain();
    else this.notifyIdle();
  }

  private notifyIdle(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }
}
