import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { PlanError, StageId, blockers, buildPlan } from '../../src/apply/plan';
import { KubeObject } from '../../src/core/kube-object';
import { keyOf } from '../../src/core/object-key';

const REFERENCE = join(__dirname, '..', '..', 'dist', 'reference-multinode', 'multinode-cluster.k8s.yaml');
const reference: KubeObject[] = parseAllDocuments(readFileSync(REFERENCE, 'utf8')).map(d => d.toJS());
const obj = (apiVersion: string, kind: string, name: string, extra: Record<string, any> = {}): KubeObject =>
  ({ apiVersion, kind, ...extra, metadata: { name, namespace: 'default', ...(extra.metadata ?? {}) } });

describe('buildPlan', () => {
  test('the reference cluster: hosts first, then objects, then control plane, workers, kubeconfig, cluster', () => {
    const plan = buildPlan(reference);
    expect(plan.stages.map(s => s.id)).toEqual([
      StageId.HOSTS, StageId.OBJECTS, StageId.CONTROL_PLANE, StageId.WORKERS, StageId.KUBECONFIG, StageId.CLUSTER,
    ]);
    const hosts = plan.stages[0];
    expect(hosts.title).toBe('Enrolling bare-metal hosts');
    expect(hosts.apply.map(n => `${n.ref.kind}/${n.ref.name}`)).toEqual([
      'Secret/node1-example-credentials', 'BareMetalHost/node1-example', 'Secret/node2-example-credentials', 'BareMetalHost/node2-example',
      'Secret/node3-example-credentials', 'BareMetalHost/node3-example',
    ]);
    expect(hosts.waitFor.map(w => w.ref.name)).toEqual(['node1-example', 'node2-example', 'node3-example']);
    const objects = plan.stages[1].apply.map(n => n.ref.kind);
    // templates before what references them
    expect(objects.indexOf('Metal3MachineTemplate')).toBeLessThan(objects.indexOf('RKE2ControlPlane'));
    expect(objects.indexOf('Metal3Cluster')).toBeLessThan(objects.indexOf('Cluster'));
    expect(objects.lastIndexOf('RKE2ConfigTemplate')).toBeLessThan(objects.indexOf('MachineDeployment'));
    expect(plan.stages[2].waitFor.map(w => w.ref.kind)).toEqual(['Metal3Cluster', 'RKE2ControlPlane']);
    expect(plan.stages[3].waitFor.map(w => w.ref.kind)).toEqual(['MachineDeployment']);
    expect(plan.stages[4].waitFor).toEqual([{ ref: { group: '', version: 'v1', kind: 'Secret', namespace: 'default', name: 'multinode-cluster-kubeconfig' }, derived: true, cluster: 'multinode-cluster' }]);
  });

  test('edges explain themselves: the control-plane template waits for the hosts its selector picks', () => {
    const plan = buildPlan(reference);
    const cpTemplate = [...plan.nodes.values()].find(n => n.ref.kind === 'Metal3MachineTemplate' && n.ref.name.includes('controlplane'))!;
    expect(blockers(plan, cpTemplate.key, () => false)).toEqual(expect.arrayContaining([
      'BareMetalHost default/node1-example (a host its hostSelector selects)',
      expect.stringMatching(/^Metal3DataTemplate default\/multinode-cluster-controlplane-template-[0-9a-f]{8} \(its data template\)$/),
    ]));
    const bmh = plan.nodes.get(keyOf({ group: 'metal3.io', kind: 'BareMetalHost', namespace: 'default', name: 'node1-example' }))!;
    expect(blockers(plan, bmh.key, () => false)).toEqual(['Secret default/node1-example-credentials (BMC credentials)']);
    expect(blockers(plan, bmh.key, () => true)).toEqual([]);
  });

  test('CRDs and namespaces come first; namespaced objects depend on their Namespace', () => {
    const ns: KubeObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'edge' } };
    const crd: KubeObject = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'widgets.example.com' }, spec: { group: 'example.com', names: { kind: 'Widget' } } };
    const w: KubeObject = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'edge' } };
    const plan = buildPlan([w, ns, crd]);
    expect(plan.stages.map(s => s.id)).toEqual([StageId.PREREQUISITES, StageId.OBJECTS]);
    expect(plan.stages[0].apply.map(n => n.ref.kind)).toEqual(['Namespace', 'CustomResourceDefinition']);
    expect([...plan.nodes.get(keyOf({ group: 'example.com', kind: 'Widget', namespace: 'edge', name: 'w' }))!.dependsOn.values()]).toEqual(['its CustomResourceDefinition', 'its Namespace']);
  });

  test('depends-on annotations order objects; external ones are listed', () => {
    const a = obj('v1', 'ConfigMap', 'a', { metadata: { annotations: { 'config.kubernetes.io/depends-on': '/namespaces/default/ConfigMap/b,apps/namespaces/other/Deployment/x' } } });
    const b = obj('v1', 'ConfigMap', 'b');
    const plan = buildPlan([a, b]);
    expect(plan.stages[0].apply.map(n => n.ref.name)).toEqual(['b', 'a']);
    expect(plan.external).toEqual([{ from: keyOf({ group: '', kind: 'ConfigMap', namespace: 'default', name: 'a' }), to: { group: 'apps', kind: 'Deployment', namespace: 'other', name: 'x', version: '' } }]);
  });

  test('fails on a cycle, naming it', () => {
    const a = obj('v1', 'ConfigMap', 'a', { metadata: { annotations: { 'config.kubernetes.io/depends-on': '/namespaces/default/ConfigMap/b' } } });
    const b = obj('v1', 'ConfigMap', 'b', { metadata: { annotations: { 'config.kubernetes.io/depends-on': '/namespaces/default/ConfigMap/a' } } });
    expect(() => buildPlan([a, b])).toThrow(PlanError);
    expect(() => buildPlan([a, b])).toThrow('dependency cycle: ConfigMap default/a → ConfigMap default/b → ConfigMap default/a');
  });

  test('fails on a malformed depends-on, duplicates and nameless objects', () => {
    expect(() => buildPlan([obj('v1', 'ConfigMap', 'a', { metadata: { annotations: { 'config.kubernetes.io/depends-on': 'nonsense' } } })])).toThrow(/invalid config.kubernetes.io\/depends-on entry "nonsense"/);
    expect(() => buildPlan([obj('v1', 'ConfigMap', 'a'), obj('v1', 'ConfigMap', 'a')])).toThrow('ConfigMap default/a appears twice in the input');
    expect(() => buildPlan([{ apiVersion: 'v1', kind: 'ConfigMap', metadata: {} }])).toThrow(/without kind or metadata.name/);
  });
});
