// Flux Kustomization dependsOn cycles. kustomize-controller v1.9.4 reconciles a Kustomization only
// once each dependency is Ready at its current generation (internal/controller/
// kustomization_controller.go checkDependencies), so Kustomizations that depend on each other (or
// on themselves) wait for one another forever; its sortAndEnqueue (kustomization_indexers.go) also
// drops the source-change requests of every Kustomization of that source when the sort finds the cycle.
import { RuleContext, get } from './rule';
import { Finding, error } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';

const isKustomization = (o: KubeObject) => o?.kind === 'Kustomization' && String(o.apiVersion).startsWith('kustomize.toolkit.fluxcd.io/');
const keyOf = (ns: unknown, name: unknown) => `${String(ns ?? 'default')}/${String(name)}`;

/** The dependencies of a Kustomization as namespace/name keys (a dependency's namespace defaults to its own). */
function deps(o: KubeObject): Array<{ key: string; index: number }> {
  const list = get(o, 'spec', 'dependsOn');
  if (!Array.isArray(list)) return [];
  const ns = o.metadata?.namespace ?? 'default';
  return list.flatMap((d, index) => (d && typeof d.name === 'string' ? [{ key: keyOf(d.namespace || ns, d.name), index }] : []));
}

/** flux/depends-on-cycle on each Kustomization of a dependsOn cycle, at the entry that closes it. */
export function dependsOnCycleRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  const byKey = new Map<string, KubeObject>();
  for (const o of ctx.objects) if (o && isKustomization(o)) byKey.set(keyOf(o.metadata?.namespace, o.metadata?.name), o);
  const start = keyOf(obj.metadata?.namespace, obj.metadata?.name);
  for (const first of deps(obj)) {
    // Breadth first from this dependency; reaching this Kustomization again closes a cycle.
    const parent = new Map<string, string>([[first.key, start]]);
    const queue = [first.key];
    while (queue.length) {
      const at = queue.shift()!;
      if (at === start) {
        const chain = [start];
        for (let k = parent.get(start)!; k !== start; k = parent.get(k)!) chain.push(k);
        const cycle = [start, ...chain.slice(1).reverse(), start];
        return [error('fluxcd/depends-on-cycle', `spec.dependsOn[${first.index}]`,
          `dependsOn cycle ${cycle.join(' → ')}: each waits for the other to be Ready, so none of them is ever reconciled`,
          'remove the dependency that closes the cycle (dependsOn orders Kustomizations; it cannot be mutual)')];
      }
      const o = byKey.get(at);
      for (const d of o ? deps(o) : []) {
        if (parent.has(d.key) && d.key !== start) continue;
        if (d.key === start && parent.has(start)) continue;
        parent.set(d.key, at);
        queue.push(d.key);
      }
    }
  }
  return [];
}
