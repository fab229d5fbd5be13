// Time and randomness for the simulator, injectable so tests run deterministically:
// a ManualClock only moves when the test advances it, and a seeded generator makes uids,
// generated names and fault decisions repeatable.

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

/** The process clock. */
export class RealClock implements Clock {
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private next = 1;

  now(): number {
    return Date.now();
  }

  setTimer(ms: number, fn: () => void): TimerHandle {
    const id = this.next++;
    const t = setTimeout(() => {
      this.timers.delete(id);
      fn();
    }, Math.max(0, ms));
    // Timers must never keep a CLI or test process alive on their own.
    t.unref();
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

/** A small seeded PRNG (mulberry32): same seed, same sequence. Returns values in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A version-4 UUID drawn from `random`. */
export function uuidFrom(random: () => number): string {
  const b: number[] = [];
  for (let i = 0; i < 16; i++) b.push(Math.floor(random() * 256));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.map(x => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** RFC 3339 with second precision, as metav1.Time serializes. */
export function rfc3339(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
