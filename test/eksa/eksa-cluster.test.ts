// EksaCluster: the multi-document cluster config eksctl reads, with eksctl generate's names
// and defaults (upstream-rules.md §5.7), preflights at construction and synth, and errors that
// name the prop.
import { JsonPatch, Testing } from 'cdk8s';
import { ALLOW_PLAINTEXT_CREDENTIALS_CONTEXT, BmcCredentials } from '../../src/baremetal/bmc-credentials';
import { BareMetalHostProps, HostRole } from '../../src/baremetal/host';
import { ValidationError } from '../../src/core/errors';
import { KubeObject } from '../../src/core/kube-object';
import { CiliumRoutingMode, EksaCni } from '../../src/eksa/cni';
import { EksaCluster, EksaClusterProps } from '../../src/eksa/eksa-cluster';
import { EksaEtcd } from '../../src/eksa/etcd';
import { EksaIdentityProvider } from '../../src/eksa/identity-providers';
import { TaintEffect } from '../../src/eksa/node-groups';
import { EksaProvider } from '../../src/eksa/providers/provider';
import { TinkerbellOsFamily } from '../../src/eksa/providers/tinkerbell';
import { VSphereOsFamily } from '../../src/eksa/providers/vsphere';
import { UpgradeRolloutStrategy } from '../../src/eksa/rollout-strategy';
import { formatPreflightReport } from '../../src/validate/eksa/preflights';
import { EksaRelease } from '../../src/validate/eksa/releases';
import { expectValid, find } from '../util';

/** eksctl needs an OS image for Ubuntu, naming the Kubernetes version (tinkerbell validate.go validateOsFamily, validateK8sVersionInOSImageURLs). */
const UBUNTU_IMAGE = 'https://artifacts.example.com/eksa/ubuntu-2204-kube-1-36.gz';

const vsphereProvider = (over: Partial<Parameters<typeof EksaProvider.vsphere>[0]> = {}) => EksaProvider.vsphere({
  server: 'vc.example.com', datacenter: 'dc1', network: 'nodes', machine: { datastore: 'ds1', resourcePool: '/dc1/host/c1/Resources' }, ...over,
});

function hosts(cp = 3, workers = 2): BareMetalHostProps[] {
  return Array.from({ length: cp + workers }, (_, i) => ({
    name: `node${i + 1}`,
    role: i < cp ? HostRole.CONTROL_PLANE : HostRole.WORKER,
    bmcAddress: `ipmi://10.1.0.${i + 1}`,
    bootMacAddress: `0c:c4:7a:00:00:${(i + 1).toString(16).padStart(2, '0')}`,
    rootDeviceHints: { deviceName: '/dev/sda' },
    network: { ipv4: { address: `10.0.0.${i + 11}/24`, gateway: '10.0.0.1' }, nameservers: ['10.0.0.2'] },
  }));
}

function make(id: string, props: EksaClusterProps, context: Record<string, unknown> = {}): { cluster: EksaCluster; objects: KubeObject[] } {
  const app = Testing.app();
  for (const [k, v] of Object.entries(context)) app.node.setContext(k, v);
  const cluster = new EksaCluster(app, id, props);
  return { cluster, objects: cluster.toJson() as KubeObject[] };
}

function thrown(fn: () => unknown): ValidationError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ValidationError) return e;
    throw e;
  }
  throw new Error('expected a ValidationError');
}

describe('eksctl generate clusterconfig defaults', () => {
  test('Docker: CP 1, external etcd 1, md-0 × 1, no endpoint, DockerDatacenterConfig NAME with an empty spec', () => {
    const { objects } = make('dev', { provider: EksaProvider.docker() });
    expect(objects.map(o => `${o.kind}/${o.metadata?.name}`)).toEqual(['Cluster/dev', 'DockerDatacenterConfig/dev']);
    const c = find(objects, 'Cluster');
    expect(c.spec).toEqual({
      clusterNetwork: { cniConfig: { cilium: {} }, pods: { cidrBlocks: ['192.168.0.0/16'] }, services: { cidrBlocks: ['10.96.0.0/12'] } },
      controlPlaneConfiguration: { count: 1 },
      datacenterRef: { kind: 'DockerDatacenterConfig', name: 'dev' },
      externalEtcdConfiguration: { count: 1 },
      kubernetesVersion: '1.36',
      managementCluster: { name: 'dev' },
      workerNodeGroupConfigurations: [{ count: 1, name: 'md-0' }],
    });
    expect(find(objects, 'DockerDatacenterConfig').spec).toEqual({});
    expectValid(objects);
  });

  test('vSphere: CP 2 + external etcd 3, workers 2, machine configs NAME-cp, NAME, NAME-etcd with 2 CPUs, 8 GiB, 25 GiB, Bottlerocket, ec2-user', () => {
    const { objects } = make('prod', { provider: vsphereProvider(), controlPlane: { endpoint: '10.0.0.10' } });
    expect(objects.map(o => `${o.kind}/${o.metadata?.name}`)).toEqual([
      'Cluster/prod', 'VSphereDatacenterConfig/prod', 'VSphereMachineConfig/prod-cp', 'VSphereMachineConfig/prod', 'VSphereMachineConfig/prod-etcd',
    ]);
    const c = find(objects, 'Cluster');
    expect(c.spec.controlPlaneConfiguration).toEqual({ count: 2, endpoint: { host: '10.0.0.10' }, machineGroupRef: { kind: 'VSphereMachineConfig', name: 'prod-cp' } });
    expect(c.spec.externalEtcdConfiguration).toEqual({ count: 3, machineGroupRef: { kind: 'VSphereMachineConfig', name: 'prod-etcd' } });
    expect(c.spec.workerNodeGroupConfigurations).toEqual([{ count: 2, name: 'md-0', machineGroupRef: { kind: 'VSphereMachineConfig', name: 'prod' } }]);
    for (const m of objects.filter(o => o.kind === 'VSphereMachineConfig')) {
      expect(m.spec).toMatchObject({ numCPUs: 2, memoryMiB: 8192, diskGiB: 25, osFamily: 'bottlerocket', folder: '', users: [{ name: 'ec2-user', sshAuthorizedKeys: [''] }] });
    }
    expect(find(objects, 'VSphereDatacenterConfig').spec).toEqual({ server: 'vc.example.com', datacenter: 'dc1', network: 'nodes', thumbprint: '', insecure: false });
    expectValid(objects);
  });

  test('Tinkerbell: CP 1, stacked etcd, workers 1, machine configs NAME-cp and NAME selecting type=cp / type=worker, Ubuntu', () => {
    const { objects } = make('metal', { provider: EksaProvider.tinkerbell({ tinkerbellIp: '10.0.0.9', osImageUrl: UBUNTU_IMAGE }), controlPlane: { endpoint: '10.0.0.10' } });
    expect(objects.map(o => `${o.kind}/${o.metadata?.name}`)).toEqual(['Cluster/metal', 'TinkerbellDatacenterConfig/metal', 'TinkerbellMachineConfig/metal-cp', 'TinkerbellMachineConfig/metal']);
    const c = find(objects, 'Cluster');
    expect(c.spec.controlPlaneConfiguration.count).toBe(1);
    expect(c.spec.externalEtcdConfiguration).toBeUndefined();
    expect(c.spec.workerNodeGroupConfigurations[0].count).toBe(1);
    expect(find(objects, 'TinkerbellMachineConfig', 'metal-cp').spec).toEqual({ hardwareSelector: { type: 'cp' }, osFamily: 'ubuntu', users: [{ name: 'ec2-user', sshAuthorizedKeys: [''] }] });
    expect(find(objects, 'TinkerbellMachineConfig', 'metal').spec.hardwareSelector).toEqual({ type: 'worker' });
    expect(find(objects, 'TinkerbellDatacenterConfig').spec).toEqual({ tinkerbellIP: '10.0.0.9', osImageURL: UBUNTU_IMAGE });
  });

  test('the Kubernetes version defaults to the targeted release\'s and is emitted as a quoted string', () => {
    const { objects } = make('dev', { provider: EksaProvider.docker(), eksaRelease: EksaRelease.V0_24 });
    expect(find(objects, 'Cluster').spec.kubernetesVersion).toBe('1.34');
    expect(Testing.synth(make('dev', { provider: EksaProvider.docker() }).cluster)).toBeDefined();
    const app = Testing.app();
    new EksaCluster(app, 'dev', { provider: EksaProvider.docker() });
    expect(app.synthYaml()).toContain('kubernetesVersion: "1.36"');
  });

  test('an explicit release is recorded in an annotation, so validating the file checks the same versions', () => {
    expect(find(make('dev', { provider: EksaProvider.docker() }).objects, 'Cluster').metadata?.annotations).toBeUndefined();
    const { objects } = make('dev', { provider: EksaProvider.docker(), eksaRelease: EksaRelease.V0_22, kubernetesVersion: '1.29' });
    expect(find(objects, 'Cluster').metadata?.annotations).toEqual({ 'cdk8s-capi.io/eksa-release': 'v0.22' });
    expectValid(objects);
    expect(thrown(() => make('dev', { provider: EksaProvider.docker(), kubernetesVersion: '1.29' })).message).toContain('kubernetes version 1.29 is not supported by EKS Anywhere v0.26');
  });

  test('stacked etcd on vSphere rounds the even default control plane count up to 3', () => {
    const { objects } = make('prod', { provider: vsphereProvider(), controlPlane: { endpoint: '10.0.0.10' }, etcd: EksaEtcd.stacked() });
    expect(find(objects, 'Cluster').spec.controlPlaneConfiguration.count).toBe(3);
    expect(objects.map(o => o.metadata?.name)).not.toContain('prod-etcd');
  });
});

describe('every prop reaches the spec', () => {
  test('vSphere with node groups, network, GitOps, identity providers, mirror and proxy', () => {
    const { objects } = make('mgmt', {
      provider: vsphereProvider({
        machine: { datastore: 'ds1', resourcePool: '/dc1/host/c1/Resources', osFamily: VSphereOsFamily.UBUNTU, users: [{ name: 'capv', sshAuthorizedKeys: ['ssh-ed25519 AAAA'] }] },
        controlPlaneMachine: { numCpus: 4 },
        workerMachines: { gpu: { memoryMiB: 65536 } },
      }),
      namespace: 'eksa',
      kubernetesVersion: '1.35',
      eksaVersion: 'v0.26.1',
      controlPlane: {
        endpoint: '10.0.0.10',
        count: 3,
        labels: { tier: 'cp' },
        certSans: ['api.example.com'],
        apiServerExtraArgs: { 'audit-log-maxage': '30' },
        upgradeRolloutStrategy: UpgradeRolloutStrategy.rollingUpdate({ maxSurge: 0 }),
      },
      etcd: EksaEtcd.external(5),
      workerNodeGroups: [
        { name: 'md-0', count: 2 },
        {
          name: 'gpu',
          autoscaling: { minCount: 1, maxCount: 3 },
          taints: [{ key: 'gpu', effect: TaintEffect.NO_SCHEDULE }],
          kubernetesVersion: '1.34',
          upgradeRolloutStrategy: UpgradeRolloutStrategy.rollingUpdate({ maxSurge: 0, maxUnavailable: 1 }),
        },
      ],
      clusterNetwork: {
        podCidr: '172.16.0.0/16',
        serviceCidr: '10.100.0.0/16',
        nodeCidrMaskSize: 25,
        dnsResolvConfPath: '/etc/resolv2.conf',
        cni: EksaCni.cilium({ routingMode: CiliumRoutingMode.DIRECT, ipv4NativeRoutingCidr: '10.0.0.0/16' }),
      },
      gitOps: { git: { repositoryUrl: 'ssh://git@git.example.com/fleet.git' }, branch: 'prod' },
      identityProviders: [
        EksaIdentityProvider.oidc({ issuerUrl: 'https://login.example.com', clientId: 'eksa', requiredClaims: [{ claim: 'aud', value: 'eksa' }] }),
        EksaIdentityProvider.awsIam({ awsRegion: 'eu-west-1', mapRoles: [{ roleArn: 'arn:aws:iam::123456789012:role/admin', username: 'admin', groups: ['system:masters'] }] }),
      ],
      registryMirror: { endpoint: 'mirror.example.com', port: 5000, authenticate: true },
      proxy: { httpProxy: '10.0.0.3:3128', httpsProxy: '10.0.0.3:3128' },
    });
    expectValid(objects);
    expect(objects.every(o => o.metadata?.namespace === 'eksa')).toBe(true);
    const s = find(objects, 'Cluster').spec;
    expect(s.clusterNetwork).toEqual({
      cniConfig: { cilium: { routingMode: 'direct', ipv4NativeRoutingCIDR: '10.0.0.0/16' } },
      pods: { cidrBlocks: ['172.16.0.0/16'] },
      services: { cidrBlocks: ['10.100.0.0/16'] },
      nodes: { cidrMaskSize: 25 },
      dns: { resolvConf: { path: '/etc/resolv2.conf' } },
    });
    expect(s.controlPlaneConfiguration).toMatchObject({
      count: 3,
      labels: { tier: 'cp' },
      certSans: ['api.example.com'],
      apiServerExtraArgs: { 'audit-log-maxage': '30' },
      upgradeRolloutStrategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0 } },
    });
    expect(s.externalEtcdConfiguration.count).toBe(5);
    expect(s.workerNodeGroupConfigurations[1]).toEqual({
      name: 'gpu',
      count: 1,
      autoscalingConfiguration: { minCount: 1, maxCount: 3 },
      taints: [{ key: 'gpu', effect: 'NoSchedule' }],
      kubernetesVersion: '1.34',
      machineGroupRef: { kind: 'VSphereMachineConfig', name: 'mgmt-gpu' },
      upgradeRolloutStrategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: 1 } },
    });
    expect(s.gitOpsRef).toEqual({ kind: 'FluxConfig', name: 'mgmt' });
    expect(s.identityProviderRefs).toEqual([{ kind: 'OIDCConfig', name: 'mgmt-oidc' }, { kind: 'AWSIamConfig', name: 'mgmt-aws-iam' }]);
    expect(s.registryMirrorConfiguration).toEqual({ endpoint: 'mirror.example.com', port: '5000', authenticate: true });
    expect(s.eksaVersion).toBe('v0.26.1');
    expect(find(objects, 'FluxConfig').spec).toEqual({ git: { repositoryUrl: 'ssh://git@git.example.com/fleet.git' }, branch: 'prod' });
    expect(find(objects, 'AWSIamConfig').spec).toEqual({ awsRegion: 'eu-west-1', backendMode: ['EKSConfigMap'], mapRoles: [{ roleARN: 'arn:aws:iam::123456789012:role/admin', username: 'admin', groups: ['system:masters'] }] });
    expect(find(objects, 'OIDCConfig').spec).toEqual({ issuerUrl: 'https://login.example.com', clientId: 'eksa', requiredClaims: [{ claim: 'aud', value: 'eksa' }] });
    expect(find(objects, 'VSphereMachineConfig', 'mgmt-cp').spec).toMatchObject({ numCPUs: 4, osFamily: 'ubuntu' });
    expect(find(objects, 'VSphereMachineConfig', 'mgmt-gpu').spec).toMatchObject({ numCPUs: 2, memoryMiB: 65536 });
  });

  test('Tinkerbell with hosts writes hardware.csv and checks the hardware counts', () => {
    const { cluster } = make('metal', {
      provider: EksaProvider.tinkerbell({
        tinkerbellIp: '10.0.0.9',
        // Bottlerocket is not supported on bare metal from Kubernetes 1.29 (tinkerbell validate.go validateK8sVersionForBottleRocketOS).
        osFamily: TinkerbellOsFamily.REDHAT,
        osImageUrl: 'https://artifacts.example.com/eksa/rhel-9-kube-1-36.gz',
        hosts: hosts(3, 2),
        template: { tasks: [{ name: 'os', actions: [{ name: 'stream', image: 'quay.io/tinkerbell-actions/image2disk:v1.0.0', timeout: 600 }] }] },
      }),
      controlPlane: { endpoint: '10.0.0.10', count: 3 },
      workerNodeGroups: [{ name: 'md-0', count: 2 }],
    });
    expect(cluster.hardwareCsv?.split('\n')[1]).toBe('node1,10.1.0.1,${BMC_NODE1_USERNAME},${BMC_NODE1_PASSWORD},0c:c4:7a:00:00:01,10.0.0.11,255.255.255.0,10.0.0.1,10.0.0.2,type=cp,/dev/sda');
    expect(Object.keys(cluster.files)).toEqual(['hardware.csv']);
    expect(cluster.hardware).toHaveLength(5);
    const objects = cluster.toJson() as KubeObject[];
    expect(find(objects, 'TinkerbellTemplateConfig', 'metal').spec.template).toMatchObject({ name: 'metal', global_timeout: 6000, version: '0.1', tasks: [{ worker: '{{.device_1}}' }] });
    expect(find(objects, 'TinkerbellMachineConfig', 'metal').spec.templateRef).toEqual({ kind: 'TinkerbellTemplateConfig', name: 'metal' });
    expectValid(objects);
  });
});

describe('errors name the construct and the prop', () => {
  test('fails on an invalid cluster name before creating the chart', () => {
    const e = thrown(() => make('123-prod', { provider: EksaProvider.docker() }));
    expect(e.where).toBe('123-prod');
    expect(e.field).toBe('id (cluster name)');
    expect(e.message).toContain('123-prod is not a valid cluster name');
    expect(thrown(() => make('a'.repeat(36), { provider: EksaProvider.docker() })).message).toContain('should be less than 36');
  });

  test('fails without an endpoint on vSphere, naming controlPlane.endpoint', () => {
    const e = thrown(() => make('prod', { provider: vsphereProvider() }));
    expect(e.message).toBe('prod-eks-a-cluster: controlPlane.endpoint (Cluster/prod spec.controlPlaneConfiguration.endpoint.host): cluster controlPlaneConfiguration.Endpoint.Host is not set or is empty (the control plane VIP: a free IP on the node network that no DHCP pool hands out)');
  });

  test.each([
    ['an even control plane with stacked etcd', { controlPlane: { endpoint: '10.0.0.10', count: 2 } }, 'controlPlane.count (Cluster/metal spec.controlPlaneConfiguration.count): control plane node count cannot be an even number'],
    ['an unsupported Kubernetes version', { controlPlane: { endpoint: '10.0.0.10' }, kubernetesVersion: '1.29' }, 'kubernetesVersion (Cluster/metal spec.kubernetesVersion): kubernetes version 1.29 is not supported by EKS Anywhere v0.26'],
    ['duplicate worker group names', { controlPlane: { endpoint: '10.0.0.10' }, workerNodeGroups: [{ name: 'a' }, { name: 'a' }] }, 'workerNodeGroups[1].name (Cluster/metal spec.workerNodeGroupConfigurations[1].name): worker node group names must be unique'],
    ['autoscaling bounds around a bad count', { controlPlane: { endpoint: '10.0.0.10' }, workerNodeGroups: [{ name: 'a', count: 5, autoscaling: { minCount: 1, maxCount: 3 } }] },
      'workerNodeGroups[0].autoscaling (Cluster/metal spec.workerNodeGroupConfigurations[0].autoscalingConfiguration): validating autoscaling configuration: max count must be greater than or equal to count'],
    ['external etcd on bare metal', { controlPlane: { endpoint: '10.0.0.10' }, etcd: EksaEtcd.external() }, 'etcd (Cluster/metal spec.externalEtcdConfiguration): tinkerbell external etcd configuration is unsupported'],
    ['the tinkerbell IP equal to the endpoint', { controlPlane: { endpoint: '10.0.0.9' } }, 'provider (TinkerbellDatacenterConfig/metal spec.tinkerbellIP): cluster controlPlaneConfiguration.Endpoint.Host and TinkerbellDatacenterConfig.Spec.TinkerbellIP are the same (10.0.0.9)'],
    ['a bad pod CIDR', { controlPlane: { endpoint: '10.0.0.10' }, clusterNetwork: { podCidr: '10.0.0.0/25' } }, 'clusterNetwork.podCidr (Cluster/metal spec.clusterNetwork.pods.cidrBlocks[0]): the size of pod subnet with mask 25'],
    ['kindnetd on bare metal', { controlPlane: { endpoint: '10.0.0.10' }, clusterNetwork: { cni: EksaCni.kindnetd() } }, 'clusterNetwork.cni (Cluster/metal spec.clusterNetwork.cniConfig): kindnetd is only supported on Docker provider'],
    ['a bad proxy', { controlPlane: { endpoint: '10.0.0.10' }, proxy: { httpProxy: 'proxy', httpsProxy: 'proxy:3128' } }, 'proxy (Cluster/metal spec.proxyConfiguration.httpProxy): proxy endpoint proxy is invalid (missing port in address)'],
    ['a FluxConfig with two providers', { controlPlane: { endpoint: '10.0.0.10' }, gitOps: { github: { owner: 'o', repository: 'r' }, git: { repositoryUrl: 'ssh://x/y.git' } } }, 'gitOps (FluxConfig/metal spec): must specify only one provider'],
    ['an OIDC issuer over http', { controlPlane: { endpoint: '10.0.0.10' }, identityProviders: [EksaIdentityProvider.oidc({ issuerUrl: 'http://x', clientId: 'c' })] }, 'identityProviders (OIDCConfig/metal-oidc spec.issuerUrl): OIDCConfig issuerUrl should have HTTPS scheme (got "http://x")'],
    ['InPlace with rolling options on a worker group', { controlPlane: { endpoint: '10.0.0.10' }, workerNodeGroups: [{ name: 'a', upgradeRolloutStrategy: UpgradeRolloutStrategy.rollingUpdate({ maxSurge: 0, maxUnavailable: 0 }) }] },
      'workerNodeGroups[0].upgradeRolloutStrategy.rollingUpdate (Cluster/metal spec.workerNodeGroupConfigurations[0].upgradeRolloutStrategy.rollingUpdate): validating upgrade rollout strategy configuration: WorkerNodeGroupConfiguration: maxSurge and maxUnavailable not specified or are 0'],
  ])('fails on %s', (_, props, expected) => {
    const e = thrown(() => make('metal', { provider: EksaProvider.tinkerbell({ tinkerbellIp: '10.0.0.9', osImageUrl: UBUNTU_IMAGE }), ...(props as Partial<EksaClusterProps>) }));
    expect(e.where).toBe('metal-eks-a-cluster');
    expect(e.message).toContain(expected);
  });

  test('fails when the control plane rollout sets maxUnavailable', () => {
    const e = thrown(() => make('metal', {
      provider: EksaProvider.tinkerbell({ tinkerbellIp: '10.0.0.9', osImageUrl: UBUNTU_IMAGE }),
      controlPlane: { endpoint: '10.0.0.10', upgradeRolloutStrategy: UpgradeRolloutStrategy.rollingUpdate({ maxUnavailable: 1 }) },
    }));
    expect(e.field).toBe('controlPlane.upgradeRolloutStrategy');
  });

  test('fails without a provider, or on an unknown release', () => {
    expect(thrown(() => make('xy', {} as EksaClusterProps)).field).toBe('provider');
    expect(thrown(() => make('xy', { provider: EksaProvider.docker(), eksaRelease: 'v0.1' as EksaRelease })).field).toBe('eksaRelease');
  });

  test('fails when workerMachines names no worker group', () => {
    const e = thrown(() => make('prod', { provider: vsphereProvider({ workerMachines: { gpu: { numCpus: 8 } } }), controlPlane: { endpoint: '10.0.0.10' } }));
    expect(e.field).toBe('provider.workerMachines.gpu');
    expect(e.message).toContain('there is no worker node group gpu');
  });

  test('fails when hosts are too few for the node counts', () => {
    const e = thrown(() => make('metal', { provider: EksaProvider.tinkerbell({ tinkerbellIp: '10.0.0.9', osImageUrl: UBUNTU_IMAGE, hosts: hosts(1, 2) }), controlPlane: { endpoint: '10.0.0.10', count: 3 } }));
    expect(e.message).toContain('provider (Cluster/metal spec.controlPlaneConfiguration.machineGroupRef): minimum hardware count not met for selector \'{"type":"cp"}\': have 1, require 3');
  });

  test('fails for hosts whose credentials live in an existing Secret, naming the host', () => {
    const h = hosts(1, 1).map(x => ({ ...x, credentials: BmcCredentials.fromExistingSecret('bmc') }));
    const e = thrown(() => make('metal', { provider: EksaProvider.tinkerbell({ tinkerbellIp: '10.0.0.9', osImageUrl: UBUNTU_IMAGE, hosts: h }), controlPlane: { endpoint: '10.0.0.10' } }));
    expect(e.where).toBe('metal-eks-a-cluster/hosts');
    expect(e.field).toBe('provider.hosts[node1].credentials');
  });

  test('plaintext BMC credentials need the app opt-in', () => {
    const h = hosts(1, 1).map(x => ({ ...x, credentials: BmcCredentials.plaintext('admin', 'pw') }));
    const props = { provider: EksaProvider.tinkerbell({ tinkerbellIp: '10.0.0.9', osImageUrl: UBUNTU_IMAGE, hosts: h }), controlPlane: { endpoint: '10.0.0.10' } };
    expect(thrown(() => make('metal', props)).message).toContain('plaintext BMC credentials would be written into hardware.csv');
    const { cluster } = make('metal', props, { [ALLOW_PLAINTEXT_CREDENTIALS_CONTEXT]: true });
    expect(cluster.hardwareCsv).toContain(',10.1.0.1,admin,pw,');
  });

  test('includeBmc: false writes no bmc columns', () => {
    const { cluster } = make('metal', { provider: EksaProvider.tinkerbell({ tinkerbellIp: '10.0.0.9', osImageUrl: UBUNTU_IMAGE, hosts: hosts(1, 1), includeBmc: false }), controlPlane: { endpoint: '10.0.0.10' } });
    expect(cluster.hardwareCsv?.split('\n')[0]).toBe('hostname,mac,ip_address,netmask,gateway,nameservers,labels,disk');
  });

  test('escape-hatch edits are checked again at synth', () => {
    const { cluster } = make('dev', { provider: EksaProvider.docker() });
    cluster.clusterObject.addJsonPatch(JsonPatch.replace('/spec/externalEtcdConfiguration/count', 2));
    expect(() => cluster.toJson()).toThrow(/etcd \(Cluster\/dev spec\.externalEtcdConfiguration\.count\): external etcd count cannot be an even number/);
  });

  test('preflights() reports like eksctl', () => {
    const { cluster } = make('dev', { provider: EksaProvider.docker() });
    expect(formatPreflightReport(cluster.preflights())).toMatch(/^Performing setup and validations\n✅ Validate cluster config file\n/);
  });
});

describe('snapshots', () => {
  test('one cluster per provider', () => {
    const app = Testing.app();
    new EksaCluster(app, 'dev', { provider: EksaProvider.docker() });
    new EksaCluster(app, 'prod', { provider: vsphereProvider(), controlPlane: { endpoint: '10.0.0.10' } });
    new EksaCluster(app, 'metal', { provider: EksaProvider.tinkerbell({ tinkerbellIp: '10.0.0.9', osImageUrl: UBUNTU_IMAGE, hosts: hosts(1, 1) }), controlPlane: { endpoint: '10.0.0.10' } });
    expect(app.synthYaml()).toMatchSnapshot();
  });
});
