// A small layered layout for the SVG, computed here so no layout engine or browser is needed:
// columns by dependency depth (longest path from the roots), one horizontal band per group
// (namespace → its clusters first, then the namespace's own nodes), rows within a band ordered
// by the mean height of already placed predecessors, ties by node order. Text is sized for a
// monospace font, so widths are predictable without measuring.
import { GraphEdge, GraphGroup, GraphNode, NodeStatus, TopologyGraph } from './model';

export const FONT_SIZE = 12;
export const SMALL_FONT_SIZE = 11;
/** Advance of one monospace character at FONT_SIZE (0.6 em, rounded up a little). */
export const CHAR_WIDTH = 7.4;
export const SMALL_CHAR_WIDTH = 6.8;
export const LINE_HEIGHT = 16;
const PAD_X = 10;
const PAD_Y = 8;
const MIN_NODE_WIDTH = 120;
const ROW_GAP = 14;
const MIN_COLUMN_GAP = 70;
const MARGIN = 16;
const INSET = 14;
const GROUP_HEADER = 26;
const GROUP_FOOTER = 12;
const BAND_GAP = 10;
const LABEL_HEIGHT = 15;

export enum LineStyle {
  KIND = 'kind',
  NAME = 'name',
  DETAIL = 'detail',
  NOTE = 'note',
}

export interface TextLine {
  readonly text: string;
  readonly style: LineStyle;
}

export interface NodeBox {
  readonly node: GraphNode;
  readonly column: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly lines: readonly TextLine[];
}

export interface GroupBox {
  readonly group: GraphGroup;
  /** Nesting depth (0 = top level). */
  readonly depth: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface EdgeRoute {
  readonly edge: GraphEdge;
  /** SVG path data (a cubic Bézier from the source's right side to the target's left side). */
  readonly path: string;
  readonly labelX: number;
  readonly labelY: number;
  readonly labelWidth: number;
}

export interface Layout {
  readonly width: number;
  readonly height: number;
  readonly nodes: readonly NodeBox[];
  readonly groups: readonly GroupBox[];
  readonly edges: readonly EdgeRoute[];
  /** Top of the free area under the drawing (for a legend). */
  readonly bottom: number;
}

/** The lines drawn in a node box: kind, name, details, then the warning note. */
export function nodeLines(n: GraphNode): TextLine[] {
  const lines: TextLine[] = [{ text: n.kind, style: LineStyle.KIND }, { text: n.name, style: LineStyle.NAME }];
  for (const d of n.details) lines.push({ text: d, style: LineStyle.DETAIL });
  if (n.note && n.status !== NodeStatus.OK) lines.push({ text: `${n.status === NodeStatus.WARNING ? '⚠ ' : ''}${n.note}`, style: LineStyle.NOTE });
  return lines;
}

export function textWidth(text: string, small = false): number {
  return [...text].length * (small ? SMALL_CHAR_WIDTH : CHAR_WIDTH);
}

export function edgeLabelWidth(reason: string): number {
  return textWidth(reason, true) + 8;
}

/** Longest-path depth from the roots; edges closing a cycle are ignored (found by DFS in node order). */
export function columnsOf(graph: TopologyGraph): Map<string, number> {
  const out = new Map<string, GraphEdge[]>();
  for (const e of graph.edges) out.set(e.from, [...(out.get(e.from) ?? []), e]);
  const state = new Map<string, number>();
  const back = new Set<GraphEdge>();
  const postorder: string[] = [];
  const visit = (id: string) => {
    // Iterative DFS: deep reference chains must not overflow the stack.
    const stack: Array<{ id: string; i: number }> = [{ id, i: 0 }];
    state.set(id, 1);
    while (stack.length) {
      const top = stack[stack.length - 1];
      const edges = out.get(top.id) ?? [];
      if (top.i < edges.length) {
        const e = edges[top.i++];
        const s = state.get(e.to) ?? 0;
        if (s === 1) {
          back.add(e);
        } else if (s === 0) {
          state.set(e.to, 1);
          stack.push({ id: e.to, i: 0 });
        }
      } else {
        state.set(top.id, 2);
        postorder.push(top.id);
        stack.pop();
      }
    }
  };
  for (const n of graph.nodes) if (!state.get(n.id)) visit(n.id);
  const depth = new Map<string, number>(graph.nodes.map(n => [n.id, 0]));
  for (const id of postorder.reverse()) {
    for (const e of out.get(id) ?? []) {
      if (!back.has(e)) depth.set(e.to, Math.max(depth.get(e.to)!, depth.get(id)! + 1));
    }
  }
  return depth;
}

/** Bézier point at t for one coordinate. */
function bezier(p0: number, p1: number, p2: number, p3: number, t: number): number {
  const u = 1 - t;
  return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3;
}

const r1 = (v: number) => Math.round(v * 10) / 10;

export function layout(graph: TopologyGraph): Layout {
  const column = columnsOf(graph);
  const columns = Math.max(0, ...column.values()) + 1;
  const lines = new Map(graph.nodes.map(n => [n.id, nodeLines(n)]));
  const size = new Map(graph.nodes.map(n => {
    const ls = lines.get(n.id)!;
    const w = Math.max(MIN_NODE_WIDTH, ...ls.map(l => textWidth(l.text, l.style !== LineStyle.NAME))) + 2 * PAD_X;
    return [n.id, { w: Math.ceil(w), h: ls.length * LINE_HEIGHT + 2 * PAD_Y }];
  }));

  // Group tree → bands in drawing order.
  const children = new Map<string | undefined, GraphGroup[]>();
  for (const g of graph.groups) children.set(g.parent, [...(children.get(g.parent) ?? []), g]);
  const depthOf = new Map<string, number>();
  const maxDepth = { v: 0 };
  const setDepth = (parent: string | undefined, d: number) => {
    for (const g of children.get(parent) ?? []) {
      depthOf.set(g.id, d);
      maxDepth.v = Math.max(maxDepth.v, d);
      setDepth(g.id, d + 1);
    }
  };
  setDepth(undefined, 0);

  // Column x positions: widths from the nodes, gaps wide enough for the labels placed in them.
  const colWidth = new Array(columns).fill(0);
  for (const n of graph.nodes) colWidth[column.get(n.id)!] = Math.max(colWidth[column.get(n.id)!], size.get(n.id)!.w);
  const gapBefore = new Array(columns).fill(MIN_COLUMN_GAP);
  for (const e of graph.edges) {
    const t = column.get(e.to)!;
    if (t > column.get(e.from)!) gapBefore[t] = Math.max(gapBefore[t], edgeLabelWidth(e.reason) + 24);
  }
  const left = MARGIN + (maxDepth.v + 1) * INSET;
  const colX: number[] = [];
  let x = left;
  for (let c = 0; c < columns; c++) {
    if (c > 0) x += gapBefore[c];
    colX.push(x);
    x += colWidth[c];
  }
  const contentRight = x;
  const width = Math.ceil(contentRight + (maxDepth.v + 1) * INSET + MARGIN);

  // Bands, top to bottom.
  const byGroup = new Map<string, GraphNode[]>();
  for (const n of graph.nodes) byGroup.set(n.group, [...(byGroup.get(n.group) ?? []), n]);
  const preds = new Map<string, string[]>();
  for (const e of graph.edges) preds.set(e.to, [...(preds.get(e.to) ?? []), e.from]);
  const order = new Map(graph.nodes.map((n, i) => [n.id, i]));
  const centerY = new Map<string, number>();
  const boxes: NodeBox[] = [];
  const groupBoxes: GroupBox[] = [];
  let y = MARGIN;

  const placeBand = (nodes: GraphNode[]) => {
    let bandHeight = 0;
    for (let c = 0; c < columns; c++) {
      const inCol = nodes.filter(n => column.get(n.id) === c);
      const key = (n: GraphNode) => {
        const ys = (preds.get(n.id) ?? []).filter(p => centerY.has(p)).map(p => centerY.get(p)!);
        return ys.length ? ys.reduce((a, v) => a + v, 0) / ys.length : Number.POSITIVE_INFINITY;
      };
      const keys = new Map(inCol.map(n => [n.id, key(n)]));
      inCol.sort((a, b) => (keys.get(a.id)! - keys.get(b.id)!) || (order.get(a.id)! - order.get(b.id)!));
      let cy = y;
      for (const n of inCol) {
        const s = size.get(n.id)!;
        boxes.push({ node: n, column: c, x: colX[c], y: cy, width: s.w, height: s.h, lines: lines.get(n.id)! });
        centerY.set(n.id, cy + s.h / 2);
        cy += s.h + ROW_GAP;
      }
      bandHeight = Math.max(bandHeight, cy - ROW_GAP - y);
    }
    y += bandHeight;
  };

  const walk = (g: GraphGroup) => {
    const d = depthOf.get(g.id)!;
    const top = y;
    y += GROUP_HEADER;
    for (const child of children.get(g.id) ?? []) {
      walk(child);
      y += BAND_GAP;
    }
    const own = byGroup.get(g.id) ?? [];
    if (own.length) placeBand(own);
    else if ((children.get(g.id) ?? []).length) y -= BAND_GAP;
    y += GROUP_FOOTER;
    const gx = MARGIN + d * INSET;
    groupBoxes.push({ group: g, depth: d, x: gx, y: top, width: width - 2 * gx, height: y - top });
  };
  for (const g of children.get(undefined) ?? []) {
    walk(g);
    y += BAND_GAP * 2;
  }
  // Nodes outside any group (not produced by buildTopology, but a hand-made graph may have them).
  const loose = graph.nodes.filter(n => !graph.groups.some(g => g.id === n.group));
  if (loose.length) placeBand(loose);

  const box = new Map(boxes.map(b => [b.node.id, b]));
  const routes: EdgeRoute[] = graph.edges.map(e => {
    const s = box.get(e.from)!;
    const t = box.get(e.to)!;
    const x0 = s.x + s.width;
    const y0 = s.y + s.height / 2;
    const x3 = t.x;
    const y3 = t.y + t.height / 2;
    const forward = t.column > s.column;
    const dx = forward ? Math.min((x3 - x0) / 2, 140) : 80;
    const [x1, x2] = [x0 + dx, x3 - dx];
    let tl = 0.5;
    if (forward) {
      // The label sits in the middle of the gap just before the target's column.
      const xm = colX[t.column] - gapBefore[t.column] / 2;
      let lo = 0;
      let hi = 1;
      for (let i = 0; i < 40; i++) {
        const mid = (lo + hi) / 2;
        if (bezier(x0, x1, x2, x3, mid) < xm) lo = mid;
        else hi = mid;
      }
      tl = (lo + hi) / 2;
    }
    return {
      edge: e,
      path: `M${r1(x0)},${r1(y0)} C${r1(x1)},${r1(y0)} ${r1(x2)},${r1(y3)} ${r1(x3)},${r1(y3)}`,
      labelX: bezier(x0, x1, x2, x3, tl),
      labelY: bezier(y0, y0, y3, y3, tl),
      labelWidth: edgeLabelWidth(e.reason),
    };
  });
  // Labels sharing a gap are pushed apart vertically, top to bottom.
  const placed: EdgeRoute[] = [];
  const sorted = [...routes].sort((a, b) => a.labelY - b.labelY || a.labelX - b.labelX);
  for (const r of sorted) {
    let ly = r.labelY;
    for (let moved = true; moved;) {
      moved = false;
      for (const p of placed) {
        const overlapX = Math.abs(p.labelX - r.labelX) < (p.labelWidth + r.labelWidth) / 2;
        if (overlapX && Math.abs(p.labelY - ly) < LABEL_HEIGHT) {
          ly = p.labelY + LABEL_HEIGHT;
          moved = true;
        }
      }
    }
    placed.push({ ...r, labelX: r1(r.labelX), labelY: r1(ly) });
  }
  const finalRoutes = routes.map(r => placed.find(p => p.edge === r.edge)!);
  return {
    width,
    height: Math.ceil(y),
    nodes: boxes,
    groups: groupBoxes.sort((a, b) => a.depth - b.depth || a.y - b.y),
    edges: finalRoutes,
    bottom: y,
  };
}
