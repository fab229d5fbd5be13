// Where a CAPI kind keeps a field in each served version. Upstream registers its webhooks on
// v1beta2 with matchPolicy Equivalent, so a v1beta1 object is converted and then validated: we
// read the v1beta1 field where the same rule applies, and report the path the user wrote.
import { versionOf } from '../../../core/gvk';
import { KubeObject } from '../../../core/kube-object';

export type Path = readonly string[];

export interface Layout {
  readonly v1beta1: boolean;
  /** MachineDeployment rollout strategy (holds rollingUpdate.maxSurge / maxUnavailable). */
  readonly rolloutStrategy: Path;
  /** MachineDeployment remediation maxInFlight. */
  readonly maxInFlight: Path;
  /** MachineDeployment / MachineSet machine naming. */
  readonly machineNaming: Path;
}

const V1BETA2: Layout = {
  v1beta1: false,
  rolloutStrategy: ['spec', 'rollout', 'strategy'],
  maxInFlight: ['spec', 'remediation', 'maxInFlight'],
  machineNaming: ['spec', 'machineNaming'],
};

const V1BETA1: Layout = {
  v1beta1: true,
  rolloutStrategy: ['spec', 'strategy'],
  maxInFlight: ['spec', 'strategy', 'remediation', 'maxInFlight'],
  machineNaming: ['spec', 'machineNamingStrategy'],
};

/** The layout of a CAPI object, or undefined for a version the webhooks do not see. */
export function layoutOf(obj: KubeObject): Layout | undefined {
  const v = versionOf(obj);
  return v === 'v1beta2' ? V1BETA2 : v === 'v1beta1' ? V1BETA1 : undefined;
}

export const dotted = (p: Path) => p.join('.');
