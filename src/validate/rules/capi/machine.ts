// Machine webhook (internal/webhooks/machine.go at v1.13.5): bootstrap unless the Machine
// belongs to a MachinePool, version, taints (the control-plane taint only on control-plane
// Machines).
import { layoutOf } from './layout';
import { taintFindings } from './taints';
import { versionFindings } from './versions';
import { Finding, error } from '../../../core/finding';
import { KubeObject } from '../../../core/kube-object';
import { get } from '../rule';

const POOL_LABEL = 'cluster.x-k8s.io/pool-name';
const CONTROL_PLANE_LABEL = 'cluster.x-k8s.io/control-plane';

/** util/labels IsMachinePoolOwned: the pool-name label or a MachinePool owner. */
function machinePoolOwned(obj: KubeObject): boolean {
  if (obj.metadata?.labels?.[POOL_LABEL] !== undefined) return true;
  return (obj.metadata?.ownerReferences ?? []).some((r: any) => r?.kind === 'MachinePool' && String(r?.apiVersion ?? '').startsWith('cluster.x-k8s.io/'));
}

export function machineRules(obj: KubeObject): Finding[] {
  if (!layoutOf(obj)) return [];
  const spec = obj.spec ?? {};
  const out: Finding[] = [];
  if (!get(spec, 'bootstrap', 'configRef') && !get(spec, 'bootstrap', 'dataSecretName') && !machinePoolOwned(obj)) {
    out.push(error('capi/machine-bootstrap', 'spec.bootstrap', 'Required value: expected either spec.bootstrap.dataSecretName or spec.bootstrap.configRef to be populated'));
  }
  out.push(...versionFindings(spec.version, 'spec.version'));
  out.push(...taintFindings(spec.taints, 'spec.taints', obj.metadata?.labels?.[CONTROL_PLANE_LABEL] === undefined));
  return out;
}
