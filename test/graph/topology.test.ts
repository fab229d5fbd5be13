import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REFERENCE_DIR, ROOT, TINKERBELL_DIR, edgeLines, edgesInto, graphOf, graphOfDir, node, objects } from './helpers';
import { EdgeKind, GroupKind, NodeRole, NodeStatus } from '../../src/graph/model';
import { buildTopology } from '../../src/graph/topology';
import { parseHardwareCsv } from '../../src/validate/eksa/hardware-csv';

describe('topology of dist/reference-multinode', () => {
  const g = graphOfDir(REFERENCE_DIR);
  const cpTemplate = node(g, 'Metal3MachineTemplate', 'multinode-cluster-controlplane-4e2ee6cb');
  const workerTemplate = node(g, 'Metal3MachineTemplate', 'multinode-cluster-workers-f8d8a370');

  test('the control-plane hostSelector picks all three hosts', () => {
    const picked = g.edges.filter(e => e.from === cpTemplate.id && e.kind === EdgeKind.SELECTS);
    expect(picked.map(e => e.to)).toEqual(['BareMetalHost_default_node1_example', 'BareMetalHost_default_node2_example', 'BareMetalHost_default_node3_example']);
    expect(new Set(picked.map(e => e.reason))).toEqual(new Set(['hostSelector cluster-role=control-plane']));
    for (const h of ['node1-example', 'node2-example', 'node3-example']) expect(node(g, 'BareMetalHost', h).status).toBe(NodeStatus.OK);
  });

  test('the worker hostSelector picks nothing: a warning edge to a warning selector node, and a warning line', () => {
    const out = g.edges.filter(e => e.from === workerTemplate.id);
    expect(out.filter(e => e.kind === EdgeKind.SELECTS)).toEqual([]);
    const none = out.filter(e => e.kind === EdgeKind.SELECTS_NOTHING);
    expect(none).toEqual([{ from: workerTemplate.id, to: 'NoMatch_Metal3MachineTemplate_default_multinode_cluster_workers_f8d8a370', kind: EdgeKind.SELECTS_NOTHING, reason: 'hostSelector cluster-role=worker', warning: true }]);
    const sel = g.nodes.find(n => n.id === none[0].to)!;
    expect(sel).toMatchObject({ kind: 'hostSelector', name: 'cluster-role=worker', role: NodeRole.SELECTOR, status: NodeStatus.WARNING, note: 'picks no BareMetalHost' });
    expect(g.warnings).toEqual(['Metal3MachineTemplate default/multinode-cluster-workers-f8d8a370: hostSelector cluster-role=worker picks no BareMetalHost in the input']);
  });

  test('references between the cluster objects, with their reasons', () => {
    expect(edgeLines(g, e => e.kind === EdgeKind.REFERENCE || e.kind === EdgeKind.MEMBER)).toEqual([
      'Cluster multinode-cluster -[infrastructureRef]-> Metal3Cluster multinode-cluster',
      'Cluster multinode-cluster -[controlPlaneRef]-> RKE2ControlPlane multinode-cluster',
      'Cluster multinode-cluster -[clusterName]-> MachineDeployment multinode-cluster-workers',
      'RKE2ControlPlane multinode-cluster -[infrastructureRef]-> Metal3MachineTemplate multinode-cluster-controlplane-4e2ee6cb',
      'MachineDeployment multinode-cluster-workers -[infrastructureRef]-> Metal3MachineTemplate multinode-cluster-workers-f8d8a370',
      'MachineDeployment multinode-cluster-workers -[bootstrap.configRef]-> RKE2ConfigTemplate multinode-cluster-workers-18dbe656',
      'Metal3MachineTemplate multinode-cluster-controlplane-4e2ee6cb -[dataTemplate]-> Metal3DataTemplate multinode-cluster-controlplane-template-dcd39384',
      'Metal3MachineTemplate multinode-cluster-workers-f8d8a370 -[dataTemplate]-> Metal3DataTemplate multinode-cluster-workers-template-dcd39384',
    ]);
  });

  test('each host points at its BMC credentials Secret', () => {
    expect(edgeLines(g, e => e.kind === EdgeKind.CREDENTIALS)).toEqual([1, 2, 3].map(i =>
      `BareMetalHost node${i}-example -[credentials]-> Secret node${i}-example-credentials`));
  });

  test('VIPs: the embedded MetalLB pools and the Metal3Cluster controlPlaneEndpoint share the API VIP node', () => {
    expect(edgeLines(g, e => [EdgeKind.EMBEDS, EdgeKind.ADDRESS, EdgeKind.ENDPOINT].includes(e.kind))).toEqual([
      'Metal3Cluster multinode-cluster -[controlPlaneEndpoint :6443]-> VIP 192.168.125.100',
      'RKE2ControlPlane multinode-cluster -[embedded metallb-traefik-cr.yaml]-> IPAddressPool ingress-ippool',
      'RKE2ControlPlane multinode-cluster -[embedded metallb-cr.yaml]-> IPAddressPool kubernetes-vip-ip-pool',
      'IPAddressPool ingress-ippool -[addresses]-> VIP 192.168.125.101',
      'IPAddressPool ingress-ippool -[addresses]-> VIP fd00:dead:beef::101',
      'IPAddressPool kubernetes-vip-ip-pool -[addresses]-> VIP 192.168.125.100',
      'IPAddressPool kubernetes-vip-ip-pool -[addresses]-> VIP fd00:dead:beef::100',
    ]);
    expect(node(g, 'VIP', '192.168.125.100').status).toBe(NodeStatus.OK);
    expect(node(g, 'IPAddressPool', 'kubernetes-vip-ip-pool').details).toEqual(['in metallb-cr.yaml', 'for services serviceType in (kubernetes-vip)']);
  });

  test('groups: the cluster (inside namespace default) holds what it references; hosts and Secrets stay with the namespace', () => {
    expect(g.groups).toEqual([
      { id: 'grp_ns_default', kind: GroupKind.NAMESPACE, label: 'namespace default' },
      { id: 'grp_Cluster_default_multinode_cluster', kind: GroupKind.CLUSTER, label: 'Cluster multinode-cluster', parent: 'grp_ns_default' },
    ]);
    const inNamespace = g.nodes.filter(n => n.group === 'grp_ns_default').map(n => n.label);
    expect(inNamespace).toEqual([
      'BareMetalHost node1-example', 'BareMetalHost node2-example', 'BareMetalHost node3-example',
      'Secret node1-example-credentials', 'Secret node2-example-credentials', 'Secret node3-example-credentials',
    ]);
    expect(g.nodes.filter(n => n.group === 'grp_Cluster_default_multinode_cluster')).toHaveLength(16);
  });

  test('ids are unique, identifier-safe and readable', () => {
    const ids = g.nodes.map(n => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z][A-Za-z0-9_]*$/);
    expect(node(g, 'Cluster', 'multinode-cluster').id).toBe('Cluster_default_multinode_cluster');
    expect(node(g, 'VIP', 'fd00:dead:beef::100').id).toBe('VIP_fd00_dead_beef_100');
  });

  test('details: replicas and version on the control plane and MachineDeployment, labels and BMC on hosts', () => {
    expect(node(g, 'RKE2ControlPlane', 'multinode-cluster').details).toEqual(['replicas 3, v1.36.3+rke2r1']);
    expect(node(g, 'MachineDeployment', 'multinode-cluster-workers').details).toEqual(['replicas 0, v1.36.3+rke2r1']);
    expect(node(g, 'BareMetalHost', 'node1-example').details).toEqual(['cluster-role=control-plane', 'bmc 192.168.200.75']);
  });
});

describe('topology of dist/eksa-tinkerbell with its hardware.csv', () => {
  const g = graphOfDir(TINKERBELL_DIR);

  test('cluster → datacenter, control plane and node group → machine configs → the hardware their selectors pick', () => {
    expect(edgeLines(g)).toEqual([
      'Cluster metal -[controlPlaneConfiguration]-> ControlPlaneConfiguration metal',
      'Cluster metal -[workerNodeGroupConfigurations]-> WorkerNodeGroup md-0',
      'Cluster metal -[datacenterRef]-> TinkerbellDatacenterConfig metal',
      'ControlPlaneConfiguration metal -[machineGroupRef]-> TinkerbellMachineConfig metal-cp',
      'ControlPlaneConfiguration metal -[endpoint]-> VIP 192.168.125.100',
      'WorkerNodeGroup md-0 -[machineGroupRef]-> TinkerbellMachineConfig metal',
      'TinkerbellDatacenterConfig metal -[tinkerbellIP]-> VIP 192.168.125.99',
      'TinkerbellMachineConfig metal -[hardwareSelector type=worker]-> Hardware node4',
      'TinkerbellMachineConfig metal -[hardwareSelector type=worker]-> Hardware node5',
      'TinkerbellMachineConfig metal-cp -[hardwareSelector type=cp]-> Hardware node1',
      'TinkerbellMachineConfig metal-cp -[hardwareSelector type=cp]-> Hardware node2',
      'TinkerbellMachineConfig metal-cp -[hardwareSelector type=cp]-> Hardware node3',
    ]);
    expect(g.warnings).toEqual([]);
    expect(node(g, 'ControlPlaneConfiguration', 'metal').details).toEqual(['count 3']);
    expect(node(g, 'WorkerNodeGroup', 'md-0').details).toEqual(['count 2']);
  });

  test('hardware rows sit in a group named after the file; provider objects in the EKS-A cluster group', () => {
    expect(g.groups.map(x => [x.kind, x.label, x.parent ?? ''])).toEqual([
      [GroupKind.NAMESPACE, 'namespace default', ''],
      [GroupKind.CLUSTER, 'EKS-A Cluster metal', 'grp_ns_default'],
      [GroupKind.HARDWARE, 'hardware dist/eksa-tinkerbell/hardware.csv', ''],
    ]);
    const hw = node(g, 'Hardware', 'node4');
    expect(hw).toMatchObject({ role: NodeRole.HARDWARE, status: NodeStatus.OK, details: ['192.168.125.204', 'rack=r2', 'type=worker'], source: 'dist/eksa-tinkerbell/hardware.csv:5' });
    expect(g.groups.find(x => x.id === hw.group)!.kind).toBe(GroupKind.HARDWARE);
    expect(g.groups.find(x => x.id === node(g, 'TinkerbellMachineConfig', 'metal-cp').group)!.label).toBe('EKS-A Cluster metal');
  });

  test('without a hardware.csv the selectors are shown as details, with no warnings', () => {
    const yaml = readFileSync(join(ROOT, TINKERBELL_DIR, 'metal-eks-a-cluster.yaml'), 'utf8');
    const plain = graphOf(yaml);
    expect(plain.nodes.filter(n => n.role === NodeRole.HARDWARE)).toEqual([]);
    expect(node(plain, 'TinkerbellMachineConfig', 'metal-cp').details).toEqual(['hardwareSelector type=cp']);
    expect(plain.warnings).toEqual([]);
  });

  test('fails visibly when a selector picks no machine and a machine is picked by none', () => {
    const yaml = readFileSync(join(ROOT, TINKERBELL_DIR, 'metal-eks-a-cluster.yaml'), 'utf8');
    const csv = readFileSync(join(ROOT, TINKERBELL_DIR, 'hardware.csv'), 'utf8').replace(/type=worker/g, 'type=gpu');
    const hardware = parseHardwareCsv(csv, 'hw.csv').machines;
    const g2 = buildTopology({ objects: objects(yaml), hardware });
    expect(edgeLines(g2, e => e.kind === EdgeKind.SELECTS_NOTHING)).toEqual(['TinkerbellMachineConfig metal -[hardwareSelector type=worker]-> hardwareSelector type=worker (warning)']);
    expect(node(g2, 'Hardware', 'node4')).toMatchObject({ status: NodeStatus.WARNING, note: 'no hardwareSelector in the input picks it' });
    expect(g2.warnings).toEqual([
      'TinkerbellMachineConfig default/metal: hardwareSelector type=worker picks no machine of the hardware.csv',
      'Hardware node4: no hardwareSelector in the input picks it',
      'Hardware node5: no hardwareSelector in the input picks it',
    ]);
  });
});

const HOST = (name: string, labels: Record<string, string>, ns = 'default') => `---
apiVersion: metal3.io/v1alpha1
kind: BareMetalHost
metadata:
  name: ${name}
  namespace: ${ns}
  labels: ${JSON.stringify(labels)}
spec:
  bmc: {address: "redfish://10.0.0.1/x", credentialsName: ${name}-bmc}
`;
const TEMPLATE = (name: string, selector: string, ns = 'default') => `---
apiVersion: infrastructure.cluster.x-k8s.io/v1beta1
kind: Metal3MachineTemplate
metadata: {name: ${name}, namespace: ${ns}}
spec:
  template:
    spec:
      hostSelector: ${selector}
`;

describe('topology of hand-written manifests', () => {
  test('a host no selector picks is a warning node; a host in another namespace is not picked', () => {
    const g = graphOf(HOST('a', { role: 'cp' }) + HOST('b', { role: 'spare' }) + HOST('c', { role: 'cp' }, 'other') + TEMPLATE('t', '{matchLabels: {role: cp}}'));
    expect(edgeLines(g, e => e.kind === EdgeKind.SELECTS)).toEqual(['Metal3MachineTemplate t -[hostSelector role=cp]-> BareMetalHost a']);
    expect(node(g, 'BareMetalHost', 'a').status).toBe(NodeStatus.OK);
    expect(node(g, 'BareMetalHost', 'b')).toMatchObject({ status: NodeStatus.WARNING, note: 'no hostSelector in the input picks it' });
    expect(node(g, 'BareMetalHost', 'c').status).toBe(NodeStatus.WARNING);
    expect(g.warnings).toEqual(expect.arrayContaining(['BareMetalHost default/b: no hostSelector in the input picks it', 'BareMetalHost other/c: no hostSelector in the input picks it']));
  });

  test('matchExpressions select as CAPM3 reads them and are described kubectl-style', () => {
    const g = graphOf(HOST('a', { role: 'w', rack: 'r1' }) + HOST('b', { role: 'w' }) + HOST('c', { role: 'cp', rack: 'r2' })
      + TEMPLATE('t', '{matchExpressions: [{key: role, operator: In, values: [w, x]}, {key: rack, operator: Exists}]}')
      + TEMPLATE('u', '{matchExpressions: [{key: role, operator: NotIn, values: [w]}, {key: gpu, operator: DoesNotExist}]}'));
    expect(edgeLines(g, e => e.kind === EdgeKind.SELECTS)).toEqual([
      'Metal3MachineTemplate t -[hostSelector role in (w,x),rack]-> BareMetalHost a',
    ]);
    // CAPM3 lowercases the operator and "doesnotexist" is no selection operator: u selects nothing (its does-not-exist is "!").
    expect(g.warnings).toEqual(expect.arrayContaining([expect.stringMatching(/^Metal3MachineTemplate default\/u: hostSelector .* picks no BareMetalHost/)]));
    expect(node(g, 'BareMetalHost', 'b').status).toBe(NodeStatus.WARNING);
    expect(node(g, 'BareMetalHost', 'c').status).toBe(NodeStatus.WARNING);
  });

  test('v1beta1 references (apiVersion, kind, name) resolve like v1beta2 ones', () => {
    const g = graphOf(`
apiVersion: cluster.x-k8s.io/v1beta1
kind: Cluster
metadata: {name: c, namespace: site}
spec:
  controlPlaneRef: {apiVersion: controlplane.cluster.x-k8s.io/v1beta1, kind: KubeadmControlPlane, name: c-cp}
  infrastructureRef: {apiVersion: infrastructure.cluster.x-k8s.io/v1beta1, kind: Metal3Cluster, name: c}
---
apiVersion: controlplane.cluster.x-k8s.io/v1beta1
kind: KubeadmControlPlane
metadata: {name: c-cp, namespace: site}
spec:
  replicas: 1
  version: v1.30.0
  machineTemplate:
    infrastructureRef: {apiVersion: infrastructure.cluster.x-k8s.io/v1beta1, kind: Metal3MachineTemplate, name: c-cp}
---
apiVersion: infrastructure.cluster.x-k8s.io/v1beta1
kind: Metal3Cluster
metadata: {name: c, namespace: site}
---
apiVersion: infrastructure.cluster.x-k8s.io/v1beta1
kind: Metal3MachineTemplate
metadata: {name: c-cp, namespace: site}
spec: {template: {spec: {hostSelector: {}}}}
`);
    expect(edgeLines(g, e => e.kind === EdgeKind.REFERENCE)).toEqual([
      'Cluster c -[infrastructureRef]-> Metal3Cluster c',
      'Cluster c -[controlPlaneRef]-> KubeadmControlPlane c-cp',
      'KubeadmControlPlane c-cp -[infrastructureRef]-> Metal3MachineTemplate c-cp',
    ]);
    expect(g.nodes.filter(n => n.status === NodeStatus.MISSING)).toEqual([]);
    expect(node(g, 'KubeadmControlPlane', 'c-cp').details).toEqual(['replicas 1, v1.30.0']);
    // An empty selector matches everything, and there is no host: the placeholder names it.
    expect(edgeLines(g, e => e.kind === EdgeKind.SELECTS_NOTHING)).toEqual(['Metal3MachineTemplate c-cp -[hostSelector (everything)]-> hostSelector (everything) (warning)']);
  });

  test('fails visibly on references to objects not in the input: missing nodes, warning edges, warning lines', () => {
    const g = graphOf(`
apiVersion: cluster.x-k8s.io/v1beta2
kind: Cluster
metadata: {name: c}
spec:
  controlPlaneRef: {apiGroup: controlplane.cluster.x-k8s.io, kind: RKE2ControlPlane, name: gone}
---
apiVersion: cluster.x-k8s.io/v1beta2
kind: MachineDeployment
metadata: {name: md}
spec: {clusterName: other}
${HOST('h', {})}`);
    const missing = g.nodes.filter(n => n.status === NodeStatus.MISSING).map(n => `${n.label} ${n.role}`);
    expect(missing).toEqual(['RKE2ControlPlane gone control-plane', 'Cluster other cluster', 'Secret h-bmc secret']);
    expect(edgeLines(g, e => e.warning)).toEqual([
      'Cluster c -[controlPlaneRef]-> RKE2ControlPlane gone (warning)',
      'Cluster other -[clusterName]-> MachineDeployment md (warning)',
      'BareMetalHost h -[credentials]-> Secret h-bmc (warning)',
    ]);
    expect(g.warnings).toEqual(expect.arrayContaining([
      'RKE2ControlPlane default/gone: not in the input; referenced by Cluster c (controlPlaneRef)',
      'Secret default/h-bmc: not in the input; referenced by BareMetalHost h (credentials)',
    ]));
    // The missing cluster still gathers its MachineDeployment.
    expect(g.groups.map(x => x.label)).toEqual(['namespace default', 'Cluster c', 'Cluster other']);
    expect(g.groups.find(x => x.id === node(g, 'MachineDeployment', 'md').group)!.label).toBe('Cluster other');
  });

  test('an endpoint no MetalLB pool announces is a warning when the input has pools; a range pool covers its addresses', () => {
    const pool = (name: string, addresses: string[]) => `---
apiVersion: metallb.io/v1beta1
kind: IPAddressPool
metadata: {name: ${name}, namespace: metallb-system}
spec: {addresses: ${JSON.stringify(addresses)}}
`;
    const m3c = (name: string, host: string) => `---
apiVersion: infrastructure.cluster.x-k8s.io/v1beta2
kind: Metal3Cluster
metadata: {name: ${name}}
spec: {controlPlaneEndpoint: {host: "${host}", port: 6443}}
`;
    const g = graphOf(pool('p', ['10.0.0.10/32', '10.0.1.0/28']) + m3c('a', '10.0.0.10') + m3c('b', '10.0.1.5') + m3c('c', '10.9.9.9'));
    expect(edgeLines(g, e => e.kind === EdgeKind.ENDPOINT)).toEqual([
      'Metal3Cluster a -[controlPlaneEndpoint :6443]-> VIP 10.0.0.10',
      'Metal3Cluster b -[controlPlaneEndpoint :6443 (10.0.1.5 in range)]-> VIP 10.0.1.0/28',
      'Metal3Cluster c -[controlPlaneEndpoint :6443]-> VIP 10.9.9.9',
    ]);
    expect(node(g, 'VIP', '10.0.0.10').status).toBe(NodeStatus.OK);
    expect(node(g, 'VIP', '10.9.9.9')).toMatchObject({ status: NodeStatus.WARNING, note: 'no MetalLB IPAddressPool in the input announces it' });
    expect(node(g, 'VIP', '10.0.1.0/28').details).toEqual(['address range']);
    // Dash ranges: a one-address range is that address; a wider one covers what lies in it.
    const dashed = graphOf(pool('q', ['10.0.2.7-10.0.2.7', '10.0.3.1 - 10.0.3.9']) + m3c('d', '10.0.2.7') + m3c('e', '10.0.3.4'));
    expect(edgeLines(dashed, e => e.kind === EdgeKind.ENDPOINT)).toEqual([
      'Metal3Cluster d -[controlPlaneEndpoint :6443]-> VIP 10.0.2.7',
      'Metal3Cluster e -[controlPlaneEndpoint :6443 (10.0.3.4 in range)]-> VIP 10.0.3.1 - 10.0.3.9',
    ]);
    expect(dashed.warnings).toEqual([]);
    // Without any pool (kube-vip, an external load balancer) the endpoint is just drawn.
    expect(node(graphOf(m3c('c', '10.9.9.9')), 'VIP', '10.9.9.9').status).toBe(NodeStatus.OK);
  });

  test('fails visibly when a Butane config cannot be read: its embedded pools would be missing from the picture', () => {
    const g = graphOf(`
apiVersion: controlplane.cluster.x-k8s.io/v1beta2
kind: RKE2ControlPlane
metadata: {name: cp}
spec:
  agentConfig:
    additionalUserData:
      config: |
        variant: fcos
        storage:
          files:
            - path: /a
              mode: 0644
              mode: 0600
`);
    expect(node(g, 'RKE2ControlPlane', 'cp')).toMatchObject({ status: NodeStatus.WARNING, note: 'Butane config unreadable: embedded manifests not drawn' });
    expect(g.warnings).toEqual(['RKE2ControlPlane default/cp: Butane config unreadable: embedded manifests not drawn']);
    expect(g.nodes.filter(n => n.kind === 'IPAddressPool')).toEqual([]);
  });

  test('the same object twice is drawn once, with a warning', () => {
    const g = graphOf(HOST('a', {}) + HOST('a', {}));
    expect(g.nodes.filter(n => n.kind === 'BareMetalHost')).toHaveLength(1);
    expect(g.warnings).toContain('BareMetalHost default/a appears more than once in the input; drawn once');
  });

  test('input order does not change the graph', () => {
    const yaml = readFileSync(join(ROOT, REFERENCE_DIR, 'multinode-cluster.k8s.yaml'), 'utf8');
    const objs = objects(yaml);
    expect(buildTopology({ objects: [...objs].reverse() })).toEqual(buildTopology({ objects: objs }));
  });

  test('cluster-scoped objects get their own group; other kinds are drawn as plain nodes', () => {
    const g = graphOf('apiVersion: v1\nkind: Namespace\nmetadata: {name: site}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm, namespace: site}\n');
    expect(g.groups.map(x => x.label)).toEqual(['namespace site', 'cluster-scoped']);
    expect(node(g, 'Namespace', 'site')).toMatchObject({ role: NodeRole.OTHER, namespace: undefined, group: 'grp_cluster_scoped' });
    expect(node(g, 'ConfigMap', 'cm').group).toBe('grp_ns_site');
  });

  test('malformed selectors and references draw without throwing', () => {
    const g = graphOf(HOST('a', { x: 'y' }) + TEMPLATE('t', '"not-a-selector"') + TEMPLATE('u', '{matchLabels: [1], matchExpressions: [{key: x}, 7]}') + `---
apiVersion: cluster.x-k8s.io/v1beta2
kind: Cluster
metadata: {name: c}
spec: {controlPlaneRef: "nope", infrastructureRef: {kind: Metal3Cluster}}
`);
    expect(edgeLines(g, e => e.kind === EdgeKind.SELECTS)).toEqual([
      'Metal3MachineTemplate t -[hostSelector (everything)]-> BareMetalHost a',
      'Metal3MachineTemplate u -[hostSelector (everything)]-> BareMetalHost a',
    ]);
    expect(edgesInto(g, node(g, 'Cluster', 'c'))).toEqual([]);
    expect(g.edges.filter(e => e.from === node(g, 'Cluster', 'c').id)).toEqual([]);
  });

  test('two clusters in one namespace get a group each; a host both pick belongs to neither', () => {
    const cluster = (name: string) => `---
apiVersion: cluster.x-k8s.io/v1beta2
kind: Cluster
metadata: {name: ${name}}
spec: {controlPlaneRef: {apiGroup: controlplane.cluster.x-k8s.io, kind: RKE2ControlPlane, name: ${name}}}
---
apiVersion: controlplane.cluster.x-k8s.io/v1beta2
kind: RKE2ControlPlane
metadata: {name: ${name}}
spec: {machineTemplate: {spec: {infrastructureRef: {apiGroup: infrastructure.cluster.x-k8s.io, kind: Metal3MachineTemplate, name: ${name}}}}}
`;
    const g = graphOf(cluster('one') + cluster('two') + TEMPLATE('one', '{matchLabels: {pool: x}}') + TEMPLATE('two', '{matchLabels: {pool: x}}') + HOST('h', { pool: 'x' }));
    expect(g.groups.map(x => x.label)).toEqual(['namespace default', 'Cluster one', 'Cluster two']);
    const groupOf = (kind: string, name: string) => g.groups.find(x => x.id === node(g, kind, name).group)!.label;
    expect(groupOf('Metal3MachineTemplate', 'one')).toBe('Cluster one');
    expect(groupOf('Metal3MachineTemplate', 'two')).toBe('Cluster two');
    expect(groupOf('BareMetalHost', 'h')).toBe('namespace default');
    expect(edgesInto(g, node(g, 'BareMetalHost', 'h')).map(e => e.from)).toEqual(['Metal3MachineTemplate_default_one', 'Metal3MachineTemplate_default_two']);
  });

  test('ids that would collide or read as Mermaid keywords are made distinct', () => {
    const g = graphOf('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a-b}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a.b}\n');
    expect(g.nodes.map(n => n.id).sort()).toEqual(['ConfigMap_default_a_b', 'ConfigMap_default_a_b_2']);
  });
});
