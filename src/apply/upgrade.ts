// `upgrade`: the validation phase, then the upgrade phase of 001 — apply what the new version
// needs first (new hosts, templates under new content-hash names), then the control plane and
// wait for its rollout (machines on the new version, old ones gone, replicas up to date and
// ready), then the workers, then the cluster. Reconciliation is paused only where upstream
// needs it (EKS Anywhere's controller while its objects change together) and always restored.
// A failure leaves the cluster on its old machines and says where it stopped; a rerun resumes
// from the cluster's state (server-side apply is idempotent, the waits read live status).
import { join, resolve } from 'node:path';
import { EventSink, ProgressEvent, StuckObject } from './events';
import { ApplyError, FIELD_MANAGER, KubeClient, pool } from './executor';
import { Journal, PausedEntry } from './journal';
import { formatNamespaceProblems, namespaceHints, namespaceProblems } from './namespaces';
import { PauseResult, Pauser, markerEntry } from './pause';
import { PlanNode, StageId, buildPlan } from './plan';
import { readinessOf } from './readiness/rules';
import { SubstitutionError, Variables, substitute } from './substitute';
import { DEFAULT_TIMEOUTS, Timeouts } from './timeouts';
import { LiveView, keyOfObject, preflightInputOf, readLive, serverPreflights } from './upgrade-live';
import { UpgradePreflight, preflightsPassed, upgradePreflights } from './upgrade-preflights';
import { machinesOf, rolloutReadiness, whereItStopped } from './upgrade-progress';
import { isControlPlane, isMachineDeployment } from './upgrade-rollouts';
import { WaitItem, waitForItems } from './upgrade-wait';
import { WatchCache } from './watch-cache';
import { InvalidInputError } from '../core/errors';
import { apiVersionOf, groupOf, isKind } from '../core/gvk';
import { stableStringify } from '../core/hash';
import { KubeObject } from '../core/kube-object';
import { ObjectRef, describeRef } from '../core/object-ref';

/** Events beyond the applier's: the preflight list and pause bookkeeping. */
export type UpgradeEvent = ProgressEvent
| { readonly type: 'preflights'; readonly results: readonly UpgradePreflight[] }
| { readonly type: 'paused' | 'resumed'; readonly object: string; readonly how: string };

export interface UpgradeOptions {
  /** Values for `${VAR}` placeholders; an unresolved one fails before anything is touched. @default none */
  readonly variables?: Variables;
  readonly timeouts?: Partial<Omit<Timeouts, 'stages'>> & { stages?: Partial<Timeouts['stages']> };
  /** Journal file (pause bookkeeping). @default `.cdk8s-capi/journal.json` in the current directory */
  readonly journalPath?: string;
  readonly concurrency?: number;
  readonly onEvent?: (e: UpgradeEvent) => void;
  readonly signal?: AbortSignal;
  /** The exact command that resumes this upgrade, for failure summaries. @default 'cdk8s-capi upgrade <same paths>' */
  readonly resumeCommand?: string;
  /** The command showing live status, for failure summaries. @default 'cdk8s-capi status <same paths>' */
  readonly statusCommand?: string;
}

export interface UpgradeResult {
  readonly ms: number;
  readonly requests: number;
  /** Objects applied (created or changed). */
  readonly applied: number;
  readonly preflights: readonly UpgradePreflight[];
}

/** The validation phase failed: nothing was changed. */
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
  private readonly started = Date.now();
  private cache?: WatchCache;
  /** The latest state of each rollout seen (for the failure summary). */
  private readonly snapshots = new Map<string, () => { owner?: KubeObject; machines: KubeObject[] }>();

  constructor(private readonly kube: KubeClient, private readonly opts: UpgradeOptions = {}) {
    const t = opts.timeouts ?? {};
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...t, stages: { ...DEFAULT_TIMEOUTS.stages, ...(t.stages ?? {}) } } as Timeouts;
    this.emit = opts.onEvent ?? (() => undefined);
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
    let objects: KubeObject[];
    try {
      objects = substitute(input, this.opts.variables ?? {}).objects;
    } catch (e) {
      if (e instanceof SubstitutionError) throw this.failure(undefined, e.message, [], []);
      throw e;
    }
    await this.checkNamespaces(objects);
    const journal = new Journal(this.opts.journalPath ?? join(resolve('.'), '.cdk8s-capi', 'journal.json'));
    // A journal that cannot be written would only show when a pause is recorded, mid-upgrade.
    journal.assertWritable();
    const pauser = new Pauser(this.kube, journal, 'upgrade', e => this.emit(e));
    // Recovery first: a pause an interrupted upgrade left behind is undone before anything else.
    const before = await readLive(this.kube, objects, { dryRun: false });
    const leftovers = pauser.leftovers([...before.live.values()]);
    const restoring = leftovers.filter(e => e.by === 'restore');
    if (restoring.length) {
      throw this.failure(undefined, `a restore of ${restoring.map(e => e.key.split('/').slice(1).join('/')).join(', ')} was interrupted; rerun \`cdk8s-capi restore <dir>\` first`, [], []);
    }
    if (leftovers.length) await pauser.resumeAll(leftovers);

    const { view, results } = await this.validate(objects);
    this.emit({ type: 'preflights', results });
    if (!preflightsPassed(results)) throw new PreflightError(results);

    const changed = (o: KubeObject) => {
      const k = keyOfObject(o);
      const l = view.live.get(k);
      const d = view.dryRun.get(k);
      return !l || !d || stableStringify(strip(l)) !== stableStringify(strip(d));
    };
    const plan = buildPlan(view.objects);
    const ordered = plan.stages.flatMap(s => s.apply);
    const cps = ordered.filter(n => isControlPlane(n.object));
    const mds = ordered.filter(n => isMachineDeployment(n.object));
    const eksa = ordered.filter(n => isEksa(n.object));
    const clusters = ordered.filter(n => isCapiCluster(n.object));
    const first = ordered.filter(n => !cps.includes(n) && !mds.includes(n) && !eksa.includes(n));
    const hosts = first.filter(n => n.ref.kind === 'BareMetalHost');
    const stages: Array<{ id: StageId; title: string; apply: PlanNode[]; wait: () => WaitItem[]; paused?: boolean }> = [];
    if (first.length) stages.push({ id: StageId.OBJECTS, title: 'Applying new templates and hosts', apply: first, wait: () => hosts.map(h => this.objectItem(h.ref)) });
    if (cps.length) stages.push({ id: StageId.CONTROL_PLANE, title: 'Upgrading control plane', apply: cps, wait: () => cps.map(n => this.rolloutItem(n)) });
    if (mds.length) stages.push({ id: StageId.WORKERS, title: 'Upgrading worker nodes', apply: mds, wait: () => mds.map(n => this.rolloutItem(n)) });
    if (eksa.length) {
      stages.push({
        id: StageId.CLUSTER,
        title: 'Upgrading EKS Anywhere cluster',
        apply: eksa,
        paused: true,
        // A CAPI Cluster in the same set is waited for here too (one stage per id for the task list).
        wait: () => [...eksa.filter(n => n.ref.kind === 'Cluster'), ...clusters].map(n => this.objectItem(n.ref)),
      });
    } else if (clusters.length) {
      stages.push({ id: StageId.CLUSTER, title: 'Waiting for cluster to be available', apply: [], wait: () => clusters.map(n => this.objectItem(n.ref)) });
    }
    this.emit({ type: 'plan', objects: view.objects.length, stages: stages.map(s => ({ id: s.id, title: s.title, apply: s.apply.length, wait: 1 })) });

    const overallDeadline = this.started + this.timeouts.overall;
    this.cache = new WatchCache(this.kube, (kind, reason) => this.emit({ type: 'relist', kind, reason }));
    let applied = 0;
    try {
      for (const s of stages) {
        this.checkAborted(s.id);
        const t0 = Date.now();
        this.emit({ type: 'stage-start', stage: s.id, title: s.title });
        const toApply = s.apply.filter(n => changed(n.object));
        if (s.paused) await this.applyPaused(s.id, toApply, pauser, view);
        else await this.applyAll(s.id, toApply);
        applied += toApply.length;
        const items = s.wait();
        if (items.length) {
          const budget = this.stageBudget(s.id, s.apply);
          await waitForItems(items, {
            stage: s.id,
            title: s.title,
            timeouts: { ...this.timeouts, stages: { ...this.timeouts.stages, [s.id]: budget } },
            deadline: Math.min(overallDeadline, t0 + budget),
            overallDeadline,
            emit: this.sink,
            signal: this.opts.signal,
            fail: (message, stuck) => this.rolloutFailure(s.id, message, stuck, s.apply),
          });
        }
        this.emit({ type: 'stage-done', stage: s.id, title: s.title, ms: Date.now() - t0 });
      }
    } finally {
      this.cache.stop();
    }
    const ms = Date.now() - this.started;
    this.emit({ type: 'done', ms, requests: this.kube.stats.requests, objects: view.objects.length, retries: this.kube.stats.retries });
    return { ms, requests: this.kube.stats.requests, applied, preflights: results };
  }

  /** Every namespace the new objects use exists (or is among them). */
  private async checkNamespaces(objects: readonly KubeObject[]): Promise<void> {
    const scope = new Map<string, boolean>();
    for (const o of objects) {
      const k = `${o.apiVersion}/${o.kind}`;
      if (!scope.has(k)) scope.set(k, await this.kube.resource(o.apiVersion!, o.kind!).then(r => r.namespaced, () => false));
    }
    const namespaced = (o: KubeObject) => scope.get(`${o.apiVersion}/${o.kind}`) === true;
    const withNs = objects.map(o => (namespaced(o) && !o.metadata?.namespace
      ? { ...o, metadata: { ...o.metadata, namespace: this.kube.defaultNamespace } }
      : o));
    const problems = await namespaceProblems(this.kube, withNs, namespaced);
    if (problems.length) throw this.failure(undefined, `nothing was changed: ${formatNamespaceProblems(problems).join('; ')}`, [], namespaceHints(problems));
  }

  /** Stage budget: the explicit one, else enough for every machine to be replaced on bare metal. */
  private stageBudget(stage: StageId, nodes: PlanNode[]): number {
    if (this.opts.timeouts?.stages?.[stage] !== undefined) return this.timeouts.stages[stage];
    const machines = nodes.reduce((n, x) => n + (isControlPlane(x.object) || isMachineDeployment(x.object) ? (x.object.spec?.replicas ?? 1) : 0), 0);
    return Math.max(this.timeouts.stages[stage], machines * PER_MACHINE);
  }

  private async applyAll(stage: StageId, nodes: PlanNode[]): Promise<void> {
    // In plan order, one dependency wave at a time (templates before what references them).
    const done = new Set<string>();
    const inSet = new Set(nodes.map(n => n.key));
    let pending = [...nodes];
    while (pending.length) {
      const wave = pending.filter(n => [...n.dependsOn.keys()].every(d => !inSet.has(d) || done.has(d)));
      await pool(wave.length ? wave : pending, this.opts.concurrency ?? 8, async n => {
        this.checkAborted(stage);
        await this.kube.apply(n.object, { fieldManager: FIELD_MANAGER, force: true });
        this.emit({ type: 'applied', object: describeRef(n.ref), result: 'applied' });
        done.add(n.key);
      });
      pending = pending.filter(n => !done.has(n.key));
    }
  }

  /**
   * EKS Anywhere: pause its cluster controller, apply the cluster's objects together, resume
   * (eksctl's "Pausing EKS-A cluster controller reconcile" / "Resuming EKS-A controller
   * reconcile"), whatever happens in between.
   */
  private async applyPaused(stage: StageId, nodes: PlanNode[], pauser: Pauser, view: LiveView): Promise<void> {
    if (!nodes.length) return;
    const paused: PausedEntry[] = [];
    try {
      for (const n of nodes.filter(x => x.ref.kind === 'Cluster')) {
        const live = view.live.get(n.key);
        if (!live) continue; // a new cluster has nothing to pause yet
        if ((await pauser.pause(live)) === PauseResult.PAUSED) {
          const e = pauser.leftovers().find(x => x.key === n.key);
          if (e) paused.push(e);
        }
      }
      // Machine configs and datacenter before the Cluster that points at them.
      await this.applyAll(stage, [...nodes.filter(n => n.ref.kind !== 'Cluster'), ...nodes.filter(n => n.ref.kind === 'Cluster')]);
    } finally {
      await pauser.resumeAll(paused);
    }
  }

  /** Waits for one object's own readiness rule. */
  private objectItem(ref: ObjectRef): WaitItem {
    let obj: KubeObject | undefined;
    return {
      label: describeRef(ref),
      start: changed => this.cache!.subscribe(apiVersionOf(ref), ref.kind, ref.namespace, ref.name, o => {
        obj = o;
        changed();
      }),
      evaluate: () => readinessOf(obj),
    };
  }

  /** Waits for a control plane's or MachineDeployment's rollout: the object and its machines. */
  private rolloutItem(n: PlanNode): WaitItem {
    let owner: KubeObject | undefined;
    let machines: KubeObject[] = [];
    const target = isControlPlane(n.object) ? n.object.spec?.version : n.object.spec?.template?.spec?.version;
    return {
      label: describeRef(n.ref),
      start: async changed => {
        const a = await this.cache!.subscribe(apiVersionOf(n.ref), n.ref.kind, n.ref.namespace, n.ref.name, o => {
          owner = o;
          changed();
        });
        const b = await this.cache!.subscribeAll('cluster.x-k8s.io/v1beta2', 'Machine', n.ref.namespace, all => {
          machines = all;
          changed();
        });
        this.snapshots.set(n.key, () => ({ owner, machines }));
        return () => {
          a();
          b();
        };
      },
      evaluate: () => rolloutReadiness(owner, machines, target),
    };
  }


  private rolloutFailure(stage: StageId, message: string, stuck: StuckObject[], nodes: PlanNode[]): ApplyError {
    const extra: string[] = [];
    const hints: string[] = [];
    for (const n of nodes.filter(x => isControlPlane(x.object) || isMachineDeployment(x.object))) {
      const snap = this.snapshots.get(n.key)?.();
      const owner = snap?.owner;
      if (!owner || !snap) continue;
      const target = isControlPlane(n.object) ? n.object.spec?.version : n.object.spec?.template?.spec?.version;
      extra.push(whereItStopped(owner, snap.machines, target));
      const notReady = machinesOf(owner, snap.machines).find(m => !m.metadata?.deletionTimestamp
        && !(m.status?.conditions ?? []).some((c: any) => c.type === 'Ready' && c.status === 'True'));
      if (notReady) hints.push(`kubectl describe machine.cluster.x-k8s.io ${notReady.metadata?.name} -n ${notReady.metadata?.namespace}`);
    }
    const full = extra.length ? `${message}\n   ${extra.join('\n   ')}` : message;
    return this.failure(stage, full, stuck, hints);
  }

  private failure(stage: StageId | undefined, message: string, stuck: StuckObject[], hints: string[]): ApplyError {
    const next = [
      ...hints,
      this.opts.statusCommand ?? 'cdk8s-capi status <same paths>',
      `${this.opts.resumeCommand ?? 'cdk8s-capi upgrade <same paths>'}   # resumes where it stopped`,
    ];
    const e = new ApplyError(message, stage, stuck, next);
    this.emit({ type: 'failed', stage, message, stuck, next });
    return e;
  }

  private checkAborted(stage: StageId): void {
    if (this.opts.signal?.aborted) throw this.failure(stage, 'interrupted', [], []);
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
