// Public API of cdk8s-capi.
export * from './core/errors';
export * from './baremetal/host';
export * from './baremetal/bmc-credentials';
export * from './baremetal/bmc-address';
export * from './baremetal/bmc-drivers';
export * from './baremetal/mac';
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
export * from './eksa/releases';
export * from './eksa/hardware';
export * from './eksa/hardware-csv';
export { EksaProviderKind, SshUser, ProviderDefaults } from './eksa/providers/context';
export { VSphereProviderProps, VSphereMachineProps, VSphereFailureDomainProps, VSphereOsFamily, VSphereCloneMode } from './eksa/providers/vsphere';
export {
  TinkerbellProviderProps, TinkerbellMachineProps, TinkerbellTemplateProps, TinkerbellTaskProps, TinkerbellActionProps, TinkerbellOsFamily,
} from './eksa/providers/tinkerbell';
export {
  runPreflights, PreflightOptions, PreflightResult, PreflightMode, formatPreflightReport, PreflightReportOptions, preflightErrors,
  describePreflightFinding, EKSA_RELEASE_ANNOTATION, PREFLIGHT_CHECKS,
} from './eksa/preflights';
export { PreflightFinding } from './eksa/eksa-spec';
export * from './validate/upgrade';
export * from './validate/cross-object';
export * from './validate/manifest-files';
export * from './apply/plan';
export * from './apply/readiness/types';
export * from './apply/readiness/rules';
export * from './apply/timeouts';
export * from './apply/events';
export * from './apply/kube';
export * from './apply/executor';
export * from './apply/delete';
export * from './apply/status';
export * from './sim';
export { buildTopology, TopologyInput } from './graph/topology';
export { TopologyGraph, GraphNode, GraphEdge, GraphGroup, NodeRole, NodeStatus, EdgeKind, GroupKind } from './graph/model';
export { renderMermaid } from './graph/mermaid';
export { renderSvg, SvgOptions } from './graph/svg';
export { renderHtml, HtmlOptions } from './graph/html';
export * from './inventory/types';
export { loadInventory, LoadedInventory, InventoryError, InventoryProblem, INVENTORY_SCHEMA } from './inventory/load';
export { buildInventory, ClusterOutput } from './inventory/build';
export { renderOutput, writeOutput, WriteOptions } from './inventory/write';
export { GitOpsFlavor } from './gitops/layout';
