// Mermaid `flowchart LR` source: one subgraph per namespace with a nested subgraph per
// cluster, node ids from the model (stable), labels escaped with Mermaid entity codes, one
// class per node (its status when not ok, else its role) and link styles by edge kind.
import { EdgeKind, GraphGroup, GraphNode, NodeRole, NodeStatus, TopologyGraph } from './model';
import { EdgeStyle, edgeStyle, nodeStyle } from './styles';

/** Text inside a quoted Mermaid label: entity codes for the characters Mermaid or HTML would read. */
export function escapeMermaid(text: string): string {
  return text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/[#"&<>`]/g, c => `#${c.charCodeAt(0)};`);
}

function shape(n: GraphNode, label: string): string {
  const q = `"${label}"`;
  switch (n.role) {
    case NodeRole.CLUSTER: return `([${q}])`;
    case NodeRole.VIP: return `{{${q}}}`;
    case NodeRole.SECRET: return `[(${q})]`;
    case NodeRole.SELECTOR: return `>${q}]`;
    default: return `[${q}]`;
  }
}

function nodeLabel(n: GraphNode): string {
  const lines = [n.kind, n.name, ...n.details];
  if (n.note && n.status !== NodeStatus.OK) lines.push(`${n.status === NodeStatus.WARNING ? '⚠ ' : ''}${n.note}`);
  return lines.map(escapeMermaid).join('<br/>');
}

function classOf(n: GraphNode): string {
  return n.status === NodeStatus.OK ? `role_${n.role.replace(/-/g, '_')}` : n.status;
}

function classDef(name: string, n: GraphNode): string {
  const s = nodeStyle(n.role, n.status);
  return `classDef ${name} fill:${s.fill},stroke:${s.stroke},stroke-width:${s.strokeWidth}px,color:${s.text}${s.dash ? `,stroke-dasharray:${s.dash}` : ''}`;
}

function arrow(kind: EdgeKind, s: EdgeStyle): string {
  if (kind === EdgeKind.SELECTS) return '==>';
  return s.dash ? '-.->' : '-->';
}

function linkStyle(s: EdgeStyle): string {
  return `stroke:${s.stroke},stroke-width:${s.width}px${s.dash ? `,stroke-dasharray:${s.dash}` : ''}`;
}

export function renderMermaid(graph: TopologyGraph): string {
  const out: string[] = [];
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  out.push(`%% cdk8s-capi graph: ${plural(graph.nodes.length, 'node')}, ${plural(graph.edges.length, 'edge')}, ${plural(graph.warnings.length, 'warning')}`);
  out.push('flowchart LR');
  const children = new Map<string | undefined, GraphGroup[]>();
  for (const g of graph.groups) children.set(g.parent, [...(children.get(g.parent) ?? []), g]);
  const known = new Set(graph.groups.map(g => g.id));
  const inGroup = (id: string | undefined) => graph.nodes.filter(n => (id === undefined ? !known.has(n.group) : n.group === id));
  const node = (n: GraphNode, indent: string) => out.push(`${indent}${n.id}${shape(n, nodeLabel(n))}`);
  const walk = (g: GraphGroup, indent: string) => {
    out.push(`${indent}subgraph ${g.id}["${escapeMermaid(g.label)}"]`);
    for (const c of children.get(g.id) ?? []) walk(c, `${indent}  `);
    for (const n of inGroup(g.id)) node(n, `${indent}  `);
    out.push(`${indent}end`);
  };
  for (const g of children.get(undefined) ?? []) walk(g, '  ');
  for (const n of inGroup(undefined)) node(n, '  ');

  const styles = new Map<string, number[]>();
  graph.edges.forEach((e, i) => {
    const s = edgeStyle(e.kind, e.warning);
    out.push(`  ${e.from} ${arrow(e.kind, s)}|"${escapeMermaid(e.reason)}"| ${e.to}`);
    const key = linkStyle(s);
    styles.set(key, [...(styles.get(key) ?? []), i]);
  });

  const classes = new Map<string, GraphNode[]>();
  for (const n of graph.nodes) classes.set(classOf(n), [...(classes.get(classOf(n)) ?? []), n]);
  for (const name of [...classes.keys()].sort()) {
    const members = classes.get(name)!;
    out.push(`  ${classDef(name, members[0])}`);
    out.push(`  class ${members.map(n => n.id).join(',')} ${name}`);
  }
  for (const key of [...styles.keys()].sort()) out.push(`  linkStyle ${styles.get(key)!.join(',')} ${key}`);
  return `${out.join('\n')}\n`;
}
