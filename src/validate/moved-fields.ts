// Fields that moved or were renamed between the v1beta1 and v1beta2 layouts (facts from the
// upstream CRDs; see docs/upstream-rules.md). Used to turn "unknown field" into the fix.

interface Move {
  readonly group: string;
  readonly kind: string;
  readonly version: string;
  /** Dotted path in the old layout (array indices stripped). */
  readonly from: string;
  readonly to: string;
}

const MOVES: readonly Move[] = [
  { group: 'controlplane.cluster.x-k8s.io', kind: 'RKE2ControlPlane', version: 'v1beta2', from: 'spec.infrastructureRef', to: 'spec.machineTemplate.spec.infrastructureRef ({apiGroup, kind, name})' },
  { group: 'controlplane.cluster.x-k8s.io', kind: 'RKE2ControlPlane', version: 'v1beta2', from: 'spec.nodeDrainTimeout', to: 'spec.machineTemplate.spec.deletion.nodeDrainTimeoutSeconds (an integer)' },
  { group: 'infrastructure.cluster.x-k8s.io', kind: 'Metal3MachineTemplate', version: 'v1beta2', from: 'spec.template.spec.image.format', to: 'spec.template.spec.image.diskFormat' },
  { group: 'infrastructure.cluster.x-k8s.io', kind: 'Metal3Machine', version: 'v1beta2', from: 'spec.image.format', to: 'spec.image.diskFormat' },
  { group: 'infrastructure.cluster.x-k8s.io', kind: 'Metal3Cluster', version: 'v1beta2', from: 'spec.noCloudProvider', to: 'spec.cloudProviderEnabled (its inverse)' },
  { group: 'infrastructure.cluster.x-k8s.io', kind: 'Metal3DataTemplate', version: 'v1beta2', from: 'spec.templateReference', to: 'nothing: it was removed in v1beta2' },
  { group: 'cluster.x-k8s.io', kind: 'MachineDeployment', version: 'v1beta2', from: 'spec.template.spec.nodeDrainTimeout', to: 'spec.template.spec.deletion.nodeDrainTimeoutSeconds (an integer)' },
  { group: 'cluster.x-k8s.io', kind: 'MachineDeployment', version: 'v1beta2', from: 'spec.deletion.nodeDrainTimeoutSeconds', to: 'spec.template.spec.deletion.nodeDrainTimeoutSeconds' },
  { group: 'cluster.x-k8s.io', kind: 'MachineDeployment', version: 'v1beta2', from: 'spec.strategy', to: 'spec.rollout.strategy' },
];

export function movedFieldHint(group: string, kind: string, version: string, field: string): string | undefined {
  const path = field.replace(/\[\d+\]/g, '');
  const m = MOVES.find(x => x.group === group && x.kind === kind && x.version === version && (path === x.from || path.startsWith(`${x.from}.`)));
  return m ? `${group}/${version} moved ${m.from} to ${m.to}` : undefined;
}
