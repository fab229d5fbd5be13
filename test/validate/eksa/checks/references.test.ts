// References inside the spec (upstream-rules.md §5.3) and the GitOps / identity provider refs
// (§5.2 items 8 and 10).
import { KubeObject } from '../../../../src/core/kube-object';
import { cluster, docker, edit, errors, vsphere, warnings } from '../fixtures';

const R = 'Validate datacenter and machine config references: Cluster/prod';
const G = 'Validate GitOps configuration';
const I = 'Validate identity providers';

function withNamespace(objects: KubeObject[], kind: string, ns: string, name?: string): KubeObject[] {
  return edit(objects, kind, o => { o.metadata.namespace = ns; }, name);
}

const flux = (spec: Record<string, unknown>, ns?: string): KubeObject => ({
  apiVersion: 'anywhere.eks.amazonaws.com/v1alpha1', kind: 'FluxConfig', metadata: { name: 'prod', ...(ns ? { namespace: ns } : {}) }, spec,
});
const oidc = (spec: Record<string, unknown>, name = 'prod-oidc'): KubeObject => ({
  apiVersion: 'anywhere.eks.amazonaws.com/v1alpha1', kind: 'OIDCConfig', metadata: { name }, spec,
});
const awsIam = (spec: Record<string, unknown>): KubeObject => ({
  apiVersion: 'anywhere.eks.amazonaws.com/v1alpha1', kind: 'AWSIamConfig', metadata: { name: 'prod-iam' }, spec,
});

describe('Validate datacenter and machine config references', () => {
  test('fails when the datacenter config is missing', () => {
    expect(errors(vsphere().filter(o => o.kind !== 'VSphereDatacenterConfig'))).toEqual([`${R} spec.datacenterRef: VSphereDatacenterConfig prod not found`]);
  });

  test('fails when a machine config is missing', () => {
    expect(errors(vsphere().filter(o => o.metadata?.name !== 'prod-etcd'))).toEqual([
      `${R} spec.externalEtcdConfiguration.machineGroupRef: VSphereMachineConfig prod-etcd not found`,
    ]);
  });

  test('fails when a machineGroupRef names another provider\'s kind', () => {
    expect(errors(cluster(vsphere(), s => { s.workerNodeGroupConfigurations[0].machineGroupRef.kind = 'TinkerbellMachineConfig'; }))).toEqual([
      `${R} spec.workerNodeGroupConfigurations[0].machineGroupRef.kind: machineGroupRef kind TinkerbellMachineConfig does not match the provider; VSphereDatacenterConfig clusters use VSphereMachineConfig`,
    ]);
  });

  test('fails when the datacenterRef kind is unknown', () => {
    expect(errors(cluster(vsphere(), s => { s.datacenterRef.kind = 'OpenStackDatacenterConfig'; }))).toEqual([
      expect.stringMatching(/^Validate datacenter and machine config references: Cluster\/prod spec.datacenterRef.kind: datacenterRef kind OpenStackDatacenterConfig is not supported/),
    ]);
  });

  test('fails when the datacenter is in another namespace (cluster_1_20_namespace_mismatch_between_cluster_and_datacenter.yaml)', () => {
    expect(errors(withNamespace(vsphere(), 'VSphereDatacenterConfig', 'other'))).toEqual([
      `${R} spec.datacenterRef: VSphereDatacenterConfig and Cluster objects must have the same namespace specified`,
    ]);
  });

  test('fails when a machine config is in another namespace (…_and_machineconfigs.yaml)', () => {
    expect(errors(withNamespace(vsphere(), 'VSphereMachineConfig', 'other', 'prod-cp'))).toEqual([
      `${R} spec.controlPlaneConfiguration.machineGroupRef: VSphereMachineConfig and Cluster objects must have the same namespace specified`,
    ]);
  });

  test('passes when every object sets the same namespace', () => {
    const all = vsphere().map(o => ({ ...o, metadata: { ...o.metadata, namespace: 'eksa-clusters' } }));
    expect(errors(all)).toEqual([]);
  });

  test('fails when the file has no Cluster (cluster_invalid_kinds.yaml)', () => {
    // BadCluster itself is only "not checked" (a warning): eksctl ignores objects of unknown kinds; the missing Cluster fails.
    expect(errors(edit(vsphere(), 'Cluster', o => { o.kind = 'BadCluster'; }))).toEqual([
      'Validate cluster config file: / kind: the cluster config does not contain kind Cluster (unable to find kind Cluster in file)',
    ]);
  });

  test('unknown fields fail the strict parse (the old externalEtcd.replicas shape)', () => {
    expect(errors(cluster(vsphere(), s => { s.etcdConfiguration = { externalEtcd: { replicas: 4 } }; }))).toEqual([
      'Validate cluster config file: Cluster/prod spec.etcdConfiguration: unknown field "spec.etcdConfiguration"',
    ]);
  });

  test('CloudStack and other providers are checked for references only, with a warning', () => {
    const objects = cluster(docker(), s => { s.datacenterRef.kind = 'NutanixDatacenterConfig'; });
    expect(warnings(objects)).toContainEqual(expect.stringContaining('NutanixDatacenterConfig: only references are checked offline'));
  });
});

describe('Validate GitOps configuration', () => {
  const withRef = (ref: Record<string, unknown>, ...extra: KubeObject[]) => [...cluster(vsphere(), s => { s.gitOpsRef = ref; }), ...extra];

  test('passes with a FluxConfig on GitHub, and with one on a Git server', () => {
    expect(errors(withRef({ kind: 'FluxConfig', name: 'prod' }, flux({ github: { owner: 'o', repository: 'r' } })))).toEqual([]);
    expect(errors(withRef({ kind: 'FluxConfig', name: 'prod' }, flux({ git: { repositoryUrl: 'ssh://git@git.example.com/fleet.git' } })))).toEqual([]);
  });

  test.each([
    ['the kind is not a GitOps kind', { kind: 'ArgoConfig', name: 'prod' }, [], `${G}: Cluster/prod spec.gitOpsRef.kind: only GitOpsConfig or FluxConfig Kind are supported at this time`],
    ['the name is empty', { kind: 'FluxConfig', name: '' }, [], `${G}: Cluster/prod spec.gitOpsRef.name: GitOpsRef name can't be empty; specify a valid GitOpsConfig name`],
    ['the FluxConfig names two providers', { kind: 'FluxConfig', name: 'prod' }, [flux({ github: { owner: 'o', repository: 'r' }, git: { repositoryUrl: 'ssh://x/y.git' } })],
      `${G}: FluxConfig/prod spec: must specify only one provider`],
    ['the FluxConfig names no provider', { kind: 'FluxConfig', name: 'prod' }, [flux({ branch: 'main' })], `${G}: FluxConfig/prod spec: must specify a provider. Valid options are git and github`],
    ['the Git repository URL is not ssh:// (cluster_invalid_flux_unset_gitusername.yaml)', { kind: 'FluxConfig', name: 'prod' }, [flux({ git: { repositoryUrl: 'https://git.example.com/fleet.git' } })],
      `${G}: FluxConfig/prod spec.git.repositoryUrl: invalid repository url scheme: https`],
    ['the branch is not a valid branch name', { kind: 'FluxConfig', name: 'prod' }, [flux({ github: { owner: 'o', repository: 'r' }, branch: 'a..b' })],
      `${G}: FluxConfig/prod spec.branch: a..b is not a valid git branch name, please check with this documentation https://git-scm.com/docs/git-check-ref-format for valid git branch names`],
    ['the FluxConfig is in another namespace', { kind: 'FluxConfig', name: 'prod' }, [flux({ github: { owner: 'o', repository: 'r' } }, 'flux')],
      `${G}: Cluster/prod spec.gitOpsRef: FluxConfig and Cluster objects must have the same namespace specified`],
  ])('fails when %s', (_, ref, extra, expected) => {
    expect(errors(withRef(ref, ...(extra as KubeObject[])))).toEqual([expected]);
  });

  test('a missing FluxConfig only warns: eksctl ignores the gitOpsRef (pkg/cluster processFlux)', () => {
    const objects = withRef({ kind: 'FluxConfig', name: 'prod' });
    expect(errors(objects)).toEqual([]);
    expect(warnings(objects)).toEqual([`${G}: Cluster/prod spec.gitOpsRef: FluxConfig prod not found: eksctl ignores the gitOpsRef and creates the cluster without GitOps`]);
  });

  test('a GitOpsConfig passes with a deprecation warning', () => {
    const objects = withRef({ kind: 'GitOpsConfig', name: 'prod' }, {
      apiVersion: 'anywhere.eks.amazonaws.com/v1alpha1', kind: 'GitOpsConfig', metadata: { name: 'prod' }, spec: { flux: { github: { owner: 'o', repository: 'r' } } },
    });
    expect(errors(objects)).toEqual([]);
    expect(warnings(objects)).toEqual([`${G}: GitOpsConfig/prod kind: GitOpsConfig is deprecated`]);
  });
});

describe('Validate identity providers', () => {
  const withRefs = (refs: unknown[], ...extra: KubeObject[]) => [...cluster(vsphere(), s => { s.identityProviderRefs = refs; }), ...extra];
  const goodOidc = oidc({ issuerUrl: 'https://login.example.com', clientId: 'eksa' });
  const goodIam = awsIam({ awsRegion: 'us-west-2', backendMode: ['EKSConfigMap'] });

  test('passes with one OIDCConfig and one AWSIamConfig', () => {
    expect(errors(withRefs([{ kind: 'OIDCConfig', name: 'prod-oidc' }, { kind: 'AWSIamConfig', name: 'prod-iam' }], goodOidc, goodIam))).toEqual([]);
  });

  test.each([
    ['a kind is not an identity provider (…_non_oidc_identity_providers.yaml)', [{ kind: 'LDAPConfig', name: 'x' }], [],
      `${I}: Cluster/prod spec.identityProviderRefs[0].kind: kind: LDAPConfig for identityProviderRef is not supported`],
    ['a ref has no name (…_empty_identity_providers.yaml)', [{ kind: 'OIDCConfig' }], [], `${I}: Cluster/prod spec.identityProviderRefs[0].name: specify a valid name for identityProviderRef`],
    ['the OIDCConfig is missing (oidcconfig.go validateOIDCRefName)', [{ kind: 'OIDCConfig', name: 'prod-oidc' }], [], `${I}: Cluster/prod spec.identityProviderRefs[0]: OIDCConfig prod-oidc not found`],
    ['the OIDCConfig has no clientId', [{ kind: 'OIDCConfig', name: 'prod-oidc' }], [oidc({ issuerUrl: 'https://login.example.com' })], `${I}: OIDCConfig/prod-oidc spec.clientId: OIDCConfig clientId is required`],
    ['the issuer is not https', [{ kind: 'OIDCConfig', name: 'prod-oidc' }], [oidc({ issuerUrl: 'http://login.example.com', clientId: 'x' })],
      `${I}: OIDCConfig/prod-oidc spec.issuerUrl: OIDCConfig issuerUrl should have HTTPS scheme (got "http://login.example.com")`],
    ['two required claims are set (cluster_oidc_extra_required_claims.yaml)', [{ kind: 'OIDCConfig', name: 'prod-oidc' }],
      [oidc({ issuerUrl: 'https://login.example.com', clientId: 'x', requiredClaims: [{ claim: 'a', value: '1' }, { claim: 'b', value: '2' }] })],
      `${I}: OIDCConfig/prod-oidc spec.requiredClaims: only one OIDConfig requiredClaim is supported at this time (got 2)`],
    ['the AWSIamConfig has no region', [{ kind: 'AWSIamConfig', name: 'prod-iam' }], [awsIam({ awsRegion: '', backendMode: ['CRD'] })], `${I}: AWSIamConfig/prod-iam spec.awsRegion: AWSIamConfig AWSRegion is a required field`],
    ['the AWSIamConfig uses the MountedFile backend (cluster_1_21_awsiam_unsupported_mountedfile.yaml)', [{ kind: 'AWSIamConfig', name: 'prod-iam' }],
      [awsIam({ awsRegion: 'us-west-2', backendMode: ['MountedFile'] })], `${I}: AWSIamConfig/prod-iam spec.backendMode[0]: AWSIamConfig BackendMode does not support MountedFile backend`],
  ])('fails when %s', (_, refs, extra, expected) => {
    expect(errors(withRefs(refs, ...(extra as KubeObject[])))).toEqual([expected]);
  });

  test.each([
    ['two OIDC providers are referenced (…_extra_identity_providers.yaml: no upstream rule)', [{ kind: 'OIDCConfig', name: 'prod-oidc' }, { kind: 'OIDCConfig', name: 'other' }],
      [goodOidc, oidc({ issuerUrl: 'https://b.example.com', clientId: 'b' }, 'other')],
      `${I}: Cluster/prod spec.identityProviderRefs[1]: a second OIDCConfig identityProviderRef: EKS Anywhere accepts it, but configures the API server with one OIDCConfig only`],
  ])('warns when %s', (_, refs, extra, expected) => {
    const objects = withRefs(refs, ...(extra as KubeObject[]));
    expect(errors(objects)).toEqual([]);
    expect(warnings(objects)).toEqual([expected]);
  });

  test('fails when the OIDCConfig is in another namespace', () => {
    const other = { ...goodOidc, metadata: { ...goodOidc.metadata, namespace: 'auth' } };
    expect(errors(withRefs([{ kind: 'OIDCConfig', name: 'prod-oidc' }], other))).toEqual([
      `${I}: Cluster/prod spec.identityProviderRefs[0]: OIDCConfig and Cluster objects must have the same namespace specified`,
    ]);
  });
});
