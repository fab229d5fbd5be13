// Upgrade-mode preflights (upstream-rules.md §5.5): old spec vs new spec.
import { cluster, edit, errors, tinkerbell, vsphere } from './fixtures';
import { ValidationError } from '../../../src/core/errors';
import { KubeObject } from '../../../src/core/kube-object';
import { PreflightMode, runPreflights } from '../../../src/validate/eksa/preflights';

const upgrade = (old: KubeObject[], next: KubeObject[]) => errors(next, { mode: PreflightMode.UPGRADE, old });
const VI = 'Upgrade cluster kubernetes version increment: Cluster/prod';
const IM = 'Validate immutable fields: Cluster/prod';

describe('Upgrade cluster kubernetes version increment', () => {
  const at = (v: string, objects = vsphere()) => cluster(objects, s => { s.kubernetesVersion = v; });

  test('passes for +1 minor and for no change', () => {
    expect(upgrade(at('1.34'), at('1.35'))).toEqual([]);
    expect(upgrade(at('1.35'), at('1.35'))).toEqual([]);
  });

  test('fails for +2 minors', () => {
    expect(upgrade(at('1.33'), at('1.35'))).toEqual([`${VI} spec.kubernetesVersion: only +1 minor version skew is supported, minor version skew detected 2`]);
  });

  test('fails for a downgrade', () => {
    expect(upgrade(at('1.35'), at('1.34'))).toEqual([`${VI} spec.kubernetesVersion: kubernetes version downgrade is not supported (1.35) -> (1.34)`]);
  });

  test('a worker group\'s own version moves by at most +1 too', () => {
    const withWorker = (cp: string, w?: string) => cluster(vsphere(), s => {
      s.kubernetesVersion = cp;
      if (w) s.workerNodeGroupConfigurations[0].kubernetesVersion = w;
    });
    expect(upgrade(withWorker('1.35', '1.33'), withWorker('1.35', '1.34'))).toEqual([]);
    expect(upgrade(withWorker('1.35', '1.33'), withWorker('1.35', '1.35'))).toEqual([
      `${VI} spec.workerNodeGroupConfigurations[0].kubernetesVersion: only +1 minor version skew is supported, minor version skew detected 2`,
    ]);
    // Setting a worker version for the first time is a step from the old cluster version.
    expect(upgrade(withWorker('1.34'), withWorker('1.35', '1.33'))).toEqual([
      `${VI} spec.workerNodeGroupConfigurations[0].kubernetesVersion: kubernetes version downgrade is not supported (1.34) -> (1.33)`,
    ]);
  });

  test('fails when a worker version is removed in the same update that bumps the cluster', () => {
    const old = cluster(vsphere(), s => { s.kubernetesVersion = '1.34'; s.workerNodeGroupConfigurations[0].kubernetesVersion = '1.34'; });
    expect(upgrade(old, at('1.35'))).toEqual([
      `${VI} spec.workerNodeGroupConfigurations[0].kubernetesVersion: can't simultaneously remove worker kubernetesVersion and upgrade cluster level kubernetesVersion: 1.35`,
    ]);
    const same = cluster(vsphere(), s => { s.workerNodeGroupConfigurations[0].kubernetesVersion = '1.34'; });
    expect(upgrade(same, vsphere())).toEqual([]);
  });

  test('a worker group more than 2 minors behind fails the version check in upgrade mode too', () => {
    const old = cluster(vsphere(), s => { s.kubernetesVersion = '1.34'; s.workerNodeGroupConfigurations[0].kubernetesVersion = '1.32'; });
    const next = cluster(vsphere(), s => { s.kubernetesVersion = '1.35'; s.workerNodeGroupConfigurations[0].kubernetesVersion = '1.32'; });
    expect(upgrade(old, next)).toEqual([
      'Validate Kubernetes version: Cluster/prod spec.workerNodeGroupConfigurations[0].kubernetesVersion: cluster level minor version must be within 2 versions greater than worker node group version: 1.32',
    ]);
  });
});

describe('Validate immutable fields', () => {
  test.each([
    ['managementCluster', (s: any) => { s.managementCluster.name = 'other'; }, 'spec.managementCluster'],
    ['datacenterRef', (s: any) => { s.datacenterRef.name = 'prod2'; }, 'spec.datacenterRef'],
    ['the endpoint', (s: any) => { s.controlPlaneConfiguration.endpoint.host = '10.20.0.11'; }, 'spec.controlPlaneConfiguration.endpoint'],
    ['the pod CIDR', (s: any) => { s.clusterNetwork.pods.cidrBlocks = ['172.16.0.0/16']; }, 'spec.clusterNetwork.pods'],
    ['the service CIDR', (s: any) => { s.clusterNetwork.services.cidrBlocks = ['10.112.0.0/12']; }, 'spec.clusterNetwork.services'],
    ['dns', (s: any) => { s.clusterNetwork.dns = { resolvConf: { path: '/etc/my-resolv.conf' } }; }, 'spec.clusterNetwork.dns'],
    ['the node mask', (s: any) => { s.clusterNetwork.nodes = { cidrMaskSize: 25 }; }, 'spec.clusterNetwork.nodes'],
    ['the proxy', (s: any) => { s.proxyConfiguration = { httpProxy: '10.0.0.1:3128', httpsProxy: '10.0.0.1:3128' }; }, 'spec.proxyConfiguration'],
  ])('fails when %s changes', (_, mutate, field) => {
    const next = cluster(vsphere(), mutate);
    expect(upgrade(vsphere(), next).filter(l => l.startsWith('Validate immutable fields'))).toEqual([`${IM} ${field}: field is immutable`]);
  });

  test('the hint shows the old and new value', () => {
    const next = cluster(vsphere(), s => { s.clusterNetwork.pods.cidrBlocks = ['172.16.0.0/16']; });
    const finding = runPreflights(next, { mode: PreflightMode.UPGRADE, old: vsphere() }).find(r => r.name === 'Validate immutable fields')!.findings[0];
    expect(finding.hint).toBe('was {"cidrBlocks":["192.168.0.0/16"]}, now {"cidrBlocks":["172.16.0.0/16"]}');
  });

  test('fails when switching etcd topology either way', () => {
    const stacked = cluster(vsphere(), s => { delete s.externalEtcdConfiguration; });
    expect(upgrade(stacked, vsphere()).filter(l => l.includes('immutable') || l.includes('topology'))).toEqual([
      `${IM} spec.externalEtcdConfiguration: cannot switch from stacked to external etcd topology`,
    ]);
    expect(upgrade(vsphere(), stacked).filter(l => l.includes('topology'))).toEqual([
      `${IM} spec.externalEtcdConfiguration: cannot switch from external to stacked etcd topology`,
    ]);
  });

  test('gitOpsRef is immutable on a workload cluster only', () => {
    const flux = { apiVersion: 'anywhere.eks.amazonaws.com/v1alpha1', kind: 'FluxConfig', metadata: { name: 'f2' }, spec: { github: { owner: 'o', repository: 'r' } } };
    const workload = (ref?: string) => [...cluster(vsphere(), s => { s.managementCluster.name = 'mgmt'; if (ref) s.gitOpsRef = { kind: 'FluxConfig', name: ref }; }), flux];
    expect(upgrade(workload(), workload('f2')).filter(l => l.includes('immutable'))).toEqual([expect.stringMatching(/^Validate immutable fields: Cluster\/prod spec\.gitOpsRef: field is immutable/)]);
    const selfManaged = (ref?: string) => [...cluster(vsphere(), s => { if (ref) s.gitOpsRef = { kind: 'FluxConfig', name: ref }; }), flux];
    expect(upgrade(selfManaged(), selfManaged('f2'))).toEqual([]);
  });

  test('the AWSIamConfig ref is immutable', () => {
    const iam = (name: string) => ({ apiVersion: 'anywhere.eks.amazonaws.com/v1alpha1', kind: 'AWSIamConfig', metadata: { name }, spec: { awsRegion: 'us-west-2', backendMode: ['EKSConfigMap'] } });
    const withIam = (name: string) => [...cluster(vsphere(), s => { s.identityProviderRefs = [{ kind: 'AWSIamConfig', name }]; }), iam(name)];
    expect(upgrade(withIam('a'), withIam('a'))).toEqual([]);
    expect(upgrade(withIam('a'), withIam('b'))).toEqual([expect.stringMatching(/^Validate immutable fields: Cluster\/prod spec\.identityProviderRefs\[AWSIamConfig\]: field is immutable/)]);
  });

  test('Tinkerbell control plane and worker labels and taints are immutable; vSphere ones are not', () => {
    const labels = (objects: KubeObject[]) => cluster(objects, s => {
      s.controlPlaneConfiguration.labels = { tier: 'cp' };
      s.controlPlaneConfiguration.taints = [{ key: 'k', effect: 'PreferNoSchedule' }];
      s.workerNodeGroupConfigurations[0].labels = { tier: 'app' };
      s.workerNodeGroupConfigurations[0].taints = [{ key: 'k', effect: 'PreferNoSchedule' }];
    });
    expect(upgrade(tinkerbell(), labels(tinkerbell()))).toEqual([
      expect.stringMatching(/^Validate immutable fields: Cluster\/metal spec\.controlPlaneConfiguration\.labels: field is immutable/),
      expect.stringMatching(/^Validate immutable fields: Cluster\/metal spec\.controlPlaneConfiguration\.taints: field is immutable/),
      expect.stringMatching(/^Validate immutable fields: Cluster\/metal spec\.workerNodeGroupConfigurations\[0\]\.labels: field is immutable/),
      expect.stringMatching(/^Validate immutable fields: Cluster\/metal spec\.workerNodeGroupConfigurations\[0\]\.taints: field is immutable/),
    ]);
    expect(upgrade(vsphere(), labels(vsphere()))).toEqual([]);
  });

  test('nothing is immutable while the old cluster is paused', () => {
    const paused = edit(vsphere(), 'Cluster', o => { o.metadata.annotations = { 'anywhere.eks.amazonaws.com/paused': 'true' }; });
    expect(upgrade(paused, cluster(vsphere(), s => { s.clusterNetwork.pods.cidrBlocks = ['172.16.0.0/16']; }))).toEqual([]);
  });

  test('an unset managementCluster equals the cluster itself', () => {
    expect(upgrade(cluster(vsphere(), s => { delete s.managementCluster; }), vsphere())).toEqual([]);
  });
});

describe('Validate EKS-A version skew', () => {
  const v = (eksaVersion?: string) => cluster(vsphere(), s => { if (eksaVersion) s.eksaVersion = eksaVersion; });
  const EV = 'Validate EKS-A version skew: Cluster/prod spec.eksaVersion';

  test('passes for +1 minor and patch changes', () => {
    expect(upgrade(v('v0.25.3'), v('v0.26.1'))).toEqual([]);
    expect(upgrade(v('v0.26.0'), v('v0.26.1'))).toEqual([]);
  });

  test.each([
    ['skips a minor', 'v0.24.0', 'v0.26.1', `${EV}: cannot upgrade to 0.26.1 from 0.24.0: EksaVersion upgrades must have a skew of 1 minor version`],
    ['goes back', 'v0.26.1', 'v0.25.0', `${EV}: cannot downgrade from 0.26.1 to 0.25.0: EksaVersion upgrades must be incremental`],
  ])('fails when eksaVersion %s', (_, from, to, expected) => {
    expect(upgrade(v(from), v(to))).toEqual([expected]);
  });

  test('fails when eksaVersion is removed', () => {
    expect(upgrade(v('v0.26.1'), v())).toEqual([`${EV}: field cannot be removed after setting. Previous value v0.26.1`]);
  });

  test('fails when bundlesRef is removed without an eksaVersion, passes when replaced by one', () => {
    const ref = { apiVersion: 'anywhere.eks.amazonaws.com/v1alpha1', name: 'bundles-1', namespace: 'eksa-system' };
    const withBundles = cluster(vsphere(), s => { s.bundlesRef = ref; });
    expect(upgrade(withBundles, v())).toEqual([expect.stringMatching(/^Validate EKS-A version skew: Cluster\/prod spec\.bundlesRef: field cannot be removed after setting/)]);
    expect(upgrade(withBundles, v('v0.26.1'))).toEqual([]);
  });

  test('etcdEncryption is allowed on upgrade for vSphere but not for Tinkerbell', () => {
    const enc = [{ providers: [{ kms: { name: 'kms', socketListenAddress: 'unix:///kms.sock' } }], resources: ['secrets'] }];
    expect(upgrade(vsphere(), cluster(vsphere(), s => { s.etcdEncryption = enc; }))).toEqual([]);
    expect(upgrade(tinkerbell(), cluster(tinkerbell(), s => { s.etcdEncryption = enc; }))).toEqual([
      'Validate cluster configuration: Cluster/metal spec.etcdEncryption: etcdEncryption is currently not supported for the provider: TinkerbellDatacenterConfig',
    ]);
  });
});

describe('Validate node counts during rolling upgrade (Tinkerbell)', () => {
  const RC = 'Validate node counts during rolling upgrade: Cluster/metal';
  // eksctl wants the datacenter image to name every version of the cluster: a version bump brings a new image.
  const bump = (mutate: (s: any) => void = () => {}) => cluster(edit(tinkerbell(), 'TinkerbellDatacenterConfig', o => { o.spec.osImageURL = o.spec.osImageURL.replace('1-35', '1-36'); }),
    s => { s.kubernetesVersion = '1.36'; mutate(s); });

  test('passes for a version bump alone, and for scaling without a version bump', () => {
    expect(upgrade(tinkerbell(), bump())).toEqual([]);
    const scaled = cluster(tinkerbell(), s => {
      s.controlPlaneConfiguration.count = 5;
      s.workerNodeGroupConfigurations[0].count = 4;
    });
    expect(upgrade(tinkerbell(), scaled)).toEqual([]);
  });

  test('fails when the control plane scales with the version bump', () => {
    expect(upgrade(tinkerbell(), bump(s => { s.controlPlaneConfiguration.count = 5; }))).toEqual([
      `${RC} spec.controlPlaneConfiguration.count: cannot perform scale up or down during rolling upgrades. Previous control plane node count 3`,
    ]);
  });

  test('fails when a worker group scales with the version bump', () => {
    expect(upgrade(tinkerbell(), bump(s => { s.workerNodeGroupConfigurations[0].count = 3; }))).toEqual([
      `${RC} spec.workerNodeGroupConfigurations[0].count: cannot perform scale up or down during rolling upgrades. Previous worker node count 2`,
    ]);
  });

  test('fails when a worker group is added with the version bump', () => {
    expect(upgrade(tinkerbell(), bump(s => { s.workerNodeGroupConfigurations.push({ name: 'md-1', count: 1, machineGroupRef: { kind: 'TinkerbellMachineConfig', name: 'metal' } }); }))).toEqual([
      `${RC} spec.workerNodeGroupConfigurations: cannot perform scale up or down during rolling upgrades. Please revert to the previous worker node groups.`,
      `${RC} spec.workerNodeGroupConfigurations[1]: cannot perform scale up or down during rolling upgrades. Please remove the new worker node group md-1`,
    ]);
  });

  test('does not apply to vSphere', () => {
    expect(upgrade(vsphere(), cluster(vsphere(), s => { s.kubernetesVersion = '1.36'; s.controlPlaneConfiguration.count = 5; }))).toEqual([]);
  });
});

describe('upgrade mode inputs', () => {
  test('throws a ValidationError without the old spec', () => {
    expect(() => runPreflights(vsphere(), { mode: 'upgrade' })).toThrow(ValidationError);
    expect(() => runPreflights(vsphere(), { mode: 'upgrade' })).toThrow(/upgrade mode needs the cluster config before the upgrade/);
  });

  test('throws on an unknown mode or release', () => {
    expect(() => runPreflights(vsphere(), { mode: 'delete' as any })).toThrow(/unknown mode "delete"/);
    expect(() => runPreflights(vsphere(), { eksaRelease: 'v0.99' })).toThrow(/unknown EKS Anywhere release "v0.99"/);
  });

  test('fails when the old config has no Cluster of that name', () => {
    expect(upgrade(tinkerbell().filter(o => o.kind !== 'Cluster'), vsphere())).toEqual([
      'Validate cluster config file: Cluster/prod metadata.name: the previous cluster config has no Cluster prod',
    ]);
  });

  test('upgrade-only checks are listed only in upgrade mode', () => {
    const names = (mode: 'create' | 'upgrade') => runPreflights(vsphere(), { mode, old: vsphere() }).map(r => r.name);
    expect(names('create')).not.toContain('Validate immutable fields');
    expect(names('upgrade')).toEqual(expect.arrayContaining(['Upgrade cluster kubernetes version increment', 'Validate immutable fields', 'Validate EKS-A version skew']));
  });
});
