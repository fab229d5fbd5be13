// CAPI feature gates whose defaults at v1.13.5 (feature/feature.go, config/manager/manager.yaml)
// decide what a default install refuses. We validate the gated objects anyway (issue 15 §4) and
// add a warning naming the gate, so a refusal by a default install is not a surprise.

export const CLUSTER_TOPOLOGY_GATE = 'ClusterTopology';
export const MACHINE_TAINT_PROPAGATION_GATE = 'MachineTaintPropagation';
export const RUNTIME_SDK_GATE = 'RuntimeSDK';

/** How to turn a gate on in a clusterctl-installed core provider. */
export function enableHint(gate: string): string {
  const env = gate.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();
  return `enable the ${gate} feature gate of the CAPI controller (clusterctl: ${env}=true; manager flag --feature-gates=${gate}=true)`;
}
