// `delete`: the apply plan in reverse, as a queue — clusters first (CAPI cascades to machines,
// which release and deprovision their hosts), then the remaining cluster objects, then the hosts
// (BMO deprovisions and powers them off before its finalizer lets go), then their Secrets,
// namespaces and CRDs. Each step waits until its objects are really gone.
import { DeleteTask } from './engine/delete-task';
import { KubeClient } from './engine/kube-client';
import { RunError, reportedFailure } from './engine/run-error';
import { runQueue } from './engine/runner';
import { FailureDetail, Stage } from './engine/task';
import { objectGone } from './engine/wait-items';
import { WaitTask } from './engine/wait-task';
import { WatchCache } from './engine/watch-cache';
import { EventSink } from './events';
import { PlanNode, StageId, buildPlan } from './plan';
import { mergeTimeouts, formatDuration } from './timeouts';
import { Clock, RealClock } from '../core/clock';
import { groupKindOf } from '../core/gvk';
import { KubeObject } from '../core/kube-object';
import { describeRef } from '../core/object-ref';

export interface DeleteOptions {
  /** Per step. @default 60 minutes (host deprovisioning wipes disks) */
  readonly stepTimeoutMs?: number;
  readonly onEvent?: EventSink;
  readonly signal?: AbortSignal;
  /** Time for the waits. @default the process clock */
  readonly clock?: Clock;
}

const CLUSTER_KINDS = new Set(['cluster.x-k8s.io/Cluster', 'anywhere.eks.amazonaws.com/Cluster']);
const RERUN = 'rerun delete: it continues where it stopped';

export async function deleteObjects(kube: KubeClient, input: readonly KubeObject[], opts: DeleteOptions = {}):
Promise<{ deleted: number; requests: number }> {
  const emit = opts.onEvent ?? (() => undefined);
  const clock = opts.clock ?? new RealClock({ keepAlive: true });
  const objects: KubeObject[] = [];
  for (const o of input) {
    let namespaced = true;
    try {
      namespaced = (await kube.resource(o.apiVersion!, o.kind!)).namespaced;
    } catch {
      continue; // the kind is not served: nothing of it can exist
    }
    objects.push(namespaced && !o.metadata?.namespace ? { ...o, metadata: { ...o.metadata, namespace: kube.defaultNamespace } } : o);
  }
  const plan = buildPlan(objects);
  const stageOf = (n: PlanNode) => plan.stages.find(s => s.apply.includes(n))?.id;
  const ordered = [...plan.stages].reverse().flatMap(s => [...s.apply].reverse());
  const isCluster = (n: PlanNode) => CLUSTER_KINDS.has(groupKindOf(n.object));
  const steps: Array<{ title: string; nodes: PlanNode[] }> = [
    { title: 'Deleting clusters (machines release their hosts)', nodes: ordered.filter(isCluster) },
    { title: 'Deleting cluster objects', nodes: ordered.filter(n => !isCluster(n) && stageOf(n) === StageId.OBJECTS) },
    { title: 'Deleting bare-metal hosts (deprovisioning)', nodes: ordered.filter(n => n.ref.kind === 'BareMetalHost') },
    { title: 'Deleting host secrets', nodes: ordered.filter(n => stageOf(n) === StageId.HOSTS && n.ref.kind !== 'BareMetalHost') },
    { title: 'Deleting prerequisites', nodes: ordered.filter(n => stageOf(n) === StageId.PREREQUISITES) },
  ];
  const stepTimeoutMs = opts.stepTimeoutMs ?? 60 * 60_000;
  const counter = { deleted: 0 };
  // Each step has its own clock (a deletion never fails on a reported condition, only on time).
  const queue: Stage[] = steps.filter(s => s.nodes.length).map(step => ({
    id: StageId.OBJECTS,
    title: step.title,
    budget: stepTimeoutMs,
    tasks: [
      new DeleteTask({ refs: step.nodes.map(n => n.ref), propagation: ref => (CLUSTER_KINDS.has(`${ref.group}/${ref.kind}`) ? 'Foreground' : 'Background'), counter }),
      new WaitTask({
        items: () => step.nodes.map(n => objectGone(n.ref)),
        policy: { stable: 0, failureWindow: Infinity, resource: Infinity, reportDone: false, expired: () => `objects still present after ${formatDuration(stepTimeoutMs)}` },
        onFailure: (f, ctx) => ctx.failHere(f.message, { stuck: f.stuck, next: ['kubectl get <kind> <name> -o yaml   # look at finalizers and status', RERUN] }),
        onDone: () => {
          for (const n of step.nodes) emit({ type: 'deleted', object: describeRef(n.ref) });
        },
      }),
    ],
  }));
  const cache = new WatchCache(kube, undefined, clock);
  try {
    await runQueue(queue, {
      kube,
      cache,
      clock,
      emit,
      signal: opts.signal,
      // The steps' budgets are the only clocks; the overall one is their sum.
      timeouts: { ...mergeTimeouts(), overall: stepTimeoutMs * Math.max(1, queue.length) },
      started: clock.now(),
      fail: (stage, message, detail: FailureDetail = {}): RunError =>
        reportedFailure(emit, stage, message, detail.stuck ?? [], detail.next ?? [...(detail.hints ?? []), RERUN]),
    });
  } finally {
    cache.stop();
  }
  return { deleted: counter.deleted, requests: kube.stats.requests };
}
