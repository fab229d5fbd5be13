// RKE2 v1.34.2+rke2r1 behaviour on what CAPRKE2 objects ship to a node: the manifests its deploy
// controller applies (rke2-manifests.ts) and taints that leave no node for pods (rke2-taints.ts).
import { manifestAddonRules, manifestPackagedChartRules, manifestSkippedRules } from './rke2-manifests';
import { noSchedulableNodeRules } from './rke2-taints';
import { RuleTable } from './rule';

const MANIFESTS = [manifestSkippedRules, manifestAddonRules, manifestPackagedChartRules];

export const RKE2_RULES: RuleTable = {
  'controlplane.cluster.x-k8s.io/RKE2ControlPlane': [...MANIFESTS, noSchedulableNodeRules],
  'controlplane.cluster.x-k8s.io/RKE2ControlPlaneTemplate': MANIFESTS,
  'bootstrap.cluster.x-k8s.io/RKE2Config': MANIFESTS,
  'bootstrap.cluster.x-k8s.io/RKE2ConfigTemplate': MANIFESTS,
};
