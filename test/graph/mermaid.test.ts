import { REFERENCE_DIR, graphOf, graphOfDir } from './helpers';
import { escapeMermaid, renderMermaid } from '../../src/graph/mermaid';

describe('Mermaid output', () => {
  const g = graphOfDir(REFERENCE_DIR);
  const text = renderMermaid(g);
  const lines = text.split('\n');

  test('a flowchart LR with a namespace subgraph holding the cluster subgraph', () => {
    expect(lines.slice(0, 4)).toEqual([
      '%% cdk8s-capi graph: 22 nodes, 22 edges, 1 warning',
      'flowchart LR',
      '  subgraph grp_ns_default["namespace default"]',
      '    subgraph grp_Cluster_default_multinode_cluster["Cluster multinode-cluster"]',
    ]);
    expect(lines.filter(l => /^\s*subgraph /.test(l))).toHaveLength(2);
    expect(lines.filter(l => /^\s*end$/.test(l))).toHaveLength(2);
  });

  test('every node is declared once with its id and its lines', () => {
    for (const n of g.nodes) expect(lines.filter(l => new RegExp(`^\\s+${n.id}[[({>]`).test(l))).toHaveLength(1);
    expect(text).toContain('      Cluster_default_multinode_cluster(["Cluster<br/>multinode-cluster"])');
    expect(text).toContain('    BareMetalHost_default_node1_example["BareMetalHost<br/>node1-example<br/>cluster-role=control-plane<br/>bmc 192.168.200.75"]');
    expect(text).toContain('      VIP_192_168_125_100{{"VIP<br/>192.168.125.100"}}');
  });

  test('edges with reasons; selection thick, credentials dashed, the selector that picks nothing dashed and orange', () => {
    expect(text).toContain('  Cluster_default_multinode_cluster -->|"controlPlaneRef"| RKE2ControlPlane_default_multinode_cluster\n');
    expect(text).toContain('  Metal3MachineTemplate_default_multinode_cluster_controlplane_4e2ee6cb ==>|"hostSelector cluster-role=control-plane"| BareMetalHost_default_node2_example\n');
    expect(text).toContain('  BareMetalHost_default_node1_example -.->|"credentials"| Secret_default_node1_example_credentials\n');
    const edgeLines = lines.filter(l => / (-->|==>|-\.->)\|/.test(l));
    expect(edgeLines).toHaveLength(g.edges.length);
    const warnIndex = edgeLines.findIndex(l => l.includes('-.->|"hostSelector cluster-role=worker"| NoMatch_Metal3MachineTemplate_default_multinode_cluster_workers_f8d8a370'));
    expect(warnIndex).toBeGreaterThanOrEqual(0);
    expect(lines).toContain(`  linkStyle ${warnIndex} stroke:#d97706,stroke-width:2.2px,stroke-dasharray:6 4`);
    expect(lines).toContain('  class NoMatch_Metal3MachineTemplate_default_multinode_cluster_workers_f8d8a370 warning');
  });

  test('every node gets exactly one class', () => {
    const classed = lines.filter(l => l.startsWith('  class ')).flatMap(l => l.split(' ')[3].split(','));
    expect(classed.sort()).toEqual(g.nodes.map(n => n.id).sort());
  });

  test('snapshot', () => {
    expect(text).toMatchSnapshot();
  });

  test('labels are escaped with entity codes: quotes, #, <, >, & and backticks cannot break the syntax', () => {
    expect(escapeMermaid('a"b#c<d>e&f`g\nh')).toBe('a#34;b#35;c#60;d#62;e#38;f#96;g h');
    const weird = renderMermaid(graphOf('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "x\\"]; y --> z"\n  namespace: "<ns>"\n'));
    expect(weird).toContain('subgraph grp_ns_ns["namespace #60;ns#62;"]');
    expect(weird).toContain('ConfigMap_ns_x_y_z["ConfigMap<br/>x#34;]; y --#62; z"]');
  });

  test('output is deterministic', () => {
    expect(renderMermaid(graphOfDir(REFERENCE_DIR))).toBe(text);
  });
});
