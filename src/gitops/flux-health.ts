// Health of the kinds Flux's kstatus cannot judge on its own, as CEL healthCheckExprs
// (group/Kind → expressions), shared by the per-site Kustomizations and the wave gates.
export const HEALTH: Record<string, { apiVersion: string; kind: string; current: string; failed?: string; inProgress?: string }> = {
  'metal3.io/BareMetalHost': {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    current: "status.provisioning.state in ['available', 'ready', 'provisioning', 'provisioned', 'externally provisioned']",
    failed: "has(status.operationalStatus) && status.operationalStatus == 'error'",
  },
  'cluster.x-k8s.io/Cluster': {
    apiVersion: 'cluster.x-k8s.io/v1beta2',
    kind: 'Cluster',
    current: "status.conditions.exists(c, c.type == 'Available' && c.status == 'True')",
  },
  'controlplane.cluster.x-k8s.io/RKE2ControlPlane': {
    apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
    kind: 'RKE2ControlPlane',
    current: 'status.initialization.controlPlaneInitialized == true && status.readyReplicas == spec.replicas && status.upToDateReplicas == spec.replicas',
  },
  'cluster.x-k8s.io/MachineDeployment': {
    apiVersion: 'cluster.x-k8s.io/v1beta2',
    kind: 'MachineDeployment',
    current: 'status.readyReplicas == spec.replicas && status.upToDateReplicas == spec.replicas',
  },
  'anywhere.eks.amazonaws.com/Cluster': {
    apiVersion: 'anywhere.eks.amazonaws.com/v1alpha1',
    kind: 'Cluster',
    current: "status.conditions.exists(c, c.type == 'Ready' && c.status == 'True')",
    failed: "has(status.failureMessage) && status.failureMessage != ''",
  },
};
