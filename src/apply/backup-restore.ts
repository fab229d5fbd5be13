// `restore`: a backup directory back into a management cluster, the way clusterctl moves
// objects — the Cluster is created paused (so no controller creates machines for objects not
// restored yet), everything else in order without owner references, then the owner
// references are linked to the new owners' uids, then reconciliation is resumed (restoring the
// backed-up pause value exactly) and the cluster is waited for. A rerun continues an
// interrupted restore: existing objects are never overwritten, the pause is found again from
// the journal or from our marker on the Cluster.
import { join, resolve } from 'node:path';
import { BackupError, BackupIndex, SecretRole, readBackup } from './backup';
import { BackedUpOwnerRef, ownerRefsOf, withoutOwnerRefs } from './backup-strip';
import { EventSink, StuckObject } from './events';
import { ApplyError, KubeClient } from './executor';
import { Journal } from './journal';
import { MissingKindError } from './kube';
import { formatNamespaceProblems, namespaceHints, namespaceProblems } from './namespaces';
import { Pauser, markerEntry, pauseTargetFor, pauseValueOf } from './pause';
import { StageId } from './plan';
import { keyOf } from '../core/object-key';
import { readinessOf } from './readiness/rules';
import { SubstitutionError, Variables, substitute } from './substitute';
import { DEFAULT_TIMEOUTS, Timeouts } from './timeouts';
import { UpgradeEvent } from './upgrade';
import { WaitItem, waitForItems } from './upgrade-wait';
import { WatchCache } from './watch-cache';
import { apiVersionOf, isKind, parseApiVersion } from '../core/gvk';
import { KubeObject } from '../core/kube-object';
import { ObjectRef, describeRef, refOf } from '../core/object-ref';

/** Field manager of restored objects: kept apart from `cdk8s-capi` so a later apply never prunes controller-written fields. */
export const RESTORE_FIELD_MANAGER = 'cdk8s-capi-restore';

export interface RestoreOptions {
  /** Values for `${VAR}` placeholders in the backup; an unresolved one fails before anything is touched. @default none */
  readonly variables?: Variables;
  readonly journalPath?: string;
  readonly onEvent?: (e: UpgradeEvent) => void;
  readonly signal?: AbortSignal;
  /** Wait for the cluster to be available after resuming. @default true */
  readonly wait?: boolean;
  readonly timeouts?: Partial<Omit<Timeouts, 'stages'>> & { stages?: Partial<Timeouts['stages']> };
  /** The command that continues this restore, for failure summaries. */
  readonly resumeCommand?: string;
  /** The command showing the restored objects' status, for failure summaries. @default 'cdk8s-capi status <dir>' */
  readonly statusCommand?: string;
}

export interface RestoreResult {
  readonly created: number;
  readonly present: number;
  readonly linked: number;
  readonly ms: number;
}

const isClusterKind = (o: KubeObject) => isKind(o, 'cluster.x-k8s.io', 'Cluster') || isKind(o, 'anywhere.eks.amazonaws.com', 'Cluster');

export async function restoreBackup(kube: KubeClient, dir: string, opts: RestoreOptions = {}): Promise<RestoreResult> {
  const started = Date.now();
  const emit = opts.onEvent ?? (() => undefined);
  const sink: EventSink = e => emit(e);
  const backup = readBackup(dir);
  const index = backup.index;
  const resumeCmd = opts.resumeCommand ?? `cdk8s-capi restore ${dir}`;
  const fail = (stage: StageId | undefined, message: string, stuck: StuckObject[] = [], next: string[] = []): ApplyError => {
    const e = new ApplyError(message, stage, stuck, [...next, `${resumeCmd}   # continues where it stopped`]);
    emit({ type: 'failed', stage, message, stuck, next: e.next });
    return e;
  };

  // Up front, before touching anything: placeholders resolved, every kind served, every
  // namespace present, every Secret it needs available.
  let objects: KubeObject[];
  try {
    objects = substitute(backup.objects, opts.variables ?? {}).objects;
  } catch (e) {
    if (e instanceof SubstitutionError) throw fail(undefined, e.message.replace('nothing was applied', 'nothing was restored'));
    throw e;
  }
  const missing: string[] = [];
  const namespacedKinds = new Set<string>();
  for (const o of objects) {
    try {
      if ((await kube.resource(o.apiVersion!, o.kind!)).namespaced) namespacedKinds.add(`${o.apiVersion}/${o.kind}`);
    } catch (e) {
      if (!(e instanceof MissingKindError)) throw e;
      if (!missing.includes(e.message)) missing.push(e.message);
    }
  }
  if (missing.length) throw fail(undefined, `nothing was restored: ${missing.join('; ')}`, [], ['install the missing provider(s), then rerun']);
  const nsProblems = await namespaceProblems(kube, objects, o => namespacedKinds.has(`${o.apiVersion}/${o.kind}`));
  if (nsProblems.length) throw fail(undefined, `nothing was restored: ${formatNamespaceProblems(nsProblems).join('; ')}`, [], namespaceHints(nsProblems));
  const absentSecrets = await missingSecrets(kube, index);
  if (absentSecrets.length) {
    throw fail(undefined, `nothing was restored: ${absentSecrets.length} Secret(s) the cluster needs are neither in the backup nor in the target: ${absentSecrets.join(', ')}`,
      [], ['create them, or restore from a backup taken with --include-secrets']);
  }

  const live = new Map<string, KubeObject>();
  for (const o of objects) {
    const got = await kube.get(refOf(o));
    if (got) live.set(keyOf(refOf(o)), { apiVersion: o.apiVersion, kind: o.kind, ...got });
  }
  const clusters = objects.filter(isClusterKind);
  const journal = new Journal(opts.journalPath ?? join(resolve('.'), '.cdk8s-capi', 'journal.json'));
  journal.assertWritable();
  const pauser = new Pauser(kube, journal, 'restore', e => emit(e));
  const absent = objects.filter(o => !live.has(keyOf(refOf(o))));
  for (const c of clusters) {
    const l = live.get(keyOf(refOf(c)));
    if (l && absent.length && markerEntry(l)?.by !== 'restore') {
      throw fail(undefined, `nothing was restored: ${c.kind} ${c.metadata?.namespace}/${c.metadata?.name} already exists and is not being restored by cdk8s-capi, `
        + `while ${absent.length} object(s) of the backup are missing (restoring machines under a running cluster would duplicate them)`,
      [], ['restore into a management cluster without this cluster, or delete it first']);
    }
  }

  emit({
    type: 'plan',
    objects: objects.length,
    stages: [
      { id: StageId.OBJECTS, title: 'Restoring objects (cluster paused)', apply: absent.length, wait: 0 },
      { id: StageId.CLUSTER, title: 'Resuming reconciliation and waiting for the cluster', apply: 0, wait: clusters.length },
    ],
  });
  let t0 = Date.now();
  emit({ type: 'stage-start', stage: StageId.OBJECTS, title: 'Restoring objects (cluster paused)' });
  let created = 0;
  const create = async (o: KubeObject) => {
    if (opts.signal?.aborted) throw fail(StageId.OBJECTS, 'interrupted: the cluster stays paused until a rerun has restored every object');
    await kube.apply(withoutOwnerRefs(o), { fieldManager: RESTORE_FIELD_MANAGER, force: true });
    created++;
    emit({ type: 'applied', object: describeRef(refOf(o)), result: 'applied' });
  };
  // The Cluster first, born paused (journal entry before it exists), then the rest in order.
  const ordered = [...absent.filter(isClusterKind), ...absent.filter(o => !isClusterKind(o))];
  for (const o of ordered) {
    if (isClusterKind(o)) {
      const previous = pauseValueOf(o, pauseTargetFor(o));
      pauser.recordCreatedPaused(o, previous);
      await create(pauser.pausedBody(o, previous));
    } else {
      await create(o);
    }
  }
  const linked = await linkOwners(kube, objects);
  // Everything present before anything is resumed.
  const stillMissing: string[] = [];
  for (const o of objects) if (!(await kube.get(refOf(o)))) stillMissing.push(describeRef(refOf(o)));
  if (stillMissing.length) throw fail(StageId.OBJECTS, `the cluster stays paused: ${stillMissing.length} object(s) are not present: ${stillMissing.join(', ')}`);
  emit({ type: 'stage-done', stage: StageId.OBJECTS, title: 'Restoring objects (cluster paused)', ms: Date.now() - t0 });

  t0 = Date.now();
  emit({ type: 'stage-start', stage: StageId.CLUSTER, title: 'Resuming reconciliation and waiting for the cluster' });
  const liveClusters: KubeObject[] = [];
  for (const c of clusters) {
    const l = await kube.get(refOf(c));
    if (l) liveClusters.push({ apiVersion: c.apiVersion, kind: c.kind, ...l });
  }
  await pauser.resumeAll(pauser.leftovers(liveClusters, 'restore').filter(e => clusters.some(c => keyOf(refOf(c)) === e.key)));
  if (opts.wait !== false) {
    const t = opts.timeouts ?? {};
    const timeouts = { ...DEFAULT_TIMEOUTS, ...t, stages: { ...DEFAULT_TIMEOUTS.stages, ...(t.stages ?? {}) } } as Timeouts;
    const cache = new WatchCache(kube);
    const waitFor = objects.filter(o => isClusterKind(o) || ['RKE2ControlPlane', 'KubeadmControlPlane', 'MachineDeployment'].includes(o.kind ?? ''))
      .filter(o => !(isClusterKind(o) && pauseValueOf(o, pauseTargetFor(o)) !== undefined && pauseValueOf(o, pauseTargetFor(o)) !== false));
    try {
      await waitForItems(waitFor.map(o => objectItem(cache, refOf(o))), {
        stage: StageId.CLUSTER,
        title: 'Waiting for the restored cluster',
        timeouts,
        deadline: Math.min(started + timeouts.overall, t0 + timeouts.stages[StageId.CLUSTER]),
        overallDeadline: started + timeouts.overall,
        emit: sink,
        signal: opts.signal,
        fail: (message, stuck) => fail(StageId.CLUSTER, message, stuck, [opts.statusCommand ?? `cdk8s-capi status ${dir}`]),
      });
    } finally {
      cache.stop();
    }
  }
  emit({ type: 'stage-done', stage: StageId.CLUSTER, title: 'Resuming reconciliation and waiting for the cluster', ms: Date.now() - t0 });
  const ms = Date.now() - started;
  emit({ type: 'done', ms, requests: kube.stats.requests, objects: objects.length, retries: kube.stats.retries });
  return { created, present: objects.length - created, linked, ms };
}

function objectItem(cache: WatchCache, ref: ObjectRef): WaitItem {
  let obj: KubeObject | undefined;
  return {
    label: describeRef(ref),
    start: changed => cache.subscribe(apiVersionOf(ref), ref.kind, ref.namespace, ref.name, o => {
      obj = o;
      changed();
    }),
    evaluate: () => readinessOf(obj),
  };
}

/** Secrets the backup did not include and nothing recreates, that the target lacks. */
async function missingSecrets(kube: KubeClient, index: BackupIndex): Promise<string[]> {
  const out: string[] = [];
  for (const s of index.secrets) {
    if (s.included || s.role === SecretRole.KUBECONFIG || s.role === SecretRole.BOOTSTRAP_DATA) continue;
    if (!(await kube.get({ group: '', version: 'v1', kind: 'Secret', namespace: s.namespace, name: s.name }))) out.push(`${s.namespace}/${s.name} (${s.role})`);
  }
  return out;
}

/** Sets the backed-up owner references with the new owners' uids; returns how many objects were patched. */
async function linkOwners(kube: KubeClient, objects: readonly KubeObject[]): Promise<number> {
  let patched = 0;
  for (const o of objects) {
    const wanted = ownerRefsOf(o);
    if (!wanted.length) continue;
    const current = await kube.get(refOf(o));
    if (!current) continue;
    const have: any[] = current.metadata?.ownerReferences ?? [];
    const add: any[] = [];
    for (const r of wanted) {
      if (have.some(h => h.kind === r.kind && h.name === r.name)) continue;
      const owner = await ownerOf(kube, r, o.metadata?.namespace);
      if (!owner?.metadata?.uid) continue; // its owner is not part of the cluster any more
      const controller = r.controller && !have.some(h => h.controller) && !add.some(h => h.controller);
      add.push({
        apiVersion: r.apiVersion,
        kind: r.kind,
        name: r.name,
        uid: owner.metadata.uid,
        ...(controller ? { controller: true } : {}),
        ...(r.blockOwnerDeletion !== undefined ? { blockOwnerDeletion: r.blockOwnerDeletion } : {}),
      });
    }
    if (!add.length) continue;
    await kube.mergePatch(refOf(o), { metadata: { ownerReferences: [...have, ...add] } }, RESTORE_FIELD_MANAGER);
    patched++;
  }
  return patched;
}

async function ownerOf(kube: KubeClient, r: BackedUpOwnerRef, namespace: string | undefined): Promise<KubeObject | undefined> {
  try {
    return await kube.get({ ...parseApiVersion(r.apiVersion), kind: r.kind, namespace, name: r.name });
  } catch (e) {
    if (e instanceof MissingKindError) return undefined;
    throw e;
  }
}

export { BackupError };
