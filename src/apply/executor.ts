// The applier: plan → apply → wait, stage by stage. State lives in the cluster, so a rerun
// after a crash, Ctrl-C or timeout simply converges (server-side apply is idempotent and the
// waits read live status); the journal keeps only kubeconfig paths and pause state.
import { join, resolve } from 'node:path';
import { EventSink, ProgressEvent, StuckObject } from './events';
import { Journal, checkJournalPath } from './journal';
import { KubeApi, MissingKindError } from './kube';
import { checkNamespaces, formatNamespaceProblems, namespaceHints } from './namespaces';
import { Plan, PlanNode, Stage, StageId, WaitTarget, blockers, buildPlan } from './plan';
import { keyOf } from '../core/object-key';
import { describeRef } from '../core/object-ref';
import { readinessOf } from './readiness/rules';
import { Readiness, ReadinessStatus } from './readiness/types';
import { SubstitutionError, Variables, substitute } from './substitute';
import { DEFAULT_TIMEOUTS, Timeouts, formatDuration, sinceChange } from './timeouts';
import { WatchCache } from './watch-cache';
import { UnsafePathError, assertWritableFile, ensureDir, writeFileAtomic } from '../core/atomic-write';
import { OperationError } from '../core/errors';
import { apiVersionOf } from '../core/gvk';
import { KubeObject } from '../core/kube-object';

export const FIELD_MANAGER = 'cdk8s-capi';

/** The API surface the executor needs (KubeApi implements it). */
export type KubeClient = Pick<KubeApi, 'resource' | 'resetDiscovery' | 'apply' | 'get' | 'list' | 'watch' | 'delete' | 'mergePatch' | 'stats' | 'defaultNamespace'>;

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
  readonly timeouts?: Partial<Omit<Timeouts, 'stages'>> & { stages?: Partial<Timeouts['stages']> };
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

/** The run failed (a stage timed out, a failure persisted, the run was interrupted). */
export class ApplyError extends OperationError {
  constructor(message: string, public readonly stage: StageId | undefined, public readonly stuck: StuckObject[], public readonly next: string[]) {
    super(message);
    this.name = 'ApplyError';
  }
}

function mergeTimeouts(t: ApplyOptions['timeouts'] = {}): Timeouts {
  return { ...DEFAULT_TIMEOUTS, ...t, stages: { ...DEFAULT_TIMEOUTS.stages, ...(t.stages ?? {}) } } as Timeouts;
}

/** Applies manifests and waits for them, stage by stage. */
export class Applier {
  private readonly timeouts: Timeouts;
  private readonly emit: EventSink;
  private readonly started = Date.now();
  private cache?: WatchCache;
  /** Namespaces only the input creates: a dry run cannot send objects in them. */
  private newNamespaces = new Set<string>();
  private unchecked = 0;

  constructor(private readonly kube: KubeClient, private readonly opts: ApplyOptions = {}) {
    this.timeouts = mergeTimeouts(opts.timeouts);
    this.emit = opts.onEvent ?? (() => undefined);
  }

  async apply(input: readonly KubeObject[]): Promise<ApplyResult> {
    const dryRun = this.opts.dryRun ?? false;
    // Before anything is touched: placeholders, kinds, namespaces, the files we will write.
    const objects = await this.normalize(this.substituted(input));
    const plan = buildPlan(objects);
    const kubeconfigDir = resolve(this.opts.kubeconfigDir ?? '.');
    const journalPath = this.opts.journalPath ?? join(kubeconfigDir, '.cdk8s-capi', 'journal.json');
    if (!dryRun) this.checkOutputs(plan, kubeconfigDir, journalPath);
    const journal = dryRun ? undefined : new Journal(journalPath);
    // A dry run waits for nothing, so stages that only wait are left out.
    const stages = dryRun ? plan.stages.filter(s => s.apply.length) : plan.stages;
    const title = (s: Stage) => (dryRun ? `Dry run: ${s.title}` : s.title);
    this.emit({
      type: 'plan',
      objects: objects.length,
      stages: stages.map(s => ({ id: s.id, title: title(s), apply: s.apply.length, wait: dryRun ? 0 : s.waitFor.length })),
      ...(dryRun ? { dryRun } : {}),
    });
    const overallDeadline = this.started + this.timeouts.overall;
    this.cache = new WatchCache(this.kube, (kind, reason) => this.emit({ type: 'relist', kind, reason }));
    // One feed per kind when its waits span several namespaces (fleet applies), else per namespace.
    const spans = new Map<string, Set<string | undefined>>();
    for (const t of plan.stages.flatMap(s => s.waitFor)) {
      const k = `${apiVersionOf(t.ref)}|${t.ref.kind}`;
      spans.set(k, (spans.get(k) ?? new Set()).add(t.ref.namespace));
    }
    for (const [k, nss] of spans) if (nss.size > 1) this.cache.watchClusterWide(...(k.split('|') as [string, string]));
    const kubeconfigs: Record<string, string> = {};
    try {
      for (const stage of stages) {
        this.checkAborted(stage.id);
        const t0 = Date.now();
        this.emit({ type: 'stage-start', stage: stage.id, title: title(stage) });
        await this.applyStage(stage);
        if (stage.id === StageId.PREREQUISITES) this.kube.resetDiscovery();
        if (!dryRun && stage.waitFor.length) {
          const deadline = Math.min(overallDeadline, t0 + this.timeouts.stages[stage.id]);
          await this.waitFor(plan, stage, deadline, overallDeadline);
          if (stage.id === StageId.KUBECONFIG) Object.assign(kubeconfigs, await this.writeKubeconfigs(stage, kubeconfigDir, journal!));
        }
        this.emit({ type: 'stage-done', stage: stage.id, title: title(stage), ms: Date.now() - t0 });
      }
    } finally {
      this.cache.stop();
    }
    const ms = Date.now() - this.started;
    const stats = this.kube.stats;
    this.emit({
      type: 'done',
      ms,
      requests: stats.requests,
      objects: objects.length,
      watches: stats.watches,
      maxConcurrent: stats.maxConcurrent,
      retries: stats.retries,
      ...(dryRun ? { dryRun, unchecked: this.unchecked } : {}),
    });
    return {
      objects: objects.length,
      requests: stats.requests,
      watches: stats.watches,
      maxConcurrent: stats.maxConcurrent,
      ms,
      retries: stats.retries,
      kubeconfigs,
    };
  }

  /** `${VAR}` placeholders resolved; an unresolved one fails the run before anything is touched. */
  private substituted(input: readonly KubeObject[]): KubeObject[] {
    try {
      return substitute(input, this.opts.variables ?? {}).objects;
    } catch (e) {
      if (!(e instanceof SubstitutionError)) throw e;
      throw this.refuse(e.message, []);
    }
  }

  /** Fails the run before anything was touched (a 'failed' event, then the error). */
  private refuse(message: string, next: string[]): ApplyError {
    const e = new ApplyError(message, undefined, [], next);
    this.emit({ type: 'failed', message: e.message, stuck: [], next: e.next });
    return e;
  }

  /** The journal and every kubeconfig this run will write: never through a symbolic link. */
  private checkOutputs(plan: Plan, kubeconfigDir: string, journalPath: string): void {
    const targets = plan.stages.flatMap(s => s.waitFor).filter(t => t.cluster).map(t => join(kubeconfigDir, `${t.cluster}.kubeconfig`));
    try {
      checkJournalPath(journalPath);
      for (const t of targets) assertWritableFile(t);
    } catch (e) {
      if (e instanceof UnsafePathError) throw this.refuse(`nothing was applied: ${e.message}`, []);
      throw e;
    }
  }

  /**
   * Checks every kind is served (CRDs in the input count as served) and fills in namespaces,
   * before anything is touched: a missing provider fails the run up front, naming it.
   */
  private async normalize(input: readonly KubeObject[]): Promise<KubeObject[]> {
    const crdKinds = new Map<string, boolean>();
    for (const o of input) {
      if (o.kind === 'CustomResourceDefinition') {
        for (const v of o.spec?.versions ?? []) crdKinds.set(`${o.spec?.group}/${v.name}/${o.spec?.names?.kind}`, o.spec?.scope !== 'Cluster');
      }
    }
    const missing: MissingKindError[] = [];
    const scope = new Map<string, boolean>();
    for (const o of input) {
      const k = `${o.apiVersion}/${o.kind}`;
      if (scope.has(k)) continue;
      const fromCrd = crdKinds.get(`${o.apiVersion}/${o.kind}`);
      if (fromCrd !== undefined) {
        scope.set(k, fromCrd);
        continue;
      }
      try {
        scope.set(k, (await this.kube.resource(o.apiVersion!, o.kind!)).namespaced);
      } catch (e) {
        if (e instanceof MissingKindError) missing.push(e);
        else throw e;
      }
    }
    if (missing.length) {
      const lines = [...new Set(missing.map(m => m.message))];
      throw this.refuse(`nothing was applied: ${lines.length === 1 ? lines[0] : `\n  ${lines.join('\n  ')}`}`, ['install the missing provider(s), then rerun']);
    }
    const namespaced = (o: KubeObject) => scope.get(`${o.apiVersion}/${o.kind}`) === true;
    const objects = input.map(o => (namespaced(o) && !o.metadata?.namespace
      ? { ...o, metadata: { ...o.metadata, namespace: this.kube.defaultNamespace } }
      : o));
    const ns = await checkNamespaces(this.kube, objects, namespaced);
    if (ns.problems.length) {
      const lines = formatNamespaceProblems(ns.problems);
      throw this.refuse(`nothing was applied: ${lines.length === 1 ? lines[0] : `\n  ${lines.join('\n  ')}`}`, namespaceHints(ns.problems));
    }
    this.newNamespaces = new Set(ns.created);
    return objects;
  }

  private async applyStage(stage: Stage): Promise<void> {
    const done = new Set<string>();
    const inStage = new Set(stage.apply.map(n => n.key));
    let pending = [...stage.apply];
    while (pending.length) {
      const wave = pending.filter(n => [...n.dependsOn.keys()].every(d => !inStage.has(d) || done.has(d)));
      if (!wave.length) throw new ApplyError('internal: no applicable object in a dependency wave', stage.id, [], []);
      await pool(wave, this.opts.concurrency ?? 8, async n => {
        this.checkAborted(stage.id);
        await this.applyOne(n);
        done.add(n.key);
      });
      pending = pending.filter(n => !done.has(n.key));
    }
  }

  private async applyOne(n: PlanNode): Promise<void> {
    if (this.opts.dryRun && n.ref.namespace && this.newNamespaces.has(n.ref.namespace)) {
      // The server would answer 404: its namespace is only created (dry-run) by this input.
      this.unchecked++;
      this.emit({ type: 'applied', object: describeRef(n.ref), result: 'not-checked', reason: `namespace ${n.ref.namespace} does not exist yet` });
      return;
    }
    await this.kube.apply(n.object, { fieldManager: FIELD_MANAGER, force: true, dryRun: this.opts.dryRun });
    this.emit({ type: 'applied', object: describeRef(n.ref), result: this.opts.dryRun ? 'dry-run' : 'applied' });
  }

  private async waitFor(plan: Plan, stage: Stage, deadline: number, overallDeadline: number): Promise<void> {
    const cache = this.cache!;
    interface Track { target: WaitTarget; readiness: Readiness; failedSince?: number; currentSince?: number; changedAt: number; done: boolean }
    const tracks = new Map<string, Track>();
    const unsubs: Array<() => void> = [];
    let settle!: () => void;
    let fail!: (e: ApplyError) => void;
    const finished = new Promise<void>((res, rej) => {
      settle = res;
      fail = rej;
    });
    const describeTarget = (t: WaitTarget) => describeRef(t.ref);
    const check = () => {
      const now = Date.now();
      let allDone = true;
      for (const t of tracks.values()) {
        if (t.done) continue;
        const r = t.readiness;
        if (r.status === ReadinessStatus.CURRENT && t.currentSince !== undefined && now - t.currentSince >= this.timeouts.stable) {
          t.done = true;
          this.emit({ type: 'ready', stage: stage.id, object: describeTarget(t.target), message: r.message });
          continue;
        }
        allDone = false;
        if (r.status === ReadinessStatus.FAILED && t.failedSince !== undefined && now - t.failedSince >= this.timeouts.failureWindow) {
          fail(this.failure(stage, `${describeTarget(t.target)} failed: ${r.message} (for ${formatDuration(now - t.failedSince)})`, [...tracks.values()]));
          return;
        }
        if (now - t.changedAt >= this.timeouts.resource) {
          fail(this.failure(stage, `${describeTarget(t.target)} made no progress for ${formatDuration(now - t.changedAt)}: ${r.message}`, [...tracks.values()]));
          return;
        }
      }
      if (allDone) {
        settle();
        return;
      }
      if (now >= deadline) {
        const which = deadline >= overallDeadline ? 'the overall timeout' : `the ${stage.id} stage timeout (${formatDuration(this.timeouts.stages[stage.id])})`;
        fail(this.failure(stage, `${stage.title}: ${which} expired`, [...tracks.values()]));
      }
    };
    const onAbort = () => fail(this.failure(stage, 'interrupted', [...tracks.values()]));
    this.opts.signal?.addEventListener('abort', onAbort);
    const ticker = setInterval(check, Math.max(50, Math.min(1000, this.timeouts.stable / 2 || 250)));
    try {
      for (const target of stage.waitFor) {
        const key = keyOf(target.ref);
        const track: Track = { target, readiness: { status: ReadinessStatus.NOT_FOUND, message: 'not found' }, changedAt: Date.now(), done: false };
        tracks.set(key, track);
        unsubs.push(await cache.subscribe(apiVersionOf(target.ref), target.ref.kind, target.ref.namespace, target.ref.name, obj => {
          const r: Readiness = obj ? readinessOf(obj) : { status: ReadinessStatus.NOT_FOUND, message: target.derived ? 'not created yet' : 'not found' };
          const now = Date.now();
          if (r.status !== track.readiness.status || r.message !== track.readiness.message) {
            track.changedAt = now;
            if (r.status === ReadinessStatus.FAILED && track.readiness.status !== ReadinessStatus.FAILED) track.failedSince = now;
            if (r.status !== ReadinessStatus.FAILED) track.failedSince = undefined;
            if (r.status === ReadinessStatus.CURRENT && track.readiness.status !== ReadinessStatus.CURRENT) track.currentSince = now;
            if (r.status !== ReadinessStatus.CURRENT) track.currentSince = undefined;
            track.readiness = r;
            if (!track.done) {
              this.emit({
                type: 'waiting',
                stage: stage.id,
                object: describeRef(target.ref),
                status: r.status,
                message: r.message,
                blockedBy: plan.nodes.has(key) ? blockers(plan, key, () => true) : undefined,
              });
            }
          }
          check();
        }));
      }
      check();
      await finished;
    } finally {
      clearInterval(ticker);
      this.opts.signal?.removeEventListener('abort', onAbort);
      for (const u of unsubs) u();
    }
  }

  private failure(stage: Stage, message: string,
    tracks: Array<{ target: WaitTarget; readiness: Readiness; done: boolean; changedAt: number }>): ApplyError {
    // Name only what is actually stuck: the failed objects when there are any (others are
    // still progressing), else everything not ready when the clock ran out.
    const notReady = tracks.filter(t => !t.done && t.readiness.status !== ReadinessStatus.CURRENT);
    const failedOnes = notReady.filter(t => t.readiness.status === ReadinessStatus.FAILED);
    const culprits = failedOnes.length ? failedOnes : notReady;
    const stuck: StuckObject[] = culprits.map(t => ({
      object: describeRef(t.target.ref),
      status: t.readiness.status,
      message: t.readiness.message,
      ...sinceChange(Date.now() - t.changedAt),
    }));
    const first = culprits[0]?.target.ref;
    const next = [
      ...(first ? [`kubectl describe ${first.kind.toLowerCase()}${first.group ? `.${first.group}` : ''} ${first.name}${first.namespace ? ` -n ${first.namespace}` : ''}`] : []),
      this.statusCommand,
      `${this.resumeCommand}   # resumes from the cluster's state`,
    ];
    const e = new ApplyError(message, stage.id, stuck, next);
    this.emit({ type: 'failed', stage: stage.id, message, stuck, next });
    return e;
  }

  private get statusCommand(): string {
    return this.opts.statusCommand ?? `${this.opts.commandHint ?? 'cdk8s-capi'} status <same paths>`;
  }

  private get resumeCommand(): string {
    return this.opts.resumeCommand ?? `${this.opts.commandHint ?? 'cdk8s-capi'} apply <same paths>`;
  }

  /** Writes `<dir>/<cluster>.kubeconfig` (0600, atomically, never through a symbolic link). */
  private async writeKubeconfigs(stage: Stage, dir: string, journal: Journal): Promise<Record<string, string>> {
    const written: Record<string, string> = {};
    for (const t of stage.waitFor) {
      if (!t.cluster) continue;
      const secret = await this.cache!.get('v1', 'Secret', t.ref.namespace, t.ref.name);
      const value = secret?.data?.value;
      if (typeof value !== 'string') continue;
      const path = join(dir, `${t.cluster}.kubeconfig`);
      try {
        ensureDir(dir);
        writeFileAtomic(path, Buffer.from(value, 'base64'));
      } catch (e) {
        if (!(e instanceof UnsafePathError)) throw e;
        const err = new ApplyError(`the cluster is up, but its kubeconfig was not written: ${e.message}`, stage.id, [], [`${this.resumeCommand}   # writes it once the path is fixed`]);
        this.emit({ type: 'failed', stage: stage.id, message: err.message, stuck: [], next: err.next });
        throw err;
      }
      journal.recordKubeconfig(t.cluster, path);
      written[t.cluster] = path;
      this.emit({ type: 'kubeconfig', cluster: t.cluster, path });
    }
    return written;
  }

  private checkAborted(stage: StageId): void {
    if (this.opts.signal?.aborted) {
      const e = new ApplyError('interrupted', stage, [], [`${this.resumeCommand}   # resumes from the cluster's state`]);
      this.emit({ type: 'failed', stage, message: e.message, stuck: [], next: e.next });
      throw e;
    }
  }
}

/** Runs `fn` over items with at most `limit` in flight. */
export async function pool<T>(items: readonly T[], limit: number, fn: (t: T) => Promise<void>): Promise<void> {
  let i = 0;
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (i < items.length) {
      const item = items[i++];
      await fn(item);
    }
  });
  await Promise.all(workers);
}

export type { ProgressEvent };
