// A standalone SVG of the topology from the layered layout: group frames, edges with their
// reasons, node boxes (tooltips carry the full label, details and source), and a legend.
// Presentation attributes only (no CSS, no scripts), so any viewer or converter draws it alike.
import { FONT_SIZE, LINE_HEIGHT, Layout, LineStyle, SMALL_CHAR_WIDTH, SMALL_FONT_SIZE, layout } from './layout';
import { EdgeKind, GroupKind, NodeRole, NodeStatus, TopologyGraph } from './model';
import { EdgeStyle, MISSING_COLOR, NodeStyle, WARNING_COLOR, edgeStyle, nodeStyle } from './styles';
import { escapeXml as x, num } from './xml';

export const FONT_FAMILY = "ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace";

export interface SvgOptions {
  /** Text of the root `<title>`. @default 'cdk8s-capi topology' */
  readonly title?: string;
  /** Write the `<?xml …?>` declaration (left out when embedding in HTML). @default true */
  readonly xmlDeclaration?: boolean;
}

const GROUP_STYLE: Record<GroupKind, { fill: string; stroke: string }> = {
  [GroupKind.NAMESPACE]: { fill: '#f8fafc', stroke: '#94a3b8' },
  [GroupKind.CLUSTER]: { fill: '#eff6ff', stroke: '#60a5fa' },
  [GroupKind.HARDWARE]: { fill: '#f0fdf4', stroke: '#4ade80' },
};

function strokeAttrs(s: NodeStyle | EdgeStyle, width: number, color: string): string {
  return `stroke="${color}" stroke-width="${num(width)}"${s.dash ? ` stroke-dasharray="${s.dash}"` : ''}`;
}

function markerId(color: string): string {
  return `arrow-${color.replace('#', '')}`;
}

interface LegendItem {
  readonly label: string;
  readonly node?: NodeStyle;
  readonly edge?: EdgeStyle;
}

const LEGEND: LegendItem[] = [
  { label: 'object', node: nodeStyle(NodeRole.OTHER, NodeStatus.OK) },
  { label: 'warning', node: nodeStyle(NodeRole.HOST, NodeStatus.WARNING) },
  { label: 'not in the input', node: nodeStyle(NodeRole.OTHER, NodeStatus.MISSING) },
  { label: 'reference', edge: edgeStyle(EdgeKind.REFERENCE, false) },
  { label: 'selects', edge: edgeStyle(EdgeKind.SELECTS, false) },
  { label: 'credentials', edge: edgeStyle(EdgeKind.CREDENTIALS, false) },
  { label: 'embeds', edge: edgeStyle(EdgeKind.EMBEDS, false) },
  { label: 'address / endpoint', edge: edgeStyle(EdgeKind.ADDRESS, false) },
  { label: 'selects nothing / missing', edge: edgeStyle(EdgeKind.SELECTS_NOTHING, true) },
];

export function renderSvg(graph: TopologyGraph, opts: SvgOptions = {}, computed: Layout = layout(graph)): string {
  const out: string[] = [];
  const legendY = computed.bottom;
  const legendWidth = LEGEND.reduce((w, i) => w + 44 + i.label.length * SMALL_CHAR_WIDTH + 18, 16);
  const width = Math.max(computed.width, Math.ceil(legendWidth));
  const height = Math.ceil(legendY + 40);
  const colors = [...new Set([
    ...Object.values(EdgeKind).map(k => edgeStyle(k, false).stroke),
    WARNING_COLOR,
  ])].sort();

  if (opts.xmlDeclaration ?? true) out.push('<?xml version="1.0" encoding="UTF-8"?>');
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${x(FONT_FAMILY)}" font-size="${FONT_SIZE}">`);
  out.push(`<title>${x(opts.title ?? 'cdk8s-capi topology')}</title>`);
  out.push('<defs>');
  for (const c of colors) {
    out.push(`<marker id="${markerId(c)}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" markerUnits="userSpaceOnUse" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="${c}"/></marker>`);
  }
  out.push('</defs>');
  out.push(`<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`);

  out.push('<g class="groups">');
  for (const g of computed.groups) {
    const s = GROUP_STYLE[g.group.kind];
    out.push(`<g id="${x(g.group.id)}" class="group group-${g.group.kind}">`
      + `<rect x="${num(g.x)}" y="${num(g.y)}" width="${num(g.width)}" height="${num(g.height)}" rx="8" fill="${s.fill}" stroke="${s.stroke}" stroke-width="1.2"/>`
      + `<text x="${num(g.x + 10)}" y="${num(g.y + 18)}" font-weight="bold" fill="#334155">${x(g.group.label)}</text></g>`);
  }
  out.push('</g>');

  out.push('<g class="edges">');
  for (const r of computed.edges) {
    const s = edgeStyle(r.edge.kind, r.edge.warning);
    const lw = r.labelWidth;
    out.push(`<g class="edge edge-${r.edge.kind}${r.edge.warning ? ' edge-warning' : ''}" data-from="${x(r.edge.from)}" data-to="${x(r.edge.to)}">`
      + `<title>${x(`${r.edge.from} → ${r.edge.to}: ${r.edge.reason}`)}</title>`
      + `<path d="${r.path}" fill="none" ${strokeAttrs(s, s.width, s.stroke)} marker-end="url(#${markerId(s.stroke)})"/>`
      + `<rect x="${num(r.labelX - lw / 2)}" y="${num(r.labelY - 8)}" width="${num(lw)}" height="15" rx="3" fill="#ffffff" fill-opacity="0.9"/>`
      + `<text x="${num(r.labelX)}" y="${num(r.labelY + 4)}" font-size="${SMALL_FONT_SIZE}" text-anchor="middle" fill="${r.edge.warning ? WARNING_COLOR : '#334155'}">${x(r.edge.reason)}</text></g>`);
  }
  out.push('</g>');

  out.push('<g class="nodes">');
  for (const b of computed.nodes) {
    const n = b.node;
    const s = nodeStyle(n.role, n.status);
    const tip = [n.label, ...(n.namespace ? [`namespace ${n.namespace}`] : []), ...n.details, ...(n.note ? [n.note] : []), ...(n.source ? [n.source] : [])].join('\n');
    const tspans = b.lines.map((l, i) => {
      const y = b.y + 8 + (i + 1) * LINE_HEIGHT - 4;
      const attrs = l.style === LineStyle.NAME ? ` font-weight="bold" fill="${s.text}"`
        : l.style === LineStyle.NOTE ? ` font-size="${SMALL_FONT_SIZE}" fill="${n.status === NodeStatus.WARNING ? '#b45309' : MISSING_COLOR}"`
          : ` font-size="${SMALL_FONT_SIZE}" fill="${l.style === LineStyle.KIND ? '#64748b' : '#334155'}"`;
      return `<tspan x="${num(b.x + 10)}" y="${num(y)}"${attrs}>${x(l.text)}</tspan>`;
    }).join('');
    out.push(`<g id="${x(n.id)}" class="node role-${n.role} status-${n.status}">`
      + `<title>${x(tip)}</title>`
      + `<rect x="${num(b.x)}" y="${num(b.y)}" width="${num(b.width)}" height="${num(b.height)}" rx="${n.role === NodeRole.CLUSTER ? 14 : 6}" fill="${s.fill}" ${strokeAttrs(s, s.strokeWidth, s.stroke)}/>`
      + `<text>${tspans}</text></g>`);
  }
  out.push('</g>');

  // Legend: one row under the drawing.
  const legend: string[] = [];
  let lx = 16;
  const ly = legendY + 8;
  for (const item of LEGEND) {
    if (item.node) {
      legend.push(`<rect x="${num(lx)}" y="${num(ly)}" width="34" height="16" rx="4" fill="${item.node.fill}" ${strokeAttrs(item.node, item.node.strokeWidth, item.node.stroke)}/>`);
    } else if (item.edge) {
      legend.push(`<path d="M${num(lx)},${num(ly + 8)} L${num(lx + 34)},${num(ly + 8)}" fill="none" ${strokeAttrs(item.edge, item.edge.width, item.edge.stroke)} marker-end="url(#${markerId(item.edge.stroke)})"/>`);
    }
    legend.push(`<text x="${num(lx + 42)}" y="${num(ly + 12)}" font-size="${SMALL_FONT_SIZE}" fill="#334155">${x(item.label)}</text>`);
    lx += 44 + item.label.length * SMALL_CHAR_WIDTH + 18;
  }
  out.push(`<g class="legend">${legend.join('')}</g>`);
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

