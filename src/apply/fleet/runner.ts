// The fleet rollout: wave after wave, at most maxParallel clusters upgrading at once within a
// wave, each wave's clusters kept Available for the soak before the next wave starts, and a
// failure budget — once failures exceed it nothing new starts (clusters already upgrading finish
// or time out). Every state change goes to the fleet journal first, so a rerun resumes: upgraded
// clusters are checked (not redone), an interrupted one is resumed, failed ones are retried.
// Time is the injectable clock's (the soak, durations), so tests run a fleet in simulated time.
import { ClusterPlan, PlanStatus } from './cluster-plan';
import { ClusterRecord, ClusterState, FleetJournal, waveKey } from './fleet-journal';
import { Clock, sleep } from '../../core/clock';
import { Wave } from '../../core/fleet-waves';

/** A cluster of the rollout: its name, the hash of its manifests, its preflight outcome. */
export interface FleetMember {
  readonly name: string;
  readonly target: string;
  readonly plan: ClusterPlan;
}

export enum ClusterResult {
  UPGRADED = 'upgraded',
  /** Recorded upgraded by an earlier run and checked now (no change pending, Available). */
  ALREADY_UPGRADED = 'already upgraded',
  UP_TO_DATE = 'up to date',
  FAILED = 'failed',
  BLOCKED = 'blocked',
  NOT_STARTED = 'not started',
  /** Stopped by Ctrl-C while upgrading: a rerun resumes it (not a failure). */
  INTERRUPTED = 'interrupted',
}

export interface ClusterReport {
  readonly name: string;
  readonly wave: number;
  readonly from?: string;
  readonly to?: string;
  readonly startedAt?: number;
  readonly finishedAt?: number;
  readonly result: ClusterResult;
  readonly reason?: string;
}

export interface WaveReport {
  readonly number: number;
  readonly clusters: readonly string[];
  readonly startedAt?: number;
  readonly finishedAt?: number;
  /** When the soak ended (the next wave starts no earlier). */
  readonly soakEndedAt?: number;
}

export interface FleetReport {
  readonly clusters: readonly ClusterReport[];
  readonly waves: readonly WaveReport[];
  readonly failures: number;
  readonly allowedFailures: number;
  /** The budget was exceeded: the rollout stopped. */
  readonly stopped: boolean;
  /** Interrupted (Ctrl-C). */
  readonly interrupted?: boolean;
}

export type FleetEvent =
  | { readonly type: 'wave'; readonly wave: number; readonly of: number; readonly clusters: readonly string[] }
  | { readonly type: 'cluster-start'; readonly name: string; readonly wave: number; readonly from?: string; readonly to?: string }
  | { readonly type: 'cluster-done'; readonly name: string; readonly wave: number; readonly result: ClusterResult; readonly ms?: number; readonly reason?: string }
  | { readonly type: 'soak'; readonly wave: number; readonly ms: number }
  | { readonly type: 'budget-exceeded'; readonly failures: number; readonly allowed: number };

/** How one cluster is upgraded (the Upgrader, in the CLI); resolves when done, throws why not. */
export type UpgradeOne = (member: FleetMember) => Promise<{ applied: number }>;

/** Whether a cluster is serving (its Cluster Available), for the soak. */
export type AvailableCheck = (member: FleetMember) => Promise<{ available: boolean; reason?: string }>;

export interface FleetRunOptions {
  readonly waves: ReadonlyArray<Wave<FleetMember>>;
  readonly maxParallel?: number;
  readonly soakMs: number;
  readonly allowedFailures: number;
  readonly journal: FleetJournal;
  readonly clock: Clock;
  readonly upgrade: UpgradeOne;
  readonly available: AvailableCheck;
  /** The reason of a failed upgrade, one line. */
  readonly reasonOf: (e: unknown) => string;
  readonly onEvent?: (e: FleetEvent) => void;
  /** How often the soak looks at the wave's clusters. @default 30 s (or the soak, if shorter) */
  readonly soakPollMs?: number;
  /** Ctrl-C: nothing new starts, the upgrades in flight are interrupted (each resumable). */
  readonly signal?: AbortSignal;
}

export class FleetRunner {
  private failures = 0;
  private stopped = false;
  private readonly reports = new Map<string, ClusterReport>();
  private readonly waveReports: WaveReport[] = [];
  private readonly emit: (e: FleetEvent) => void;

  constructor(private readonly opts: FleetRunOptions) {
    this.emit = opts.onEvent ?? (() => undefined);
  }

  async run(): Promise<FleetReport> {
    const { waves } = this.opts;
    // Preflight outcomes first: a blocked cluster counts against the budget before anything starts.
    for (const w of waves) {
      for (const m of w.clusters) {
        if (m.plan.status !== PlanStatus.BLOCKED || this.recorded(m)?.state === ClusterState.UPGRADED) continue;
        this.record(m, w.number, { state: ClusterState.BLOCKED, reason: m.plan.reason });
        this.finish(m, w.number, ClusterResult.BLOCKED, m.plan.reason);
      }
    }
    this.checkBudget();
    for (const w of waves) {
      const wave: { number: number; clusters: string[]; startedAt?: number; finishedAt?: number; soakEndedAt?: number } = {
        number: w.number, clusters: w.clusters.map(m => m.name),
      };
      this.waveReports.push(wave);
      const todo = w.clusters.filter(m => !this.reports.has(m.name));
      if (this.stopped || this.aborted) {
        for (const m of todo) this.finish(m, w.number, ClusterResult.NOT_STARTED);
        continue;
      }
      this.emit({ type: 'wave', wave: w.number, of: waves.length, clusters: wave.clusters });
      wave.startedAt = this.opts.clock.now();
      await this.pool(todo, m => this.one(m, w.number));
      wave.finishedAt = this.opts.clock.now();
      // The budget ran out part-way through the wave: the rest never started.
      for (const m of todo) if (!this.reports.has(m.name)) this.finish(m, w.number, ClusterResult.NOT_STARTED);
      const last = w === waves[waves.length - 1];
      if (!this.stopped && !this.aborted && !last && this.opts.soakMs > 0) {
        const key = waveKey(w.clusters);
        const soaked = this.opts.journal.soakedAt(key);
        if (soaked !== undefined) {
          wave.soakEndedAt = soaked;
        } else {
          await this.soak(w);
          if (!this.stopped && !this.aborted) {
            wave.soakEndedAt = this.opts.clock.now();
            this.opts.journal.markSoaked(key, wave.soakEndedAt);
          }
        }
      }
    }
    const order = waves.flatMap(w => w.clusters.map(m => m.name));
    return {
      clusters: order.map(n => this.reports.get(n)!),
      waves: this.waveReports,
      failures: this.failures,
      allowedFailures: this.opts.allowedFailures,
      stopped: this.stopped,
      ...(this.aborted ? { interrupted: true } : {}),
    };
  }

  private get aborted(): boolean {
    return this.opts.signal?.aborted ?? false;
  }

  /** Runs `fn` over `items`, at most maxParallel at once; nothing new starts once stopped. */
  private async pool<T>(items: readonly T[], fn: (t: T) => Promise<void>): Promise<void> {
    const limit = Math.max(1, this.opts.maxParallel ?? items.length);
    let next = 0;
    const worker = async () => {
      while (next < items.length && !this.stopped && !this.aborted) await fn(items[next++]);
    };
    await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  }

  private recorded(m: FleetMember): ClusterRecord | undefined {
    return this.opts.journal.get(m.name, m.target);
  }

  private async one(m: FleetMember, wave: number): Promise<void> {
    const before = this.recorded(m);
    if (before?.state === ClusterState.UPGRADED) {
      // Done by an earlier run: checked (on the target version, Available), not redone. Other drift
      // (a released host powered off) is not a reason to upgrade again.
      if (m.plan.status !== PlanStatus.BLOCKED && m.plan.from === m.plan.to && (await this.opts.available(m)).available) {
        const { from, to, startedAt, finishedAt } = before;
        this.reports.set(m.name, { name: m.name, wave, from, to, startedAt, finishedAt, result: ClusterResult.ALREADY_UPGRADED });
        this.emit({ type: 'cluster-done', name: m.name, wave, result: ClusterResult.ALREADY_UPGRADED });
        return;
      }
    }
    const resumed = before?.state === ClusterState.UPGRADING;
    // A cluster an earlier run started keeps its "from" (live may be half-way now); an
    // interrupted one also its start.
    const from = before?.from ?? m.plan.from;
    const startedAt = resumed && before.startedAt !== undefined ? before.startedAt : this.opts.clock.now();
    this.record(m, wave, { state: ClusterState.UPGRADING, from, startedAt });
    this.emit({ type: 'cluster-start', name: m.name, wave, from, to: m.plan.to });
    try {
      const r = await this.opts.upgrade(m);
      const finishedAt = this.opts.clock.now();
      this.record(m, wave, { state: ClusterState.UPGRADED, from, startedAt, finishedAt });
      const result = r.applied === 0 && !before && from === m.plan.to ? ClusterResult.UP_TO_DATE : ClusterResult.UPGRADED;
      this.reports.set(m.name, { name: m.name, wave, from, to: m.plan.to, startedAt, finishedAt, result });
      this.emit({ type: 'cluster-done', name: m.name, wave, result, ms: finishedAt - startedAt });
    } catch (e) {
      if (this.aborted) {
        // Left as upgrading in the journal: the next run resumes it.
        this.reports.set(m.name, { name: m.name, wave, from, to: m.plan.to, startedAt, result: ClusterResult.INTERRUPTED });
        this.emit({ type: 'cluster-done', name: m.name, wave, result: ClusterResult.INTERRUPTED });
        return;
      }
      const reason = this.opts.reasonOf(e);
      const finishedAt = this.opts.clock.now();
      this.record(m, wave, { state: ClusterState.FAILED, from, startedAt, finishedAt, reason });
      this.failures++;
      this.reports.set(m.name, { name: m.name, wave, from, to: m.plan.to, startedAt, finishedAt, result: ClusterResult.FAILED, reason });
      this.emit({ type: 'cluster-done', name: m.name, wave, result: ClusterResult.FAILED, ms: finishedAt - startedAt, reason });
      this.checkBudget();
    }
  }

  /** The wave's upgraded clusters must stay Available for the soak; one that drops is a failure. */
  private async soak(w: Wave<FleetMember>): Promise<void> {
    this.emit({ type: 'soak', wave: w.number, ms: this.opts.soakMs });
    const end = this.opts.clock.now() + this.opts.soakMs;
    const poll = Math.min(this.opts.soakPollMs ?? 30_000, this.opts.soakMs);
    const watched = w.clusters.filter(m => {
      const r = this.reports.get(m.name)?.result;
      return r === ClusterResult.UPGRADED || r === ClusterResult.ALREADY_UPGRADED || r === ClusterResult.UP_TO_DATE;
    });
    while (!this.stopped && !this.aborted) {
      for (const m of [...watched]) {
        const a = await this.opts.available(m);
        if (a.available) continue;
        watched.splice(watched.indexOf(m), 1);
        const reason = `not Available during the soak${a.reason ? `: ${a.reason}` : ''}`;
        const prior = this.reports.get(m.name)!;
        const { from, startedAt, finishedAt } = prior;
        this.record(m, w.number, { state: ClusterState.FAILED, from, startedAt, finishedAt, reason });
        this.failures++;
        this.reports.set(m.name, { ...prior, result: ClusterResult.FAILED, reason });
        this.emit({ type: 'cluster-done', name: m.name, wave: w.number, result: ClusterResult.FAILED, reason });
        this.checkBudget();
      }
      const left = end - this.opts.clock.now();
      if (left <= 0) return;
      await sleep(this.opts.clock, Math.min(poll, left));
    }
  }

  private checkBudget(): void {
    if (this.stopped || this.failures <= this.opts.allowedFailures) return;
    this.stopped = true;
    this.emit({ type: 'budget-exceeded', failures: this.failures, allowed: this.opts.allowedFailures });
  }

  private record(m: FleetMember, wave: number, r: Omit<ClusterRecord, 'target' | 'wave' | 'to'>): void {
    this.opts.journal.set(m.name, { ...r, target: m.target, wave, to: m.plan.to });
  }

  private finish(m: FleetMember, wave: number, result: ClusterResult, reason?: string): void {
    if (result === ClusterResult.BLOCKED) this.failures++;
    this.reports.set(m.name, { name: m.name, wave, from: m.plan.from, to: m.plan.to, result, ...(reason ? { reason } : {}) });
  }
}
