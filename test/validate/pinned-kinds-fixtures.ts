// One realistic object of every kind pinned for validation only (imports/crds.lock.json
// `validationCrds`, the GitOps engines aside: their objects come from `synth --gitops`), written
// here the way their projects' documentation uses them. Each was accepted by the pinned
// kube-apiserver v1.28.4 with the pinned CRDs installed (`kubectl apply --dry-run=server`,
// ../shared/envtest), so a finding on one of them is ours, not the object's.
import { KubeObject } from '../../src/core/kube-object';

const NS = 'metal3';
const meta = (name: string, extra: Record<string, unknown> = {}) => ({ name, namespace: NS, ...extra });
const ref = (kind: string, name: string, apiVersion: string) => ({ apiVersion, kind, name, namespace: NS });
const CAPI = 'cluster.x-k8s.io/v1beta2';
const M3 = 'infrastructure.cluster.x-k8s.io';

const kubeadmConfigSpec = {
  clusterConfiguration: { apiServer: { certSANs: ['192.168.111.249'] } },
  initConfiguration: { nodeRegistration: { name: '{{ ds.meta_data.name }}', kubeletExtraArgs: [{ name: 'node-labels', value: 'metal3.io/uuid={{ ds.meta_data.uuid }}' }] } },
  joinConfiguration: { controlPlane: {}, nodeRegistration: { name: '{{ ds.meta_data.name }}', kubeletExtraArgs: [{ name: 'node-labels', value: 'metal3.io/uuid={{ ds.meta_data.uuid }}' }] } },
  preKubeadmCommands: ['systemctl enable --now crio kubelet'],
  postKubeadmCommands: ['mkdir -p /home/metal3/.kube', 'cp /etc/kubernetes/admin.conf /home/metal3/.kube/config'],
  files: [{ path: '/etc/keepalived/keepalived.conf', owner: 'root:root', permissions: '0644', content: 'vrrp_instance VI_1 {\n  virtual_ipaddress { 192.168.111.249 }\n}\n' }],
  users: [{ name: 'metal3', sudo: 'ALL=(ALL) NOPASSWD:ALL', sshAuthorizedKeys: ['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHhZSrBCzCgUCMqdI9bCyG1lCE2n7ltXU1iCO1bg9QPR metal3'] }],
  format: 'cloud-config',
};
const workerConfigSpec = {
  joinConfiguration: { nodeRegistration: { name: '{{ ds.meta_data.name }}', kubeletExtraArgs: [{ name: 'node-labels', value: 'metal3.io/uuid={{ ds.meta_data.uuid }}' }] } },
  users: kubeadmConfigSpec.users,
};

export const PINNED_KIND_OBJECTS: readonly KubeObject[] = [
  // Cluster API v1.13.5: the kubeadm control plane and bootstrap of a Metal3 cluster, and the other kinds of its install set.
  {
    apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
    kind: 'KubeadmControlPlane',
    metadata: meta('test1'),
    spec: {
      replicas: 3,
      version: 'v1.33.1',
      machineTemplate: { spec: { infrastructureRef: { apiGroup: M3, kind: 'Metal3MachineTemplate', name: 'test1-controlplane' }, deletion: { nodeDrainTimeoutSeconds: 0 } } },
      rollout: { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1 } } },
      kubeadmConfigSpec,
    },
  },
  {
    apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
    kind: 'KubeadmControlPlaneTemplate',
    metadata: meta('example-controlplane'),
    spec: { template: { spec: { kubeadmConfigSpec } } },
  },
  { apiVersion: 'bootstrap.cluster.x-k8s.io/v1beta2', kind: 'KubeadmConfigTemplate', metadata: meta('test1-workers'), spec: { template: { spec: workerConfigSpec } } },
  { apiVersion: 'bootstrap.cluster.x-k8s.io/v1beta2', kind: 'KubeadmConfig', metadata: meta('test1-workers-abcde'), spec: workerConfigSpec },
  {
    apiVersion: CAPI,
    kind: 'MachinePool',
    metadata: meta('test1-pool'),
    spec: {
      clusterName: 'test1',
      replicas: 2,
      template: { spec: { clusterName: 'test1', version: 'v1.33.1', bootstrap: { configRef: { apiGroup: 'bootstrap.cluster.x-k8s.io', kind: 'KubeadmConfig', name: 'test1-pool' } }, infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'DockerMachinePool', name: 'test1-pool' } } },
    },
  },
  {
    apiVersion: CAPI,
    kind: 'MachineDrainRule',
    metadata: meta('skip-local-storage'),
    spec: { drain: { behavior: 'Skip' }, machines: [{ selector: { matchLabels: { 'cluster.x-k8s.io/cluster-name': 'test1' } } }], pods: [{ selector: { matchLabels: { app: 'local-storage' } } }] },
  },
  {
    apiVersion: 'addons.cluster.x-k8s.io/v1beta2',
    kind: 'ClusterResourceSet',
    metadata: meta('cni'),
    spec: { strategy: 'ApplyOnce', clusterSelector: { matchLabels: { cni: 'calico' } }, resources: [{ kind: 'ConfigMap', name: 'calico-addon' }, { kind: 'Secret', name: 'calico-secret' }] },
  },
  {
    apiVersion: 'addons.cluster.x-k8s.io/v1beta2',
    kind: 'ClusterResourceSetBinding',
    metadata: meta('test1'),
    spec: { clusterName: 'test1', bindings: [{ clusterResourceSetName: 'cni', resources: [{ kind: 'ConfigMap', name: 'calico-addon', applied: true, hash: 'sha256:0a1b', lastAppliedTime: '2026-01-01T00:00:00Z' }] }] },
  },
  {
    apiVersion: 'ipam.cluster.x-k8s.io/v1beta2',
    kind: 'IPAddressClaim',
    metadata: meta('test1-cp-0-ip'),
    spec: { clusterName: 'test1', poolRef: { apiGroup: 'ipam.cluster.x-k8s.io', kind: 'InClusterIPPool', name: 'provisioning' } },
  },
  {
    apiVersion: 'ipam.cluster.x-k8s.io/v1beta2',
    kind: 'IPAddress',
    metadata: meta('test1-cp-0-ip'),
    spec: { address: '192.168.111.100', prefix: 24, gateway: '192.168.111.1', claimRef: { name: 'test1-cp-0-ip' }, poolRef: { apiGroup: 'ipam.cluster.x-k8s.io', kind: 'InClusterIPPool', name: 'provisioning' } },
  },
  {
    apiVersion: 'runtime.cluster.x-k8s.io/v1beta2',
    kind: 'ExtensionConfig',
    metadata: { name: 'test-extension' },
    spec: { clientConfig: { service: { name: 'test-extension', namespace: 'capi-test-extension', port: 443 } }, namespaceSelector: { matchExpressions: [{ key: 'kubernetes.io/metadata.name', operator: 'In', values: [NS] }] } },
  },
  {
    apiVersion: 'clusterctl.cluster.x-k8s.io/v1alpha3',
    kind: 'Provider',
    metadata: { name: 'infrastructure-metal3', namespace: 'capm3-system', labels: { 'clusterctl.cluster.x-k8s.io': '' } },
    providerName: 'metal3',
    type: 'InfrastructureProvider',
    version: 'v1.13.2',
  },
  // CAPM3 v1.13.2: remediation.
  {
    apiVersion: `${M3}/v1beta2`,
    kind: 'Metal3RemediationTemplate',
    metadata: meta('worker-remediation'),
    spec: { template: { spec: { strategy: { type: 'Reboot', retryLimit: 2, timeoutSeconds: 300 } } } },
  },
  { apiVersion: `${M3}/v1beta2`, kind: 'Metal3Remediation', metadata: meta('test1-workers-abcde'), spec: { strategy: { type: 'Reboot', retryLimit: 1, timeoutSeconds: 600 } } },
  // Baremetal Operator v0.13.2.
  { apiVersion: 'metal3.io/v1alpha1', kind: 'DataImage', metadata: meta('node-0'), spec: { url: 'http://192.168.111.1/images/virtual-media.iso' } },
  {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'HostFirmwareComponents',
    metadata: meta('node-0'),
    spec: { updates: [{ component: 'bios', url: 'https://192.168.111.1/firmware/bios-2.3.iso' }, { component: 'bmc', url: 'https://192.168.111.1/firmware/bmc-1.9.bin' }] },
  },
  { apiVersion: 'metal3.io/v1alpha1', kind: 'HostUpdatePolicy', metadata: meta('node-0'), spec: { firmwareSettings: 'onReboot', firmwareUpdates: 'onReboot' } },
  {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'FirmwareSchema',
    metadata: meta('schema-dell-r640'),
    spec: { hardwareVendor: 'Dell Inc.', hardwareModel: 'PowerEdge R640', schema: { ProcVirtualization: { attribute_type: 'Enumeration', allowable_values: ['Enabled', 'Disabled'], read_only: false } } },
  },
  {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'HardwareData',
    metadata: meta('node-0'),
    spec: { hardware: { hostname: 'node-0', ramMebibytes: 65536, cpu: { arch: 'x86_64', model: 'Intel Xeon', count: 32, clockMegahertz: 2400, flags: ['vmx'] }, nics: [{ name: 'eno1', mac: '0c:c4:7a:00:00:01', ip: '192.168.111.20', speedGbps: 10, pxe: true }], storage: [{ name: '/dev/sda', sizeBytes: 480103981056, rotational: false, type: 'SSD' }] } },
  },
  {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BMCEventSubscription',
    metadata: meta('node-0-events'),
    spec: { hostName: 'node-0', destination: 'https://events.example.com/redfish', context: 'node-0', httpHeadersRef: { name: 'node-0-event-headers', namespace: NS } },
  },
  {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'HostClaim',
    metadata: meta('workload-0'),
    spec: { poweredOn: true, image: { url: 'http://192.168.111.1/images/ubuntu.qcow2', checksum: 'http://192.168.111.1/images/ubuntu.qcow2.sha256sum', checksumType: 'sha256', format: 'qcow2' }, userData: { name: 'workload-0-user-data' } },
  },
  { apiVersion: 'metal3.io/v1alpha1', kind: 'HostDeployPolicy', metadata: meta('allow-workloads'), spec: { hostClaimNamespaces: { names: ['workloads'], hasLabels: [{ name: 'metal3.io/host-claims', value: 'allowed' }] } } },
  // IP Address Manager v1.13.2.
  { apiVersion: 'ipam.metal3.io/v1alpha1', kind: 'IPClaim', metadata: meta('test1-cp-0-pool1'), spec: { pool: { name: 'pool1', namespace: NS } } },
  {
    apiVersion: 'ipam.metal3.io/v1alpha1',
    kind: 'IPAddress',
    metadata: meta('pool1-192-168-0-10'),
    spec: { address: '192.168.0.10', prefix: 24, gateway: '192.168.0.1', dnsServers: ['8.8.8.8'], pool: { name: 'pool1', namespace: NS }, claim: { name: 'test1-cp-0-pool1', namespace: NS } },
  },
  // MetalLB v0.16.1: objects the speaker and controller write about themselves.
  { apiVersion: 'metallb.io/v1beta1', kind: 'ConfigurationState', metadata: { name: 'controller', namespace: 'metallb-system' } },
  { apiVersion: 'metallb.io/v1beta1', kind: 'ServiceL2Status', metadata: { name: 'l2-abcde', namespace: 'metallb-system' }, spec: {} },
  { apiVersion: 'metallb.io/v1beta1', kind: 'ServiceBGPStatus', metadata: { name: 'bgp-abcde', namespace: 'metallb-system' }, spec: {} },
  // EKS Anywhere v0.26.1: the kinds its controllers and release process write.
  { apiVersion: 'anywhere.eks.amazonaws.com/v1alpha1', kind: 'SnowIPPool', metadata: meta('ip-pool-1'), spec: { pools: [{ ipStart: '192.168.1.10', ipEnd: '192.168.1.20', subnet: '192.168.1.0/24', gateway: '192.168.1.1' }] } },
  {
    apiVersion: 'anywhere.eks.amazonaws.com/v1alpha1',
    kind: 'EKSARelease',
    metadata: { name: 'eksa-v0-26-1', namespace: 'eksa-system' },
    spec: { version: 'v0.26.1', releaseDate: '2026-01-01', gitCommit: '0123456789abcdef', bundleManifestUrl: 'https://anywhere-assets.eks.amazonaws.com/bundle-release.yaml', bundlesRef: { apiVersion: 'anywhere.eks.amazonaws.com/v1alpha1', name: 'bundles-1', namespace: 'eksa-system' } },
  },
  {
    apiVersion: 'anywhere.eks.amazonaws.com/v1alpha1',
    kind: 'AWSDatacenterConfig',
    metadata: meta('aws-dc'),
    spec: { amiID: 'ami-0123456789abcdef0', region: 'us-west-2' },
  },
  {
    apiVersion: 'anywhere.eks.amazonaws.com/v1alpha1',
    kind: 'ControlPlaneUpgrade',
    metadata: { name: 'prod-cp-upgrade', namespace: 'eksa-system' },
    spec: {
      controlPlane: ref('KubeadmControlPlane', 'prod', 'controlplane.cluster.x-k8s.io/v1beta1'),
      machinesRequireUpgrade: [ref('Machine', 'prod-cp-1', 'cluster.x-k8s.io/v1beta1')],
      kubernetesVersion: 'v1.33.1',
      etcdVersion: 'v3.5.21',
      controlPlaneSpecData: 'e30=',
    },
  },
  {
    apiVersion: 'anywhere.eks.amazonaws.com/v1alpha1',
    kind: 'MachineDeploymentUpgrade',
    metadata: { name: 'prod-md-0-upgrade', namespace: 'eksa-system' },
    spec: { machineDeployment: ref('MachineDeployment', 'prod-md-0', 'cluster.x-k8s.io/v1beta1'), machinesRequireUpgrade: [ref('Machine', 'prod-md-0-1', 'cluster.x-k8s.io/v1beta1')], kubernetesVersion: 'v1.33.1', machineSpecData: 'e30=' },
  },
  {
    apiVersion: 'anywhere.eks.amazonaws.com/v1alpha1',
    kind: 'NodeUpgrade',
    metadata: { name: 'prod-cp-1-node-upgrader', namespace: 'eksa-system' },
    spec: { machine: ref('Machine', 'prod-cp-1', 'cluster.x-k8s.io/v1beta1'), kubernetesVersion: 'v1.33.1', etcdVersion: 'v3.5.21', firstNodeToBeUpgraded: true },
  },
  {
    apiVersion: 'anywhere.eks.amazonaws.com/v1alpha1',
    kind: 'Bundles',
    metadata: { name: 'bundles-1', namespace: 'eksa-system' },
    spec: { number: 1, cliMinVersion: 'v0.26.0', cliMaxVersion: 'v0.26.1', versionsBundles: [] },
  },
  // Tinkerbell v0.12.2.
  {
    apiVersion: 'tinkerbell.org/v1alpha1',
    kind: 'Template',
    metadata: meta('ubuntu'),
    spec: { data: 'version: "0.1"\nname: ubuntu\nglobal_timeout: 1800\ntasks:\n  - name: os-installation\n    worker: "{{.device_1}}"\n    actions:\n      - name: stream-image\n        image: quay.io/tinkerbell/actions/image2disk:latest\n        timeout: 600\n' },
  },
  {
    apiVersion: 'tinkerbell.org/v1alpha1',
    kind: 'Workflow',
    metadata: meta('node-0-provision'),
    spec: { templateRef: 'ubuntu', hardwareRef: 'node-0', hardwareMap: { device_1: '0c:c4:7a:00:00:01' } },
  },
  // External Secrets v2.9.0 and Sealed Secrets v0.36.6: how a site keeps BMC credentials out of Git.
  {
    apiVersion: 'external-secrets.io/v1',
    kind: 'SecretStore',
    metadata: meta('vault'),
    spec: { provider: { vault: { server: 'https://vault.example.com:8200', path: 'secret', version: 'v2', auth: { kubernetes: { mountPath: 'kubernetes', role: 'metal3', serviceAccountRef: { name: 'external-secrets' } } } } } },
  },
  {
    apiVersion: 'external-secrets.io/v1',
    kind: 'ClusterSecretStore',
    metadata: { name: 'vault' },
    spec: { provider: { vault: { server: 'https://vault.example.com:8200', path: 'secret', version: 'v2', auth: { tokenSecretRef: { name: 'vault-token', namespace: 'external-secrets', key: 'token' } } } } },
  },
  {
    apiVersion: 'external-secrets.io/v1',
    kind: 'ExternalSecret',
    metadata: meta('node-0-bmc'),
    spec: {
      refreshInterval: '1h',
      secretStoreRef: { name: 'vault', kind: 'SecretStore' },
      target: { name: 'node-0-bmc-secret', creationPolicy: 'Owner' },
      data: [{ secretKey: 'username', remoteRef: { key: 'bmc/node-0', property: 'username' } }, { secretKey: 'password', remoteRef: { key: 'bmc/node-0', property: 'password' } }],
    },
  },
  {
    apiVersion: 'external-secrets.io/v1',
    kind: 'ClusterExternalSecret',
    metadata: { name: 'registry-credentials' },
    spec: {
      namespaceSelectors: [{ matchLabels: { 'cdk8s-capi.io/site': 'true' } }],
      refreshTime: '1m',
      externalSecretSpec: { secretStoreRef: { name: 'vault', kind: 'ClusterSecretStore' }, target: { name: 'registry-credentials' }, dataFrom: [{ extract: { key: 'registry' } }] },
    },
  },
  {
    apiVersion: 'bitnami.com/v1alpha1',
    kind: 'SealedSecret',
    metadata: meta('node-0-bmc-secret'),
    spec: { encryptedData: { username: 'AgBy3i4OJSWK+PiTySYZZA==', password: 'AgAKAoiQm7QDUqn0mXD8rQ==' }, template: { metadata: { name: 'node-0-bmc-secret', namespace: NS }, type: 'Opaque' } },
  },
];
