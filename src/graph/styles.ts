// Colours and strokes shared by the Mermaid and SVG renderers, so both pictures read alike.
import { EdgeKind, NodeRole, NodeStatus } from './model';

export interface NodeStyle {
  readonly fill: string;
  readonly stroke: string;
  readonly strokeWidth: number;
  /** @default - solid */
  readonly dash?: string;
  readonly text: string;
}

const ROLE_FILL: Record<NodeRole, string> = {
  [NodeRole.CLUSTER]: '#bfdbfe',
  [NodeRole.INFRASTRUCTURE]: '#c7d2fe',
  [NodeRole.CONTROL_PLANE]: '#ddd6fe',
  [NodeRole.WORKERS]: '#f5d0fe',
  [NodeRole.TEMPLATE]: '#e2e8f0',
  [NodeRole.PROVIDER]: '#fed7aa',
  [NodeRole.ADDRESS_POOL]: '#a5f3fc',
  [NodeRole.VIP]: '#cffafe',
  [NodeRole.HOST]: '#bbf7d0',
  [NodeRole.HARDWARE]: '#bbf7d0',
  [NodeRole.SECRET]: '#fef08a',
  [NodeRole.SELECTOR]: '#ffedd5',
  [NodeRole.OTHER]: '#ffffff',
};

export const WARNING_COLOR = '#d97706';
export const MISSING_COLOR = '#64748b';

export function nodeStyle(role: NodeRole, status: NodeStatus): NodeStyle {
  if (status === NodeStatus.WARNING) return { fill: '#fff7ed', stroke: WARNING_COLOR, strokeWidth: 2.5, dash: '6 3', text: '#7c2d12' };
  if (status === NodeStatus.MISSING) return { fill: '#f8fafc', stroke: MISSING_COLOR, strokeWidth: 1.5, dash: '4 3', text: '#475569' };
  return { fill: ROLE_FILL[role], stroke: '#334155', strokeWidth: 1.2, text: '#0f172a' };
}

export interface EdgeStyle {
  readonly stroke: string;
  readonly width: number;
  /** @default - solid */
  readonly dash?: string;
}

const EDGE: Record<EdgeKind, EdgeStyle> = {
  [EdgeKind.REFERENCE]: { stroke: '#475569', width: 1.4 },
  [EdgeKind.MEMBER]: { stroke: '#475569', width: 1.4 },
  [EdgeKind.SELECTS]: { stroke: '#15803d', width: 1.8 },
  [EdgeKind.SELECTS_NOTHING]: { stroke: WARNING_COLOR, width: 2.2, dash: '6 4' },
  [EdgeKind.CREDENTIALS]: { stroke: '#a16207', width: 1.4, dash: '2 3' },
  [EdgeKind.EMBEDS]: { stroke: '#7c3aed', width: 1.4, dash: '5 3' },
  [EdgeKind.ADDRESS]: { stroke: '#0e7490', width: 1.4 },
  [EdgeKind.ENDPOINT]: { stroke: '#0e7490', width: 1.4, dash: '5 3' },
};

export function edgeStyle(kind: EdgeKind, warning: boolean): EdgeStyle {
  return warning ? { stroke: WARNING_COLOR, width: 2.2, dash: '6 4' } : EDGE[kind];
}
