// Rule cases for cluster-api-provider-rke2 v0.25.0 (src/validate/catalog/cluster-api-provider-rke2.ts),
// from the upstream test tables where they exist (`source`), else ours.
import { RuleCase } from './case';
import {
  CONFIG, CONFIG_TEMPLATE, CONFIG_V1BETA1, CONTROL_PLANE, CONTROL_PLANE_TEMPLATE, CONTROL_PLANE_V1BETA1, SECRET, VERSION,
  cloudConfigFiles, edit, ignitionFiles, machineDeployment,
} from './fixtures-rke2';

const REPO = 'rancher/cluster-api-provider-rke2';
const T = (file: string, test: string, name?: string) => `${REPO} ${file} ${test}${name ? ` "${name}"` : ''}`;
const CFG_TEST = (name: string) => T('bootstrap/api/v1beta2/rke2config_webhook_test.go', 'TestRKE2Config_ValidateCreate', name);
const CP_TEST = (name: string) => T('controlplane/api/v1beta2/rke2controlplane_webhook_test.go', 'Describe("RKE2ControlPlane webhook")', name);
const CLOUDINIT_TEST = (describe: string, it: string) => T('bootstrap/internal/cloudinit/cloudinit_test.go', `Describe("${describe}")`, it);
const W = 'warning' as const;

const cp = (change: (o: any) => void) => [edit(CONTROL_PLANE, change)];
/** A Metal3MachineTemplate of that name (the control plane's infrastructure template). */
const m3mt = (name: string) => ({
  apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta1',
  kind: 'Metal3MachineTemplate',
  metadata: { name, namespace: 'default' },
  spec: { template: { spec: { dataTemplate: { name: 'dt' }, image: { url: 'http://imagecache.local:8080/SL-Micro.raw', checksum: 'http://imagecache.local:8080/SL-Micro.raw.sha256', checksumType: 'sha256', format: 'raw' } } } },
});
const cpt = (change: (o: any) => void) => [edit(CONTROL_PLANE_TEMPLATE, change)];
const cfg = (change: (o: any) => void) => [edit(CONFIG, change)];
const registry = (config: object) => cfg(o => { o.spec.privateRegistriesConfig = { configs: { 'testing.io': config } }; });
const userData = (format: string | undefined, aud: object) => cfg(o => {
  if (format) o.spec.agentConfig.format = format;
  o.spec.agentConfig.additionalUserData = aud;
});

export const CAPRKE2_CASES: RuleCase[] = [
  // Control plane
  { rule: 'caprke2/replicas', expect: 'reject', title: '0 replicas', objects: cp(o => { o.spec.replicas = 0; }), message: /cannot be less than or equal to 0/, source: CP_TEST('Should not create RKE2ControlPlane with 0 replicas') },
  { rule: 'caprke2/replicas', expect: 'reject', severity: W, title: '2 replicas (even: no more fault tolerance than 1)', objects: cp(o => { o.spec.replicas = 2; }), source: 'ours' },
  { rule: 'caprke2/replicas', expect: 'accept', title: '3 replicas', objects: [CONTROL_PLANE] },
  { rule: 'caprke2/replicas', expect: 'reject', title: 'v1beta1: 0 replicas (converted, then the v1beta2 webhook)', objects: [edit(CONTROL_PLANE_V1BETA1, o => { o.spec.replicas = 0; })] },
  { rule: 'caprke2/registration', expect: 'reject', title: 'address without registrationAddress', objects: cp(o => { delete o.spec.registrationAddress; }), message: /registrationAddress must be supplied/ },
  { rule: 'caprke2/registration', expect: 'reject', title: 'template: address without registrationAddress', objects: cpt(o => { delete o.spec.template.spec.registrationAddress; }), message: /registrationAddress must be supplied/ },
  { rule: 'caprke2/registration', expect: 'accept', title: 'address with registrationAddress', objects: [CONTROL_PLANE, CONTROL_PLANE_TEMPLATE], source: T('pkg/registration/registration_test.go', 'TestNewRegistrationMethod', 'address') },
  {
    rule: 'caprke2/registration',
    expect: 'reject',
    title: 'control-plane-endpoint with a Metal3Cluster without endpoint host',
    objects: [
      edit(CONTROL_PLANE, o => { o.spec.registrationMethod = 'control-plane-endpoint'; delete o.spec.registrationAddress; }),
      { apiVersion: 'cluster.x-k8s.io/v1beta2', kind: 'Cluster', metadata: { name: 'c1', namespace: 'default' }, spec: { controlPlaneRef: { apiGroup: 'controlplane.cluster.x-k8s.io', kind: 'RKE2ControlPlane', name: 'c1' }, infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'Metal3Cluster', name: 'c1' } } },
      { apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta2', kind: 'Metal3Cluster', metadata: { name: 'c1', namespace: 'default' }, spec: { controlPlaneEndpoint: { port: 6443 } } },
    ],
    message: /needs a control plane endpoint/,
    source: T('pkg/registration/registration_test.go', 'TestControlPlaneMethod', 'with port and no host'),
  },
  { rule: 'caprke2/machine-template', expect: 'reject', title: 'no machineTemplate.spec.infrastructureRef', objects: cp(o => { delete o.spec.machineTemplate.spec.infrastructureRef; }), message: /machineTemplate is required/ },
  { rule: 'caprke2/machine-template', expect: 'reject', title: 'v1beta1 with only the deprecated spec.infrastructureRef (dropped by the conversion)', objects: [edit(CONTROL_PLANE_V1BETA1, o => { o.spec.infrastructureRef = o.spec.machineTemplate.infrastructureRef; delete o.spec.machineTemplate; })], message: /machineTemplate is required/ },
  { rule: 'caprke2/machine-template', expect: 'accept', title: 'v1beta1 spec.machineTemplate.infrastructureRef', objects: [CONTROL_PLANE_V1BETA1] },
  { rule: 'caprke2/deletion', expect: 'reject', title: 'negative nodeDrainTimeoutSeconds', objects: cp(o => { o.spec.machineTemplate.spec.deletion = { nodeDrainTimeoutSeconds: -1 }; }), message: /greater than or equal to 0/ },
  { rule: 'caprke2/deletion', expect: 'reject', title: 'v1beta1 nodeDrainTimeout "-5m"', objects: [edit(CONTROL_PLANE_V1BETA1, o => { o.spec.machineTemplate.nodeDrainTimeout = '-5m'; })] },
  { rule: 'caprke2/deletion', expect: 'accept', title: 'v1beta1 nodeDrainTimeout "5m", v1beta2 0 seconds', objects: [edit(CONTROL_PLANE_V1BETA1, o => { o.spec.machineTemplate.nodeDrainTimeout = '5m'; }), ...cp(o => { o.spec.machineTemplate.spec.deletion = { nodeDrainTimeoutSeconds: 0 }; })] },
  { rule: 'caprke2/rollout', expect: 'reject', title: 'rolloutStrategy {} (type never defaulted: never rolls)', objects: cp(o => { o.spec.rolloutStrategy = {}; }), message: /not set: the controller logs "unknown rollout strategy type"/ },
  { rule: 'caprke2/rollout', expect: 'reject', title: 'template: type OnDelete', objects: cpt(o => { o.spec.template.spec.rolloutStrategy.type = 'OnDelete'; }), message: /"OnDelete"/ },
  { rule: 'caprke2/rollout', expect: 'reject', severity: W, title: 'maxSurge "50%" (IntValue reads 0)', objects: cp(o => { o.spec.rolloutStrategy.rollingUpdate.maxSurge = '50%'; }), message: /this string means 0/ },
  { rule: 'caprke2/rollout', expect: 'accept', title: 'maxSurge 2 (honoured; was a false reject)', objects: cp(o => { o.spec.rolloutStrategy.rollingUpdate.maxSurge = 2; }) },
  { rule: 'caprke2/rollout', expect: 'accept', title: 'maxSurge 0', objects: cp(o => { o.spec.rolloutStrategy.rollingUpdate.maxSurge = 0; }) },
  { rule: 'caprke2/cni', expect: 'reject', title: 'template: cniMultusEnable without cni', objects: cpt(o => { o.spec.template.spec.serverConfig = { cniMultusEnable: true }; }), message: /must be specified when cniMultusEnable is true/, source: T('controlplane/api/v1beta2/rke2controlplanetemplate_webhook_test.go', 'TestRKE2ControlPlaneTemplateValidateCreate', "don't allow RKE2ControlPlaneTemplate with invalid CNI") },
  { rule: 'caprke2/cni', expect: 'reject', title: 'cniMultusEnable without cni', objects: cp(o => { o.spec.serverConfig = { cniMultusEnable: true }; }) },
  { rule: 'caprke2/cni', expect: 'accept', title: 'multus with cilium', objects: cp(o => { o.spec.serverConfig = { cniMultusEnable: true, cni: 'cilium' }; }) },
  // machine template reference
  {
    rule: 'caprke2/machine-template-ref',
    expect: 'reject',
    severity: W,
    title: 'infrastructureRef multinode-node-cluster-controlplane-template beside Metal3MachineTemplate multinode-cluster-controlplane-template',
    objects: [edit(CONTROL_PLANE, o => { o.spec.machineTemplate.spec.infrastructureRef.name = 'multinode-node-cluster-controlplane-template'; }), m3mt('multinode-cluster-controlplane-template')],
    message: /multinode-node-cluster-controlplane-template is not in these manifests/,
    source: 'suse-edge/suse-edge.github.io#551',
  },
  {
    rule: 'caprke2/machine-template-ref',
    expect: 'accept',
    title: 'the template named is in the set; a control plane alone (its templates elsewhere)',
    objects: [edit(CONTROL_PLANE, o => { o.spec.machineTemplate.spec.infrastructureRef.name = 'multinode-cluster-controlplane-template'; }), m3mt('multinode-cluster-controlplane-template')],
  },
  { rule: 'caprke2/machine-template-ref', expect: 'accept', title: 'a control plane alone', objects: [CONTROL_PLANE] },
  // cni: none
  { rule: 'caprke2/cni-none', expect: 'reject', severity: W, title: 'cni: none, 3 replicas, no CNI in the manifests', objects: cp(o => { o.spec.serverConfig.cni = 'none'; }), message: /hold the control plane at 1 of 3/, source: 'rancher/cluster-api-provider-rke2#703' },
  {
    rule: 'caprke2/cni-none',
    expect: 'accept',
    title: 'cni: none with a Calico HelmChart shipped in files; cni: none with 1 replica',
    objects: [
      edit(CONTROL_PLANE, o => {
        o.spec.serverConfig.cni = 'none';
        o.spec.files = [{
          path: '/var/lib/rancher/rke2/server/manifests/calico.yaml',
          owner: 'root:root',
          permissions: '0644',
          content: 'apiVersion: helm.cattle.io/v1\nkind: HelmChart\nmetadata:\n  name: tigera-operator\n  namespace: kube-system\nspec:\n  repo: https://docs.tigera.io/calico/charts\n  chart: tigera-operator\n  targetNamespace: tigera-operator\n  createNamespace: true\n',
        }];
      }),
      edit(CONTROL_PLANE, o => { o.metadata.name = 'c2'; o.spec.replicas = 1; o.spec.serverConfig.cni = 'none'; }),
    ],
  },
  { rule: 'caprke2/tls-san', expect: 'reject', title: 'a URL as tlsSan', objects: cp(o => { o.spec.serverConfig.tlsSan = ['https://192.168.125.100.sslip.io']; }), message: /is a URL/, source: 'ours' },
  { rule: 'caprke2/tls-san', expect: 'accept', title: 'DNS names and IPs', objects: cp(o => { o.spec.serverConfig.tlsSan = ['192.168.125.100.sslip.io', '*.apps.example.com', 'fd00::1']; }), source: 'ours' },
  { rule: 'caprke2/tls-san-name', expect: 'reject', severity: W, title: 'a name with an underscore', objects: cp(o => { o.spec.serverConfig.tlsSan = ['api_server']; }), source: 'ours' },
  { rule: 'caprke2/tls-san-name', expect: 'accept', title: 'a DNS name', objects: cp(o => { o.spec.serverConfig.tlsSan = ['api.example.com']; }) },
  // additionalUserData
  { rule: 'caprke2/user-data-yaml', expect: 'reject', title: 'cloud-config config that is a YAML list', objects: userData(undefined, { config: '- a\n- b\n' }), message: /a YAML list, not a mapping/ },
  { rule: 'caprke2/user-data-yaml', expect: 'reject', title: 'cloud-config config with an alias whose anchor is not in it (a finding, not a crash)', objects: userData(undefined, { config: 'users: *u\n' }), message: /not valid YAML/ },
  { rule: 'caprke2/user-data-yaml', expect: 'reject', title: 'cloud-config data value "a: b: c" renders as invalid YAML', objects: userData(undefined, { data: { hostname: 'a: b: c' } }), message: /is not valid YAML/ },
  { rule: 'caprke2/user-data-yaml', expect: 'accept', title: 'the values of Test_correctArbitraryData', objects: userData(undefined, { data: { bootcmd: '\n- touch /bootcmd.sentinel\n- [cloud-init-per, once, mymkfs, mkfs, /dev/vdb]', resize_rootfs: 'noblock', list: "['data']", disk_setup: 'ephemeral0:\n  table_type: mbr\n  layout: False' } }), source: T('bootstrap/api/v1beta2/rke2config_webhook_test.go', 'Test_correctArbitraryData', 'valid data') },
  { rule: 'caprke2/user-data-yaml', expect: 'accept', title: 'cloud-config config with users (merged as cloud-init)', objects: userData(undefined, { config: 'users:\n  - name: admin\n' }) },
  { rule: 'caprke2/user-data-dropped', expect: 'reject', severity: W, title: 'data ntp (dropped by the defaulting webhook)', objects: userData(undefined, { data: { ntp: '\n  enabled: true' } }), message: /defaulting webhook removes/, source: T('bootstrap/api/v1beta2/rke2config_webhook_test.go', 'Test_correctArbitraryData', 'valid data') },
  { rule: 'caprke2/user-data-dropped', expect: 'reject', severity: W, title: 'cloud-config config with runcmd', objects: userData(undefined, { config: 'runcmd:\n  - echo hi\n' }), message: /removes this key before merging/, source: CLOUDINIT_TEST('CleanupCloudInit test', 'Should remove the runcmd, write_files and ntp lines') },
  { rule: 'caprke2/user-data-dropped', expect: 'accept', title: 'bootcmd is kept', objects: userData(undefined, { data: { bootcmd: '- echo hi' } }), source: CLOUDINIT_TEST('CloudInit with custom entries', 'Should apply the arbitrary data and cleanup the input values') },
  { rule: 'caprke2/user-data-unused', expect: 'reject', severity: W, title: 'data with format ignition', objects: userData('ignition', { data: { bootcmd: '- echo hi' } }), message: /ignored with agentConfig.format: ignition/ },
  { rule: 'caprke2/user-data-unused', expect: 'reject', severity: W, title: 'a Butane config with format cloud-config', objects: userData(undefined, { config: 'variant: fcos\nversion: 1.4.0\n' }), message: /looks like a Butane config/ },
  { rule: 'caprke2/user-data-unused', expect: 'accept', title: 'Butane config with format ignition; cloud-init keys with cloud-config (was a wrong warning)', objects: [...userData('ignition', { config: 'variant: fcos\nversion: 1.4.0\n' }), ...userData(undefined, { config: 'users:\n  - name: admin\n' })] },
  // files
  { rule: 'caprke2/files', expect: 'reject', title: 'encoding gzip with ignition', objects: [ignitionFiles([{ path: '/etc/a', content: 'x', encoding: 'gzip' }])], message: /not supported when spec.format is set to "ignition"/ },
  { rule: 'caprke2/files', expect: 'accept', title: 'encoding gzip with cloud-config', objects: [cloudConfigFiles([{ path: '/etc/a', content: 'H4sI', encoding: 'gzip' }])] },
  { rule: 'caprke2/files-permissions', expect: 'reject', title: 'ignition: "644" (decimal in the strict Butane render)', objects: [ignitionFiles([{ path: '/etc/a', content: 'x', permissions: '644' }])], message: /read as decimal 644/, source: T('bootstrap/internal/ignition/butane/butane_test.go', 'Describe("Render")', 'treats warnings as errors in strict mode') },
  { rule: 'caprke2/files-permissions', expect: 'reject', title: 'ignition: "u=rw" (not an integer)', objects: [ignitionFiles([{ path: '/etc/a', content: 'x', permissions: 'u=rw' }])], message: /must be an integer/ },
  { rule: 'caprke2/files-permissions', expect: 'reject', title: 'ignition: "04755" (setuid: an Ignition warning, fatal in the strict render)', objects: [ignitionFiles([{ path: '/usr/local/bin/a', content: 'x', permissions: '04755' }])], message: /setuid/ },
  { rule: 'caprke2/files-permissions', expect: 'reject', severity: W, title: 'cloud-config: "rw-r--r--" (cloud-init falls back to 0644)', objects: [cloudConfigFiles([{ path: '/etc/a', content: 'x', permissions: 'rw-r--r--' }])] },
  { rule: 'caprke2/files-permissions', expect: 'accept', title: 'cloud-config: "644" (cloud-init reads octal; was a false reject)', objects: [cloudConfigFiles([{ path: '/etc/a', content: 'x', permissions: '644' }])] },
  { rule: 'caprke2/files-permissions', expect: 'accept', title: 'ignition: "0644" and "0o600"', objects: [ignitionFiles([{ path: '/etc/a', content: 'x', permissions: '0644' }, { path: '/etc/b', content: 'x', permissions: '0o600' }])] },
  { rule: 'caprke2/files-path', expect: 'reject', title: 'ignition: relative path', objects: [ignitionFiles([{ path: 'etc/a', content: 'x' }])], message: /not absolute/ },
  { rule: 'caprke2/files-path', expect: 'reject', title: 'ignition: path with a trailing slash', objects: [ignitionFiles([{ path: '/etc/a/', content: 'x' }])], message: /not fully simplified/ },
  { rule: 'caprke2/files-path', expect: 'accept', title: 'cloud-config: relative path (cloud-init does not refuse it)', objects: [cloudConfigFiles([{ path: 'etc/a', content: 'x' }])] },
  { rule: 'caprke2/files-base64', expect: 'reject', title: 'ignition: encoding base64 with plain text', objects: [ignitionFiles([{ path: '/etc/a', content: 'not base64!', encoding: 'base64' }])], message: /not valid base64/ },
  { rule: 'caprke2/files-base64', expect: 'accept', title: 'ignition: base64 over two lines', objects: [ignitionFiles([{ path: '/etc/a', content: 'aGVsbG8g\nd29ybGQ=', encoding: 'base64' }])] },
  { rule: 'caprke2/files-collision', expect: 'reject', title: 'ignition: /etc/rancher/rke2/config.yaml', objects: [ignitionFiles([{ path: '/etc/rancher/rke2/config.yaml', content: 'x' }])], message: /the RKE2 config.*duplicate entry defined/ },
  { rule: 'caprke2/files-collision', expect: 'reject', title: 'ignition: /etc/chrony.conf with NTP servers', objects: [edit(ignitionFiles([{ path: '/etc/chrony.conf', content: 'x' }]), o => { o.spec.agentConfig.ntp = { servers: ['pool.ntp.org'] }; })], message: /chrony/ },
  { rule: 'caprke2/files-collision', expect: 'reject', title: 'ignition: the same path twice', objects: [ignitionFiles([{ path: '/etc/a', content: 'x' }, { path: '/etc/a', content: 'y' }])], message: /files\[0\]: duplicate entry defined/ },
  { rule: 'caprke2/files-collision', expect: 'accept', title: 'ignition: /etc/chrony.conf without NTP servers; cloud-config: config.yaml (written later in the list)', objects: [ignitionFiles([{ path: '/etc/chrony.conf', content: 'x' }]), cloudConfigFiles([{ path: '/etc/rancher/rke2/config.yaml', content: 'x' }])] },
  { rule: 'caprke2/files-content', expect: 'reject', title: 'first line indented more than the second', objects: [cloudConfigFiles([{ path: '/etc/a', content: '  indented\nnot indented\n' }])], message: /line 2 is indented less/ },
  { rule: 'caprke2/files-content', expect: 'accept', title: 'YAML content with nested indentation', objects: [ignitionFiles([{ path: '/etc/a.yaml', content: 'a:\n  b: c\n' }])] },
  // Registries
  { rule: 'caprke2/registries', expect: 'reject', title: 'no tls or auth secret', objects: registry({}), message: /need either credentials, tls settings or both for registry: testing.io/, source: CFG_TEST('private registry no tls or auth secret') },
  { rule: 'caprke2/registries', expect: 'reject', title: 'empty tls', objects: registry({ tls: {} }), source: CFG_TEST('private registry empty tls') },
  { rule: 'caprke2/registries', expect: 'reject', title: 'empty auth', objects: registry({ authSecret: {} }), source: CFG_TEST('private registry empty auth') },
  { rule: 'caprke2/registries', expect: 'reject', title: 'v1beta1: empty auth', objects: [edit(CONFIG_V1BETA1, o => { o.spec.privateRegistriesConfig = { configs: { 'testing.io': { authSecret: {} } } }; })] },
  { rule: 'caprke2/registries', expect: 'accept', title: 'auth secret named', objects: registry({ authSecret: { name: 'creds', namespace: 'default' } }) },
  { rule: 'caprke2/registry-tls-secret', expect: 'reject', title: 'tls with only insecureSkipVerify', objects: registry({ tls: { insecureSkipVerify: true } }), message: /names no tlsConfigSecret/ },
  { rule: 'caprke2/registry-tls-secret', expect: 'accept', title: 'tls with a Secret', objects: registry({ tls: { tlsConfigSecret: { name: 'tls', namespace: 'default' } } }) },
  { rule: 'caprke2/registry-configs', expect: 'reject', severity: W, title: 'two registries', objects: cfg(o => { o.spec.privateRegistriesConfig = { configs: { 'a.io': { authSecret: { name: 'a', namespace: 'default' } }, 'b.io': { authSecret: { name: 'b', namespace: 'default' } } } }; }), message: /keeps only one/ },
  { rule: 'caprke2/registry-configs', expect: 'accept', title: 'one registry', objects: registry({ authSecret: { name: 'a', namespace: 'default' } }) },
  { rule: 'caprke2/registry-auth-secret', expect: 'reject', title: 'auth Secret with only a username', objects: [...registry({ authSecret: { name: 'creds', namespace: 'default' } }), SECRET('creds', { username: 'u' })], message: /neither username and password nor identity-token/ },
  { rule: 'caprke2/registry-auth-secret', expect: 'accept', title: 'auth Secret with identity-token; a Secret not in the set', objects: [...registry({ authSecret: { name: 'creds', namespace: 'default' } }), SECRET('creds', { 'identity-token': 't' }), ...cfg(o => { o.metadata.name = 'w2'; o.spec.privateRegistriesConfig = { configs: { 'x.io': { authSecret: { name: 'elsewhere', namespace: 'default' } } } }; })] },
  // CIS
  { rule: 'caprke2/cis-profile', expect: 'reject', title: 'cis-1.6 on a v1.33 control plane', objects: cp(o => { o.spec.agentConfig.cisProfile = 'cis-1.6'; }), message: /not supported for version "v1.33.6\+rke2r1"/ },
  { rule: 'caprke2/cis-profile', expect: 'reject', title: 'cis on a v1.24 worker MachineDeployment', objects: [edit(CONFIG_TEMPLATE, o => { o.spec.template.spec.agentConfig.cisProfile = 'cis'; }), machineDeployment('v1.24.17+rke2r1')], message: /MachineDeployment workers/ },
  { rule: 'caprke2/cis-profile', expect: 'reject', severity: W, title: 'cis-1.5 with no version in the manifests', objects: cfg(o => { o.spec.agentConfig.cisProfile = 'cis-1.5'; }) },
  { rule: 'caprke2/cis-profile', expect: 'accept', title: 'cis on v1.33', objects: [...cp(o => { o.spec.agentConfig.cisProfile = 'cis'; }), edit(CONFIG_TEMPLATE, o => { o.spec.template.spec.agentConfig.cisProfile = 'cis'; }), machineDeployment(VERSION)] },
];

/**
 * Cases of the CRDs' CEL rules (CAPRKE2_CEL_ENTRIES). Run by the generic CEL evaluator (validate/cel/).
 */
export const CAPRKE2_CEL_CASES: RuleCase[] = [
  { rule: 'cel/controlplane.cluster.x-k8s.io/RKE2ControlPlane', expect: 'reject', title: 'additionalUserData with config and data', objects: cp(o => { o.spec.agentConfig.additionalUserData = { config: 'users: []\n', data: { a: 'b' } }; }), message: /Only config or data could be populated at once/ },
  { rule: 'cel/controlplane.cluster.x-k8s.io/RKE2ControlPlane', expect: 'accept', title: 'additionalUserData with config only', objects: cp(o => { o.spec.agentConfig.additionalUserData = { config: 'users: []\n' }; }) },
  { rule: 'cel/controlplane.cluster.x-k8s.io/RKE2ControlPlaneTemplate', expect: 'reject', title: 'contentFrom with secret and configMap', objects: cpt(o => { o.spec.template.spec.files = [{ path: '/etc/a', contentFrom: { secret: { name: 's', key: 'k' }, configMap: { name: 'c', key: 'k' } } }]; }), message: /Only configMap or secret can be populated at once/ },
  { rule: 'cel/controlplane.cluster.x-k8s.io/RKE2ControlPlaneTemplate', expect: 'accept', title: 'contentFrom with a secret', objects: cpt(o => { o.spec.template.spec.files = [{ path: '/etc/a', contentFrom: { secret: { name: 's', key: 'k' } } }]; }) },
  { rule: 'cel/bootstrap.cluster.x-k8s.io/RKE2Config', expect: 'reject', title: 'v1beta1: config and data', objects: [edit(CONFIG_V1BETA1, o => { o.spec.agentConfig.additionalUserData = { config: 'a: b\n', data: { a: 'b' } }; })], message: /Only config or data/ },
  { rule: 'cel/bootstrap.cluster.x-k8s.io/RKE2Config', expect: 'accept', title: 'data only', objects: userData(undefined, { data: { bootcmd: '- echo hi' } }) },
  { rule: 'cel/bootstrap.cluster.x-k8s.io/RKE2ConfigTemplate', expect: 'reject', title: 'contentFrom with secret and configMap', objects: [edit(CONFIG_TEMPLATE, o => { o.spec.template.spec.files = [{ path: '/etc/a', contentFrom: { secret: { name: 's', key: 'k' }, configMap: { name: 'c', key: 'k' } } }]; })] },
  { rule: 'cel/bootstrap.cluster.x-k8s.io/RKE2ConfigTemplate', expect: 'accept', title: 'no files', objects: [CONFIG_TEMPLATE] },
];
