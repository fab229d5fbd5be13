// `upgrade`: the validation phase, then the upgrade phase of 001 as a queue — apply what the new
// version needs first (new hosts, templates under new content-hash names), then the control plane
// and wait for its rollout (machines on the new version, old ones gone, replicas up to date and
// ready), then the workers, then the cluster. Reconciliation is paused only where upstream needs
// it (EKS Anywhere's controller while its objects change together) and always restored.
// A failure leaves the cluster on its old machines and says where it stopped; a rerun resumes
// from the cluster's state (server-side apply is idempotent, the waits read live status).
import { join, resolve } from 'node:path';
import { FIELD_MANAGER } from './applier';
import { ApplyTask } from './engine/apply-task';
import { KubeClient } from './engine/kube-client';
import { PauseTask, PausedSet, ResumeTask } from './engine/pause-tasks';
import { RunError, reportedFailure } from './engine/run-error';
import { runQueue } from './engine/runner';
import { FailureDetail, Stage, Task, TaskContext } from './engine/task';
import { WaitFailure, WaitItem } from './engine/wait';
import { objectReady } from './engine/wait-items';
import { WaitTask } from './engine/wait-task';
import { WatchCache } from './engine/watch-cache';
import { EventSink, ProgressEvent } from './events';
import { checkInput } from './input-checks';
import { Journal, PausedEntry } from './journal';
import { Pauser, markerEntry } from './pause';
import { PlanNode, StageId, buildPlan } from './plan';
import { RolloutSnapshot, rolloutDone, targetVersionOf } from './rollout-wait-item';
import { Variables } from './substitute';
import { Timeouts, TimeoutOverrides, mergeTimeouts } from './timeouts';
import { LiveView, keyOfObject, preflightInputOf, readLive, serverPreflights } from './upgrade-live';
import { UpgradePreflight, preflightsPassed, upgradePreflights } from './upgrade-preflights';
import { machinesOf, whereItStopped } from './upgrade-progress';
import { isControlPlane, isMachineDeployment } from './upgrade-rollouts';
import { Clock, RealClock } from '../core/clock';
import { InvalidInputError } from '../core/errors';
import { groupOf, isKind } from '../core/gvk';
import { stableStringify } from '../core/hash';
import { KubeObject } from '../core/kube-object';
import { replicasOf } from '../core/rollout';

/** Events beyond the applier's: the preflight list. */
export type UpgradeEvent = ProgressEvent | { readonly type: 'preflights'; readonly results: readonly UpgradePreflight[] };

export interface UpgradeOptions {
  /** Values for `${VAR}` placeholders; an unresolved one fails before anything is touched. @default none */
  readonly variables?: Variables;
  readonly timeouts?: TimeoutOverrides;
  /** Journal file (pause bookkeeping). @default `.cdk8s-capi/journal.json` in the current directory */
  readonly journalPath?: string;
  readonly concurrency?: number;
  readonly onEvent?: (e: UpgradeEvent) => void;
  readonly signal?: AbortSignal;
  /** The exact command that resumes this upgrade, for failure summaries. @default 'cdk8s-capi upgrade <same paths>' */
  readonly resumeCommand?: string;
  /** The command showing live status, for failure summaries. @default 'cdk8s-capi status <same paths>' */
  readonly statusCommand?: string;
  /** Time for waits, timeouts and durations. @default the process clock */
  readonly clock?: Clock;
}

export interface UpgradeResult {
  readonly ms: number;
  readonly requests: number;
  /** Objects applied (created or changed). */
  readonly applied: number;
  readonly preflights: readonly UpgradePreflight[];
}

/** The validation phase failed: nothing was changed (the preflight list was reported as an event). */
export class PreflightError extends InvalidInputError {
  constructor(readonly results: readonly UpgradePreflight[]) {
    super('upgrade preflight validations failed: nothing was changed');
    this.name = 'PreflightError';
  }
}

const EKSA_GROUP = 'anywhere.eks.amazonaws.com';
const isCapiCluster = (o: KubeObject) => isKind(o, 'cluster.x-k8s.io', 'Cluster');
const isEksa = (o: KubeObject) => groupOf(o) === EKSA_GROUP;

/** Per-machine budget on bare metal: deprovision + provision + join. */
const PER_MACHINE = 30 * 60_000;

export class Upgrader {
  private readonly timeouts: Timeouts;
  private readonly emit: (e: UpgradeEvent) => void;
  private readonly clock: Clock;
  /** The latest state of each rollout seen (for the failure summary). */
  private readonly snapshots = new Map<string, () => RolloutSnapshot>();

  constructor(private readonly kube: KubeClient, private readonly opts: UpgradeOptions = {}) {
    this.timeouts = mergeTimeouts(opts.timeouts);
    this.emit = opts.onEvent ?? (() => undefined);
    this.clock = opts.clock ?? new RealClock({ keepAlive: true });
  }

  private get sink(): EventSink {
    return e => this.emit(e);
  }

  /** The validation phase: reads the cluster, dry-runs the new set, runs the preflights. Changes nothing. */
  async validate(objects: readonly KubeObject[]): Promise<{ view: LiveView; results: UpgradePreflight[] }> {
    const view = await readLive(this.kube, objects);
    const results = [...serverPreflights(view), ...upgradePreflights(preflightInputOf(view))];
    return { view, results };
  }

  async upgrade(input: readonly KubeObject[]): Promise<UpgradeResult> {
    const started = this.clock.now();
    // Kinds are not required to be served here: the preflights report a missing provider.
    const refuse = (message: string, next: string[]) => this.failure(undefined, message, { next: [...next, ...this.ownNext()] });
    const { objects } = await checkInput(this.kube, input, { variables: this.opts.variables, verb: 'changed', requireServed: false, concurrency: this.opts.concurrency }, refuse);
    const journal = new Journal(this.opts.journalPath ?? join(resolve('.'), '.cdk8s-capi', 'journal.json'));
    // A journal that cannot be written would only show when a pause is recorded, mid-upgrade.
    journal.assertWritable();
    const pauser = new Pauser(this.kube, journal, 'upgrade', e => this.emit(e));
    // Recovery first: a pause an interrupted upgrade left behind is undone before anything else.
    const before = await readLive(this.kube, objects, { dryRun: false });
    const leftovers = pauser.leftovers([...before.live.values()]);
    const restoring = leftovers.filter(e => e.by === 'restore');
    if (restoring.length) {
      throw refuse(`a restore of ${restoring.map(e => e.key.split('/').slice(1).join('/')).join(', ')} was interrupted; rerun \`cdk8s-capi restore <dir>\` first`, []);
    }
    if (leftovers.length) await pauser.resumeAll(leftovers);

    const { view, results } = await this.validate(objects);
    this.emit({ type: 'preflights', results });
    if (!preflightsPassed(results)) {
      const e = new PreflightError(results);
      e.reported = true;
      throw e;
    }

    const queue = this.queue(view, pauser);
    this.emit({ type: 'plan', objects: view.objects.length, stages: queue.map(s => ({ id: s.id, title: s.title, apply: s.applied, wait: 1 })) });
    const cache = new WatchCache(this.kube, (kind, reason) => this.emit({ type: 'relist', kind, reason }), this.clock);
    try {
      await runQueue(queue, {
        kube: this.kube,
        cache,
        clock: this.clock,
        emit: this.sink,
        signal: this.opts.signal,
        timeouts: this.timeouts,
        started,
        fail: (stage, message, detail) => this.failure(stage, message, detail),
      });
    } finally {
      cache.stop();
    }
    const ms = this.clock.now() - started;
    this.emit({ type: 'done', ms, requests: this.kube.stats.requests, objects: view.objects.length, retries: this.kube.stats.retries });
    return { ms, requests: this.kube.stats.requests, applied: queue.reduce((n, s) => n + s.applied, 0), preflights: results };
  }

  /** The upgrade phase: new templates and hosts, the control plane, the workers, the cluster (only what changed is applied). */
  private queue(view: LiveView, pauser: Pauser): Array<Stage & { applied: number }> {
    const changed = (n: PlanNode) => {
      const k = keyOfObject(n.object);
      const l = view.live.get(k);
      const d = view.dryRun.get(k);
      return !l || !d || stableStringify(strip(l)) !== stableStringify(strip(d));
    };
    const ordered = buildPlan(view.objects).stages.flatMap(s => s.apply);
    const cps = ordered.filter(n => isControlPlane(n.object));
    const mds = ordered.filter(n => isMachineDeployment(n.object));
    const eksa = ordered.filter(n => isEksa(n.object));
    const clusters = ordered.filter(n => isCapiCluster(n.object));
    const first = ordered.filter(n => !cps.includes(n) && !mds.includes(n) && !eksa.includes(n));
    const hosts = first.filter(n => n.ref.kind === 'BareMetalHost');
    const apply = (nodes: PlanNode[]) => new ApplyTask({ nodes, fieldManager: FIELD_MANAGER, concurrency: this.opts.concurrency });
    const waitFor = (nodes: PlanNode[], item: (n: PlanNode) => WaitItem) => new WaitTask({
      items: () => nodes.map(item),
      onFailure: (f, ctx) => this.rolloutFailure(f, ctx, nodes),
    });
    const stage = (id: StageId, title: string, nodes: PlanNode[], tasks: Task[], applied: number) => ({
      id, title, budget: this.stageBudget(id, nodes), tasks, applied,
    });
    const out: Array<Stage & { applied: number }> = [];
    const firstChanged = first.filter(changed);
    if (first.length) out.push(stage(StageId.OBJECTS, 'Applying new templates and hosts', first, [apply(firstChanged), waitFor(hosts, n => objectReady(n.ref))], firstChanged.length));
    const rollout = (n: PlanNode) => rolloutDone(n, this.snapshots);
    const cpsChanged = cps.filter(changed);
    if (cps.length) out.push(stage(StageId.CONTROL_PLANE, 'Upgrading control plane', cps, [apply(cpsChanged), waitFor(cps, rollout)], cpsChanged.length));
    const mdsChanged = mds.filter(changed);
    if (mds.length) out.push(stage(StageId.WORKERS, 'Upgrading worker nodes', mds, [apply(mdsChanged), waitFor(mds, rollout)], mdsChanged.length));
    if (eksa.length) {
      // EKS Anywhere: its cluster controller is paused while its objects change together
      // (eksctl's "Pausing EKS-A cluster controller reconcile"), and resumed whatever happens.
      const toApply = eksa.filter(changed);
      const paused = new PausedSet();
      const liveClusters = toApply.filter(n => n.ref.kind === 'Cluster').map(n => view.live.get(n.key)).filter((l): l is KubeObject => l !== undefined);
      const tasks: Task[] = toApply.length ? [
        new PauseTask({ pauser, objects: liveClusters, into: paused }),
        // Machine configs and datacenter before the Cluster that points at them.
        apply([...toApply.filter(n => n.ref.kind !== 'Cluster'), ...toApply.filter(n => n.ref.kind === 'Cluster')]),
        new ResumeTask({ pauser, entries: () => paused.entries }),
      ] : [];
      // A CAPI Cluster in the same set is waited for here too (one stage per id for the task list).
      tasks.push(waitFor([...eksa.filter(n => n.ref.kind === 'Cluster'), ...clusters], n => objectReady(n.ref)));
      out.push(stage(StageId.CLUSTER, 'Upgrading EKS Anywhere cluster', eksa, tasks, toApply.length));
    } else if (clusters.length) {
      out.push(stage(StageId.CLUSTER, 'Waiting for cluster to be available', [], [waitFor(clusters, n => objectReady(n.ref))], 0));
    }
    return out;
  }

  /** Stage budget: the explicit one, else enough for every machine to be replaced on bare metal. */
  private stageBudget(stage: StageId, nodes: PlanNode[]): number {
    if (this.opts.timeouts?.stages?.[stage] !== undefined) return this.timeouts.stages[stage];
    const machines = nodes.reduce((n, x) => n + (isControlPlane(x.object) || isMachineDeployment(x.object) ? replicasOf(x.object) : 0), 0);
    return Math.max(this.timeouts.stages[stage], machines * PER_MACHINE);
  }

  /** A failed wait, with where each rollout of the stage stopped and the machine to look at. */
  private rolloutFailure(f: WaitFailure, ctx: TaskContext, nodes: readonly PlanNode[]): RunError {
    const extra: string[] = [];
    const hints: string[] = [];
    for (const n of nodes.filter(x => isControlPlane(x.object) || isMachineDeployment(x.object))) {
      const snap = this.snapshots.get(n.key)?.();
      const owner = snap?.owner;
      if (!owner || !snap) continue;
      extra.push(whereItStopped(owner, snap.machines, targetVersionOf(n.object)));
      const notReady = machinesOf(owner, snap.machines).find(m => !m.metadata?.deletionTimestamp
        && !(m.status?.conditions ?? []).some((c: any) => c.type === 'Ready' && c.status === 'True'));
      if (notReady) hints.push(`kubectl describe machine.cluster.x-k8s.io ${notReady.metadata?.name} -n ${notReady.metadata?.namespace}`);
    }
    return ctx.failHere(extra.length ? `${f.message}\n   ${extra.join('\n   ')}` : f.message, { stuck: f.stuck, hints });
  }

  private ownNext(): string[] {
    return [
      this.opts.statusCommand ?? 'cdk8s-capi status <same paths>',
      `${this.opts.resumeCommand ?? 'cdk8s-capi upgrade <same paths>'}   # resumes where it stopped`,
    ];
  }

  private failure(stage: StageId | undefined, message: string, detail: FailureDetail = {}): RunError {
    return reportedFailure(this.sink, stage, message, detail.stuck ?? [], detail.next ?? [...(detail.hints ?? []), ...this.ownNext()]);
  }
}

/** Spec and metadata a person wrote (for "did the apply change it" comparisons). */
function strip(o: KubeObject): unknown {
  const { metadata, status: _status, ...rest } = o as any;
  const m = { ...(metadata ?? {}) };
  for (const f of ['uid', 'resourceVersion', 'generation', 'creationTimestamp', 'managedFields']) delete m[f];
  return { ...rest, metadata: m };
}

/** Live objects carrying a pause marker of ours (for status and tests). */
export function pausedByUs(objects: readonly KubeObject[]): PausedEntry[] {
  return objects.map(markerEntry).filter((e): e is PausedEntry => e !== undefined);
}
