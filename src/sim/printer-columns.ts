// Names the pinned CRDs declare that the trimmed schema bundle does not carry: short names
// (so `kubectl get bmh` works), categories and the printer columns `kubectl get` shows.
// Facts taken from the upstream CRDs at the pinned tags.

/** One additionalPrinterColumn. */
export interface PrinterColumn {
  readonly name: string;
  readonly type: string;
  readonly jsonPath: string;
  readonly priority?: number;
}

export interface KindExtras {
  readonly shortNames?: readonly string[];
  readonly categories?: readonly string[];
  readonly columns?: readonly PrinterColumn[];
}

const AGE: PrinterColumn = { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' };
const CAPI = ['cluster-api'];

/** Keyed by `group/Kind`. */
export const KIND_EXTRAS: Record<string, KindExtras> = {
  'metal3.io/BareMetalHost': {
    shortNames: ['bmh', 'bmhost'],
    columns: [
      { name: 'Status', type: 'string', jsonPath: '.status.operationalStatus', priority: 1 },
      { name: 'State', type: 'string', jsonPath: '.status.provisioning.state' },
      { name: 'Consumer', type: 'string', jsonPath: '.spec.consumerRef.name' },
      { name: 'BMC', type: 'string', jsonPath: '.spec.bmc.address', priority: 1 },
      { name: 'Online', type: 'string', jsonPath: '.spec.online' },
      { name: 'Error', type: 'string', jsonPath: '.status.errorType' },
      AGE,
    ],
  },
  'metal3.io/HostFirmwareSettings': { shortNames: ['hfs'] },
  'metal3.io/PreprovisioningImage': { shortNames: ['ppimg'] },
  'infrastructure.cluster.x-k8s.io/Metal3Cluster': {
    shortNames: ['m3c', 'm3cluster', 'm3clusters', 'metal3c', 'metal3cluster'],
    categories: CAPI,
    columns: [AGE, { name: 'Provisioned', type: 'string', jsonPath: '.status.initialization.provisioned' },
      { name: 'Endpoint', type: 'string', jsonPath: '.spec.controlPlaneEndpoint' }],
  },
  'infrastructure.cluster.x-k8s.io/Metal3ClusterTemplate': { shortNames: ['m3ct'], categories: CAPI },
  'infrastructure.cluster.x-k8s.io/Metal3DataClaim': { shortNames: ['m3dc', 'm3dataclaim', 'm3dataclaims', 'metal3dc', 'metal3dataclaim'], categories: CAPI },
  'infrastructure.cluster.x-k8s.io/Metal3Data': { shortNames: ['m3d', 'm3data', 'm3datas', 'metal3d', 'metal3data'], categories: CAPI },
  'infrastructure.cluster.x-k8s.io/Metal3DataTemplate': { shortNames: ['m3dt', 'm3datatemplate', 'm3datatemplates', 'metal3dt', 'metal3datatemplate'], categories: CAPI },
  'infrastructure.cluster.x-k8s.io/Metal3Machine': {
    shortNames: ['m3m', 'm3machine', 'm3machines', 'metal3m', 'metal3machine'],
    categories: CAPI,
    columns: [AGE, { name: 'ProviderID', type: 'string', jsonPath: '.spec.providerID' },
      { name: 'Provisioned', type: 'string', jsonPath: '.status.initialization.provisioned' }],
  },
  'infrastructure.cluster.x-k8s.io/Metal3MachineTemplate': { shortNames: ['m3mt', 'm3machinetemplate', 'm3machinetemplates', 'metal3mt', 'metal3machinetemplate'], categories: CAPI },
  'controlplane.cluster.x-k8s.io/RKE2ControlPlaneTemplate': { shortNames: ['rke2ct'], categories: CAPI },
  'cluster.x-k8s.io/ClusterClass': { shortNames: ['cc'], categories: CAPI },
  'cluster.x-k8s.io/Cluster': {
    shortNames: ['cl'],
    categories: CAPI,
    columns: [
      { name: 'Available', type: 'string', jsonPath: '.status.conditions[?(@.type=="Available")].status' },
      { name: 'CP Desired', type: 'integer', jsonPath: '.status.controlPlane.desiredReplicas' },
      { name: 'CP Available', type: 'integer', jsonPath: '.status.controlPlane.availableReplicas' },
      { name: 'W Desired', type: 'integer', jsonPath: '.status.workers.desiredReplicas' },
      { name: 'W Available', type: 'integer', jsonPath: '.status.workers.availableReplicas' },
      { name: 'Phase', type: 'string', jsonPath: '.status.phase' },
      AGE,
    ],
  },
  'cluster.x-k8s.io/MachineDeployment': {
    shortNames: ['md'],
    categories: CAPI,
    columns: [
      { name: 'Cluster', type: 'string', jsonPath: '.spec.clusterName' },
      { name: 'Available', type: 'string', jsonPath: '.status.conditions[?(@.type=="Available")].status' },
      { name: 'Desired', type: 'integer', jsonPath: '.spec.replicas' },
      { name: 'Current', type: 'integer', jsonPath: '.status.replicas' },
      { name: 'Ready', type: 'integer', jsonPath: '.status.readyReplicas' },
      { name: 'Up-to-date', type: 'integer', jsonPath: '.status.upToDateReplicas' },
      { name: 'Phase', type: 'string', jsonPath: '.status.phase' },
      AGE,
    ],
  },
  'cluster.x-k8s.io/MachineHealthCheck': { shortNames: ['mhc', 'mhcs'], categories: CAPI },
  'cluster.x-k8s.io/Machine': {
    shortNames: ['ma'],
    categories: CAPI,
    columns: [
      { name: 'Cluster', type: 'string', jsonPath: '.spec.clusterName' },
      { name: 'Node Name', type: 'string', jsonPath: '.status.nodeRef.name' },
      { name: 'Ready', type: 'string', jsonPath: '.status.conditions[?(@.type=="Ready")].status' },
      { name: 'Phase', type: 'string', jsonPath: '.status.phase' },
      AGE,
      { name: 'Version', type: 'string', jsonPath: '.spec.version' },
    ],
  },
  'cluster.x-k8s.io/MachineSet': {
    shortNames: ['ms'],
    categories: CAPI,
    columns: [
      { name: 'Cluster', type: 'string', jsonPath: '.spec.clusterName' },
      { name: 'Desired', type: 'integer', jsonPath: '.spec.replicas' },
      { name: 'Current', type: 'integer', jsonPath: '.status.replicas' },
      { name: 'Ready', type: 'integer', jsonPath: '.status.readyReplicas' },
      AGE,
    ],
  },
  'controlplane.cluster.x-k8s.io/RKE2ControlPlane': {
    columns: [
      { name: 'Available', type: 'string', jsonPath: '.status.conditions[?(@.type=="Available")].status' },
      { name: 'Initialized', type: 'string', jsonPath: '.status.initialization.controlPlaneInitialized' },
      { name: 'Replicas', type: 'integer', jsonPath: '.status.replicas' },
      { name: 'Ready', type: 'integer', jsonPath: '.status.readyReplicas' },
      { name: 'Up-to-date', type: 'integer', jsonPath: '.status.upToDateReplicas' },
      AGE,
    ],
  },
  'anywhere.eks.amazonaws.com/Cluster': {
    columns: [
      { name: 'Ready', type: 'string', jsonPath: '.status.conditions[?(@.type=="Ready")].status' },
      AGE,
    ],
  },
  'helm.cattle.io/HelmChartConfig': { shortNames: ['hcc'] },
  'helm.cattle.io/HelmChart': { shortNames: ['hc'] },
  'ipam.metal3.io/IPPool': { shortNames: ['ipp', 'ippool', 'm3ipp', 'm3ippool', 'm3ippools', 'metal3ipp', 'metal3ippool', 'metal3ippools'], categories: CAPI },
  'tinkerbell.org/Hardware': { shortNames: ['hw'], categories: ['tinkerbell'] },
};
