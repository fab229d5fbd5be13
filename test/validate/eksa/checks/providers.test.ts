// Provider preflights (upstream-rules.md §5.4): vSphere, Tinkerbell and Docker.
import { KubeObject } from '../../../../src/core/kube-object';
import { cluster, docker, edit, errors, tinkerbell, vsphere, warnings } from '../fixtures';

const V = 'Vsphere provider validation';
const T = 'Tinkerbell Provider setup is valid';

describe('Vsphere provider validation', () => {
  const dc = (fn: (s: any) => void) => edit(vsphere(), 'VSphereDatacenterConfig', o => fn(o.spec));
  const machine = (name: string, fn: (s: any) => void) => edit(vsphere(), 'VSphereMachineConfig', o => fn(o.spec), name);

  test.each([
    ['the server is empty', () => dc(s => { s.server = ''; }), `${V}: VSphereDatacenterConfig/prod spec.server: VSphereDatacenterConfig server is not set or is empty`],
    ['the datacenter is empty', () => dc(s => { s.datacenter = ''; }), `${V}: VSphereDatacenterConfig/prod spec.datacenter: VSphereDatacenterConfig datacenter is not set or is empty`],
    ['the network is empty', () => dc(s => { s.network = ''; }), `${V}: VSphereDatacenterConfig/prod spec.network: VSphereDatacenterConfig VM network is not set or is empty`],
    ['the network path is under another datacenter', () => dc(s => { s.network = '/dc2/network/nodes'; }),
      `${V}: VSphereDatacenterConfig/prod spec.network: network /dc2/network/nodes is not under datacenter dc1`],
    ['a failure domain lacks its folder', () => dc(s => { s.failureDomains = [{ name: 'fd1', computeCluster: 'c1', resourcePool: 'rp', datastore: 'ds', folder: '', network: 'n' }]; }),
      `${V}: VSphereDatacenterConfig/prod spec.failureDomains[0].folder: failure domain folder is not set or is empty`],
    ['a machine has no datastore', () => machine('prod-cp', s => { s.datastore = ''; }), `${V}: VSphereMachineConfig/prod-cp spec.datastore: VSphereMachineConfig prod-cp datastore is not set or is empty`],
    ['a machine has no resource pool', () => machine('prod', s => { s.resourcePool = ''; }), `${V}: VSphereMachineConfig/prod spec.resourcePool: VSphereMachineConfig prod resourcePool is not set or is empty`],
    ['a machine folder is under another datacenter', () => machine('prod', s => { s.folder = '/dc9/vm/x'; }),
      `${V}: VSphereMachineConfig/prod spec.folder: VSphereMachineConfig prod folder /dc9/vm/x is not under datacenter dc1`],
    ['the osFamily is unsupported', () => machine('prod-etcd', s => { s.osFamily = 'windows'; }),
      `${V}: VSphereMachineConfig/prod-etcd spec.osFamily: VSphereMachineConfig prod-etcd osFamily: windows is not supported, please use one of the following: bottlerocket, ubuntu, redhat`],
    ['Bottlerocket\'s first user is not ec2-user', () => machine('prod', s => { s.users[0].name = 'admin'; }),
      `${V}: VSphereMachineConfig/prod spec.users[0].name: users[0].name admin is invalid. Please use 'ec2-user' for Bottlerocket`],
    ['a worker group names an undefined failure domain', () => cluster(vsphere(), s => { s.workerNodeGroupConfigurations[0].failureDomains = ['fd9']; }),
      `${V}: Cluster/prod spec.workerNodeGroupConfigurations[0].failureDomains[0]: provided invalid failure domain fd9 in the worker node group md-0`],
  ])('fails when %s', (_, make, expected) => {
    expect(errors(make())).toEqual([expected]);
  });

  // setVSphereMachineConfigDefaults replaces these instead of rejecting them.
  test.each([
    ['numCPUs is 0', () => machine('prod', s => { s.numCPUs = 0; }), `${V}: VSphereMachineConfig/prod spec.numCPUs: VSphereMachineConfig prod numCPUs 0 is not positive: EKS Anywhere replaces it with 2`],
    ['memoryMiB is 1024', () => machine('prod', s => { s.memoryMiB = 1024; }), `${V}: VSphereMachineConfig/prod spec.memoryMiB: VSphereMachineConfig prod memoryMiB 1024 is below 2048: EKS Anywhere raises it to 2048`],
    ['osFamily is unset', () => machine('prod', s => { delete s.osFamily; }),
      'Validate cluster config file: VSphereMachineConfig/prod spec.osFamily: spec.osFamily is required by the CRD (kubectl rejects the object without it); eksctl fills in bottlerocket'],
  ])('warns when %s', (_, make, expected) => {
    expect(errors(make())).toEqual([]);
    expect(warnings(make())).toEqual([expected]);
  });

  test('passes with Ubuntu and another user, failure domains in use, and paths under the datacenter', () => {
    let objects = edit(vsphere(), 'VSphereDatacenterConfig', o => {
      o.spec.failureDomains = [{ name: 'fd1', computeCluster: 'c1', resourcePool: '/dc1/host/c1/Resources', datastore: '/dc1/datastore/ds', folder: '/dc1/vm/x', network: '/dc1/network/n' }];
    });
    objects = edit(objects, 'VSphereMachineConfig', o => { o.spec.osFamily = 'ubuntu'; o.spec.users[0].name = 'capv'; o.spec.folder = '/dc1/vm/eksa'; }, 'prod');
    objects = cluster(objects, s => { s.workerNodeGroupConfigurations[0].failureDomains = ['fd1']; });
    expect(errors(objects)).toEqual([]);
  });
});

describe('Tinkerbell Provider setup is valid', () => {
  const dc = (fn: (s: any) => void) => edit(tinkerbell(), 'TinkerbellDatacenterConfig', o => fn(o.spec));
  const machine = (name: string, fn: (s: any) => void, objects: KubeObject[] = tinkerbell()) => edit(objects, 'TinkerbellMachineConfig', o => fn(o.spec), name);

  test.each([
    ['tinkerbellIP is empty', () => dc(s => { s.tinkerbellIP = ''; }), `${T}: TinkerbellDatacenterConfig/metal spec.tinkerbellIP: TinkerbellDatacenterConfig: missing spec.tinkerbellIP`],
    ['tinkerbellIP is not an IP', () => dc(s => { s.tinkerbellIP = 'tink.example.com'; }),
      `${T}: TinkerbellDatacenterConfig/metal spec.tinkerbellIP: TinkerbellDatacenterConfig: invalid tinkerbell ip: tink.example.com`],
    ['tinkerbellIP equals the endpoint', () => dc(s => { s.tinkerbellIP = '10.0.0.100'; }),
      `${T}: TinkerbellDatacenterConfig/metal spec.tinkerbellIP: cluster controlPlaneConfiguration.Endpoint.Host and TinkerbellDatacenterConfig.Spec.TinkerbellIP are the same (10.0.0.100), please provide two unique IPs`],
    ['hookIsoURL is set without isoBoot', () => dc(s => { s.hookIsoURL = 'https://artifacts.example.com/hook.iso'; }),
      `${T}: TinkerbellDatacenterConfig/metal spec.hookIsoURL: TinkerbellDatacenterConfig: hookIsoURL is only supported when isoBoot is true`],
    ['osImageURL is not a URL', () => dc(s => { s.osImageURL = 'ubuntu image 1.35'; }),
      `${T}: TinkerbellDatacenterConfig/metal spec.osImageURL: TinkerbellDatacenterConfig: invalid osImageURL "ubuntu image 1.35": not a valid URL`],
    ['a hardwareSelector is empty', () => machine('metal-cp', s => { s.hardwareSelector = {}; }),
      `${T}: TinkerbellMachineConfig/metal-cp spec.hardwareSelector: TinkerbellMachineConfig: missing spec.hardwareSelector: metal-cp`],
    ['a hardwareSelector has two pairs', () => machine('metal', s => { s.hardwareSelector = { type: 'worker', rack: 'r1' }; }),
      `${T}: TinkerbellMachineConfig/metal spec.hardwareSelector: TinkerbellMachineConfig: spec.hardwareSelector must contain only 1 key-value pair: metal`],
    ['both hardwareSelector and hardwareAffinity are set', () => machine('metal', s => { s.hardwareAffinity = { required: [{ labelSelector: { matchLabels: { type: 'worker' } } }] }; }),
      `${T}: TinkerbellMachineConfig/metal spec.hardwareSelector: TinkerbellMachineConfig: hardwareSelector and hardwareAffinity are mutually exclusive: metal`],
    ['osFamily is unsupported', () => machine('metal-cp', s => { s.osFamily = 'windows'; }),
      `${T}: TinkerbellMachineConfig/metal-cp spec.osFamily: TinkerbellMachineConfig: unsupported spec.osFamily (windows); Please use one of the following: ubuntu, redhat, bottlerocket`],
    ['a worker osFamily differs from the control plane\'s', () => machine('metal', s => { s.osFamily = 'bottlerocket'; }),
      `${T}: TinkerbellMachineConfig/metal spec.osFamily: TinkerbellMachineConfig metal osFamily bottlerocket differs from the control plane's osFamily ubuntu`],
  ])('fails when %s', (_, make, expected) => {
    expect(errors(make())).toEqual([expected]);
  });

  // Stricter than eksctl before issue 15, warnings now: eksctl adds ec2-user (ssh.go), keeps identical
  // selectors as one (validate.go selectorSet), falls back to the default template (template.go).
  test.each([
    ['users is empty', () => machine('metal', s => { s.users = []; }),
      `${T}: TinkerbellMachineConfig/metal spec.users: TinkerbellMachineConfig: missing spec.Users: metal: eksctl adds the user ec2-user with a generated SSH key; the EKS-A webhook (kubectl, GitOps) rejects it`],
    ['control plane and workers share a selector', () => machine('metal', s => { s.hardwareSelector = { type: 'cp' }; }),
      `${T}: Cluster/metal spec.workerNodeGroupConfigurations[0].machineGroupRef: the worker node group md-0 and the control plane select hardware with the same hardwareSelector {"type":"cp"}: eksctl accepts it, and any of these machines may become either`],
    ['a templateRef names no template', () => machine('metal', s => { s.templateRef = { kind: 'TinkerbellTemplateConfig', name: 'custom' }; }),
      `${T}: TinkerbellMachineConfig/metal spec.templateRef: TinkerbellTemplateConfig custom not found: eksctl provisions with the default template instead`],
  ])('warns when %s', (_, make, expected) => {
    expect(errors(make())).toEqual([]);
    expect(warnings(make())).toEqual([expected]);
  });

  test('fails when osFamily is missing (the CRD requires it too)', () => {
    expect(errors(machine('metal', s => { delete s.osFamily; }))).toEqual([
      'Validate cluster config file: TinkerbellMachineConfig/metal spec.osFamily: Required value',
      `${T}: TinkerbellMachineConfig/metal spec.osFamily: TinkerbellMachineConfig: missing spec.osFamily: metal`,
    ]);
  });

  test('passes with isoBoot and its hook ISO, hardwareAffinity instead of a selector, and a template in the file', () => {
    let objects = edit(tinkerbell(), 'TinkerbellDatacenterConfig', o => { o.spec.isoBoot = true; o.spec.hookIsoURL = 'https://artifacts.example.com/hook.iso'; });
    objects = machine('metal', s => {
      delete s.hardwareSelector;
      s.hardwareAffinity = { required: [{ labelSelector: { matchLabels: { type: 'worker' } } }] };
      s.templateRef = { kind: 'TinkerbellTemplateConfig', name: 'custom' };
    }, objects);
    objects.push({
      apiVersion: 'anywhere.eks.amazonaws.com/v1alpha1',
      kind: 'TinkerbellTemplateConfig',
      metadata: { name: 'custom' },
      spec: { template: { global_timeout: 6000, id: '', name: 'custom', version: '0.1', tasks: [{ name: 'os', worker: '{{.device_1}}', actions: [{ name: 'stream', image: 'img', timeout: 600 }] }] } },
    });
    expect(errors(objects)).toEqual([]);
  });

  test('worker groups sharing one machine config pass; distinct machine configs with one selector only warn', () => {
    const shared = cluster(tinkerbell(), s => { s.workerNodeGroupConfigurations.push({ name: 'md-1', count: 1, machineGroupRef: { kind: 'TinkerbellMachineConfig', name: 'metal' } }); });
    expect(errors(shared)).toEqual([]);
    expect(warnings(shared)).toEqual([]);
    const twin = [...cluster(tinkerbell(), s => { s.workerNodeGroupConfigurations.push({ name: 'md-1', count: 1, machineGroupRef: { kind: 'TinkerbellMachineConfig', name: 'metal-b' } }); }),
      { ...tinkerbell().find(o => o.kind === 'TinkerbellMachineConfig' && o.metadata?.name === 'metal')!, metadata: { name: 'metal-b' } }];
    expect(errors(twin)).toEqual([]);
    expect(warnings(twin)).toEqual([
      `${T}: Cluster/metal spec.workerNodeGroupConfigurations[1].machineGroupRef: the worker node group md-1 and the worker node group md-0 select hardware with the same hardwareSelector {"type":"worker"}`,
    ]);
  });
});

describe('Docker Provider setup is valid', () => {
  test('passes without machine configs', () => {
    expect(errors(docker())).toEqual([]);
  });

  test('warns that a machineGroupRef is ignored', () => {
    const objects = cluster(docker(), s => { s.controlPlaneConfiguration.machineGroupRef = { kind: 'VSphereMachineConfig', name: 'x' }; });
    expect(warnings(objects)).toEqual(['Docker Provider setup is valid: Cluster/dev spec.controlPlaneConfiguration.machineGroupRef: the Docker provider has no machine configs; this machineGroupRef is ignored']);
  });
});
