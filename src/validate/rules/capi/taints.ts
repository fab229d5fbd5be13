// Machine taints (MachineDeployment/MachineSet templates, Machines, ClusterClass and topology
// classes): internal/util/taints/validation.go ValidateMachineTaints and machine.go
// validateMachineTaintsForWorkers at v1.13.5. While MachineTaintPropagation is off (the default)
// upstream refuses any taint; we report that as a warning naming the gate and check the keys.
import { MACHINE_TAINT_PROPAGATION_GATE, enableHint } from './feature-gates';
import { Finding, error, warning } from '../../../core/finding';
import { checkQualifiedName } from '../../../core/names';

const RESERVED: Record<string, string> = {
  'node.cluster.x-k8s.io/uninitialized': 'taint key is not allowed',
  'node.cluster.x-k8s.io/outdated-revision': 'taint key is not allowed',
  'node-role.kubernetes.io/master': 'taint is deprecated since 1.24 and should not be used anymore',
};

/** Findings for a taint list at `field`; `worker` adds the control-plane taint rule (gate on). */
export function taintFindings(taints: unknown, field: string, worker: boolean): Finding[] {
  if (!Array.isArray(taints) || taints.length === 0) return [];
  const out: Finding[] = [warning('capi/taints-gate', field,
    `taints are not allowed to be set when the feature gate ${MACHINE_TAINT_PROPAGATION_GATE} is disabled (the default at CAPI v1.13.5)`,
    enableHint(MACHINE_TAINT_PROPAGATION_GATE))];
  taints.forEach((t, i) => {
    const key = t?.key;
    if (typeof key !== 'string') return;
    const at = `${field}[${i}].key`;
    let why = RESERVED[key];
    if (!why && key.startsWith('node.kubernetes.io/') && key !== 'node.kubernetes.io/out-of-service') {
      why = 'taint key must not have the prefix node.kubernetes.io/, except for node.kubernetes.io/out-of-service';
    } else if (!why && key.startsWith('node.cloudprovider.kubernetes.io/')) {
      why = 'taint key must not have the prefix node.cloudprovider.kubernetes.io/';
    }
    if (why) out.push(error('capi/taints', at, `Invalid value: ${JSON.stringify(key)}: ${why}`));
    const p = checkQualifiedName(key);
    if (p) out.push(error('capi/taints', at, `Invalid value: ${JSON.stringify(key)}: ${p}`));
    if (worker && key === 'node-role.kubernetes.io/control-plane') {
      out.push(error('capi/taints', at, `Invalid value: ${JSON.stringify(key)}: taint is not allowed for worker Machines`));
    }
  });
  return out;
}
