// Kubernetes version (upstream-rules.md §5.6) and remaining Cluster field preflights (§5.2 items
// 13, 15; §5.5 etcdEncryption on create).
import { PreflightMode } from '../../../../src/validate/eksa/preflights';
import { EksaRelease } from '../../../../src/validate/eksa/releases';
import { cluster, errors, tinkerbell, vsphere, warnings } from '../fixtures';

const KV = 'Validate Kubernetes version: Cluster/prod';
const F = 'Validate cluster configuration: Cluster/prod';

describe('Validate Kubernetes version', () => {
  test.each([
    ['1.27 is not supported by v0.26', (s: any) => { s.kubernetesVersion = '1.27'; },
      `${KV} spec.kubernetesVersion: kubernetes version 1.27 is not supported by EKS Anywhere v0.26`],
    ['1.37 does not exist yet', (s: any) => { s.kubernetesVersion = '1.37'; }, `${KV} spec.kubernetesVersion: kubernetes version 1.37 is not supported by EKS Anywhere v0.26`],
    ['a patch version is given', (s: any) => { s.kubernetesVersion = '1.35.2'; }, `${KV} spec.kubernetesVersion: kubernetesVersion "1.35.2" is not valid`],
    ['the version is missing', (s: any) => { delete s.kubernetesVersion; }, `${KV} spec.kubernetesVersion: kubernetesVersion is not set`],
  ])('fails when %s', (_, mutate, expected) => {
    expect(errors(cluster(vsphere(), mutate))).toEqual([expected]);
  });

  // cluster_webhook.go validateCPWorkerKubeSkew runs on update only: at create the skew is a warning.
  test.each([
    ['a worker group lags 3 minors', (s: any) => { s.workerNodeGroupConfigurations[0].kubernetesVersion = '1.32'; },
      `${KV} spec.workerNodeGroupConfigurations[0].kubernetesVersion: cluster level minor version 1.35 is not within 2 versions greater than worker node group version 1.32: accepted at create, rejected by every later update`],
    ['a worker group is ahead of the control plane', (s: any) => { s.kubernetesVersion = '1.34'; s.workerNodeGroupConfigurations[0].kubernetesVersion = '1.35'; },
      `${KV} spec.workerNodeGroupConfigurations[0].kubernetesVersion: cluster level minor version 1.34 is not within 2 versions greater than worker node group version 1.35: accepted at create, rejected by every later update`],
  ])('warns at create when %s (an error on update)', (_, mutate, expected) => {
    const spec = cluster(vsphere(), mutate);
    expect(errors(spec)).toEqual([]);
    expect(warnings(spec)).toEqual([expected]);
    expect(errors(spec, { mode: PreflightMode.UPGRADE, old: spec })).toEqual([
      expected.replace(/cluster level minor version [\d.]+ is not within 2 versions greater than worker node group version ([\d.]+): .*$/, 'cluster level minor version must be within 2 versions greater than worker node group version: $1'),
    ]);
  });

  test('the supported list follows the targeted release', () => {
    const v128 = cluster(vsphere(), s => { s.kubernetesVersion = '1.28'; });
    expect(errors(v128, { eksaRelease: EksaRelease.V0_24 })).toEqual([]);
    expect(errors(v128, { eksaRelease: EksaRelease.V0_25 })).toEqual([`${KV} spec.kubernetesVersion: kubernetes version 1.28 is not supported by EKS Anywhere v0.25`]);
    const v136 = cluster(vsphere(), s => { s.kubernetesVersion = '1.36'; });
    expect(errors(v136)).toEqual([]);
    expect(errors(v136, { eksaRelease: 'v0.25' })).toEqual([`${KV} spec.kubernetesVersion: kubernetes version 1.36 is not supported by EKS Anywhere v0.25`]);
    expect(errors(cluster(vsphere(), s => { s.kubernetesVersion = '1.32'; }), { eksaRelease: EksaRelease.V0_22 })).toEqual([]);
    expect(errors(cluster(vsphere(), s => { s.kubernetesVersion = '1.33'; }), { eksaRelease: EksaRelease.V0_22 })).toHaveLength(1);
  });

  test('spec.eksaVersion selects the release when no release is given', () => {
    const spec = cluster(vsphere(), s => { s.eksaVersion = 'v0.23.4'; s.kubernetesVersion = '1.34'; });
    expect(errors(spec)).toEqual([`${KV} spec.kubernetesVersion: kubernetes version 1.34 is not supported by EKS Anywhere v0.23`]);
  });

  test('the cdk8s-capi.io/eksa-release annotation selects the release when neither option nor eksaVersion does', () => {
    const spec = cluster(vsphere(), (s, o) => { s.kubernetesVersion = '1.28'; o.metadata.annotations = { 'cdk8s-capi.io/eksa-release': 'v0.24' }; });
    expect(errors(spec)).toEqual([]);
    expect(errors(spec, { eksaRelease: EksaRelease.V0_26 })).toEqual([`${KV} spec.kubernetesVersion: kubernetes version 1.28 is not supported by EKS Anywhere v0.26`]);
  });

  test('an unknown eksaVersion line warns and falls back to v0.26', () => {
    const spec = cluster(vsphere(), s => { s.eksaVersion = 'v0.40.0'; });
    expect(errors(spec)).toEqual([]);
    expect(warnings(spec)).toEqual([expect.stringContaining('eksaVersion v0.40.0 is not a release line these preflights know; Kubernetes versions are checked against v0.26')]);
  });

  test('a worker group 2 minors behind passes', () => {
    expect(errors(cluster(vsphere(), s => { s.workerNodeGroupConfigurations[0].kubernetesVersion = '1.33'; }))).toEqual([]);
  });

  test('an unquoted version that reads back unchanged is read as eksctl reads it, with a warning (kubectl would reject it)', () => {
    const spec = cluster(vsphere(), s => { s.kubernetesVersion = 1.35; });
    expect(errors(spec)).toEqual([]);
    expect(warnings(spec)).toEqual([
      'Validate cluster config file: Cluster/prod spec.kubernetesVersion: kubernetesVersion 1.35 is not quoted: eksctl quotes it and reads "1.35", but kubectl and GitOps tools read the number and the API server rejects it',
    ]);
    expect(errors(cluster(vsphere(), s => { s.kubernetesVersion = 1.27; }))).toEqual([`${KV} spec.kubernetesVersion: kubernetes version 1.27 is not supported by EKS Anywhere v0.26`]);
  });

  test('an unquoted 1.30 has lost its trailing zero (the number 1.3): an error', () => {
    expect(errors(cluster(vsphere(), s => { s.kubernetesVersion = 1.3; }))).toEqual([
      'Validate cluster config file: Cluster/prod spec.kubernetesVersion: kubernetesVersion 1.3 is not quoted: YAML reads the number 1.3, so a written 1.30 has lost its trailing zero (eksctl reads "1.30" only from the file text; kubectl, GitOps tools and cdk8s read 1.3)',
    ]);
  });

  test('Kubernetes 1.21 on bare metal fails (tinkerbell_121cluster_without_worker_nodes.yaml)', () => {
    expect(errors(cluster(tinkerbell(), s => { s.kubernetesVersion = '1.21'; delete s.workerNodeGroupConfigurations; }))).toEqual([
      'Validate Kubernetes version: Cluster/metal spec.kubernetesVersion: kubernetes version 1.21 is not supported by EKS Anywhere v0.26',
      'Tinkerbell Provider setup is valid: TinkerbellDatacenterConfig/metal spec.osImageURL: missing kube version from OSImageURL: url=https://artifacts.example.com/eksa/ubuntu-2204-kube-1-35.gz, version=1.21',
    ]);
  });
});

describe('Validate cluster configuration', () => {
  test.each([
    ['podIamConfig has no issuer', (s: any) => { s.podIamConfig = { serviceAccountIssuer: '' }; },
      `${F} spec.podIamConfig.serviceAccountIssuer: ServiceAccount Issuer can't be empty while configuring IAM roles for pods`],
    ['a workload cluster sets packages.controller (cluster_package_configuration_invalid.yaml)', (s: any) => { s.managementCluster.name = 'mgmt'; s.packages = { controller: { tag: 'v1' } }; },
      `${F} spec.packages.controller: packages: controller should not be specified for a workload cluster`],
    ['a workload cluster sets packages.cronjob (cluster_package_cronjob_invalid.yaml)', (s: any) => { s.managementCluster.name = 'mgmt'; s.packages = { cronjob: { disable: true } }; },
      `${F} spec.packages.cronjob: packages: cronjob should not be specified for a workload cluster`],
    ['both bundlesRef and eksaVersion are set', (s: any) => { s.eksaVersion = 'v0.26.1'; s.bundlesRef = { apiVersion: 'anywhere.eks.amazonaws.com/v1alpha1', name: 'bundles-1', namespace: 'eksa-system' }; },
      `${F} spec.eksaVersion: cannot pass both bundlesRef and eksaVersion. New clusters should use eksaVersion instead of bundlesRef`],
    ['etcdEncryption is set on create', (s: any) => { s.etcdEncryption = [{ providers: [{ kms: { name: 'kms', socketListenAddress: 'unix:///var/run/kms.sock' } }], resources: ['secrets'] }]; },
      `${F} spec.etcdEncryption: etcdEncryption is not supported during cluster creation`],
    ['kubeletConfiguration sets providerID', (s: any) => { s.workerNodeGroupConfigurations[0].kubeletConfiguration = { providerID: 'x' }; },
      `${F} spec.workerNodeGroupConfigurations[0].kubeletConfiguration.providerID: can not override providerID or cloudProvider (set by EKS Anywhere)`],
  ])('fails when %s', (_, mutate, expected) => {
    expect(errors(cluster(vsphere(), mutate))).toEqual([expected]);
  });

  test('fails when eksaVersion is not semver', () => {
    expect(errors(cluster(vsphere(), s => { s.eksaVersion = 'latest'; }))).toEqual([`${F} spec.eksaVersion: eksaVersion is not a valid semver`]);
  });

  test('passes with packages on a self-managed cluster, a pod IAM issuer and a semver eksaVersion', () => {
    expect(errors(cluster(vsphere(), s => {
      s.packages = { controller: { tag: 'v1' } };
      s.podIamConfig = { serviceAccountIssuer: 'https://issuer.example.com' };
      s.eksaVersion = 'v0.26.1';
    }))).toEqual([]);
  });
});
