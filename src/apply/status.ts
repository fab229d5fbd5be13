// `status`: the progress view, once — every planned object (and the derived kubeconfig
// Secrets) with its live readiness, grouped by stage.
import { KubeClient } from './engine/kube-client';
import { MissingKindError } from './engine/kube-errors';
import { StageId, buildPlan } from './plan';
import { KubeObject } from '../core/kube-object';
import { describeRef } from '../core/object-ref';
import { WatchCache } from './engine/watch-cache';
import { readinessOf } from './readiness/rules';
import { Readiness, ReadinessStatus } from './readiness/types';
import { Clock } from '../core/clock';

export interface StatusRow {
  readonly stage: StageId;
  readonly title: string;
  readonly object: string;
  readonly readiness: Readiness;
}

export async function statusOf(kube: KubeClient, input: readonly KubeObject[], opts: { readonly clock?: Clock } = {}): Promise<StatusRow[]> {
  const objects: KubeObject[] = [];
  for (const o of input) {
    let namespaced = true;
    try {
      namespaced = (await kube.resource(o.apiVersion!, o.kind!)).namespaced;
    } catch (e) {
      if (!(e instanceof MissingKindError)) throw e;
    }
    objects.push(namespaced && !o.metadata?.namespace ? { ...o, metadata: { ...o.metadata, namespace: kube.defaultNamespace } } : o);
  }
  const plan = buildPlan(objects);
  const cache = new WatchCache(kube, undefined, opts.clock);
  const rows: StatusRow[] = [];
  try {
    for (const stage of plan.stages) {
      const refs = stage.apply.length ? stage.apply.map(n => n.ref) : stage.waitFor.map(w => w.ref);
      for (const ref of refs) {
        const av = ref.group ? `${ref.group}/${ref.version}` : ref.version;
        let readiness: Readiness;
        try {
          readiness = readinessOf(await cache.get(av, ref.kind, ref.namespace, ref.name));
        } catch (e) {
          if (!(e instanceof MissingKindError)) throw e;
          readiness = { status: ReadinessStatus.NOT_FOUND, message: e.message };
        }
        rows.push({ stage: stage.id, title: stage.title, object: describeRef(ref), readiness });
      }
    }
  } finally {
    cache.stop();
  }
  return rows;
}

const MARK: Record<ReadinessStatus, string> = {
  [ReadinessStatus.CURRENT]: '✔',
  [ReadinessStatus.IN_PROGRESS]: '…',
  [ReadinessStatus.FAILED]: '✖',
  [ReadinessStatus.NOT_FOUND]: '?',
};

export function formatStatus(rows: readonly StatusRow[]): string {
  const out: string[] = [];
  let title = '';
  const width = Math.max(0, ...rows.map(r => r.object.length));
  for (const r of rows) {
    if (r.title !== title) {
      title = r.title;
      out.push(title);
    }
    out.push(`  ${MARK[r.readiness.status]} ${r.object.padEnd(width)}  ${r.readiness.message}`);
  }
  return `${out.join('\n')}\n`;
}
