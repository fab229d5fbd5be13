// `apply`: plan → apply → wait, stage by stage, as a queue the engine runs. State lives in the
// cluster, so a rerun after a crash, Ctrl-C or timeout converges (server-side apply is
// idempotent and the waits read live status); the journal keeps only kubeconfig paths.
import { join, resolve } from 'node:path';
import { ApplyTask } from './engine/apply-task';
import { KubeClient } from './engine/kube-client';
import { RunError, reportedFailure } from './engine/run-error';
import { runQueue } from './engine/runner';
import { FailureDetail, Stage as QueueStage, Task } from './engine/task';
import { objectReady } from './engine/wait-items';
import { WaitTask } from './engine/wait-task';
import { WatchCache } from './engine/watch-cache';
import { WriteKubeconfigsTask, kubeconfigPathOf } from './engine/write-kubeconfigs-task';
import { EventSink, ProgressEvent } from './events';
import { checkInput } from './input-checks';
import { Journal, checkJournalPath } from './journal';
import { Plan, Stage, StageId, blockers, buildPlan } from './plan';
import { Variables } from './substitute';
import { DEFAULT_TIMEOUTS, Timeouts, TimeoutOverrides, mergeTimeouts } from './timeouts';
import { UnsafePathError, assertWritableFile } from '../core/atomic-write';
import { Clock, RealClock } from '../core/clock';
import { apiVersionOf } from '../core/gvk';
import { KubeObject } from '../core/kube-object';
import { keyOf } from '../core/object-key';

export const FIELD_MANAGER = 'cdk8s-capi';

export interface ApplyOptions {
  /**
   * Server-side dry run: every object is sent with dryRun=All and nothing waits; no kubeconfig
   * is written and the journal is not touched. Stage titles start with "Dry run:". @default false
   */
  readonly dryRun?: boolean;
  /**
   * Values for `${VAR}` placeholders (see substitute.ts). Every placeholder must resolve, or
   * the run fails before anything is touched. @default none: any placeholder fails the run
   */
  readonly variables?: Variables;
  /** Objects applied at once within a dependency wave. @default 8 */
  readonly concurrency?: number;
  readonly timeouts?: TimeoutOverrides;
  /** Where `<cluster>.kubeconfig` files are written (0600). @default the current directory */
  readonly kubeconfigDir?: string;
  /** Journal file. @default `<kubeconfigDir>/.cdk8s-capi/journal.json` */
  readonly journalPath?: string;
  /** Progress events. @default - none */
  readonly onEvent?: EventSink;
  /** Aborts the run (Ctrl-C). */
  readonly signal?: AbortSignal;
  /** Command to suggest for status/resume in failure summaries. @default 'cdk8s-capi' */
  readonly commandHint?: string;
  /** The exact command showing live status, for failure summaries. @default '<commandHint> status <same paths>' */
  readonly statusCommand?: string;
  /** The exact command that resumes this run, for failure summaries. @default '<commandHint> apply <same paths>' */
  readonly resumeCommand?: string;
  /** Time for waits, timeouts and durations. @default the process clock */
  readonly clock?: Clock;
}

export interface ApplyResult {
  readonly objects: number;
  readonly requests: number;
  readonly watches: number;
  readonly maxConcurrent: number;
  readonly ms: number;
  /** Requests that were retried (429, 5xx, conflicts, connection resets). */
  readonly retries: number;
  /** Kubeconfig files written by this run, by cluster (none on a dry run). */
  readonly kubeconfigs: Record<string, string>;
}

interface QueueOptions {
  readonly dryRun: boolean;
  readonly newNamespaces: ReadonlySet<string>;
  /** Where kubeconfigs go (none on a dry run). */
  readonly kubeconfigs?: { readonly dir: string; readonly journal: Journal; readonly written: Record<string, string> };
}

/** Applies manifests and waits for them, stage by stage. */
export class Applier {
  private readonly timeouts: Timeouts;
  private readonly emit: EventSink;
  private readonly clock: Clock;

  constructor(private readonly kube: KubeClient, private readonly opts: ApplyOptions = {}) {
    this.timeouts = mergeTimeouts(opts.timeouts);
    this.emit = opts.onEvent ?? (() => undefined);
    this.clock = opts.clock ?? new RealClock({ keepAlive: true });
  }

  async apply(input: readonly KubeObject[]): Promise<ApplyResult> {
    const started = this.clock.now();
    const dryRun = this.opts.dryRun ?? false;
    // Before anything is touched: placeholders, kinds, namespaces, the files we will write.
    const checked = await checkInput(this.kube, input, { variables: this.opts.variables, verb: 'applied', concurrency: this.opts.concurrency },
      (m, next) => this.refuse(m, next));
    const objects = checked.objects;
    const plan = buildPlan(objects);
    const kubeconfigDir = resolve(this.opts.kubeconfigDir ?? '.');
    const journalPath = this.opts.journalPath ?? join(kubeconfigDir, '.cdk8s-capi', 'journal.json');
    if (!dryRun) this.checkOutputs(plan, kubeconfigDir, journalPath);
    const kubeconfigs: Record<string, string> = {};
    const queue = this.queue(plan, {
      dryRun,
      newNamespaces: new Set(checked.newNamespaces),
      kubeconfigs: dryRun ? undefined : { dir: kubeconfigDir, journal: new Journal(journalPath), written: kubeconfigs },
    });
    this.emit({
      type: 'plan',
      objects: objects.length,
      stages: queue.map(s => {
        const p = plan.stages.find(x => x.id === s.id)!;
        return { id: s.id, title: s.title, apply: p.apply.length, wait: dryRun ? 0 : p.waitFor.length };
      }),
      ...(dryRun ? { dryRun } : {}),
    });
    const cache = new WatchCache(this.kube, (kind, reason) => this.emit({ type: 'relist', kind, reason }), this.clock);
    // One feed per kind when its waits span several namespaces (fleet applies), else per namespace.
    const spans = new Map<string, Set<string | undefined>>();
    for (const t of plan.stages.flatMap(s => s.waitFor)) {
      const k = `${apiVersionOf(t.ref)}|${t.ref.kind}`;
      spans.set(k, (spans.get(k) ?? new Set()).add(t.ref.namespace));
    }
    for (const [k, nss] of spans) if (nss.size > 1) cache.watchClusterWide(...(k.split('|') as [string, string]));
    try {
      await runQueue(queue, {
        kube: this.kube,
        cache,
        clock: this.clock,
        emit: this.emit,
        signal: this.opts.signal,
        timeouts: this.timeouts,
        started,
        fail: (stage, message, detail) => this.failure(stage, message, detail),
      });
    } finally {
      cache.stop();
    }
    const ms = this.clock.now() - started;
    const stats = this.kube.stats;
    const inNewNamespace = plan.stages.flatMap(s => s.apply).filter(n => n.ref.namespace && checked.newNamespaces.includes(n.ref.namespace));
    const unchecked = dryRun ? inNewNamespace.length : 0;
    this.emit({
      type: 'done',
      ms,
      requests: stats.requests,
      objects: objects.length,
      watches: stats.watches,
      maxConcurrent: stats.maxConcurrent,
      retries: stats.retries,
      ...(dryRun ? { dryRun, unchecked } : {}),
    });
    const { requests, watches, maxConcurrent, retries } = stats;
    return { objects: objects.length, requests, watches, maxConcurrent, ms, retries, kubeconfigs };
  }

  /** The plan's stages as a queue: apply, wait (not on a dry run, where stages that only wait are left out), write kubeconfigs. */
  private queue(plan: Plan, q: QueueOptions): QueueStage[] {
    const stages = q.dryRun ? plan.stages.filter(s => s.apply.length) : plan.stages;
    return stages.map((s: Stage): QueueStage => {
      const tasks: Task[] = [];
      if (s.apply.length) {
        tasks.push(new ApplyTask({
          nodes: s.apply,
          fieldManager: FIELD_MANAGER,
          dryRun: q.dryRun,
          concurrency: this.opts.concurrency,
          // The server would answer 404: the namespace is only created (dry-run) by this input.
          skip: n => (q.dryRun && n.ref.namespace && q.newNamespaces.has(n.ref.namespace) ? `namespace ${n.ref.namespace} does not exist yet` : undefined),
        }));
      }
      if (!q.dryRun && s.waitFor.length) {
        tasks.push(new WaitTask({
          items: () => s.waitFor.map(t => {
            const key = keyOf(t.ref);
            return objectReady(t.ref, { derived: t.derived, blockedBy: plan.nodes.has(key) ? () => blockers(plan, key, () => true) : undefined });
          }),
        }));
      }
      if (s.id === StageId.KUBECONFIG && q.kubeconfigs) {
        tasks.push(new WriteKubeconfigsTask({ targets: s.waitFor, ...q.kubeconfigs, resumeCommand: this.resumeCommand }));
      }
      return { id: s.id, title: q.dryRun ? `Dry run: ${s.title}` : s.title, budget: this.timeouts.stages[s.id], tasks };
    });
  }

  /** Fails the run before anything was touched. */
  private refuse(message: string, next: string[]): RunError {
    return reportedFailure(this.emit, undefined, message, [], next);
  }

  /** The journal and every kubeconfig this run will write: never through a symbolic link. */
  private checkOutputs(plan: Plan, kubeconfigDir: string, journalPath: string): void {
    try {
      checkJournalPath(journalPath);
      for (const t of plan.stages.flatMap(s => s.waitFor).filter(w => w.cluster)) assertWritableFile(kubeconfigPathOf(kubeconfigDir, t.cluster!));
    } catch (e) {
      if (e instanceof UnsafePathError) throw this.refuse(`nothing was applied: ${e.message}`, []);
      throw e;
    }
  }

  private failure(stage: StageId | undefined, message: string, detail: FailureDetail = {}): RunError {
    const next = detail.next ?? [...(detail.hints ?? []), this.statusCommand, `${this.resumeCommand}   # resumes from the cluster's state`];
    return reportedFailure(this.emit, stage, message, detail.stuck ?? [], next);
  }

  private get statusCommand(): string {
    return this.opts.statusCommand ?? `${this.opts.commandHint ?? 'cdk8s-capi'} status <same paths>`;
  }

  private get resumeCommand(): string {
    return this.opts.resumeCommand ?? `${this.opts.commandHint ?? 'cdk8s-capi'} apply <same paths>`;
  }
}

export type { ProgressEvent };
export { DEFAULT_TIMEOUTS };
