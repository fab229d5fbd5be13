import { REFERENCE_DIR, TINKERBELL_DIR, graphOfDir, node } from './helpers';
import { columnsOf, layout } from '../../src/graph/layout';
import { EdgeKind, GroupKind, NodeRole, NodeStatus, TopologyGraph } from '../../src/graph/model';

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('layered layout', () => {
  const g = graphOfDir(REFERENCE_DIR);
  const l = layout(g);

  test('columns follow dependency depth: cluster, its parts, templates, hosts, Secrets', () => {
    const col = columnsOf(g);
    const at = (kind: string, name: string) => col.get(node(g, kind, name).id);
    expect(at('Cluster', 'multinode-cluster')).toBe(0);
    expect([at('Metal3Cluster', 'multinode-cluster'), at('RKE2ControlPlane', 'multinode-cluster'), at('MachineDeployment', 'multinode-cluster-workers')]).toEqual([1, 1, 1]);
    expect(at('Metal3MachineTemplate', 'multinode-cluster-controlplane-4e2ee6cb')).toBe(2);
    expect(at('BareMetalHost', 'node1-example')).toBe(3);
    expect(at('Secret', 'node1-example-credentials')).toBe(4);
    // The API VIP is reached from the Metal3Cluster (depth 1) and from the pool (depth 2): the longer path wins.
    expect(at('VIP', '192.168.125.100')).toBe(3);
  });

  test('every edge runs left to right and every node has a box of its column', () => {
    const box = new Map(l.nodes.map(b => [b.node.id, b]));
    expect(l.nodes).toHaveLength(g.nodes.length);
    for (const e of g.edges) expect(box.get(e.to)!.x).toBeGreaterThan(box.get(e.from)!.x + box.get(e.from)!.width);
    const colX = new Map<number, number>();
    for (const b of l.nodes) {
      if (!colX.has(b.column)) colX.set(b.column, b.x);
      expect(b.x).toBe(colX.get(b.column));
    }
  });

  test('no two node boxes overlap, and each box lies inside the frames of its groups', () => {
    for (let i = 0; i < l.nodes.length; i++) for (let j = i + 1; j < l.nodes.length; j++) expect(overlaps(l.nodes[i], l.nodes[j])).toBe(false);
    const frame = new Map(l.groups.map(f => [f.group.id, f]));
    for (const b of l.nodes) {
      for (let id: string | undefined = b.node.group; id; id = frame.get(id)!.group.parent) {
        const f = frame.get(id)!;
        expect(b.x).toBeGreaterThan(f.x);
        expect(b.y).toBeGreaterThan(f.y);
        expect(b.x + b.width).toBeLessThan(f.x + f.width);
        expect(b.y + b.height).toBeLessThan(f.y + f.height);
      }
    }
    expect(l.width).toBeGreaterThan(Math.max(...l.nodes.map(b => b.x + b.width)));
  });

  test('hosts are ordered by the template that picks them and sit under the cluster band', () => {
    const box = (kind: string, name: string) => l.nodes.find(b => b.node.id === node(g, kind, name).id)!;
    const hosts = ['node1-example', 'node2-example', 'node3-example'].map(h => box('BareMetalHost', h));
    expect(hosts.map(h => h.y)).toEqual([...hosts.map(h => h.y)].sort((a, b) => a - b));
    const cluster = l.groups.find(f => f.group.kind === GroupKind.CLUSTER)!;
    for (const h of hosts) expect(h.y).toBeGreaterThan(cluster.y + cluster.height);
  });

  test.each([REFERENCE_DIR, TINKERBELL_DIR])('edge labels of %s overlap neither each other nor any node box', dir => {
    const l2 = layout(graphOfDir(dir));
    const labels = l2.edges.map(r => ({ x: r.labelX - r.labelWidth / 2, y: r.labelY - 7, width: r.labelWidth, height: 14 }));
    for (let i = 0; i < labels.length; i++) for (let j = i + 1; j < labels.length; j++) expect(overlaps(labels[i], labels[j])).toBe(false);
    for (const lb of labels) for (const b of l2.nodes) expect(overlaps(lb, b)).toBe(false);
  });

  test('a reference cycle (hand-written input) still lays out, the closing edge drawn backwards', () => {
    const n = (id: string) => ({ id, kind: 'ConfigMap', name: id, label: `ConfigMap ${id}`, details: [], role: NodeRole.OTHER, status: NodeStatus.OK, group: 'g' });
    const e = (from: string, to: string) => ({ from, to, kind: EdgeKind.REFERENCE, reason: 'ref', warning: false });
    const cyclic: TopologyGraph = { nodes: [n('a'), n('b'), n('c')], edges: [e('a', 'b'), e('b', 'c'), e('c', 'a')], groups: [{ id: 'g', kind: GroupKind.NAMESPACE, label: 'ns' }], warnings: [] };
    expect([...columnsOf(cyclic).values()]).toEqual([0, 1, 2]);
    const lc = layout(cyclic);
    expect(lc.edges).toHaveLength(3);
    expect(lc.edges[2].path).toMatch(/^M[\d.]+,[\d.]+ C/);
  });

  test('the same graph always gives the same layout', () => {
    expect(layout(graphOfDir(REFERENCE_DIR))).toEqual(l);
  });
});
