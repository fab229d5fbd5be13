// Rule cases of the eksa/* rules: EKS Anywhere v0.26.1's own fixtures (eksa-fixtures.ts), then
// cases from its unit test tables and our own, each a small change of a valid baseline config.
import { RuleCase } from './case';
import { fixtureCases } from './eksa-fixtures';
import {
  cluster, docker, edit, eksa, fleet, hw, inNamespace, preflightFindings, specOf, tinkerbell, tinkerbellAt, vsphere, withHardware,
} from './fixtures-eksa';
import { KubeObject } from '../../../src/core/kube-object';

const E = 'aws/eks-anywhere';
const CLUSTER_TEST = `${E} pkg/api/v1alpha1/cluster_test.go`;
const WEBHOOK_TEST = `${E} pkg/api/v1alpha1/cluster_webhook_test.go`;
const ASSERT_TEST = `${E} pkg/providers/tinkerbell/assert_test.go`;

type Mutate = (s: any, o: any) => void;
const reject = (rule: string, title: string, objects: KubeObject[], extra: Partial<RuleCase> = {}): RuleCase => ({ rule, title, expect: 'reject', objects, ...extra });
const accept = (rule: string, title: string, objects: KubeObject[], extra: Partial<RuleCase> = {}): RuleCase => ({ rule, title, expect: 'accept', objects, ...extra });
const vs = (fn: Mutate) => cluster(vsphere(), fn);
const tb = (fn: Mutate) => cluster(tinkerbell(), fn);
const tbMachine = (name: string, fn: (s: any) => void, objects: KubeObject[] = tinkerbell()) => specOf(objects, 'TinkerbellMachineConfig', fn, name);
const tbDc = (fn: (s: any) => void, objects: KubeObject[] = tinkerbell()) => specOf(objects, 'TinkerbellDatacenterConfig', fn);
const vsMachine = (name: string, fn: (s: any) => void, objects: KubeObject[] = vsphere()) => specOf(objects, 'VSphereMachineConfig', fn, name);
const vsDc = (fn: (s: any) => void, objects: KubeObject[] = vsphere()) => specOf(objects, 'VSphereDatacenterConfig', fn);
const withFlux = (spec: Record<string, unknown>) => [...vs(s => { s.gitOpsRef = { kind: 'FluxConfig', name: 'prod' }; }), eksa('FluxConfig', 'prod', spec)];
const bottlerocketTinkerbell = (objects: KubeObject[] = tinkerbell()) =>
  tbMachine('metal', s => { s.osFamily = 'bottlerocket'; }, tbMachine('metal-cp', s => { s.osFamily = 'bottlerocket'; }, objects));
const CERT = `-----BEGIN CERTIFICATE-----
MIIBhTCCASugAwIBAgIQIRi6zePL6mKjOipn+dNuaTAKBggqhkjOPQQDAjASMRAw
DgYDVQQKEwdBY21lIENvMB4XDTE3MTAyMDE5NDMwNloXDTE4MTAyMDE5NDMwNlow
EjEQMA4GA1UEChMHQWNtZSBDbzBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABD0d
7VNhbWvZLWPuj/RtHFjvtJBEwOkhbN/BnnE8rnZR8+sbwnc/KhCk3FhnpHZnQz7B
5aETbbIgmuvewdjvSBSjYzBhMA4GA1UdDwEB/wQEAwICpDATBgNVHSUEDDAKBggr
BgEFBQcDATAPBgNVHRMBAf8EBTADAQH/MCkGA1UdEQQiMCCCDmxvY2FsaG9zdDo1
NDUzgg4xMjcuMC4wLjE6NTQ1MzAKBggqhkjOPQQDAgNIADBFAiEA2zpJEPQyz6/l
Wf86aX6PepsntZv2GYlA5UpabfT2EZICICpJ5h/iI+i341gBmLiAFQOyTDT+/wQc
6MF9+Yw1Yy0t
-----END CERTIFICATE-----`;

export const EKS_ANYWHERE_CASES: readonly RuleCase[] = [
  ...fixtureCases(),

  // Cluster content (cluster.go clusterConfigValidations)
  reject('eksa/audit-policy', 'auditPolicyContent is not YAML', vs(s => { s.controlPlaneConfiguration.auditPolicyContent = 'rules: [\n  - level: Metadata'; }),
    { source: `${CLUSTER_TEST} TestValidateAuditPolicyContent`, message: /invalid YAML in auditPolicyContent/ }),
  accept('eksa/audit-policy', 'auditPolicyContent is an audit Policy', vs(s => { s.controlPlaneConfiguration.auditPolicyContent = 'apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: Metadata\n'; }),
    { source: `${CLUSTER_TEST} TestValidateAuditPolicyContent` }),
  reject('eksa/autoscaling', 'minCount above count', vs(s => { s.workerNodeGroupConfigurations[0].autoscalingConfiguration = { minCount: 3, maxCount: 5 }; }),
    { source: `${CLUSTER_TEST} TestValidateAutoscalingConfig`, message: /min count must be less than or equal to count/ }),
  reject('eksa/autoscaling', 'maxCount below minCount', vs(s => { s.workerNodeGroupConfigurations[0].autoscalingConfiguration = { minCount: 2, maxCount: 1 }; }),
    { source: `${CLUSTER_TEST} TestValidateAutoscalingConfig`, message: /min count must be no greater than max count/ }),
  accept('eksa/autoscaling', 'count within minCount..maxCount', vs(s => { s.workerNodeGroupConfigurations[0].autoscalingConfiguration = { minCount: 1, maxCount: 3 }; }),
    { source: `${CLUSTER_TEST} TestValidateAutoscalingConfig` }),
  reject('eksa/cert-sans', 'a certSAN that is neither an IP nor a domain', vs(s => { s.controlPlaneConfiguration.certSans = ['not a domain!']; }), { source: 'ours', message: /must be an IP or domain name/ }),
  reject('eksa/cert-sans', 'a certSAN that only contains a domain (upstream\'s unanchored regex accepts it)', vs(s => { s.controlPlaneConfiguration.certSans = ['Foo_bar.example.com']; }),
    { source: 'ours', severity: 'warning', message: /only contain a domain name/ }),
  accept('eksa/cert-sans', 'an IP and a domain name', vs(s => { s.controlPlaneConfiguration.certSans = ['11.11.11.11', 'anywhere.example.com']; }),
    { source: `${E} pkg/providers/tinkerbell/template_test.go TestGenerateTemplateBuilderForMachineConfigOsImageURL (cluster_tinkerbell_api_server_cert_san_domain_name.yaml)` }),
  reject('eksa/cidr', 'two pod CIDR blocks', vs(s => { s.clusterNetwork.pods.cidrBlocks.push('172.16.0.0/16'); }), { source: `${CLUSTER_TEST} TestValidateNetworking`, message: /multiple CIDR blocks for Pods/ }),
  reject('eksa/cidr', 'an unparsable service CIDR', vs(s => { s.clusterNetwork.services.cidrBlocks = ['10.96.0.0/33']; }), { source: `${CLUSTER_TEST} TestValidateNetworking`, message: /invalid CIDR block for Services/ }),
  accept('eksa/cidr', 'one pod and one service CIDR', vsphere(), { source: `${CLUSTER_TEST} TestValidateNetworking` }),
  reject('eksa/cilium', 'direct routing without an IPv4 native routing CIDR', vs(s => { s.clusterNetwork.cniConfig.cilium = { routingMode: 'direct', ipv6NativeRoutingCIDR: 'fd00::/64' }; }),
    { source: `${CLUSTER_TEST} TestValidateCNIConfig`, message: /direct routing mode requires IPv4NativeRoutingCIDR to be set/ }),
  reject('eksa/cilium', 'an unknown policyEnforcementMode', vs(s => { s.clusterNetwork.cniConfig.cilium.policyEnforcementMode = 'strict'; }),
    { source: `${CLUSTER_TEST} TestValidateCNIConfig`, message: /policyEnforcementMode "strict" not supported/ }),
  reject('eksa/cilium', 'routingMode tunnel (upstream treats it as overlay)', vs(s => { s.clusterNetwork.cniConfig.cilium.routingMode = 'tunnel'; }), { source: 'ours', severity: 'warning' }),
  accept('eksa/cilium', 'routingMode overlay (an upstream constant, the default)', vs(s => { s.clusterNetwork.cniConfig.cilium.routingMode = 'overlay'; }),
    { source: `${E} pkg/api/v1alpha1/cluster_types.go CiliumRoutingModeOverlay` }),
  accept('eksa/cilium', 'direct routing with an IPv4 native routing CIDR', vs(s => { s.clusterNetwork.cniConfig.cilium = { routingMode: 'direct', ipv4NativeRoutingCIDR: '10.0.0.0/16' }; }),
    { source: `${CLUSTER_TEST} TestValidateCNIConfig` }),
  reject('eksa/cluster-name', 'a name of 36 characters', vs((_s, o) => { o.metadata.name = 'a'.repeat(36); }), { source: `${CLUSTER_TEST} TestClusterNameLength`, message: /should be less than 36/ }),
  accept('eksa/cluster-name', 'testCluster-123', vs((_s, o) => { o.metadata.name = 'testCluster-123'; }), { source: `${CLUSTER_TEST} TestValidateClusterName` }),
  reject('eksa/cni', 'kindnetd on vSphere', vs(s => { s.clusterNetwork.cniConfig = { kindnetd: {} }; }), { source: `${CLUSTER_TEST} TestValidateNetworking`, message: /kindnetd is only supported on Docker/ }),
  accept('eksa/cni', 'kindnetd on Docker', cluster(docker(), s => { s.clusterNetwork.cniConfig = { kindnetd: {} }; }), { source: `${CLUSTER_TEST} TestValidateNetworking` }),
  accept('eksa/cni', 'Cilium through cniConfig', vsphere(), { source: `${CLUSTER_TEST} TestValidateCNIConfig` }),
  accept('eksa/control-plane-count', 'three control plane nodes with stacked etcd', vs(s => { delete s.externalEtcdConfiguration; }), { source: `${CLUSTER_TEST} TestValidateControlPlaneReplicas` }),
  reject('eksa/control-plane-count', 'a count of 1 (3 or 5 recommended)', vs(s => { s.controlPlaneConfiguration.count = 1; delete s.externalEtcdConfiguration; }),
    { source: `${CLUSTER_TEST} TestValidateControlPlaneReplicas`, severity: 'warning' }),
  reject('eksa/endpoint', 'no endpoint host on vSphere', vs(s => { delete s.controlPlaneConfiguration.endpoint; }), { source: `${CLUSTER_TEST} TestValidateControlPlaneEndpoint` }),
  reject('eksa/etcd-count', 'an even external etcd count', vs(s => { s.externalEtcdConfiguration.count = 4; }), { source: 'ours (cluster.go validateEtcdReplicas)', message: /external etcd count cannot be an even number/ }),
  accept('eksa/etcd-count', 'three external etcd members', vsphere(), { source: 'ours (cluster.go validateEtcdReplicas)' }),
  reject('eksa/etcd-encryption', 'etcdEncryption at create', vs(s => { s.etcdEncryption = [{ providers: [{ kms: { name: 'kms', socketListenAddress: 'unix:///var/run/kms.sock' } }], resources: ['secrets'] }]; }),
    { source: `${WEBHOOK_TEST} TestClusterCreateEtcdEncryption`, message: /not supported during cluster creation/ }),
  reject('eksa/etcd-encryption', 'etcdEncryption on update with a tcp:// KMS socket', vs(s => { s.etcdEncryption = [{ providers: [{ kms: { name: 'kms', socketListenAddress: 'tcp://10.0.0.1:80' } }], resources: ['secrets'] }]; }),
    { against: vsphere(), source: `${WEBHOOK_TEST} TestClusterUpdateEtcdEncryption`, message: /unsupported scheme: tcp/ }),
  reject('eksa/etcd-encryption', 'etcdEncryption on update of a Tinkerbell cluster', tb(s => { s.etcdEncryption = [{ providers: [{ kms: { name: 'kms', socketListenAddress: 'unix:///k.sock' } }], resources: ['secrets'] }]; }),
    { against: tinkerbell(), source: `${WEBHOOK_TEST} TestClusterUpdateEtcdEncryptionUnsupported`, message: /not supported for the provider: TinkerbellDatacenterConfig/ }),
  // With the cluster applied now (--against) the create-only refusal does not apply: upstream's update passes.
  accept('eksa/etcd-encryption', 'a valid etcdEncryption added on update of a vSphere cluster', vs(s => { s.etcdEncryption = [{ providers: [{ kms: { name: 'kms', socketListenAddress: 'unix:///var/run/kms.sock' } }], resources: ['secrets'] }]; }),
    { against: vsphere(), source: `${WEBHOOK_TEST} TestClusterUpdateEtcdEncryption` }),
  accept('eksa/etcd-encryption', 'no etcdEncryption at create', vsphere(), { source: `${WEBHOOK_TEST} TestClusterCreateEtcdEncryption` }),
  accept('eksa/external-etcd', 'stacked etcd on Tinkerbell', tinkerbell(), { source: `${CLUSTER_TEST} TestValidateExternalEtcdSupport` }),
  reject('eksa/kubelet', 'an unknown kubeletConfiguration field', vs(s => { s.controlPlaneConfiguration.kubeletConfiguration = { maxPod: 110 }; }),
    { source: `${CLUSTER_TEST} TestValidateClusterConfigContent "unknown field"`, message: /unknown field "maxPod"/ }),
  reject('eksa/kubelet', 'providerID in a worker group\'s kubeletConfiguration', vs(s => { s.workerNodeGroupConfigurations[0].kubeletConfiguration = { providerID: 'x' }; }),
    { source: `${CLUSTER_TEST} TestValidateClusterConfigContent "providerid error"`, message: /can not override providerID/ }),
  reject('eksa/kubelet', 'a duration that is not one', vs(s => { s.controlPlaneConfiguration.kubeletConfiguration = { shutdownGracePeriod: '30' }; }), { source: 'ours (strict KubeletConfiguration decoding)' }),
  reject('eksa/kubelet', 'a field spelled in another case (Go accepts it)', vs(s => { s.controlPlaneConfiguration.kubeletConfiguration = { MaxPods: 110 }; }), { source: 'ours', severity: 'warning' }),
  accept('eksa/kubelet', 'known kubelet fields', vs(s => { s.controlPlaneConfiguration.kubeletConfiguration = { maxPods: 110, kind: 'KubeletConfiguration', evictionHard: { 'memory.available': '100Mi' } }; }),
    { source: `${CLUSTER_TEST} TestValidateClusterConfigContent` }),
  reject('eksa/labels', 'a worker label key that is not a qualified name', vs(s => { s.workerNodeGroupConfigurations[0].labels = { 'bad key': 'v' }; }), { source: 'ours (cluster.go validateNodeLabels)' }),
  accept('eksa/labels', 'valid node labels', vs(s => { s.workerNodeGroupConfigurations[0].labels = { 'node.example.com/pool': 'a' }; }), { source: 'ours (cluster.go validateNodeLabels)' }),
  reject('eksa/node-mask', 'pod CIDR /24 with node mask 24', vs(s => { s.clusterNetwork.pods.cidrBlocks = ['192.168.0.0/24']; }), { source: `${CLUSTER_TEST} TestValidateNetworking` }),
  accept('eksa/node-mask', 'pod CIDR /16 with node mask 24', vsphere(), { source: `${CLUSTER_TEST} TestValidateNetworking` }),
  reject('eksa/oidc-extra-args', 'oidc-issuer-url in apiServerExtraArgs with an OIDCConfig', [...vs(s => {
    s.identityProviderRefs = [{ kind: 'OIDCConfig', name: 'o' }];
    s.controlPlaneConfiguration.apiServerExtraArgs = { 'oidc-issuer-url': 'https://x' };
  }), eksa('OIDCConfig', 'o', { clientId: 'c', issuerUrl: 'https://login.example.com' })], { source: 'ours (cluster.go validateControlPlaneAPIServerOIDCExtraArgs)' }),
  accept('eksa/oidc-extra-args', 'other apiServerExtraArgs with an OIDCConfig', [...vs(s => {
    s.identityProviderRefs = [{ kind: 'OIDCConfig', name: 'o' }];
    s.controlPlaneConfiguration.apiServerExtraArgs = { 'audit-log-maxage': '30' };
  }), eksa('OIDCConfig', 'o', { clientId: 'c', issuerUrl: 'https://login.example.com' })], { source: 'ours (cluster.go validateControlPlaneAPIServerOIDCExtraArgs)' }),
  reject('eksa/pod-iam', 'podIamConfig without an issuer', vs(s => { s.podIamConfig = { serviceAccountIssuer: '' }; }), { source: 'ours (cluster.go validatePodIAMConfig)' }),
  accept('eksa/pod-iam', 'podIamConfig with an issuer', vs(s => { s.podIamConfig = { serviceAccountIssuer: 'https://s3.example.com/oidc' }; }), { source: 'ours (cluster.go validatePodIAMConfig)' }),
  reject('eksa/registry-mirror', 'two mirrors of the curated packages registry', vs(s => {
    s.registryMirrorConfiguration = { endpoint: 'harbor.example.com', ociNamespaces: [{ registry: '783794618700.dkr.ecr.us-west-2.amazonaws.com', namespace: 'a' }, { registry: '783794618700.dkr.ecr.eu-west-1.amazonaws.com', namespace: 'b' }] };
  }), { source: `${CLUSTER_TEST} TestValidateMirrorConfig`, message: /only one registry mirror for curated packages/ }),
  accept('eksa/registry-mirror', 'two ECR namespaces of other accounts (only 783794618700 counts)', vs(s => {
    s.registryMirrorConfiguration = { endpoint: 'harbor.example.com', ociNamespaces: [{ registry: '111122223333.dkr.ecr.us-west-2.amazonaws.com', namespace: 'a' }, { registry: '444455556666.dkr.ecr.us-west-2.amazonaws.com', namespace: 'b' }] };
  }), { source: `${CLUSTER_TEST} TestValidateMirrorConfig` }),
  reject('eksa/rollout-strategy', 'worker RollingUpdate with maxSurge and maxUnavailable 0', vs(s => { s.workerNodeGroupConfigurations[0].upgradeRolloutStrategy = { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: 0 } }; }),
    { source: `${CLUSTER_TEST} TestValidateMDUpgradeRolloutStrategy` }),
  reject('eksa/rollout-strategy', 'control plane maxSurge 2', vs(s => { s.controlPlaneConfiguration.upgradeRolloutStrategy = { type: 'RollingUpdate', rollingUpdate: { maxSurge: 2 } }; }),
    { source: `${CLUSTER_TEST} TestValidateCPUpgradeRolloutStrategy`, message: /must be 0 or 1/ }),
  reject('eksa/rollout-strategy', 'InPlace on Bottlerocket machines (Tinkerbell)', cluster(bottlerocketTinkerbell(), s => {
    s.controlPlaneConfiguration.upgradeRolloutStrategy = { type: 'InPlace' };
    s.workerNodeGroupConfigurations[0].upgradeRolloutStrategy = { type: 'InPlace' };
  }), { source: `${ASSERT_TEST} TestAssertUpgradeRolloutStrategyValid_InPlaceFails`, message: /InPlace upgrades are not supported for OS family bottlerocket/ }),
  reject('eksa/rollout-strategy', 'different types for control plane and workers (Tinkerbell)', tb(s => { s.controlPlaneConfiguration.upgradeRolloutStrategy = { type: 'InPlace' }; }),
    { source: `${ASSERT_TEST} TestAssertUpgradeRolloutStrategyValid_UpgradeStrategyNotEqual`, message: /cannot specify different upgrade rollout strategy types/ }),
  reject('eksa/rollout-strategy', 'InPlace with an autoscaler (Tinkerbell)', tb(s => {
    s.controlPlaneConfiguration.upgradeRolloutStrategy = { type: 'InPlace' };
    s.workerNodeGroupConfigurations[0].upgradeRolloutStrategy = { type: 'InPlace' };
    s.workerNodeGroupConfigurations[0].autoscalingConfiguration = { minCount: 1, maxCount: 3 };
  }), { source: `${ASSERT_TEST} TestAssertAutoScalerDisabledForInPlace`, message: /not supported with InPlace upgrades/ }),
  accept('eksa/rollout-strategy', 'InPlace for the whole Tinkerbell cluster on Ubuntu', tb(s => {
    s.controlPlaneConfiguration.upgradeRolloutStrategy = { type: 'InPlace' };
    s.workerNodeGroupConfigurations[0].upgradeRolloutStrategy = { type: 'InPlace' };
  }), { source: `${ASSERT_TEST} TestAssertUpgradeRolloutStrategyValid_InPlaceSucceedsWithUbuntu` }),
  accept('eksa/rollout-strategy', 'RollingUpdate with maxSurge 1', vs(s => { s.workerNodeGroupConfigurations[0].upgradeRolloutStrategy = { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } }; }),
    { source: `${CLUSTER_TEST} TestValidateMDUpgradeRolloutStrategy` }),
  reject('eksa/taints', 'a taint with an unknown effect', vs(s => { s.workerNodeGroupConfigurations.push({ name: 'md-1', count: 1, machineGroupRef: { kind: 'VSphereMachineConfig', name: 'prod' }, taints: [{ key: 'k', effect: 'NoRun' }] }); }),
    { source: 'ours' }),
  accept('eksa/taints', 'a PreferNoSchedule taint', vs(s => { s.workerNodeGroupConfigurations[0].taints = [{ key: 'example.com/k', value: 'v', effect: 'PreferNoSchedule' }]; }), { source: 'ours' }),
  reject('eksa/worker-count', 'a negative worker count', vs(s => { s.workerNodeGroupConfigurations[0].count = -1; }), { source: 'ours (cluster.go validateWorkerNodeGroups)' }),
  accept('eksa/worker-group-name', 'unique worker group names', vs(s => { s.workerNodeGroupConfigurations.push({ name: 'md-1', count: 1, machineGroupRef: { kind: 'VSphereMachineConfig', name: 'prod' } }); }),
    { source: 'ours (cluster.go validateWorkerNodeGroups)' }),
  reject('eksa/worker-group-name', 'two worker groups named md-0', vs(s => { s.workerNodeGroupConfigurations.push({ name: 'md-0', count: 1, machineGroupRef: { kind: 'VSphereMachineConfig', name: 'prod' } }); }),
    { source: 'ours (cluster.go validateWorkerNodeGroups)', message: /must be unique/ }),
  accept('eksa/worker-groups', 'vSphere with a worker group', vsphere(), { source: `${CLUSTER_TEST} TestGetAndValidateClusterConfig` }),
  reject('eksa/unquoted-version', 'an unquoted 1.30 (YAML reads 1.3)', vs(s => { s.kubernetesVersion = 1.3; }), { source: `${E} pkg/api/v1alpha1/cluster.go NormalizeKubernetesVersion`, message: /lost its trailing zero/ }),
  accept('eksa/unquoted-version', 'a quoted version', vsphere(), { source: 'ours' }),
  reject('eksa/kubernetes-version', '1.29 is no longer supported by v0.26', vs(s => { s.kubernetesVersion = '1.29'; }), { source: `${E} pkg/cluster/fetch_test.go (kubernetes version not supported by bundles manifest)` }),
  reject('eksa/version-skew', 'a worker group 3 minors behind, at create', vs(s => { s.workerNodeGroupConfigurations[0].kubernetesVersion = '1.32'; }), { source: 'ours', severity: 'warning' }),
  reject('eksa/version-skew', 'a worker group 3 minors behind, on update', vs(s => { s.workerNodeGroupConfigurations[0].kubernetesVersion = '1.32'; }),
    {
      against: vs(s => { s.workerNodeGroupConfigurations[0].kubernetesVersion = '1.33'; s.kubernetesVersion = '1.35'; }),
      source: `${WEBHOOK_TEST} (validateCPWorkerKubeSkew)`,
      message: /must be within 2 versions greater than worker node group version: 1.32/,
    }),
  accept('eksa/version-skew', 'a worker group 2 minors behind', vs(s => { s.workerNodeGroupConfigurations[0].kubernetesVersion = '1.33'; }), { source: `${WEBHOOK_TEST} (validateCPWorkerKubeSkew)` }),
  reject('eksa/eksa-version', 'eksaVersion is not semver', vs(s => { s.eksaVersion = 'latest'; }), { source: `${CLUSTER_TEST} TestValidateEksaVersion`, message: /not a valid semver/ }),
  reject('eksa/eksa-version', 'eksaVersion two minors forward', vs(s => { s.eksaVersion = 'v0.26.1'; }), { against: vs(s => { s.eksaVersion = 'v0.24.0'; }), source: `${WEBHOOK_TEST} TestClusterValidateUpdateEksaVersionSkew` }),
  accept('eksa/eksa-version', 'eksaVersion v0.26.1', vs(s => { s.eksaVersion = 'v0.26.1'; }), { source: `${CLUSTER_TEST} TestValidateEksaVersion` }),
  reject('eksa/upgrade-version', 'two minors in one upgrade', vs(s => { s.kubernetesVersion = '1.35'; }), { against: vs(s => { s.kubernetesVersion = '1.33'; }), source: `${E} pkg/api/v1alpha1/versionskew_test.go TestValidateVersionSkew` }),
  reject('eksa/upgrade-version', 'a downgrade', vs(s => { s.kubernetesVersion = '1.34'; }), { against: vsphere(), source: `${E} pkg/api/v1alpha1/versionskew_test.go TestValidateVersionSkew`, message: /downgrade is not supported/ }),
  accept('eksa/upgrade-version', 'one minor forward', vs(s => { s.kubernetesVersion = '1.36'; }), { against: vsphere(), source: `${WEBHOOK_TEST} TestWorkloadClusterValidateUpdateKubernetesVersionSuccess` }),
  reject('eksa/rolling-upgrade', 'Tinkerbell scales the control plane with a version bump', cluster(tinkerbellAt('1.36'), s => { s.controlPlaneConfiguration.count = 5; }),
    { against: tinkerbell(), source: `${WEBHOOK_TEST} TestClusterValidateUpdateRollingAndScalingTinkerbellRequest` }),
  accept('eksa/rolling-upgrade', 'Tinkerbell version bump alone', tinkerbellAt('1.36'), { against: tinkerbell(), source: `${WEBHOOK_TEST} TestClusterValidateUpdateRollingAndScalingTinkerbellRequest` }),
  reject('eksa/immutable', 'the pod CIDR changes', vs(s => { s.clusterNetwork.pods.cidrBlocks = ['172.16.0.0/16']; }), { against: vsphere(), source: `${WEBHOOK_TEST} TestClusterValidateUpdateClusterNetworkPodsImmutable` }),
  reject('eksa/immutable', 'the CNI plugin changes (eksctl upgrade)', cluster(docker(), s => { s.clusterNetwork.cniConfig = { kindnetd: {} }; }),
    { against: docker(), source: `${E} pkg/validations/upgradevalidations/immutable_fields.go ValidateImmutableFields (CNIPluginSame)`, message: /CNI\/CNIConfig is immutable/ }),
  accept('eksa/immutable', 'the paused old cluster may change its endpoint', vs(s => { s.controlPlaneConfiguration.endpoint.host = '10.20.0.11'; }),
    { against: cluster(vsphere(), (_s, o) => { o.metadata.annotations = { 'anywhere.eks.amazonaws.com/paused': 'true' }; }), source: `${WEBHOOK_TEST} (paused clusters skip immutability)` }),
  reject('eksa/immutable-config', 'tinkerbellIP changes', tbDc(s => { s.tinkerbellIP = '10.0.0.98'; }), { against: tinkerbell(), source: `${E} pkg/api/v1alpha1/tinkerbelldatacenterconfig_webhook_test.go TestTinkerbellDatacenterValidateUpdateImmutable` }),
  reject('eksa/immutable-config', 'a Tinkerbell machine config changes osFamily', tbMachine('metal', s => { s.osFamily = 'redhat'; }, tbMachine('metal-cp', s => { s.osFamily = 'redhat'; })),
    { against: tinkerbell(), source: `${E} pkg/api/v1alpha1/tinkerbellmachineconfig_webhook_test.go TestTinkerbellMachineConfigValidateUpdateFailOSFamily` }),
  reject('eksa/immutable-config', 'the first SSH key changes', tbMachine('metal', s => { s.users[0].sshAuthorizedKeys = ['ssh-ed25519 BBBB']; }),
    { against: tinkerbell(), source: `${E} pkg/api/v1alpha1/tinkerbellmachineconfig_webhook_test.go TestTinkerbellMachineConfigValidateUpdateFailSshAuthorizedKeys` }),
  reject('eksa/immutable-config', 'the vSphere datacenter network changes', vsDc(s => { s.network = '/dc1/network/other'; }), { against: vsphere(), source: `${E} pkg/api/v1alpha1/vspheredatacenterconfig_webhook.go validateImmutableFieldsVSphereCluster` }),
  reject('eksa/immutable-config', 'a FluxConfig branch changes', withFlux({ github: { owner: 'o', repository: 'r' }, branch: 'dev' }),
    { against: withFlux({ github: { owner: 'o', repository: 'r' }, branch: 'main' }), source: `${E} pkg/api/v1alpha1/fluxconfig_webhook_test.go TestClusterValidateUpdateFluxBranchImmutable` }),
  accept('eksa/immutable-config', 'a Tinkerbell hardware selector changes (mutable upstream)', tbMachine('metal', s => { s.hardwareSelector = { type: 'worker2' }; }),
    { against: tinkerbell(), source: `${E} pkg/api/v1alpha1/tinkerbellmachineconfig_webhook_test.go TestTinkerbellMachineConfigValidateUpdateFailHardwareSelectorChange` }),
  accept('eksa/immutable-config', 'nothing changes', vsphere(), { against: vsphere(), source: `${E} pkg/api/v1alpha1/tinkerbelldatacenterconfig_webhook_test.go TestTinkerbellDatacenterValidateUpdateSucceed` }),
  reject('eksa/immutable-config', 'hookImagesURLPath changes with a version bump (eksctl only)', tbDc(s => { s.hookImagesURLPath = 'https://hook.example.com/'; }, tinkerbellAt('1.36')),
    { against: tinkerbell(), severity: 'warning', source: `${E} pkg/providers/tinkerbell/upgrade.go ValidateNewSpec` }),

  // Provider objects
  reject('eksa/docker', 'a machineGroupRef on Docker', cluster(docker(), s => { s.controlPlaneConfiguration.machineGroupRef = { kind: 'VSphereMachineConfig', name: 'x' }; }),
    { source: 'ours', severity: 'warning' }),
  accept('eksa/docker', 'Docker without machineGroupRefs', docker(), { source: 'ours' }),
  reject('eksa/disjoint-selectors', 'control plane and workers share a selector (eksctl accepts it)', tbMachine('metal', s => { s.hardwareSelector = { type: 'cp' }; }), { source: 'ours', severity: 'warning' }),
  reject('eksa/defaulted-field', 'a vSphere machine config without numCPUs', vsMachine('prod', s => { delete s.numCPUs; }),
    { source: `${E} pkg/api/v1alpha1/vspheremachineconfig.go setVSphereMachineConfigDefaults`, severity: 'warning' }),
  accept('eksa/defaulted-field', 'a vSphere machine config with every required field', vsphere(), { source: 'ours' }),
  reject('eksa/hardware-selector', 'a hardwareAffinity operator Gt', tbMachine('metal', s => {
    delete s.hardwareSelector;
    s.hardwareAffinity = { required: [{ labelSelector: { matchExpressions: [{ key: 'type', operator: 'Gt', values: ['1'] }] } }] };
  }), { source: `${E} pkg/api/v1alpha1/tinkerbellmachineconfig_types_test.go TestTinkerbellMachineConfigValidateWithMatchExpressions`, message: /invalid matchExpression operator 'Gt'/ }),
  reject('eksa/hardware-selector', 'a preferred weight of 0', tbMachine('metal', s => {
    delete s.hardwareSelector;
    s.hardwareAffinity = { required: [{ labelSelector: { matchLabels: { type: 'worker' } } }], preferred: [{ weight: 0, hardwareAffinityTerm: { labelSelector: { matchLabels: { rack: 'r1' } } } }] };
  }), { source: `${E} pkg/api/v1alpha1/tinkerbellmachineconfig_types_test.go TestValidateHardwareAffinityWeight` }),
  reject('eksa/hardware-selector', 'two selector pairs', tbMachine('metal', s => { s.hardwareSelector = { type: 'worker', rack: 'r1' }; }),
    { source: `${E} pkg/api/v1alpha1/tinkerbellmachineconfig_types_test.go TestTinkerbellMachineConfigValidateFail`, message: /must contain only 1 key-value pair/ }),
  accept('eksa/hardware-selector', 'hardwareAffinity with In and Exists', tbMachine('metal', s => {
    delete s.hardwareSelector;
    s.hardwareAffinity = { required: [{ labelSelector: { matchExpressions: [{ key: 'type', operator: 'In', values: ['worker'] }, { key: 'gpu', operator: 'Exists' }] } }] };
  }), { source: `${E} pkg/api/v1alpha1/tinkerbellmachineconfig_types_test.go TestTinkerbellMachineConfigValidateWithAffinitySucceed` }),
  reject('eksa/host-os-config', 'certBundles on Ubuntu', tbMachine('metal', s => { s.hostOSConfiguration = { certBundles: [{ name: 'ca', data: CERT }] }; }),
    { source: `${E} pkg/api/v1alpha1/hostosconfig_test.go TestValidateHostOSConfig`, message: /CertBundles can only be used with osFamily: "bottlerocket"/ }),
  reject('eksa/host-os-config', 'an NTP server with a space', tbMachine('metal', s => { s.hostOSConfiguration = { ntpConfiguration: { servers: ['time example.com'] } }; }),
    { source: `${E} pkg/api/v1alpha1/hostosconfig_test.go TestValidateHostOSConfig`, message: /ntp servers \[time example.com\] is not valid/ }),
  reject('eksa/host-os-config', 'a certificate bundle that is not PEM', vsMachine('prod', s => { s.hostOSConfiguration = { certBundles: [{ name: 'ca', data: 'not a cert' }] }; }),
    { source: `${E} pkg/api/v1alpha1/hostosconfig_test.go TestValidateHostOSConfig`, message: /failed to parse certificate PEM/ }),
  accept('eksa/host-os-config', 'NTP servers and a Bottlerocket certificate bundle', vsMachine('prod', s => {
    s.hostOSConfiguration = { ntpConfiguration: { servers: ['time.example.com', '10.0.0.1:123', 'udp://time2.example.com'] }, certBundles: [{ name: 'ca', data: CERT }], bottlerocketConfiguration: { kubernetes: { maxPods: 110 } } };
  }), { source: `${E} pkg/api/v1alpha1/hostosconfig_test.go TestValidateHostOSConfig` }),
  reject('eksa/os-family', 'a worker osFamily other than the control plane\'s', tbMachine('metal', s => { s.osFamily = 'redhat'; }), { source: `${E} pkg/providers/tinkerbell/validate.go validateOsFamily` }),
  reject('eksa/os-family', 'an unsupported vSphere osFamily', vsMachine('prod', s => { s.osFamily = 'windows'; }), { source: `${E} pkg/api/v1alpha1/vspheremachineconfig_test.go TestVSphereMachineConfigValidate` }),
  accept('eksa/os-family', 'Ubuntu everywhere', tinkerbell(), { source: `${E} pkg/api/v1alpha1/tinkerbellmachineconfig_types_test.go TestTinkerbellMachineConfigValidateSucceed` }),
  reject('eksa/users', 'Bottlerocket on vSphere with a user other than ec2-user', vsMachine('prod', s => { s.users[0].name = 'admin'; }),
    { source: `${E} pkg/api/v1alpha1/vspheremachineconfig_test.go TestVSphereMachineConfigValidateUsers` }),
  reject('eksa/users', 'a Tinkerbell machine config without users (eksctl adds ec2-user)', tbMachine('metal', s => { delete s.users; }),
    { source: `${E} pkg/api/v1alpha1/tinkerbellmachineconfig_webhook_test.go TestTinkerbellMachineConfigValidateCreateFailNoUsers`, severity: 'warning' }),
  accept('eksa/users', 'ec2-user on Bottlerocket', vsphere(), { source: `${E} pkg/api/v1alpha1/vspheremachineconfig_test.go TestVSphereMachineConfigValidateUsers` }),
  reject('eksa/vsphere-datacenter', 'no vCenter server', vsDc(s => { s.server = ''; }), { source: `${E} pkg/api/v1alpha1/vspheredatacenterconfig_test.go TestValidateVSphereDatacenterConfig` }),
  accept('eksa/vsphere-datacenter', 'server, datacenter and network', vsphere(), { source: `${E} pkg/api/v1alpha1/vspheredatacenterconfig_test.go TestValidateVSphereDatacenterConfig` }),
  reject('eksa/vsphere-failure-domain', 'a worker group names two failure domains', cluster(vsDc(s => {
    s.failureDomains = ['fd-1', 'fd-2'].map(name => ({ name, computeCluster: 'c', resourcePool: '/dc1/host/c/Resources', datastore: '/dc1/datastore/d', folder: '/dc1/vm/f', network: '/dc1/network/n' }));
  }), s => { s.workerNodeGroupConfigurations[0].failureDomains = ['fd-1', 'fd-2']; }), { source: `${E} pkg/providers/vsphere/validator.go validateWorkerNodeGroupDomains`, message: /multiple failure domains/ }),
  reject('eksa/vsphere-machine', 'no datastore', vsMachine('prod', s => { s.datastore = ''; }), { source: `${E} pkg/api/v1alpha1/vspheremachineconfig_test.go TestVSphereMachineConfigValidate` }),
  reject('eksa/vsphere-machine', 'numCPUs 0 (replaced by 2 upstream)', vsMachine('prod', s => { s.numCPUs = 0; }), { source: 'ours (setVSphereMachineConfigDefaults)', severity: 'warning' }),
  accept('eksa/vsphere-machine', 'datastore, resource pool, 2 CPUs and 8 GiB', vsphere(), { source: `${E} pkg/api/v1alpha1/vspheremachineconfig_test.go TestVSphereMachineConfigValidate` }),
  reject('eksa/vsphere-path', 'a resource pool under another datacenter', vsMachine('prod', s => { s.resourcePool = '/dc9/host/c/Resources'; }), { source: 'ours (vspheredatacenterconfig.go validatePath)' }),
  accept('eksa/vsphere-path', 'paths under the datacenter', vsphere(), { source: 'ours (vspheredatacenterconfig.go validatePath)' }),

  // Tinkerbell
  reject('eksa/tinkerbell-bottlerocket', 'Bottlerocket control plane at Kubernetes 1.35', bottlerocketTinkerbell(), { source: `${ASSERT_TEST} TestAssertMachineConfigK8sVersionBRCP_Error` }),
  accept('eksa/tinkerbell-bottlerocket', 'Ubuntu at Kubernetes 1.35', tinkerbell(), { source: `${ASSERT_TEST} TestAssertMachineConfigK8sVersionBR_Success (rewritten: no Bottlerocket version is supported any more)` }),
  reject('eksa/tinkerbell-os-image', 'Ubuntu without an image', tbDc(s => { delete s.osImageURL; }), { source: `${ASSERT_TEST} TestAssertMachineConfigOSImageURLNotSpecified_Error` }),
  reject('eksa/tinkerbell-os-image', 'the datacenter image names another version', tbDc(s => { s.osImageURL = 'https://artifacts.example.com/ubuntu-kube-1-34.gz'; }),
    { source: `${ASSERT_TEST} TestK8sVersionInDataCenterOSImageURL_Error`, message: /missing kube version from OSImageURL/ }),
  reject('eksa/tinkerbell-os-image', 'a worker machine image without the worker group\'s version', tbMachine('metal', s => { s.osImageURL = 'https://x/ubuntu-1-34.gz'; },
    tbMachine('metal-cp', s => { s.osImageURL = 'https://x/ubuntu-1-35.gz'; }, tbDc(s => { delete s.osImageURL; }))),
  { source: `${ASSERT_TEST} TestK8sVersionInWorkerMachineConfigOSImageURL_Error`, message: /worker node group machine config OSImageURL/ }),
  accept('eksa/tinkerbell-os-image', 'one image per machine config, naming the version (1_35)', tbMachine('metal', s => { s.osImageURL = 'https://x/ubuntu_1_35.gz'; },
    tbMachine('metal-cp', s => { s.osImageURL = 'https://x/ubuntu-1.35.gz'; }, tbDc(s => { delete s.osImageURL; }))), { source: `${ASSERT_TEST} TestK8sVersionInMachineConfigOSImageURL_Succeed` }),
  accept('eksa/tinkerbell-os-image', 'one datacenter image naming the version', tinkerbell(), { source: `${ASSERT_TEST} TestK8sVersionInDataCenterOSImageURL_Succeed` }),
  reject('eksa/tinkerbell-iso', 'hookIsoURL without .iso', tbDc(s => { s.isoBoot = true; s.hookIsoURL = 'https://artifacts.example.com/hook.img'; }), { source: `${E} pkg/providers/tinkerbell/validate.go validateISOURL` }),
  reject('eksa/tinkerbell-iso', 'hookIsoURL without isoBoot', tbDc(s => { s.hookIsoURL = 'https://artifacts.example.com/hook.iso'; }),
    { source: `${E} pkg/api/v1alpha1/tinkerbelldatacenterconfig_types_test.go TestTinkerbellDatacenterConfigValidateFail` }),
  accept('eksa/tinkerbell-iso', 'isoBoot with a .iso URL', tbDc(s => { s.isoBoot = true; s.hookIsoURL = 'https://artifacts.example.com/hook.iso'; }),
    { source: `${E} pkg/api/v1alpha1/tinkerbelldatacenterconfig_types_test.go TestTinkerbellDatacenterConfigIsoURLValidateSuccess` }),
  reject('eksa/tinkerbell-ip', 'tinkerbellIP equals the endpoint', tbDc(s => { s.tinkerbellIP = '10.0.0.100'; }), { source: `${ASSERT_TEST} TestAssertTinkerbellIPAndControlPlaneIPNotSame_SameFails` }),
  accept('eksa/tinkerbell-ip', 'tinkerbellIP and endpoint differ', tinkerbell(), { source: `${ASSERT_TEST} TestAssertTinkerbellIPAndControlPlaneIPNotSame_DifferentSucceeds` }),
  reject('eksa/tinkerbell-proxy', 'a proxy without hookImagesURLPath', tb(s => { s.proxyConfiguration = { httpProxy: '1.1.1.1:8080', httpsProxy: '1.1.1.1:8443' }; }),
    { source: `${ASSERT_TEST} TestAssertAssertHookRetrievableWithoutProxyURLNotProvided` }),
  reject('eksa/tinkerbell-url', 'osImageURL with a space', tbMachine('metal', s => { s.osImageURL = 'https://x/ubuntu 1-35.gz'; }, tbDc(s => { delete s.osImageURL; })),
    { source: `${E} pkg/api/v1alpha1/tinkerbellmachineconfig_types_test.go TestTinkerbellMachineConfigValidateFail` }),
  accept('eksa/tinkerbell-url', 'URLs that parse', tbDc(s => { s.hookImagesURLPath = 'http://10.0.0.5:8080/hook'; }), { source: `${E} pkg/api/v1alpha1/tinkerbelldatacenterconfig_types_test.go TestTinkerbellDatacenterConfigValidateSuccess` }),
  accept('eksa/template-ref', 'a template of the file in the Cluster\'s namespace', [...tbMachine('metal', s => { s.templateRef = { kind: 'TinkerbellTemplateConfig', name: 'custom' }; }),
    eksa('TinkerbellTemplateConfig', 'custom', { template: { global_timeout: 6000, id: '', name: 'custom', version: '0.1', tasks: [{ name: 'os', worker: '{{.device_1}}', actions: [{ name: 'a', image: 'i', timeout: 60 }] }] } })],
  { source: 'ours' }),
  reject('eksa/hardware-count', 'a hardwareAffinity term\'s matchLabels count too (one worker machine for two nodes)', [], {
    run: withHardware(tbMachine('metal', s => { delete s.hardwareSelector; s.hardwareAffinity = { required: [{ labelSelector: { matchLabels: { type: 'worker' } } }] }; }), fleet(3, 1)),
    source: `${ASSERT_TEST} TestMinimumHardwareAvailableAssertionForCreate_WithHardwareAffinity`,
  }),
  reject('eksa/hardware-count', 'two control plane machines for three nodes', [], { run: withHardware(tinkerbell(), fleet(2, 2)), source: `${ASSERT_TEST} TestMinimumHardwareAvailableAssertionForCreate_InsufficientFails` }),
  reject('eksa/hardware-count', 'groups sharing a selector need more than the last group\'s count', [], {
    run: withHardware(tb(s => { s.workerNodeGroupConfigurations.push({ name: 'md-1', count: 1, machineGroupRef: { kind: 'TinkerbellMachineConfig', name: 'metal' } }); }), fleet(3, 2)),
    severity: 'warning',
    source: 'ours (validate.go MinimumHardwareRequirements.Add overwrites)',
  }),
  accept('eksa/hardware-count', 'three control plane and two worker machines', [], { run: withHardware(tinkerbell(), fleet(3, 2)), source: `${ASSERT_TEST} TestMinimumHardwareAvailableAssertionForCreate_SufficientSucceeds` }),
  reject('eksa/hardware', 'a machine matching two selectors', [], {
    run: withHardware(tbMachine('metal', s => { s.hardwareSelector = { pool: 'general' }; }), [...fleet(3, 0), hw(4, { pool: 'general' }), hw(5, { type: 'cp', pool: 'general' })]),
    source: `${ASSERT_TEST} TestHardwareSatisfiesOnlyOneSelectorAssertion_MeetsMultipleSelectorFails`,
  }),
  reject('eksa/hardware', 'a row with a disk that is not a /dev path', [], {
    run: withHardware(tinkerbell(), [...fleet(3, 1), hw(5, { type: 'worker' }, { disk: 'sdb' })]),
    source: `${E} pkg/providers/tinkerbell/hardware/validator_test.go TestStaticMachineAssertions_InvalidMachines "InvalidDisk"`,
  }),
  accept('eksa/hardware', 'every machine matches one selector', [], { run: withHardware(tinkerbell(), fleet(3, 2)), source: `${ASSERT_TEST} TestHardwareSatisfiesOnlyOneSelectorAssertion_MeetsOnlyOneSelector` }),

  // References, namespaces, GitOps, identity
  reject('eksa/datacenter-ref', 'datacenterRef kind is not a provider', vs(s => { s.datacenterRef.kind = 'AWSDatacenterConfig'; }), { source: 'ours', message: /is not supported/ }),
  accept('eksa/machine-group-ref', 'every machine config referenced exists', tinkerbell(), { source: `${ASSERT_TEST} TestAssertWorkerNodeGroupMachineRefsExists_Exists` }),
  reject('eksa/namespace', 'a machine config in another namespace', edit(tinkerbell(), 'TinkerbellMachineConfig', o => { o.metadata.namespace = 'other'; }, 'metal'),
    { source: `${ASSERT_TEST} TestAssertMachineConfigNamespaceMatchesDatacenterConfig_Different` }),
  accept('eksa/namespace', 'everything in one namespace', inNamespace(tinkerbell(), 'eksa'), { source: `${ASSERT_TEST} TestAssertMachineConfigNamespaceMatchesDatacenterConfig_Same` }),
  reject('eksa/gitops', 'a FluxConfig that is not in the file (eksctl ignores the ref)', vs(s => { s.gitOpsRef = { kind: 'FluxConfig', name: 'prod' }; }),
    { source: `${E} pkg/cluster/flux.go processFlux`, severity: 'warning', message: /eksctl ignores the gitOpsRef/ }),
  reject('eksa/gitops', 'a gitOpsRef of another kind', vs(s => { s.gitOpsRef = { kind: 'ArgoConfig', name: 'prod' }; }), { source: 'ours (cluster.go validateGitOps)' }),
  reject('eksa/gitops', 'a GitOpsConfig repository name with a space', [...vs(s => { s.gitOpsRef = { kind: 'GitOpsConfig', name: 'g' }; }), eksa('GitOpsConfig', 'g', { flux: { github: { owner: 'o', repository: 'my repo' } } })],
    { source: `${E} pkg/api/v1alpha1/gitopsconfig_test.go TestValidateGitOpsConfig`, message: /not a valid git repository name/ }),
  accept('eksa/gitops', 'a FluxConfig on GitHub', withFlux({ github: { owner: 'o', repository: 'r' } }), { source: `${E} pkg/api/v1alpha1/fluxconfig_test.go TestValidateFluxConfig` }),
  reject('eksa/flux', 'both git and github', withFlux({ github: { owner: 'o', repository: 'r' }, git: { repositoryUrl: 'ssh://git@x/y.git' } }),
    { source: `${E} pkg/api/v1alpha1/fluxconfig_test.go TestValidateFluxConfig`, message: /must specify only one provider/ }),
  reject('eksa/flux', 'an unknown sshKeyAlgorithm', withFlux({ git: { repositoryUrl: 'ssh://git@x/y.git', sshKeyAlgorithm: 'dsa' } }), { source: `${E} pkg/api/v1alpha1/fluxconfig_test.go TestValidateFluxConfig` }),
  reject('eksa/flux', 'an scp-like repository URL (url.Parse fails)', withFlux({ git: { repositoryUrl: 'git@github.com:o/r.git' } }), { source: `${E} pkg/api/v1alpha1/fluxconfig_test.go TestValidateFluxConfig`, message: /unable to parse repository url/ }),
  accept('eksa/flux', 'git over ssh:// with ed25519 and a release branch', withFlux({ git: { repositoryUrl: 'ssh://git@git.example.com/fleet.git', sshKeyAlgorithm: 'ed25519' }, branch: 'release/v1' }),
    { source: `${E} pkg/api/v1alpha1/fluxconfig_test.go TestValidateFluxConfig` }),
  reject('eksa/identity-provider', 'two OIDCConfig refs (upstream accepts them)', [...vs(s => { s.identityProviderRefs = [{ kind: 'OIDCConfig', name: 'a' }, { kind: 'OIDCConfig', name: 'b' }]; }),
    eksa('OIDCConfig', 'a', { clientId: 'c', issuerUrl: 'https://a.example.com' }), eksa('OIDCConfig', 'b', { clientId: 'c', issuerUrl: 'https://b.example.com' })], { source: 'ours', severity: 'warning' }),
  reject('eksa/oidc', 'an issuer without a scheme', [...vs(s => { s.identityProviderRefs = [{ kind: 'OIDCConfig', name: 'o' }]; }), eksa('OIDCConfig', 'o', { clientId: 'c', issuerUrl: 'login.example.com' })],
    { source: `${E} pkg/api/v1alpha1/oidcconfig_test.go TestGetAndValidateOIDCConfig "invalid issuer url"`, message: /invalid URI for request/ }),
  reject('eksa/registry-mirror-os', 'insecureSkipVerify with Bottlerocket machines', vs(s => { s.registryMirrorConfiguration = { endpoint: 'harbor.example.com', insecureSkipVerify: true }; }),
    { source: `${E} pkg/validations/cluster_test.go TestValidateOSForRegistryMirrorInsecureSkipVerifyEnabled "insecureSkipVerify on provider with bottlerocket"` }),
  accept('eksa/registry-mirror-os', 'insecureSkipVerify with Ubuntu machines', cluster(tinkerbell(), s => { s.registryMirrorConfiguration = { endpoint: 'harbor.example.com', insecureSkipVerify: true }; }),
    { source: `${E} pkg/validations/cluster_test.go TestValidateOSForRegistryMirrorInsecureSkipVerifyEnabled "insecureSkipVerify on provider with ubuntu"` }),
  accept('eksa/registry-mirror-os', 'a verified mirror with Bottlerocket machines', vs(s => { s.registryMirrorConfiguration = { endpoint: 'harbor.example.com', caCertContent: CERT }; }),
    { source: `${E} pkg/validations/cluster_test.go TestValidateOSForRegistryMirrorInsecureSkipVerifyDisabled` }),
  reject('eksa/unknown-field', 'an unknown field of a machine config (eksctl ignores it)', vsMachine('prod', s => { s.numCPU = 4; }), { source: `${E} pkg/cluster/config_manager.go unmarshal`, severity: 'warning' }),
  accept('eksa/unknown-field', 'known fields only', vsphere(), { source: 'ours' }),
  accept('eksa/ignored-object', 'every object at the Cluster\'s apiVersion', vsphere(), { source: 'ours' }),
  reject('eksa/config-file', 'an upgrade against a config without this Cluster', [], {
    run: preflightFindings(vsphere(), { mode: 'upgrade', old: vsphere().filter(o => o.kind !== 'Cluster') }),
    source: 'ours',
    message: /previous cluster config has no Cluster prod/,
  }),
];
