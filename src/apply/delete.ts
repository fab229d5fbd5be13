// `delete`: the apply plan in reverse — clusters first (CAPI cascades to machines, which
// release and deprovision their hosts), then the remaining cluster objects, then the hosts
// (BMO deprovisions and powers them off before its finalizer lets go), then their Secrets,
// namespaces and CRDs. Each step waits until the objects are really gone.
import { EventSink } from './events';
import { ApplyError, KubeClient } from './executor';
import { PlanNode, StageId, buildPlan } from './plan';
import { describeRef } from '../core/object-ref';
import { ReadinessStatus } from './readiness/types';
import { formatDuration } from './timeouts';
import { WatchCache } from './watch-cache';
import { KubeObject } from '../core/kube-object';

export interface DeleteOptions {
  /** Per step. @default 60 minutes (host deprovisioning wipes disks) */
  readonly stepTimeoutMs?: number;
  readonly onEvent?: EventSink;
  readonly signal?: AbortSignal;
}

const CLUSTER_KINDS = new Set(['cluster.x-k8s.io/Cluster', 'anywhere.eks.amazonaws.com/Cluster']);

export async function deleteObjects(kube: KubeClient, input: readonly KubeObject[], opts: DeleteOptions = {}):
Promise<{ deleted: number; requests: number }> {
  const emit = opts.onEvent ?? (() => undefined);
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
  const ordered = [...plan.stages].reverse().flatMap(s => [...s.apply].reverse());
  const gk = (n: PlanNode) => `${n.ref.group}/${n.ref.kind}`;
  const steps: Array<{ title: string; nodes: PlanNode[] }> = [
    { title: 'Deleting clusters (machines release their hosts)', nodes: ordered.filter(n => CLUSTER_KINDS.has(gk(n))) },
    { title: 'Deleting cluster objects', nodes: ordered.filter(n => !CLUSTER_KINDS.has(gk(n)) && stageOfNode(plan, n) === StageId.OBJECTS) },
    { title: 'Deleting bare-metal hosts (deprovisioning)', nodes: ordered.filter(n => n.ref.kind === 'BareMetalHost') },
    { title: 'Deleting host secrets', nodes: ordered.filter(n => stageOfNode(plan, n) === StageId.HOSTS && n.ref.kind !== 'BareMetalHost') },
    { title: 'Deleting prerequisites', nodes: ordered.filter(n => stageOfNode(plan, n) === StageId.PREREQUISITES) },
  ];
  const cache = new WatchCache(kube);
  let deleted = 0;
  try {
    for (const step of steps.filter(s => s.nodes.length)) {
      const t0 = Date.now();
      emit({ type: 'stage-start', stage: StageId.OBJECTS, title: step.title });
      for (const n of step.nodes) {
        if (opts.signal?.aborted) throw new ApplyError('interrupted', undefined, [], ['rerun delete: it continues where it stopped']);
        const r = await kube.delete(n.ref, CLUSTER_KINDS.has(gk(n)) ? 'Foreground' : 'Background');
        if (r === 'deleted') deleted++;
      }
      await waitGone(cache, step.nodes, opts.stepTimeoutMs ?? 60 * 60_000, opts.signal, (object, message) => emit({ type: 'waiting', stage: StageId.OBJECTS, object, status: ReadinessStatus.IN_PROGRESS, message }));
      for (const n of step.nodes) emit({ type: 'deleted', object: describeRef(n.ref) });
      emit({ type: 'stage-done', stage: StageId.OBJECTS, title: step.title, ms: Date.now() - t0 });
    }
  } finally {
    cache.stop();
  }
  return { deleted, requests: kube.stats.requests };
}

function stageOfNode(plan: ReturnType<typeof buildPlan>, n: PlanNode): StageId | undefined {
  return plan.stages.find(s => s.apply.includes(n))?.id;
}

async function waitGone(cache: WatchCache, nodes: PlanNode[], timeoutMs: number, signal: AbortSignal | undefined,
  report: (object: string, message: string) => void): Promise<void> {
  const left = new Map<string, string>();
  const unsubs: Array<() => void> = [];
  const deadline = Date.now() + timeoutMs;
  let timer: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      let subscribed = false;
      const check = () => {
        if (subscribed && left.size === 0) {
          resolve();
        } else if (Date.now() > deadline || signal?.aborted) {
          const stuck = [...left].map(([object, message]) => ({ object, status: ReadinessStatus.IN_PROGRESS, message }));
          reject(new ApplyError(signal?.aborted ? 'interrupted' : `objects still present after ${formatDuration(timeoutMs)}`, undefined, stuck,
            ['kubectl get <kind> <name> -o yaml   # look at finalizers and status', 'rerun delete: it continues where it stopped']));
        }
      };
      timer = setInterval(check, 250);
      void (async () => {
        for (const n of nodes) {
          const av = n.ref.group ? `${n.ref.group}/${n.ref.version}` : n.ref.version;
          const name = describeRef(n.ref);
          left.set(name, 'deleting');
          unsubs.push(await cache.subscribe(av, n.ref.kind, n.ref.namespace, n.ref.name, obj => {
            if (!obj) {
              left.delete(name);
            } else {
              const fin = obj.metadata?.finalizers ?? [];
              const msg = fin.length
                ? `waiting for finalizers ${fin.join(', ')}${obj.status?.provisioning?.state ? ` (${obj.status.provisioning.state})` : ''}`
                : 'deleting';
              if (left.get(name) !== msg) report(name, msg);
              left.set(name, msg);
            }
            check();
          }));
        }
        subscribed = true;
        check();
      })().catch(reject);
    });
  } finally {
    clearInterval(timer);
    for (const u of unsubs) u();
  }
}
