// Waiting for a control plane's or MachineDeployment's rollout: the object and the machines it
// owns (upgrade-progress.ts decides), both from the shared watch cache.
import { WaitItem } from './engine/wait';
import { PlanNode } from './plan';
import { rolloutReadiness } from './upgrade-progress';
import { isControlPlane } from './upgrade-rollouts';
import { apiVersionOf } from '../core/gvk';
import { KubeObject } from '../core/kube-object';
import { describeRef } from '../core/object-ref';

/** The latest state of a rollout seen, for a failure summary. */
export interface RolloutSnapshot {
  readonly owner?: KubeObject;
  readonly machines: readonly KubeObject[];
}

/** The version a rollout moves the owner's machines to. */
export function targetVersionOf(o: KubeObject): string | undefined {
  return isControlPlane(o) ? o.spec?.version : o.spec?.template?.spec?.version;
}

/** Done when every machine of the owner runs the target version and is Ready, and no old one is left. */
export function rolloutDone(n: PlanNode, snapshots: Map<string, () => RolloutSnapshot>): WaitItem {
  let owner: KubeObject | undefined;
  let machines: KubeObject[] = [];
  const target = targetVersionOf(n.object);
  return {
    label: describeRef(n.ref),
    ref: n.ref,
    start: async (cache, changed) => {
      const a = await cache.subscribe(apiVersionOf(n.ref), n.ref.kind, n.ref.namespace, n.ref.name, o => {
        owner = o;
        changed();
      });
      const b = await cache.subscribeAll('cluster.x-k8s.io/v1beta2', 'Machine', n.ref.namespace, all => {
        machines = all;
        changed();
      });
      snapshots.set(n.key, () => ({ owner, machines }));
      return () => {
        a();
        b();
      };
    },
    evaluate: () => rolloutReadiness(owner, machines, target),
  };
}
