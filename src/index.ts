// The main entry point of cdk8s-capi: the constructs, their props and enums, the validation API
// and the typed L1 classes of the pinned CRDs. The CLI-side parts are subpath exports
// (cdk8s-capi/apply, /sim, /graph, /inventory), so importing a construct never loads them.
export * from './core/errors';
export * from './core/finding';
export * from './core/kube-object';
export * from './core/gvk';
export * from './core/object-ref';
export * from './core/object-key';
export * from './baremetal/host';
export * from './baremetal/bmc-credentials';
export * from './validate/bmc-address';
export * from './validate/bmc-drivers';
export * from './core/mac';
export * from './baremetal/bare-metal-host-enrollment';
export * from './validate/schema';
export * from './validate/validate';
export * from './core/selectors';
export * from './ignition';
export * from './metallb/vip';
export * from './metallb/metallb-vip';
export * from './metallb/ingress-vip';
export * from './metal3/machine-template';
export * from './metal3/data-template';
export * from './rke2/options';
export * from './rke2/rke2-cluster';
export * from './rke2/multinode-rke2-cluster';
export * from './rke2/single-node-rke2-cluster';
export * from './eksa/eksa-cluster';
export * from './eksa/eksa-app';
export * from './eksa/providers/provider';
export * from './eksa/cni';
export * from './eksa/etcd';
export * from './eksa/rollout-strategy';
export * from './eksa/node-groups';
export * from './eksa/cluster-settings';
export * from './eksa/gitops';
export * from './eksa/identity-providers';
export * from './validate/eksa/releases';
export * from './validate/eksa/hardware';
export * from './validate/eksa/hardware-csv';
export * from './eksa/hardware-from-hosts';
export { EksaProviderKind, SshUser, ProviderDefaults } from './eksa/providers/context';
export { VSphereProviderProps, VSphereMachineProps, VSphereFailureDomainProps, VSphereOsFamily, VSphereCloneMode } from './eksa/providers/vsphere';
export {
  TinkerbellProviderProps, TinkerbellMachineProps, TinkerbellTemplateProps, TinkerbellTaskProps, TinkerbellActionProps, TinkerbellOsFamily,
} from './eksa/providers/tinkerbell';
export {
  runPreflights, PreflightOptions, PreflightResult, PreflightMode, formatPreflightReport, PreflightReportOptions, preflightErrors,
  describePreflightFinding, EKSA_RELEASE_ANNOTATION, PREFLIGHT_CHECKS,
} from './validate/eksa/preflights';
export { PreflightFinding } from './validate/eksa/eksa-spec';
export * from './validate/upgrade';
export * from './validate/cross-object';
export * from './validate/manifest-files';

// Typed L1 classes generated (`cdk8s import`) from the pinned upstream CRDs, one namespace per
// API group, for typed escape hatches and for objects no construct covers (cdk8s-plus exports
// its `k8s` namespace the same way).
/** cluster.x-k8s.io (Cluster API v1beta2): Cluster, MachineDeployment, MachineHealthCheck, ClusterClass, … */
export * as capi from '../imports/cluster.x-k8s.io';
/** bootstrap.cluster.x-k8s.io (CAPRKE2): RKE2Config, RKE2ConfigTemplate */
export * as capiBootstrap from '../imports/bootstrap.cluster.x-k8s.io';
/** controlplane.cluster.x-k8s.io (CAPRKE2): RKE2ControlPlane, RKE2ControlPlaneTemplate */
export * as capiControlPlane from '../imports/controlplane.cluster.x-k8s.io';
/** infrastructure.cluster.x-k8s.io (CAPM3): Metal3Cluster, Metal3MachineTemplate, Metal3DataTemplate, … */
export * as capiInfrastructure from '../imports/infrastructure.cluster.x-k8s.io';
/** metal3.io (baremetal-operator): BareMetalHost, HostFirmwareSettings, PreprovisioningImage */
export * as metal3 from '../imports/metal3.io';
/** ipam.metal3.io (Metal3 IPAM): IPPool */
export * as metal3Ipam from '../imports/ipam.metal3.io';
/** metallb.io: IPAddressPool, L2Advertisement, BGPPeer, BGPAdvertisement, … */
export * as metallb from '../imports/metallb.io';
/** helm.cattle.io (RKE2's helm-controller): HelmChart, HelmChartConfig */
export * as helmCattle from '../imports/helm.cattle.io';
/** anywhere.eks.amazonaws.com (EKS Anywhere): Cluster, the provider datacenter and machine configs, … */
export * as eksa from '../imports/anywhere.eks.amazonaws.com';
/** tinkerbell.org: Hardware */
export * as tinkerbell from '../imports/tinkerbell.org';
