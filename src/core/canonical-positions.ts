// Line numbers for a text in synth's canonical form (canonical-yaml.ts), without the yaml
// library's syntax tree: js-yaml reads the text again and reports where each node opens, and the
// nodes are matched to the values already read. Asked for only when a finding needs a line.
// The resolver answers exactly what manifest-files' resolver over the yaml library's tree answers
// (test/core/canonical-positions.test.ts compares them on every field of many documents); any
// doubt (the events do not match the values) returns undefined, and the caller parses the text
// with the yaml library as before.
import { CORE_SCHEMA, loadAll } from 'js-yaml';

/** Where a node starts, and for collections, where their entries are. */
export interface PositionNode {
  /** 1-based line of the node's first character. */
  readonly line: number;
  /** A `|` or `>` scalar: its content starts on the line after `line`. */
  readonly block?: boolean;
  /** A mapping: each key's line and its value. */
  readonly keys?: ReadonlyMap<string, { readonly line: number; readonly value: PositionNode }>;
  /** A sequence: its items. */
  readonly items?: readonly PositionNode[];
}

interface Frame {
  readonly start: number;
  kind: string | null;
  result: unknown;
  readonly children: Frame[];
}

/** Offsets of line starts, for a binary search from an offset to its 1-based line. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

const isMapping = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The position tree of one node, checked against its value; undefined on any mismatch. */
function toNode(outer: Frame, value: unknown, text: string, starts: readonly number[]): PositionNode | undefined {
  // A block-sequence item is first read as a possible key (`- {}` opens `{}` inside the item):
  // a single child holding the very same value is the node itself.
  let frame = outer;
  const wrapper = (f: Frame) => f.children.length === 1 && f.children[0].kind === f.kind && Object.is(f.children[0].result, f.result);
  while (wrapper(frame)) frame = frame.children[0];
  // js-yaml opens a node before the blanks in front of it; the node starts at its first character.
  let at = frame.start;
  while (at < text.length && (text[at] === ' ' || text[at] === '\n' || text[at] === '\r')) at++;
  const line = lineAt(starts, at);
  if (Array.isArray(value)) {
    if (frame.kind !== 'sequence' || frame.children.length !== value.length) return undefined;
    const items: PositionNode[] = [];
    for (let i = 0; i < value.length; i++) {
      const item = toNode(frame.children[i], value[i], text, starts);
      if (!item) return undefined;
      items.push(item);
    }
    return { line, items };
  }
  if (isMapping(value)) {
    const names = Object.keys(value);
    if (frame.kind !== 'mapping' || frame.children.length !== names.length * 2) return undefined;
    const keys = new Map<string, { line: number; value: PositionNode }>();
    for (let i = 0; i < names.length; i++) {
      const keyFrame = frame.children[2 * i];
      if (keyFrame.kind !== 'scalar' || keyFrame.result !== names[i]) return undefined;
      const node = toNode(frame.children[2 * i + 1], value[names[i]], text, starts);
      if (!node) return undefined;
      keys.set(names[i], { line: toNode(keyFrame, names[i], text, starts)!.line, value: node });
    }
    return { line, keys };
  }
  // A scalar (a block-sequence item opens a node for the key it then finds is none: ignored).
  if (frame.kind !== 'scalar' || !Object.is(frame.result, value)) return undefined;
  return text[at] === '|' || text[at] === '>' ? { line, block: true } : { line };
}

/** The position tree of each document of a canonical text whose documents are `docs`. */
export function canonicalPositions(text: string, docs: readonly unknown[]): PositionNode[] | undefined {
  const roots: Frame[] = [];
  const stack: Frame[] = [];
  try {
    loadAll(text, null, {
      schema: CORE_SCHEMA,
      listener(event, state) {
        if (event === 'open') {
          stack.push({ start: state.position, kind: null, result: undefined, children: [] });
          return;
        }
        const frame = stack.pop()!;
        frame.kind = state.kind;
        frame.result = state.result;
        // Where a block collection ends, js-yaml opens a node for a next key and finds nothing.
        if (frame.kind === null) return;
        (stack.length ? stack[stack.length - 1].children : roots).push(frame);
      },
    });
  } catch {
    return undefined;
  }
  if (roots.length !== docs.length) return undefined;
  const starts = lineStarts(text);
  const out: PositionNode[] = [];
  for (let i = 0; i < docs.length; i++) {
    const node = toNode(roots[i], docs[i], text, starts);
    if (!node) return undefined;
    out.push(node);
  }
  return out;
}

/** The item a sequence index names, as the yaml library reads an index (`2` or `"2"`). */
function itemIndex(seg: string | number): number | undefined {
  const idx = typeof seg === 'string' && seg ? Number(seg) : seg;
  return typeof idx === 'number' && Number.isInteger(idx) && idx >= 0 ? idx : undefined;
}

/**
 * The line a field path points at: the key of the deepest segment found (or the item's line in a
 * sequence); with `embeddedLine`, that line inside the scalar's text (a block scalar's text starts
 * on the line after its indicator).
 */
export function lineInTree(root: PositionNode, path: ReadonlyArray<string | number>, embeddedLine?: number): number {
  let node: PositionNode = root;
  let best = root.line;
  for (const seg of path) {
    if (node.keys) {
      const entry: { readonly line: number; readonly value: PositionNode } | undefined = typeof seg === 'string' ? node.keys.get(seg) : undefined;
      if (!entry) break;
      best = entry.line;
      node = entry.value;
    } else if (node.items) {
      const idx = itemIndex(seg);
      const item: PositionNode | undefined = idx === undefined ? undefined : node.items[idx];
      if (!item) break;
      best = item.line;
      node = item;
    } else {
      break;
    }
  }
  if (embeddedLine !== undefined && !node.keys && !node.items) return node.line + (node.block ? embeddedLine : embeddedLine - 1);
  return best;
}
