// `restore`: a backup directory back into a management cluster, the way clusterctl moves
// objects, as a queue — the Cluster is created paused (so no controller creates machines for
// objects not restored yet), everything else in order without owner references, then the owner
// references are linked to the new owners' uids, then reconciliation is resumed (restoring the
// backed-up pause value exactly) and the cluster is waited for. A rerun continues an
// interrupted restore: existing objects are never overwritten, the pause is found again from
// the journal or from our marker on the Cluster.
import { join, resolve } from 'node:path';
import { BackupIndex, SecretRole, readBackup } from './backup';
import { BackedUpOwnerRef, ownerRefsOf, withoutOwnerRefs } from './backup-strip';
import { ApplyTask } from './engine/apply-task';
import { KubeClient } from './engine/kube-client';
import { MissingKindError } from './engine/kube-errors';
import { ResumeTask } from './engine/pause-tasks';
import { RunError, reportedFailure } from './engine/run-error';
import { runQueue } from './engine/runner';
import { FailureDetail, Stage, Task, TaskContext } from './engine/task';
import { objectReady } from './engine/wait-items';
import { WaitTask } from './engine/wait-task';
import { WatchCache } from './engine/watch-cache';
import { EventSink } from './events';
import { checkInput } from './input-checks';
import { Journal } from './journal';
import { Pauser, markerEntry, pauseTargetFor, pauseValueOf } from './pause';
import { PlanNode, StageId } from './plan';
import { Variables } from './substitute';
import { TimeoutOverrides, mergeTimeouts } from './timeouts';
import { UpgradeEvent } from './upgrader';
import { Clock, RealClock } from '../core/clock';
import { isKind, parseApiVersion } from '../core/gvk';
import { KubeObject } from '../core/kube-object';
import { objectKey } from '../core/object-key';
import { describeRef, refOf } from '../core/object-ref';

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
  readonly timeouts?: TimeoutOverrides;
  /** The command that continues this restore, for failure summaries. */
  readonly resumeCommand?: string;
  /** The command showing the restored objects' status, for failure summaries. @default 'cdk8s-capi status <dir>' */
  readonly statusCommand?: string;
  /** Time for the wait and durations. @default the process clock */
  readonly clock?: Clock;
}

export interface RestoreResult {
  readonly created: number;
  readonly present: number;
  readonly linked: number;
  readonly ms: number;
}

const isClusterKind = (o: KubeObject) => isKind(o, 'cluster.x-k8s.io', 'Cluster') || isKind(o, 'anywhere.eks.amazonaws.com', 'Cluster');
const node = (object: KubeObject): PlanNode => ({ key: objectKey(object), ref: refOf(object), object, dependsOn: new Map() });
const OBJECTS_TITLE = 'Restoring objects (cluster paused)';
const CLUSTER_TITLE = 'Resuming reconciliation and waiting for the cluster';

export async function restoreBackup(kube: KubeClient, dir: string, opts: RestoreOptions = {}): Promise<RestoreResult> {
  const clock = opts.clock ?? new RealClock({ keepAlive: true });
  const started = clock.now();
  const emit = opts.onEvent ?? (() => undefined);
  const sink: EventSink = e => emit(e);
  const backup = readBackup(dir);
  const index = backup.index;
  const resumeCmd = opts.resumeCommand ?? `cdk8s-capi restore ${dir}`;
  const fail = (stage: StageId | undefined, message: string, detail: FailureDetail = {}): RunError =>
    reportedFailure(sink, stage, message, detail.stuck ?? [], detail.next ?? [...(detail.hints ?? []), `${resumeCmd}   # continues where it stopped`]);
  const refuse = (message: string, next: string[]) => fail(undefined, message, { hints: next });

  // Up front, before touching anything: placeholders resolved, every kind served, every
  // namespace present, every Secret it needs available.
  const { objects } = await checkInput(kube, backup.objects, { variables: opts.variables, verb: 'restored' }, refuse);
  const absentSecrets = await missingSecrets(kube, index);
  if (absentSecrets.length) {
    throw refuse(`nothing was restored: ${absentSecrets.length} Secret(s) the cluster needs are neither in the backup nor in the target: ${absentSecrets.join(', ')}`,
      ['create them, or restore from a backup taken with --include-secrets']);
  }
  const live = new Map<string, KubeObject>();
  for (const o of objects) {
    const got = await kube.get(refOf(o));
    if (got) live.set(objectKey(o), { apiVersion: o.apiVersion, kind: o.kind, ...got });
  }
  const clusters = objects.filter(isClusterKind);
  const journal = new Journal(opts.journalPath ?? join(resolve('.'), '.cdk8s-capi', 'journal.json'));
  journal.assertWritable();
  const pauser = new Pauser(kube, journal, 'restore', e => emit(e));
  const absent = objects.filter(o => !live.has(objectKey(o)));
  for (const c of clusters) {
    const l = live.get(objectKey(c));
    if (l && absent.length && markerEntry(l)?.by !== 'restore') {
      throw refuse(`nothing was restored: ${c.kind} ${c.metadata?.namespace}/${c.metadata?.name} already exists and is not being restored by cdk8s-capi, `
        + `while ${absent.length} object(s) of the backup are missing (restoring machines under a running cluster would duplicate them)`,
      ['restore into a management cluster without this cluster, or delete it first']);
    }
  }

  const counts = { created: 0, linked: 0 };
  // The Cluster first, born paused (journal entry before it exists), then the rest in order.
  const ordered = [...absent.filter(isClusterKind), ...absent.filter(o => !isClusterKind(o))].map(node);
  const timeouts = mergeTimeouts(opts.timeouts);
  const waitFor = objects.filter(o => isClusterKind(o) || ['RKE2ControlPlane', 'KubeadmControlPlane', 'MachineDeployment'].includes(o.kind ?? ''))
    .filter(o => !(isClusterKind(o) && pauseValueOf(o, pauseTargetFor(o)) !== undefined && pauseValueOf(o, pauseTargetFor(o)) !== false));
  const liveClusters: KubeObject[] = [];
  const queue: Stage[] = [
    {
      id: StageId.OBJECTS,
      title: OBJECTS_TITLE,
      // Creating objects has no clock of its own: only the overall budget.
      budget: timeouts.overall,
      tasks: [
        new ApplyTask({
          nodes: ordered,
          fieldManager: RESTORE_FIELD_MANAGER,
          sequential: true,
          body: n => {
            counts.created++;
            if (!isClusterKind(n.object)) return withoutOwnerRefs(n.object);
            const previous = pauseValueOf(n.object, pauseTargetFor(n.object));
            pauser.recordCreatedPaused(n.object, previous);
            return withoutOwnerRefs(pauser.pausedBody(n.object, previous));
          },
        }),
        task(async () => {
          counts.linked = await linkOwners(kube, objects);
        }),
        // Everything present before anything is resumed.
        task(async ctx => {
          const stillMissing: string[] = [];
          for (const o of objects) if (!(await kube.get(refOf(o)))) stillMissing.push(describeRef(refOf(o)));
          if (stillMissing.length) throw ctx.failHere(`the cluster stays paused: ${stillMissing.length} object(s) are not present: ${stillMissing.join(', ')}`);
        }),
      ],
    },
    {
      id: StageId.CLUSTER,
      title: CLUSTER_TITLE,
      budget: timeouts.stages[StageId.CLUSTER],
      tasks: [
        // The live Clusters as they are now (with our pause marker), for the resume.
        task(async () => {
          for (const c of clusters) {
            const l = await kube.get(refOf(c));
            if (l) liveClusters.push({ apiVersion: c.apiVersion, kind: c.kind, ...l });
          }
        }),
        new ResumeTask({ pauser, entries: () => pauser.leftovers(liveClusters, 'restore').filter(e => clusters.some(c => objectKey(c) === e.key)) }),
        ...(opts.wait !== false ? [new WaitTask({
          items: () => waitFor.map(o => objectReady(refOf(o))),
          onFailure: (f, ctx) => ctx.failHere(f.message, { stuck: f.stuck, hints: [opts.statusCommand ?? `cdk8s-capi status ${dir}`] }),
        })] : []),
      ],
    },
  ];

  emit({
    type: 'plan',
    objects: objects.length,
    stages: [
      { id: StageId.OBJECTS, title: OBJECTS_TITLE, apply: absent.length, wait: 0 },
      { id: StageId.CLUSTER, title: CLUSTER_TITLE, apply: 0, wait: clusters.length },
    ],
  });
  const cache = new WatchCache(kube, undefined, clock);
  try {
    await runQueue(queue, {
      kube,
      cache,
      clock,
      emit: sink,
      signal: opts.signal,
      timeouts,
      started,
      fail,
      interruptedMessage: stage => (stage === StageId.OBJECTS ? 'interrupted: the cluster stays paused until a rerun has restored every object' : 'interrupted'),
    });
  } finally {
    cache.stop();
  }
  const ms = clock.now() - started;
  emit({ type: 'done', ms, requests: kube.stats.requests, objects: objects.length, retries: kube.stats.retries });
  return { created: counts.created, present: objects.length - counts.created, linked: counts.linked, ms };
}

/** A one-off task of the restore queue. */
function task(run: (ctx: TaskContext) => Promise<void>): Task {
  return { run };
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

