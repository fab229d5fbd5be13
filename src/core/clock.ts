// Time, injectable: the applier's waits and retries and the simulator's controllers read the
// same Clock, so a test can run both on one ManualClock and move time itself (an hour of
// provisioning in milliseconds, deterministically).

/** A timer handle returned by Clock.setTimer. */
export interface TimerHandle {
  readonly id: number;
}

/** Wall time and timers. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs `fn` after `ms` milliseconds of this clock's time. */
  setTimer(ms: number, fn: () => void): TimerHandle;
  clearTimer(handle: TimerHandle): void;
}

export interface RealClockOptions {
  /**
   * Whether a pending timer keeps the process alive. The simulator's timers must not keep a CLI
   * or test process alive on their own; the applier's must (a wait or a retry backoff may be
   * the only thing pending, and the process must not exit in the middle of it).
   * @default false
   */
  readonly keepAlive?: boolean;
}

/** The process clock. */
export class RealClock implements Clock {
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private next = 1;

  constructor(private readonly options: RealClockOptions = {}) {}

  now(): number {
    return Date.now();
  }

  setTimer(ms: number, fn: () => void): TimerHandle {
    const id = this.next++;
    const t = setTimeout(() => {
      this.timers.delete(id);
      fn();
    }, Math.max(0, ms));
    if (!this.options.keepAlive) t.unref();
    this.timers.set(id, t);
    return { id };
  }

  clearTimer(handle: TimerHandle): void {
    const t = this.timers.get(handle.id);
    if (t) clearTimeout(t);
    this.timers.delete(handle.id);
  }
}

/** A clock that moves only when told to; timers fire in time order during advance(). */
export class ManualClock implements Clock {
  private current: number;
  private readonly pending = new Map<number, { at: number; fn: () => void }>();
  private next = 1;

  constructor(start = Date.UTC(2025, 0, 1, 0, 0, 0)) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimer(ms: number, fn: () => void): TimerHandle {
    const id = this.next++;
    this.pending.set(id, { at: this.current + Math.max(0, ms), fn });
    return { id };
  }

  clearTimer(handle: TimerHandle): void {
    this.pending.delete(handle.id);
  }

  /** How many timers are waiting. */
  get timerCount(): number {
    return this.pending.size;
  }

  /** The time of the earliest pending timer, if any. */
  nextTimerAt(): number | undefined {
    let min: number | undefined;
    for (const t of this.pending.values()) if (min === undefined || t.at < min) min = t.at;
    return min;
  }

  /**
   * Moves time forward by `ms`, firing due timers one by one in (time, creation) order and
   * letting `between` (e.g. a controller queue drain) run after each.
   */
  async advance(ms: number, between: () => Promise<void> = async () => undefined): Promise<void> {
    const target = this.current + ms;
    for (;;) {
      let best: [number, { at: number; fn: () => void }] | undefined;
      for (const e of this.pending) {
        if (e[1].at <= target && (!best || e[1].at < best[1].at || (e[1].at === best[1].at && e[0] < best[0]))) best = e;
      }
      if (!best) break;
      this.pending.delete(best[0]);
      this.current = Math.max(this.current, best[1].at);
      best[1].fn();
      await between();
    }
    this.current = target;
    await between();
  }
}

/** Resolves after `ms` of the clock's time. */
export function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise(resolve => clock.setTimer(ms, resolve));
}
