// Parsing YAML the user wrote without letting it crash or exhaust the process. The `yaml`
// library is used as is, with its own limits, plus two checks on its concrete syntax tree
// before documents are composed:
//   - nesting depth: composing recurses once per level, and near the stack limit V8 can abort
//     the whole process (not a catchable RangeError), so deeper texts are refused up front;
//   - alias count: resolving an alias scans the document's anchors, so very many aliases are
//     quadratic; more than MAX_YAML_ALIASES per document is refused.
// toJS errors (an alias without an anchor, an alias bomb past `maxAliasCount`) become problems
// with a line instead of exceptions. Values are read with the YAML 1.2 core schema even under
// a `%YAML 1.1` directive, so a document is always plain JSON data (no Buffer, Date, Set, Map).
import { Alias, CST, Composer, Document, DocumentOptions, LineCounter, ParseOptions, Parser, SchemaOptions, YAMLParseError, isAlias, isNode, visit } from 'yaml';

/** Deepest nesting of collections accepted (Kubernetes objects and CRDs stay under 40). */
export const MAX_YAML_DEPTH = 256;
/** Most alias nodes (`*name`) accepted in one document. */
export const MAX_YAML_ALIASES = 1000;
/** The yaml library's alias-expansion limit for toJS (its default is 100). */
export const MAX_ALIAS_COUNT = 1000;

/** A problem found while reading YAML, with its 1-based line. */
export interface YamlProblem {
  readonly line: number;
  readonly message: string;
  /** `yaml/limits` (depth, alias count) or `yaml/alias` (no anchor, a cycle, a bomb). */
  readonly rule: string;
}

export type YamlOptions = ParseOptions & DocumentOptions & SchemaOptions;

export interface ParsedYaml {
  readonly lineCounter: LineCounter;
  /** The documents; empty when `tooBig` is set. */
  readonly docs: Document.Parsed[];
  /** The text nests too deeply or holds too many aliases: nothing was composed. */
  readonly tooBig?: YamlProblem;
}

type Item = { key?: CST.Token | null; value?: CST.Token };

/** Checks each document's depth and alias count on the concrete syntax tree (no recursion). */
function checkLimits(tokens: readonly CST.Token[], lc: LineCounter): YamlProblem | undefined {
  for (const top of tokens) {
    if (top.type !== 'document') continue;
    let aliases = 0;
    const stack: Array<[CST.Token, number]> = top.value ? [[top.value, 0]] : [];
    while (stack.length) {
      const [tok, depth] = stack.pop()!;
      if (tok.type === 'alias' && ++aliases > MAX_YAML_ALIASES) {
        return { rule: 'yaml/limits', line: lc.linePos(tok.offset).line, message: `YAML: more than ${MAX_YAML_ALIASES} aliases in one document; write the values out instead of aliasing them` };
      }
      if (tok.type === 'block-scalar') for (const p of tok.props) stack.push([p, depth]);
      if (tok.type !== 'block-map' && tok.type !== 'block-seq' && tok.type !== 'flow-collection') continue;
      if (depth + 1 > MAX_YAML_DEPTH) {
        return { rule: 'yaml/limits', line: lc.linePos(tok.offset).line, message: `YAML: nested more than ${MAX_YAML_DEPTH} levels deep` };
      }
      for (const item of tok.items as Item[]) {
        if (item.key) stack.push([item.key, depth + 1]);
        if (item.value) stack.push([item.value, depth + 1]);
      }
    }
  }
  return undefined;
}

function prettify(e: YAMLParseError, lc: LineCounter): void {
  if (e.pos[0] === -1) return;
  e.linePos = [lc.linePos(e.pos[0]), lc.linePos(e.pos[1])];
  e.message += ` at line ${e.linePos[0].line}, column ${e.linePos[0].col}`;
}

/**
 * Parses a stream of documents like `parseAllDocuments`, refusing texts past the depth and
 * alias limits. `prettyErrors` only appends "at line L, column C" to messages (and sets linePos).
 */
export function parseYamlDocuments(text: string, options: YamlOptions = {}): ParsedYaml {
  return parse(text, options, false);
}

/** One document, like `parseDocument` (a second document is a MULTIPLE_DOCS error). */
export function parseYamlDocument(text: string, options: YamlOptions = {}): ParsedYaml {
  return parse(text, options, true);
}

function parse(text: string, options: YamlOptions, single: boolean): ParsedYaml {
  const lc = options.lineCounter ?? new LineCounter();
  const tokens = Array.from(new Parser(lc.addNewLine).parse(text));
  const tooBig = checkLimits(tokens, lc);
  if (tooBig) return { lineCounter: lc, docs: [], tooBig };
  const composer = new Composer({ schema: 'core', ...options, lineCounter: lc });
  const docs: Document.Parsed[] = [];
  for (const doc of composer.compose(tokens, single, single ? text.length : -1)) {
    if (single && docs.length) {
      docs[0].errors.push(new YAMLParseError(doc.range.slice(0, 2) as [number, number], 'MULTIPLE_DOCS', 'Source contains multiple documents; please use YAML.parseAllDocuments()'));
      break;
    }
    docs.push(doc);
  }
  if (options.prettyErrors) {
    for (const d of docs) for (const e of [...d.errors, ...d.warnings]) prettify(e as YAMLParseError, lc);
  }
  return { lineCounter: lc, docs };
}

/** An alias the yaml library cannot turn into data. */
export interface BadAlias {
  readonly alias: Alias;
  /** No anchor of that name before the alias. */
  readonly unresolved: boolean;
  /** The anchored node contains the alias: the data would be circular. */
  readonly cycle: boolean;
}

/**
 * The first alias without an anchor before it, or inside the node it refers to (a cycle), with
 * the yaml library's resolution: the last node with that anchor before the alias, in document order.
 */
export function badAlias(doc: Document): BadAlias | undefined {
  return aliasScan(doc).bad;
}

/** One pass over the aliases: the first bad one, and the first that repeats an anchor holding aliases itself. */
function aliasScan(doc: Document): { bad?: BadAlias; nested?: Alias } {
  const anchors = new Map<string, unknown>();
  const holdsAliases = new Set<unknown>();
  let nested: Alias | undefined;
  let bad: BadAlias | undefined;
  visit(doc, {
    Node: (_key, node, path) => {
      if (isAlias(node)) {
        const target = anchors.get(node.source);
        if (target === undefined || path.includes(target as never)) {
          bad = { alias: node, unresolved: target === undefined, cycle: target !== undefined };
          return visit.BREAK;
        }
        // An anchor is complete before any alias to it, so its mark is final here.
        if (!nested && holdsAliases.has(target)) nested = node;
        for (const p of path) holdsAliases.add(p);
      } else if (isNode(node) && node.anchor) {
        anchors.set(node.anchor, node);
      }
      return undefined;
    },
  });
  return { bad, nested };
}

const lineOfNode = (n: { range?: [number, number, number] | null } | null | undefined, lc: LineCounter, fallback: number) =>
  (n?.range ? lc.linePos(n.range[0]).line : fallback);

/**
 * The document as plain data, or the problem that stops it: an alias without an anchor or inside
 * its own anchor (at the alias), or an alias bomb (at the document). Never throws for bad input.
 */
export function yamlToJs(doc: Document, lc: LineCounter): { value: any; problem?: undefined } | { value?: undefined; problem: YamlProblem } {
  const start = lineOfNode(doc.contents, lc, 1);
  const scan = aliasScan(doc);
  const bad = scan.bad;
  if (bad) {
    const name = bad.alias.source;
    const message = bad.unresolved
      ? `YAML: alias *${name} has no anchor &${name} before it (define the anchor first, or write the value out)`
      : `YAML: alias *${name} is inside the node anchored &${name}, so the value would contain itself`;
    return { problem: { rule: 'yaml/alias', line: lineOfNode(bad.alias, lc, start), message } };
  }
  try {
    return { value: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) };
  } catch (e) {
    if (!(e instanceof ReferenceError)) throw e;
    if (/Excessive alias count/.test(e.message)) {
      // Only aliases of anchors that hold aliases multiply; point at the first of them.
      const at = scan.nested;
      const which = at ? ` (from *${at.source} on)` : '';
      return { problem: { rule: 'yaml/alias', line: lineOfNode(at, lc, start), message: `YAML: aliases expand to more than ${MAX_ALIAS_COUNT} copies of an anchor${which}, an alias bomb; write the values out instead of aliasing them` } };
    }
    return { problem: { rule: 'yaml/alias', line: start, message: `YAML: ${e.message}` } };
  }
}
