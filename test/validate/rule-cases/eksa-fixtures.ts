// EKS Anywhere v0.26.1's own test fixtures (docs/upstream-coverage/eksa-fixtures.md), each row
// transcribed into our own small objects reproducing the fact the driving Go test exercises (no
// upstream file is copied). Kubernetes versions are rewritten to supported ones, as the research
// list says, unless the version is the point. Rows whose check we do not port say why.
import { RuleCase } from './case';
import {
  CSV_HEADER, EKSA_V1ALPHA1, cluster, csvFindings, docker, edit, eksa, inNamespace, preflightFindings, specOf, tinkerbell, tinkerbellAt,
  vsphere, vsphereAt,
} from './fixtures-eksa';
import { Finding, error } from '../../../src/core/finding';
import { KubeObject } from '../../../src/core/kube-object';
import { parseManifests } from '../../../src/validate/manifest-files';
import { validateObjects } from '../../../src/validate/validate';
import { VSPHERE_YAML } from '../eksa/fixtures';

export interface FixtureRow {
  /** Path at aws/eks-anywhere v0.26.1. */
  readonly fixture: string;
  /** `file TestName "case"` of the driving Go test. */
  readonly test: string;
  /** The upstream verdict at the scope the test validates. */
  readonly expected: 'valid' | 'error';
  /** The rule the fixture exercises (ours or the schema layer's). */
  readonly rule?: string;
  /** We warn where upstream is silent (a valid row with a warning of `rule`). */
  readonly warns?: boolean;
  readonly objects?: () => KubeObject[];
  readonly against?: () => KubeObject[];
  readonly run?: () => readonly Finding[];
  /** Why the row is not replayed (not a fixture, a check we do not port). */
  readonly notReplayed?: string;
  readonly note?: string;
}

const V1 = 'pkg/api/v1alpha1/testdata/';
const CT = 'pkg/api/v1alpha1/cluster_test.go TestGetAndValidateClusterConfig';
const PT = 'pkg/api/v1alpha1/cluster_test.go TestParseClusterConfig';
const IAM = 'pkg/api/v1alpha1/awsiamconfig_test.go TestGetAndValidateAWSIamConfig';
const OIDC = 'pkg/api/v1alpha1/oidcconfig_test.go TestGetAndValidateOIDCConfig';
const NUTANIX = 'Nutanix field rules are not ported (outside the bare-metal scope; eksa/datacenter-ref checks references only)';
const CLOUDSTACK = 'CloudStack field rules are not ported (outside the bare-metal scope; eksa/datacenter-ref checks references only)';
const SNOW = 'Snow field rules are not ported (outside the bare-metal scope; eksa/datacenter-ref checks references only)';

/** The vSphere baseline with an unquoted Kubernetes version as YAML reads it (the fixture writes `kubernetesVersion: 1.x`). */
const unquoted = (objects: KubeObject[] = vsphere()) => cluster(objects, s => { s.kubernetesVersion = 1.35; });
const proxy = (http: string, https = '10.0.0.5:3128') => cluster(vsphere(), s => { s.proxyConfiguration = { httpProxy: http, httpsProxy: https }; });
const withOidc = (spec: Record<string, unknown>, ref = 'eksa-unit-test') =>
  [...cluster(vsphere(), s => { s.identityProviderRefs = [{ kind: 'OIDCConfig', name: ref }]; }), eksa('OIDCConfig', 'eksa-unit-test', spec)];
const OIDC_OK = { clientId: 'id12', issuerUrl: 'https://mydomain.com/issuer', groupsClaim: 'claim1', requiredClaims: [{ claim: 'sub', value: 'test' }] };
const withIam = (spec: Record<string, unknown>, name = 'eksa-unit-test', namespace?: string) =>
  [...cluster(vsphere(), s => { s.identityProviderRefs = [{ kind: 'AWSIamConfig', name: 'eksa-unit-test' }]; }), eksa('AWSIamConfig', name, spec, namespace)];
const IAM_OK = { awsRegion: 'test-region', backendMode: ['mode1', 'mode2'], mapRoles: [{ roleARN: 'test-role-arn', username: 'test', groups: ['group1'] }] };
const noWorkers = (objects: KubeObject[]) => cluster(objects, s => { delete s.workerNodeGroupConfigurations; });
const tinkerbellTemplate = (name: string, namespace?: string) => eksa('TinkerbellTemplateConfig', name, {
  template: { global_timeout: 6000, id: '', name, version: '0.1', tasks: [{ name: 'os', worker: '{{.device_1}}', actions: [{ name: 'stream', image: 'img', timeout: 600 }] }] },
}, namespace);
const externalEtcd = (objects: KubeObject[]) => cluster(objects, s => { s.externalEtcdConfiguration = { count: 1, machineGroupRef: { kind: 'TinkerbellMachineConfig', name: 'metal-cp' } }; });
/** A file's YAML problems, then the findings of the objects it holds (what `validate file.yaml` reports). */
const fromYaml = (text: string) => (): Finding[] => {
  const { manifests, problems } = parseManifests(text, 'fixture.yaml');
  return [...problems.map(p => error(p.rule ?? 'yaml/syntax', '', p.message)), ...validateObjects(manifests.map(m => m.object)).flatMap(r => r.findings)];
};
const yamlProblems = fromYaml;

export const EKSA_FIXTURES: readonly FixtureRow[] = [
  { fixture: 'testdata/fake_file.yaml', test: `${CT} "file doesn't exist"`, expected: 'error', notReplayed: 'not a fixture: the test reads a file that does not exist' },
  {
    fixture: `${V1}not_parseable_cluster.yaml`,
    test: `${CT} "not parseable file"`,
    expected: 'error',
    rule: 'schema/type',
    objects: () => cluster(vsphere(), s => { s.workerNodeGroupConfigurations[0].count = 'three'; }),
  },
  { fixture: `${V1}cluster_1_18.yaml`, test: `${CT} "valid 1.18"`, expected: 'valid', rule: 'eksa/kubernetes-version', objects: () => vsphereAt('1.30') },
  { fixture: `${V1}cluster_1_19.yaml`, test: `${CT} "valid 1.19"`, expected: 'valid', rule: 'eksa/kubernetes-version', objects: () => vsphereAt('1.31') },
  { fixture: `${V1}cluster_extra_delimiters.yaml`, test: `${CT} "valid with extra delimiters"`, expected: 'valid', rule: 'yaml/syntax', run: fromYaml(`---\n---\n${VSPHERE_YAML}\n---\n---\n`) },
  {
    fixture: `${V1}cluster_1_20.yaml`,
    test: `${CT} "valid 1.20"`,
    expected: 'valid',
    rule: 'eksa/unquoted-version',
    warns: true,
    objects: () => unquoted(),
    note: 'rewritten unquoted as 1.35: an unquoted 1.30 reads as the number 1.3, an error for us (eksctl reads the text)',
  },
  {
    fixture: `${V1}cluster_1_20_with_non_eksa_resources.yaml`,
    test: `${CT} "valid 1.20 with non eksa resources"`,
    expected: 'valid',
    rule: 'eksa/unquoted-version',
    warns: true,
    objects: () => [...unquoted(), { apiVersion: 'non-eksa.com/v1', kind: 'NonEksaResource', metadata: { name: 'non-eksa' }, spec: { foo: 'bar' } }],
  },
  {
    fixture: `${V1}cluster_different_machine_configs.yaml`,
    test: `${CT} "valid different machine configs"`,
    expected: 'valid',
    rule: 'eksa/machine-group-ref',
    objects: vsphere,
    note: 'the baseline references three machine configs; the fixture\'s Bottlerocket user mySshUsername2 is outside the Cluster-only test (eksctl rejects it whole-file, as eksa/users does)',
  },
  {
    fixture: `${V1}cluster_1_19_gitops.yaml`,
    test: `${CT} "with valid GitOps"`,
    expected: 'valid',
    rule: 'eksa/namespace',
    objects: () => [...cluster(vsphere(), s => { s.gitOpsRef = { kind: 'GitOpsConfig', name: 'test-gitops' }; }),
      eksa('GitOpsConfig', 'test-gitops', { flux: { github: { owner: 'janedoe', repository: 'flux-fleet' } } })],
    note: 'the test reads the Cluster only; the fixture\'s GitOpsConfig says namespace default where the Cluster says none, which eksctl\'s whole-file check refuses (eksa/namespace)',
  },
  {
    fixture: `${V1}cluster_1_19_gitops_branch.yaml`,
    test: `${CT} "with GitOps branch valid"`,
    expected: 'valid',
    rule: 'eksa/ignored-object',
    warns: true,
    objects: () => [...cluster(vsphere(), s => { s.gitOpsRef = { kind: 'GitOpsConfig', name: 'test-gitops' }; }),
      { ...eksa('GitOpsConfig', 'test-gitops', { flux: { github: { owner: 'janedoe', repository: 'flux-fleet', branch: 'testbranch' } } }, 'default'), apiVersion: 'anywhere.eks.amazonaws.com/v1' }],
  },
  { fixture: `${V1}cluster_valid_proxy.yaml`, test: `${CT} "with valid ip proxy configuration"`, expected: 'valid', rule: 'eksa/proxy', objects: () => proxy('http://0.0.0.0:1', '0.0.0.0:1') },
  {
    fixture: `${V1}cluster_valid_domainname_proxy.yaml`,
    test: `${CT} "with valid domain name proxy configuration"`,
    expected: 'valid',
    rule: 'eksa/proxy',
    objects: () => proxy('google.com:1', 'google.com:1'),
    note: 'upstream resolves google.com; offline a well-formed name is accepted',
  },
  {
    fixture: `${V1}cluster_valid_taints_multiple_worker_node_groups.yaml`,
    test: `${CT} "valid different tainted machine configs"`,
    expected: 'valid',
    rule: 'eksa/worker-taints',
    objects: () => cluster(vsphere(), s => {
      s.workerNodeGroupConfigurations[0].taints = [{ key: 'key1', value: 'val1', effect: 'NoSchedule' }];
      s.workerNodeGroupConfigurations.push({ name: 'md-1', count: 1, machineGroupRef: { kind: 'VSphereMachineConfig', name: 'prod' }, taints: [{ key: 'key1', value: 'val1', effect: 'PreferNoSchedule' }] });
    }),
  },
  {
    fixture: `${V1}cluster_valid_taints_workload_cluster.yaml`,
    test: `${CT} "valid tainted workload cluster machine configs"`,
    expected: 'valid',
    rule: 'eksa/worker-taints',
    objects: () => cluster(vsphere(), s => {
      s.managementCluster = { name: 'mgmt' };
      s.workerNodeGroupConfigurations[0].taints = [{ key: 'key1', value: 'val1', effect: 'NoSchedule' }];
      s.workerNodeGroupConfigurations.push({ name: 'md-1', count: 1, machineGroupRef: { kind: 'VSphereMachineConfig', name: 'prod' }, taints: [{ key: 'key1', value: 'val1', effect: 'NoExecute' }] });
    }),
  },
  { fixture: `${V1}cluster_invalid_no_worker_node_groups.yaml`, test: `${CT} "with no worker node groups"`, expected: 'error', rule: 'eksa/worker-groups', objects: () => noWorkers(vsphere()) },
  {
    fixture: `${V1}cluster_invalid_multiple_worker_node_groups.yaml`,
    test: `${CT} "with multiple worker node groups"`,
    expected: 'error',
    rule: 'eksa/worker-group-name',
    objects: () => cluster(vsphere(), s => { s.workerNodeGroupConfigurations = [{ count: 3, machineGroupRef: { kind: 'VSphereMachineConfig', name: 'prod' } }, { count: 3, machineGroupRef: { kind: 'VSphereMachineConfig', name: 'prod' } }]; }),
  },
  {
    fixture: `${V1}cluster_invalid_taints.yaml`,
    test: `${CT} "with invalid worker node group taints"`,
    expected: 'error',
    rule: 'eksa/worker-taints',
    objects: () => cluster(vsphere(), s => { s.workerNodeGroupConfigurations[0].taints = [{ key: 'key1', value: 'val1', effect: 'NoSchedule' }]; }),
  },
  ...[['cluster_1_19_gitops_invalid_branch.yaml', 'with GitOps branch invalid'], ['cluster_1_19_gitops_invalid_repo.yaml', 'with gitops invalid repo name'],
    ['cluster_invalid_gitops_empty_gitprovider.yaml', 'Empty Git Provider'], ['cluster_invalid_gitops_invalid_gitprovider.yaml', 'Invalid Git Provider'],
    ['cluster_invalid_gitops_empty_gitrepo.yaml', 'Empty Git Repository'], ['cluster_invalid_gitops_unset_gitrepo.yaml', 'Git Repository not set']].map(([f, c]): FixtureRow => ({
    fixture: `${V1}${f}`,
    test: `${CT} "${c}"`,
    expected: 'error',
    rule: 'schema/unknown-field',
    objects: () => cluster(vsphere(), s => { s.gitops = { flux: { github: { owner: 'janedoe', repository: 'flux-fleet' } } }; }),
    note: 'the legacy spec.gitops block fails the Cluster\'s strict decoding before any GitOps rule',
  })),
  {
    fixture: `${V1}cluster_invalid_kinds.yaml`,
    test: `${CT} "invalid kind"`,
    expected: 'error',
    rule: 'eksa/config-file',
    run: preflightFindings([{ ...vsphere()[0], kind: 'BadCluster' }, ...vsphere().slice(1)]),
  },
  {
    fixture: `${V1}cluster_invalid_cluster_name.yaml`,
    test: `${CT} "invalid cluster name"`,
    expected: 'error',
    rule: 'eksa/cluster-name',
    objects: () => cluster(unquoted(), (_s, o) => { o.metadata.name = 'eksa-unit-test1.20'; }),
  },
  {
    fixture: `${V1}cluster_even_control_plane_replicas.yaml`,
    test: `${CT} "even controlPlaneReplicas"`,
    expected: 'error',
    rule: 'eksa/control-plane-count',
    objects: () => cluster(vsphere(), s => { s.controlPlaneConfiguration.count = 4; delete s.externalEtcdConfiguration; }),
  },
  {
    fixture: `${V1}unstacked_etcd_even_replicas.yaml`,
    test: `${CT} "even unstacked etcd replicas"`,
    expected: 'error',
    rule: 'schema/unknown-field',
    objects: () => cluster(vsphere(), s => { s.etcdConfiguration = { count: 4 }; }),
    note: 'the legacy spec.etcdConfiguration fails strict decoding',
  },
  {
    fixture: `${V1}cluster_invalid_empty_identity_providers.yaml`,
    test: `${CT} "empty identity providers"`,
    expected: 'error',
    rule: 'schema/type',
    objects: () => cluster(vsphere(), s => { s.identityProviderRefs = [null]; }),
  },
  {
    fixture: `${V1}cluster_invalid_extra_identity_providers.yaml`,
    test: `${CT} "extra identity providers"`,
    expected: 'error',
    rule: 'eksa/identity-provider',
    objects: () => [...cluster(vsphere(), s => { s.identityProviderRefs = [{ kind: 'OIDCConfig', name: 'eksa-unit-test' }, { kind: 'AnotherOne', name: 'dj-khaled' }]; }), eksa('OIDCConfig', 'eksa-unit-test', OIDC_OK)],
  },
  {
    fixture: `${V1}cluster_invalid_non_oidc_identity_providers.yaml`,
    test: `${CT} "non oidc identity provider"`,
    expected: 'error',
    rule: 'eksa/identity-provider',
    objects: () => cluster(vsphere(), s => { s.identityProviderRefs = [{ kind: 'DifferentConfig', name: 'eksa-unit-test' }]; }),
  },
  { fixture: `${V1}cluster_invalid_proxy_ip.yaml`, test: `${CT} "with invalid proxy ip configuration"`, expected: 'error', rule: 'eksa/proxy', objects: () => proxy('0.0.0.1234:1') },
  { fixture: `${V1}cluster_invalid_proxy_port.yaml`, test: `${CT} "with invalid proxy port configuration"`, expected: 'error', rule: 'eksa/proxy', objects: () => proxy('0.0.0.0:123456') },
  { fixture: `${V1}cluster_invalid_missing_http_proxy.yaml`, test: `${CT} "with invalid proxy missing http proxy"`, expected: 'error', rule: 'eksa/proxy', objects: () => proxy('') },
  { fixture: `${V1}cluster_invalid_missing_https_proxy.yaml`, test: `${CT} "with invalid proxy missing https proxy"`, expected: 'error', rule: 'eksa/proxy', objects: () => proxy('0.0.0.0:1', '') },
  { fixture: `${V1}cluster_empty_cni.yaml`, test: `${CT} "with empty CNI"`, expected: 'error', rule: 'eksa/cni', objects: () => cluster(vsphere(), s => { delete s.clusterNetwork.cniConfig; }) },
  { fixture: `${V1}cluster_not_supported_cni.yaml`, test: `${CT} "with not supported CNI"`, expected: 'error', notReplayed: 'the file does not exist at v0.26.1 (the case passes on the read error)' },
  {
    fixture: `${V1}tinkerbell_cluster_without_worker_nodes.yaml`,
    test: `${CT} "tinkerbell without worker nodes"`,
    expected: 'valid',
    rule: 'eksa/worker-groups',
    warns: true,
    objects: () => noWorkers(tinkerbell()),
    note: 'Cluster-level verdict; the fixture\'s Bottlerocket machine config without users is outside the test (eksa/tinkerbell-bottlerocket, eksa/users)',
  },
  {
    fixture: `${V1}tinkerbell_121cluster_without_worker_nodes.yaml`,
    test: `${CT} "tinkerbell 1.21 cluster without worker nodes"`,
    expected: 'error',
    rule: 'eksa/kubernetes-version',
    objects: () => noWorkers(tinkerbellAt('1.21')),
    note: 'not rewritten: 1.21 is the reason (upstream: "Empty workerNodeGroupConfigs is not supported for kube version <= 1.21"; we: unsupported version)',
  },
  { fixture: `${V1}vsphere_cluster_without_worker_nodes.yaml`, test: `${CT} "nontinkerbell datacenter without worker nodes"`, expected: 'error', rule: 'eksa/worker-groups', objects: () => noWorkers(vsphere()) },
  {
    fixture: `${V1}cluster_without_worker_nodes_has_cp_taints.yaml`,
    test: `${CT} "without worker nodes but has control plane taints"`,
    expected: 'error',
    rule: 'eksa/worker-groups',
    objects: () => cluster(noWorkers(tinkerbell()), s => { s.controlPlaneConfiguration.taints = [{ key: 'key1', value: 'val1', effect: 'NoSchedule' }]; }),
  },
  {
    fixture: `${V1}invalid_registry.yaml`,
    test: `${CT} "Invalid registry"`,
    expected: 'error',
    rule: 'eksa/registry-mirror',
    objects: () => cluster(vsphere(), s => { s.registryMirrorConfiguration = { endpoint: '1.2.3.4', ociNamespaces: [{ registry: '', namespace: 'eks-anywhere' }] }; }),
  },
  { fixture: `${V1}cluster_package_configuration.yaml`, test: `${CT} "valid package config"`, expected: 'valid', rule: 'eksa/packages', objects: () => cluster(unquoted(), s => { s.packages = { disable: true }; }) },
  {
    fixture: `${V1}cluster_package_configuration_invalid.yaml`,
    test: `${CT} "invalid controller package configuration"`,
    expected: 'error',
    rule: 'eksa/packages',
    objects: () => cluster(vsphere(), s => { s.managementCluster = { name: 'billy' }; s.packages = { controller: { tag: 'v1' } }; }),
  },
  {
    fixture: `${V1}cluster_package_cronjob_invalid.yaml`,
    test: `${CT} "invalid package cronjob"`,
    expected: 'error',
    rule: 'eksa/packages',
    objects: () => cluster(vsphere(), s => { s.managementCluster = { name: 'billy' }; s.packages = { cronjob: { disable: true } }; }),
  },
  {
    fixture: `${V1}cluster_1_20_namespace_mismatch_between_cluster_and_datacenter.yaml`,
    test: `${CT} "namespace mismatch between cluster and datacenter"`,
    expected: 'error',
    rule: 'eksa/namespace',
    objects: () => cluster(unquoted(), (_s, o) => { o.metadata.namespace = 'namespace1'; }),
    note: 'the test passes a wrong path and fails on the read; replayed against the rule it names (pkg/cluster/validate.go validateSameNamespace)',
  },
  {
    fixture: `${V1}cluster_1_20_namespace_mismatch_between_cluster_and_machineconfigs.yaml`,
    test: `${CT} "namespace mismatch between cluster and machineconfigs"`,
    expected: 'error',
    rule: 'eksa/namespace',
    objects: () => inNamespace(unquoted(), 'namespace1').map(o => (o.kind === 'VSphereDatacenterConfig' ? { ...o, metadata: { name: o.metadata!.name } } : o)),
    note: 'as above: the machine configs share the Cluster\'s namespace, the datacenter has none',
  },
  { fixture: `${V1}cluster_vsphere.yaml`, test: `${PT} "Good cluster config parse"`, expected: 'valid', rule: 'eksa/config-file', run: preflightFindings(vsphere()) },
  {
    fixture: `${V1}incorrect_indentation.yaml`,
    test: `${PT} "Incorrect indentation"`,
    expected: 'error',
    rule: 'yaml/syntax',
    run: yamlProblems('apiVersion: anywhere.eks.amazonaws.com/v1alpha1\nkind: Cluster\nmetadata:\n  name: eksa-unit-test\nspec:\n  controlPlaneConfiguration:\n    count: 3\n kubernetesVersion: "1.30"\n  workerNodeGroupConfigurations: []\n'),
  },
  {
    fixture: `${V1}invalid_key.yaml`,
    test: `${PT} "Invalid key"`,
    expected: 'error',
    rule: 'schema/unknown-field',
    objects: () => cluster(vsphere(), s => { s['registryMirro rConfiguration'] = { endpoint: '1.2.3.4' }; }),
  },
  { fixture: `${V1}invalid_format.yaml`, test: `${PT} "Invalid yaml"`, expected: 'error', rule: 'yaml/syntax', run: yamlProblems('}test') },
  { fixture: `${V1}invalid_spec_field.yaml`, test: `${PT} "Invalid spec field"`, expected: 'error', rule: 'schema/unknown-field', objects: () => cluster(vsphere(), s => { s.invalidField = 'x'; }) },
  {
    fixture: `${V1}cluster_definition_at_the_end.yaml`,
    test: `${PT} "Cluster definition at the end"`,
    expected: 'valid',
    rule: 'eksa/config-file',
    run: preflightFindings([...vsphere().slice(1), vsphere()[0]]),
  },
  {
    fixture: `${V1}invalid_manifest.yaml`,
    test: 'pkg/api/v1alpha1/cluster_test.go Test_ParseClusterConfigFromContent "non-splitable manifest"',
    expected: 'error',
    rule: 'schema/required',
    objects: () => [{ key: 'value' } as unknown as KubeObject],
  },
  { fixture: `${V1}cluster_in_place_upgrade.yaml`, test: 'pkg/api/v1alpha1/cluster_test.go TestClusterCPUpgradeInPlace', expected: 'valid', notReplayed: 'a golden file of generated output, not a validation fixture' },
  { fixture: `${V1}cluster_1_21_awsiam_invalid_refname.yaml`, test: `${IAM} "invalid ref name"`, expected: 'error', rule: 'eksa/identity-provider', objects: () => withIam(IAM_OK, 'eksa-unit-test-wrong-name') },
  { fixture: `${V1}cluster_1_21_awsiam_invalid_namespace.yaml`, test: `${IAM} "invalid namespace"`, expected: 'error', rule: 'eksa/namespace', objects: () => withIam(IAM_OK, 'eksa-unit-test', 'different-namespace') },
  { fixture: `${V1}cluster_1_21_awsiam_no_awsregion.yaml`, test: `${IAM} "invalid AWSIamConfig no aws region"`, expected: 'error', rule: 'eksa/aws-iam', objects: () => withIam({ ...IAM_OK, awsRegion: '' }) },
  {
    fixture: `${V1}cluster_1_21_awsiam_no_backendmode.yaml`,
    test: `${IAM} "invalid AWSIamConfig no aws region" (the second case of that name)`,
    expected: 'error',
    rule: 'eksa/aws-iam',
    objects: () => withIam({ ...IAM_OK, backendMode: [] }),
  },
  {
    fixture: `${V1}cluster_1_21_awsiam_unsupported_mountedfile.yaml`,
    test: `${IAM} "invalid AWSIamConfig unsupported MountedFile"`,
    expected: 'error',
    rule: 'eksa/aws-iam',
    objects: () => withIam({ ...IAM_OK, backendMode: ['MountedFile'] }),
  },
  {
    fixture: `${V1}cluster_1_21_awsiam_no_arn.yaml`,
    test: `${IAM} "invalid AWSIamConfig no arn"`,
    expected: 'error',
    rule: 'eksa/aws-iam',
    objects: () => withIam({ ...IAM_OK, mapRoles: [{ roleARN: '', username: 'test', groups: ['group1'] }] }),
  },
  {
    fixture: `${V1}cluster_1_21_awsiam_no_mapping_eksconfigmap.yaml`,
    test: `${IAM} "valid AWSIamConfig no mapping eksconfigmap backend"`,
    expected: 'valid',
    rule: 'eksa/aws-iam',
    warns: true,
    objects: () => withIam({ awsRegion: 'test-region', backendMode: ['EKSConfigMap'] }),
    note: 'upstream logs a warning; so do we',
  },
  { fixture: `${V1}cluster_1_21_awsiam.yaml`, test: `${IAM} "valid AWSIamConfig"`, expected: 'valid', rule: 'eksa/aws-iam', objects: () => withIam(IAM_OK) },
  { fixture: `${V1}not_parseable_oidcconfig.yaml`, test: `${OIDC} "not parseable file"`, expected: 'error', rule: 'schema/type', objects: () => withOidc({ ...OIDC_OK, requiredClaims: 'test' }) },
  {
    fixture: `${V1}cluster_1_19_oidc.yaml`,
    test: `${OIDC} "refName doesn't match"`,
    expected: 'error',
    rule: 'eksa/identity-provider',
    objects: () => withOidc(OIDC_OK, 'wrongName'),
    note: 'the test passes refName wrongName; transcribed as a Cluster referencing it',
  },
  { fixture: `${V1}cluster_1_19_oidc.yaml`, test: `${OIDC} "valid OIDC"`, expected: 'valid', rule: 'eksa/oidc', objects: () => withOidc(OIDC_OK) },
  { fixture: `${V1}cluster_invalid_oidc_null_clientid.yaml`, test: `${OIDC} "empty client id"`, expected: 'error', rule: 'eksa/oidc', objects: () => withOidc({ ...OIDC_OK, clientId: '' }) },
  { fixture: `${V1}cluster_invalid_oidc_null_issuer_url.yaml`, test: `${OIDC} "null issuer url"`, expected: 'error', rule: 'eksa/oidc', objects: () => withOidc({ ...OIDC_OK, issuerUrl: '' }) },
  { fixture: `${V1}cluster_invalid_oidc_bad_issuer_url.yaml`, test: `${OIDC} "invalid issuer url"`, expected: 'error', rule: 'eksa/oidc', objects: () => withOidc({ ...OIDC_OK, issuerUrl: 'mydomain./issuer' }) },
  { fixture: `${V1}cluster_invalid_oidc_issuer_url_non_https.yaml`, test: `${OIDC} "issuer url non https"`, expected: 'error', rule: 'eksa/oidc', objects: () => withOidc({ ...OIDC_OK, issuerUrl: 'http://mydomain.com/issuer' }) },
  {
    fixture: `${V1}cluster_oidc_extra_required_claims.yaml`,
    test: `${OIDC} "extra required claims"`,
    expected: 'error',
    rule: 'eksa/oidc',
    objects: () => withOidc({ ...OIDC_OK, requiredClaims: [{ claim: 'sub', value: 'test' }, { claim: 'sub2', value: 'test2' }] }),
  },
  {
    fixture: `${V1}cluster_aws.yaml`,
    test: 'pkg/api/v1alpha1/awsdatacenterconfig_test.go TestGetAWSDatacenterConfig "Good AWS cluster config parse"',
    expected: 'valid',
    notReplayed: 'AWSDatacenterConfig has no CRD at v0.26.1 (the provider is gone); not a pinned kind',
  },
  {
    fixture: `${V1}cluster_docker.yaml`,
    test: 'pkg/api/v1alpha1/dockerdatacenterconfig_test.go TestGetDockerDatacenterConfig "Good Docker cluster config parse"',
    expected: 'valid',
    rule: 'eksa/datacenter-ref',
    objects: () => specOf(docker(), 'DockerDatacenterConfig', (_s, o) => { o.spec = null; }),
    note: '`spec:` with nothing after it (null): read as an empty spec, as Go and the API server do',
  },
  ...['cluster_1_19_cloudstack.yaml', 'cluster_1_21_cloudstack.yaml', 'cluster_extra_delimiters_cloudstack.yaml', 'cluster_1_20_cloudstack.yaml'].map((f): FixtureRow => ({
    fixture: `${V1}${f}`, test: 'pkg/api/v1alpha1/cloudstackdatacenterconfig_test.go TestGetCloudStackDatacenterConfig', expected: 'valid', notReplayed: CLOUDSTACK,
  })),
  {
    fixture: `${V1}not_parseable_cluster_cloudstack.yaml`,
    test: 'pkg/api/v1alpha1/cloudstackdatacenterconfig_test.go TestGetCloudStackDatacenterConfig "not parseable file"',
    expected: 'error',
    rule: 'schema/unknown-field',
    objects: () => [eksa('CloudStackDatacenterConfig', 'eksa-unit-test', { idont: 'belonghere' })],
  },
  { fixture: `${V1}cluster_1_21_snow.yaml`, test: 'pkg/api/v1alpha1/snowdatacenterconfig_test.go TestGetSnowDatacenterConfig "valid 1.21"', expected: 'valid', notReplayed: SNOW },
  {
    fixture: `${V1}not_parseable_cluster_snow.yaml`,
    test: 'pkg/api/v1alpha1/snowdatacenterconfig_test.go TestGetSnowDatacenterConfig "not parseable file"',
    expected: 'error',
    rule: 'schema/unknown-field',
    objects: () => [eksa('SnowDatacenterConfig', 'eksa-unit-test', { idont: 'belonghere' })],
  },
  {
    fixture: `${V1}vsphere_cluster_valid_failuredomains.yaml`,
    test: 'pkg/api/v1alpha1/vspheredatacenterconfig_test.go TestGetVSphereDatacenterConfig "valid failure domain"',
    expected: 'valid',
    rule: 'eksa/vsphere-failure-domain',
    objects: () => cluster(specOf(unquoted(), 'VSphereDatacenterConfig', s => {
      s.failureDomains = [{ name: 'fd-1', computeCluster: 'cc-1', resourcePool: '/dc1/host/cc-1/Resources', datastore: '/dc1/datastore/ds-1', folder: '/dc1/vm/f', network: '/dc1/network/n' }];
    }), s => { s.workerNodeGroupConfigurations[0].failureDomains = ['fd-1']; }),
  },
  {
    fixture: `${V1}nutanix/invalid-cluster.yaml`,
    test: 'pkg/api/v1alpha1/nutanixdatacenterconfig_test.go TestGetNutanixDatacenterConfigInvalidConfig "invalid-cluster-extraneous-field"',
    expected: 'error',
    rule: 'schema/unknown-field',
    objects: () => [eksa('NutanixDatacenterConfig', 'eksa-unit-test', { endpoint: 'prism.example.com', port: 9440, idont: 'belonghere' })],
  },
  {
    fixture: `${V1}nutanix/invalid-kind.yaml`,
    test: 'pkg/api/v1alpha1/nutanixdatacenterconfig_test.go TestGetNutanixDatacenterConfigInvalidConfig "invalid-kind"',
    expected: 'error',
    rule: 'eksa/datacenter-ref',
    objects: () => cluster(vsphere(), s => { s.datacenterRef = { kind: 'NutanixDatacenterConfig', name: 'eksa-unit-test' }; }).filter(o => o.kind === 'Cluster'),
    note: 'the file\'s datacenter config is of another kind: the Cluster\'s NutanixDatacenterConfig is not found',
  },
  ...[['valid-cluster.yaml', 'valid'], ['valid-cluster-extra-delimiter.yaml', 'valid'], ['datacenterconfig-valid-trustbundle.yaml', 'valid'], ['datacenterconfig-valid-failuredomains.yaml', 'valid'],
    ['datacenterconfig-invalid-trustbundle.yaml', 'error'], ['datacenterconfig-non-pem-trustbundle.yaml', 'error'], ['datacenterconfig-empty-endpoint.yaml', 'error'],
    ['datacenterconfig-invalid-port.yaml', 'error'], ['invalid-credentialref-kind.yaml', 'error'], ['empty-credentialref-name.yaml', 'error'], ['datacenterconfig-invalid-failuredomains.yaml', 'error']]
    .map(([f, e]): FixtureRow => ({ fixture: `${V1}nutanix/${f}`, test: 'pkg/api/v1alpha1/nutanixdatacenterconfig_test.go TestGetNutanixDatacenterConfigValidConfig', expected: e as 'valid' | 'error', notReplayed: NUTANIX })),
  ...['machineconfig-with-no-users.yaml', 'machineconfig-with-no-user-name.yaml', 'machineconfig-with-no-osfamily.yaml', 'machineconfig-with-no-ssh-key.yaml'].map((f): FixtureRow => ({
    fixture: `${V1}nutanix/${f}`, test: 'pkg/api/v1alpha1/nutanixmachineconfig_test.go TestNutanixMachineConfigDefaults', expected: 'valid', notReplayed: `${NUTANIX} (a defaulting fixture)`,
  })),
  ...['invalid-machineconfig-addtional-categories-key.yaml', 'invalid-machineconfig-addtional-categories-value.yaml'].map((f): FixtureRow => ({
    fixture: `${V1}nutanix/${f}`, test: 'pkg/api/v1alpha1/nutanixmachineconfig_test.go TestValidateNutanixMachineConfig', expected: 'error', notReplayed: NUTANIX,
  })),
  // Fixtures no test references at v0.26.1: the verdict the upstream code gives, by reading it.
  { fixture: `${V1}cluster_1_21_snow_multiple_machineconfigs.yaml`, test: '(no test at v0.26.1)', expected: 'valid', notReplayed: SNOW },
  {
    fixture: `${V1}cluster_1_21_valid_multiple_tinkerbell_templates.yaml`,
    test: '(no test at v0.26.1)',
    expected: 'error',
    rule: 'eksa/external-etcd',
    objects: () => [...inNamespace(externalEtcd(tinkerbell()), 'test-namespace'), tinkerbellTemplate('tink-test-1'), tinkerbellTemplate('tink-test-2')],
    note: 'named valid, but Tinkerbell with external etcd is rejected (cluster.go validateExternalEtcdSupport)',
  },
  { fixture: `${V1}cluster_1_21_valid_tinkerbell.yaml`, test: '(no test at v0.26.1)', expected: 'error', rule: 'eksa/external-etcd', objects: () => externalEtcd(tinkerbell()) },
  { fixture: `${V1}cluster_1_27_cloudstack.yaml`, test: '(no test at v0.26.1)', expected: 'valid', notReplayed: CLOUDSTACK },
  {
    fixture: `${V1}cluster_invalid_docker_with_endpoint.yaml`,
    test: '(no test at v0.26.1)',
    expected: 'valid',
    rule: 'eksa/endpoint',
    objects: () => cluster(docker(), s => { s.controlPlaneConfiguration.endpoint = { host: 'test-ip' }; }),
    note: 'no upstream rule rejects an endpoint on Docker at v0.26.1',
  },
  {
    fixture: `${V1}cluster_invalid_flux_unset_gitusername.yaml`,
    test: '(no test at v0.26.1)',
    expected: 'error',
    rule: 'eksa/flux',
    objects: () => [...cluster(vsphere(), s => { s.gitOpsRef = { kind: 'FluxConfig', name: 'test-flux' }; }), eksa('FluxConfig', 'test-flux', { git: { repositoryUrl: 'https://git.example.com/fleet.git' } })],
    note: 'fluxconfig.go validateRepositoryUrl: "invalid repository url scheme: https"',
  },
  {
    fixture: `${V1}cluster_invalid_gitops_empty_gitowner.yaml`,
    test: '(no test at v0.26.1)',
    expected: 'error',
    rule: 'eksa/gitops',
    objects: () => [...cluster(vsphere(), s => { s.gitOpsRef = { kind: 'GitOpsConfig', name: 'test-gitops' }; }), eksa('GitOpsConfig', 'test-gitops', { flux: { github: { owner: '', repository: 'flux-fleet' } } })],
  },
  {
    fixture: `${V1}cluster_invalid_kinds_cloudstack.yaml`,
    test: '(no test at v0.26.1)',
    expected: 'error',
    rule: 'eksa/config-file',
    run: preflightFindings([eksa('BadCluster', 'eksa-unit-test', {}), eksa('BadCloudStackDatacenterConfig', 'eksa-unit-test', {})]),
  },
  {
    fixture: `${V1}cluster_invalid_kinds_tinkerbell.yaml`,
    test: '(no test at v0.26.1)',
    expected: 'error',
    rule: 'eksa/datacenter-ref',
    objects: () => tinkerbell().map(o => (o.kind === 'TinkerbellDatacenterConfig' ? { ...o, kind: 'BadTinkerbellDatacenterConfig' } : o)),
  },
  {
    fixture: `${V1}cluster_invalid_kubernetes_version.yaml`,
    test: '(no test at v0.26.1)',
    expected: 'error',
    rule: 'eksa/kubernetes-version',
    objects: () => vsphereAt('1.16'),
    note: 'not rewritten: the version is the point (no versions bundle for 1.16)',
  },
  {
    fixture: `${V1}cluster_invalid_worker_node_count.yaml`,
    test: '(no test at v0.26.1)',
    expected: 'valid',
    rule: 'eksa/worker-count',
    objects: () => cluster(unquoted(), s => { s.workerNodeGroupConfigurations[0].count = 0; }),
    note: 'named invalid, but count 0 without autoscaling is valid at v0.26.1 (only < 0 is rejected)',
  },
  {
    fixture: `${V1}not_parseable_cluster_tinkerbell.yaml`,
    test: '(no test at v0.26.1)',
    expected: 'error',
    rule: 'schema/unknown-field',
    objects: () => specOf(tinkerbell(), 'TinkerbellDatacenterConfig', s => { s.idont = 'belonghere'; }),
    note: 'the datacenter config is decoded strictly; the machine configs\' unknown fields are eksa/unknown-field warnings',
  },
  {
    fixture: `${V1}not_parseable_gitopsconfig.yaml`,
    test: '(no test at v0.26.1)',
    expected: 'error',
    rule: 'schema/type',
    objects: () => [...cluster(vsphere(), s => { s.gitOpsRef = { kind: 'GitOpsConfig', name: 'test-gitops' }; }), eksa('GitOpsConfig', 'test-gitops', { flux: 'github' })],
  },
  // pkg/cluster: the ConfigManager.
  {
    fixture: 'pkg/cluster/testdata/cluster_docker_missing_datacenter.yaml',
    test: 'pkg/cluster/docker_test.go TestValidateDockerDatacenterNotFoundError',
    expected: 'error',
    rule: 'eksa/datacenter-ref',
    objects: () => docker().filter(o => o.kind === 'Cluster'),
  },
  {
    fixture: 'pkg/cluster/testdata/cluster_vsphere_missing_datacenter.yaml',
    test: 'pkg/cluster/vsphere_test.go TestValidateVSphereDatacenterNotFoundError',
    expected: 'error',
    rule: 'eksa/datacenter-ref',
    objects: () => vsphere().filter(o => o.kind !== 'VSphereDatacenterConfig'),
  },
  { fixture: 'pkg/cluster/testdata/cluster_1_19.yaml', test: 'pkg/cluster/validate_test.go TestValidateConfig "vsphere cluster"', expected: 'valid', rule: 'eksa/machine-group-ref', objects: vsphere },
  {
    fixture: 'pkg/cluster/testdata/cluster_1_19.yaml',
    test: 'pkg/cluster/vsphere_test.go TestValidateVsphereMachineConfigNotFoundError',
    expected: 'error',
    rule: 'eksa/machine-group-ref',
    objects: () => cluster(vsphere(), s => { s.controlPlaneConfiguration.machineGroupRef.name = 'dummy-machine-config'; }),
  },
  {
    fixture: 'pkg/cluster/testdata/cluster_tinkerbell_1_19.yaml',
    test: 'pkg/cluster/validate_test.go TestValidateTinkerbellConfigDifferentNamespace "cluster, datacenter config, machine config in the same namespace"',
    expected: 'valid',
    rule: 'eksa/namespace',
    objects: () => inNamespace(tinkerbell(), 'test-namespace'),
  },
  {
    fixture: 'pkg/cluster/testdata/cluster_tinkerbell_1_19.yaml',
    test: 'pkg/cluster/validate_test.go TestValidateTinkerbellConfigDifferentNamespace "datacenter config not at the same namespace"',
    expected: 'error',
    rule: 'eksa/namespace',
    objects: () => edit(inNamespace(tinkerbell(), 'test-namespace'), 'TinkerbellDatacenterConfig', o => { o.metadata.namespace = 'other'; }),
  },
  {
    fixture: 'pkg/cluster/testdata/cluster_tinkerbell_1_19.yaml',
    test: 'pkg/cluster/validate_test.go TestValidateTinkerbellConfigDifferentNamespace "machine config not at the same namespace"',
    expected: 'error',
    rule: 'eksa/namespace',
    objects: () => edit(inNamespace(tinkerbell(), 'test-namespace'), 'TinkerbellMachineConfig', o => { o.metadata.namespace = 'other'; }, 'metal'),
  },
  {
    fixture: 'pkg/cluster/testdata/cluster_tinkerbell_1_19.yaml',
    test: 'pkg/cluster/tinkerbell_test.go TestValidateTinkerbellDatacenterNotFoundError',
    expected: 'error',
    rule: 'eksa/datacenter-ref',
    objects: () => tinkerbell().filter(o => o.kind !== 'TinkerbellDatacenterConfig'),
  },
  {
    fixture: 'pkg/cluster/testdata/cluster_tinkerbell_1_19.yaml',
    test: 'pkg/cluster/tinkerbell_test.go TestValidateTinkerbellMachineConfigNotFoundError',
    expected: 'error',
    rule: 'eksa/machine-group-ref',
    objects: () => cluster(tinkerbell(), s => { s.controlPlaneConfiguration.machineGroupRef.name = 'dummy-machine-config'; }),
  },
  {
    fixture: 'pkg/cluster/testdata/cluster_cloudstack_missing_datacenter.yaml',
    test: 'pkg/cluster/cloudstack_test.go TestValidateCloudStackDatacenterNotFoundError',
    expected: 'error',
    rule: 'eksa/datacenter-ref',
    objects: () => cluster(vsphere(), s => { s.datacenterRef = { kind: 'CloudStackDatacenterConfig', name: 'eksa-unit-test' }; }).filter(o => o.kind === 'Cluster'),
  },
  {
    fixture: 'pkg/cluster/testdata/docker_cluster_oidc_awsiam_gitops.yaml',
    test: 'pkg/cluster/validate_test.go TestValidateConfig "docker cluster gitops"',
    expected: 'valid',
    rule: 'eksa/identity-provider',
    objects: () => [...cluster(docker(), s => {
      s.identityProviderRefs = [{ kind: 'OIDCConfig', name: 'eksa-unit-test' }, { kind: 'AWSIamConfig', name: 'eksa-unit-test' }];
      s.gitOpsRef = { kind: 'GitOpsConfig', name: 'eksa-unit-test' };
    }), eksa('OIDCConfig', 'eksa-unit-test', OIDC_OK), eksa('AWSIamConfig', 'eksa-unit-test', IAM_OK),
    eksa('GitOpsConfig', 'eksa-unit-test', { flux: { github: { owner: 'janedoe', repository: 'flux-fleet' } } })],
  },
  {
    fixture: 'pkg/cluster/testdata/docker_cluster_oidc_awsiam_flux.yaml',
    test: 'pkg/cluster/oidc_test.go TestConfigManagerValidateOIDCConfigSuccess',
    expected: 'valid',
    rule: 'eksa/flux',
    objects: () => [...cluster(docker(), s => {
      s.identityProviderRefs = [{ kind: 'OIDCConfig', name: 'eksa-unit-test' }, { kind: 'AWSIamConfig', name: 'eksa-unit-test' }];
      s.gitOpsRef = { kind: 'FluxConfig', name: 'eksa-unit-test' };
    }), eksa('OIDCConfig', 'eksa-unit-test', OIDC_OK), eksa('AWSIamConfig', 'eksa-unit-test', IAM_OK),
    eksa('FluxConfig', 'eksa-unit-test', { github: { owner: 'janedoe', repository: 'flux-fleet' } })],
  },
  {
    fixture: 'pkg/cluster/testdata/docker_cluster_oidc_awsiam_flux.yaml',
    test: 'pkg/cluster/oidc_test.go TestConfigManagerValidateOIDCConfigMultipleErrors',
    expected: 'error',
    rule: 'eksa/oidc',
    objects: () => [...cluster(docker(), s => { s.identityProviderRefs = [{ kind: 'OIDCConfig', name: 'eksa-unit-test' }]; }), eksa('OIDCConfig', 'eksa-unit-test', { ...OIDC_OK, clientId: '' })],
  },
  {
    fixture: 'pkg/cluster/testdata/cluster_1_18.yaml',
    test: 'pkg/cluster/builder_test.go TestFileSpecBuilderBuildError "Kubernetes version not supported"',
    expected: 'error',
    rule: 'eksa/kubernetes-version',
    objects: () => vsphereAt('1.18'),
    note: 'not rewritten: the version is the point',
  },
  // pkg/providers/tinkerbell: provider assertions (the files are built through the lenient FileSpecBuilder; transcribed without the unrelated control plane maxUnavailable).
  {
    fixture: 'pkg/providers/tinkerbell/testdata/cluster_tinkerbell_external_etcd.yaml',
    test: 'pkg/providers/tinkerbell/tinkerbell_test.go TestTinkerbellProviderWithExternalEtcdFail',
    expected: 'error',
    rule: 'eksa/external-etcd',
    objects: () => externalEtcd(tinkerbell()),
  },
  {
    fixture: 'pkg/providers/tinkerbell/testdata/cluster_osimage_machine_config.yaml',
    test: 'pkg/providers/tinkerbell/tinkerbell_test.go TestGenerateDeploymentFileWithMachineConfigOSImageError',
    expected: 'error',
    rule: 'eksa/tinkerbell-os-image',
    objects: () => specOf(tinkerbell(), 'TinkerbellMachineConfig', s => { s.osImageURL = 'https://ubuntu-1-35.gz'; }, 'metal-cp'),
  },
  {
    fixture: 'pkg/providers/tinkerbell/testdata/cluster_tinkerbell_bottlerocket_minimal_registry_mirror.yaml',
    test: 'pkg/providers/tinkerbell/tinkerbell_test.go TestTinkerbellProviderSetupAndValidateInPlaceBottlerocketNotSupported',
    expected: 'error',
    rule: 'eksa/tinkerbell-bottlerocket',
    objects: () => cluster(specOf(specOf(tinkerbell(), 'TinkerbellMachineConfig', s => { s.osFamily = 'bottlerocket'; }, 'metal-cp'), 'TinkerbellMachineConfig', s => { s.osFamily = 'bottlerocket'; }, 'metal'),
      s => { s.registryMirrorConfiguration = { endpoint: '1.2.3.4', port: '443' }; s.controlPlaneConfiguration.upgradeRolloutStrategy = { type: 'InPlace' }; }),
    note: 'at 1.21 the first error was InPlace on Bottlerocket; rewritten to a supported version it is Bottlerocket itself (both reported)',
  },
  {
    fixture: 'pkg/providers/tinkerbell/testdata/cluster_tinkerbell_mismatched_machine_config.yaml',
    test: 'pkg/providers/tinkerbell/tinkerbell_test.go TestTinkerbellProviderGetMachineConfigsWithMismatchedMachineConfig',
    expected: 'error',
    rule: 'eksa/machine-group-ref',
    objects: () => cluster(tinkerbell(), s => { s.controlPlaneConfiguration.machineGroupRef.name = 'single-node-cp'; }),
  },
  {
    fixture: 'pkg/providers/tinkerbell/testdata/cluster_tinkerbell_mismatched_external_etcd.yaml',
    test: 'pkg/providers/tinkerbell/tinkerbell_test.go TestTinkerbellProviderGetMachineConfigsWithMismatchedAndExternalEtcd',
    expected: 'error',
    rule: 'eksa/machine-group-ref',
    objects: () => cluster(tinkerbell(), s => { s.externalEtcdConfiguration = { count: 1, machineGroupRef: { kind: 'TinkerbellMachineConfig', name: 'test-etcd' } }; }),
  },
  {
    fixture: 'pkg/providers/tinkerbell/testdata/cluster_tinkerbell_stacked_etcd.yaml',
    test: 'pkg/providers/tinkerbell/tinkerbell_test.go TestSetupAndValidateCreateWorkloadClusterSuccess',
    expected: 'valid',
    rule: 'eksa/template-ref',
    warns: true,
    objects: () => [...specOf(specOf(inNamespace(tinkerbell(), 'test-namespace'), 'TinkerbellMachineConfig', s => { s.templateRef = { kind: 'TinkerbellTemplateConfig', name: 'tink-test' }; }, 'metal-cp'),
      'TinkerbellMachineConfig', s => { s.templateRef = { kind: 'TinkerbellTemplateConfig', name: 'tink-test' }; }, 'metal'), tinkerbellTemplate('tink-test')],
    note: 'the template has no namespace while the Cluster is in test-namespace: eksctl finds it by name; we warn (the controller looks in the Cluster\'s namespace)',
  },
  {
    fixture: 'pkg/providers/tinkerbell/testdata/cluster_tinkerbell_stacked_etcd.yaml',
    test: 'pkg/providers/tinkerbell/tinkerbell_test.go TestSetupAndValidateCreateWorkloadClusterErrorUnspecifiedTinkerbellIP',
    expected: 'error',
    rule: 'eksa/tinkerbell-ip',
    objects: () => specOf(tinkerbell(), 'TinkerbellDatacenterConfig', s => { s.tinkerbellIP = ''; }),
  },
  {
    fixture: 'pkg/providers/tinkerbell/testdata/cluster_tinkerbell_stacked_etcd.yaml',
    test: 'pkg/providers/tinkerbell/upgrade_test.go TestProvider_ValidateNewSpec_ChangeWorkerNodeGroupMachineRef',
    expected: 'error',
    rule: 'eksa/immutable',
    against: tinkerbell,
    objects: () => [...cluster(tinkerbell(), s => { s.workerNodeGroupConfigurations[0].machineGroupRef.name = 'metal-2'; }), { ...tinkerbell().find(o => o.metadata?.name === 'metal')!, metadata: { name: 'metal-2' } }],
  },
  {
    fixture: 'pkg/providers/tinkerbell/testdata/cluster_tinkerbell_stacked_etcd.yaml',
    test: 'pkg/providers/tinkerbell/upgrade_test.go TestProvider_ValidateNewSpec_ChangeControlPlaneMachineRefToExisting',
    expected: 'error',
    rule: 'eksa/immutable',
    against: tinkerbell,
    objects: () => cluster(tinkerbell(), s => { s.controlPlaneConfiguration.machineGroupRef.name = 'metal'; }),
  },
  {
    fixture: 'pkg/providers/tinkerbell/testdata/cluster_tinkerbell_stacked_etcd.yaml',
    test: 'pkg/providers/tinkerbell/upgrade_test.go TestProvider_ValidateNewSpec_NewWorkerNodeGroup',
    expected: 'valid',
    rule: 'eksa/immutable',
    against: tinkerbell,
    objects: () => cluster(tinkerbell(), s => { s.workerNodeGroupConfigurations.push({ name: 'md-1', count: 1, machineGroupRef: { kind: 'TinkerbellMachineConfig', name: 'metal' } }); }),
  },
  {
    fixture: 'pkg/providers/tinkerbell/testdata/cluster_tinkerbell_proxy.yaml',
    test: 'pkg/providers/tinkerbell/upgrade_test.go TestProviderSetupAndValidateManagementProxySuccess',
    expected: 'valid',
    rule: 'eksa/tinkerbell-proxy',
    objects: () => cluster(specOf(tinkerbell(), 'TinkerbellDatacenterConfig', s => { s.hookImagesURLPath = 'https://anywhere.eks.amazonaws.com/'; }),
      s => { s.proxyConfiguration = { httpProxy: '1.1.1.1:8080', httpsProxy: '1.1.1.1:8443' }; }),
  },
  {
    fixture: 'pkg/providers/tinkerbell/testdata/cluster_tinkerbell_multiple_node_groups.yaml',
    test: 'pkg/providers/tinkerbell/workers_test.go TestWorkersSpecNewCluster',
    expected: 'valid',
    rule: 'eksa/disjoint-selectors',
    objects: () => cluster(tinkerbell(), s => { s.workerNodeGroupConfigurations.push({ name: 'md-1', count: 1, machineGroupRef: { kind: 'TinkerbellMachineConfig', name: 'metal' } }); }),
    note: 'two worker groups sharing one machine config',
  },
  // hardware.csv
  {
    fixture: 'pkg/providers/tinkerbell/testdata/hardware.csv',
    test: 'pkg/providers/tinkerbell/tinkerbell_test.go (newProvider)',
    expected: 'valid',
    rule: 'hardware-csv/row',
    run: csvFindings(`${CSV_HEADER}\nworker1,192.168.0.10,Admin,admin,00:00:00:00:00:01,10.10.10.10,255.255.255.0,10.10.10.1,1.1.1.1,type=cp,/dev/sda\n`),
  },
  {
    fixture: 'pkg/providers/tinkerbell/testdata/hardware_nobmc.csv',
    test: 'pkg/providers/tinkerbell/tinkerbell_test.go TestPostMoveManagementToBootstrapSuccess',
    expected: 'valid',
    rule: 'hardware-csv/row',
    run: csvFindings('hostname,mac,ip_address,netmask,gateway,nameservers,labels,disk\nworker1,00:00:00:00:00:01,10.10.10.10,255.255.255.0,10.10.10.1,1.1.1.1,type=cp,/dev/sda\n'),
  },
  {
    fixture: 'pkg/providers/tinkerbell/hardware/testdata/hardware.csv',
    test: 'pkg/providers/tinkerbell/hardware/csv_test.go TestCSVReaderFromFile',
    expected: 'valid',
    rule: 'hardware-csv/header',
    run: csvFindings(`${CSV_HEADER}\nworker1,192.168.0.10,Admin,admin,00:00:00:00:00:01,10.10.10.10,255.255.255.0,10.10.10.1,1.1.1.1,type=cp,/dev/sda`),
    note: 'no trailing newline, like the fixture',
  },
  {
    fixture: 'pkg/providers/tinkerbell/hardware/testdata/hardware_no_bmc_headers.csv',
    test: 'pkg/providers/tinkerbell/hardware/csv_test.go TestCSVReaderWithoutBMCHeaders',
    expected: 'valid',
    rule: 'hardware-csv/header',
    run: csvFindings('hostname,mac,ip_address,netmask,gateway,nameservers,labels,disk\nworker1,00:00:00:00:00:01,10.10.10.10,255.255.255.0,10.10.10.1,1.1.1.1,type=cp,/dev/sda\n'),
  },
];

/** The source of a rule case from a fixture row. */
export const fixtureSource = (r: FixtureRow) => `aws/eks-anywhere ${r.test} (${r.fixture})`;

/** Rule cases of our families from the fixture rows (the schema layer's rows are replayed by the fixture test only). */
export function fixtureCases(): RuleCase[] {
  return EKSA_FIXTURES.filter(r => !r.notReplayed && r.rule && /^(eksa|hardware-csv)\//.test(r.rule)).map(r => ({
    rule: r.rule!,
    title: `${r.fixture.split('/').pop()}: ${r.test.split(' ').slice(-3).join(' ')}`,
    expect: r.expected === 'error' || r.warns ? 'reject' : 'accept',
    ...(r.warns ? { severity: 'warning' as const } : {}),
    ...(r.objects ? { objects: r.objects() } : {}),
    ...(r.against ? { against: r.against() } : {}),
    ...(r.run ? { run: r.run } : {}),
    source: fixtureSource(r),
  }));
}

export { EKSA_V1ALPHA1 };
