// Reading manifests from files, directories and stdin with positions, so findings can point
// at file:line. Used by `validate`, `apply` and friends; works on any YAML, ours or not.
import { Dirent, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LineCounter, Node, isCollection, isMap, isScalar, isSeq } from 'yaml';
import { fleetYamlBundle, fleetYamlField } from './fleet-yaml';
import { PositionNode, canonicalPositions, lineInTree } from '../core/canonical-positions';
import { readCanonicalYaml } from '../core/canonical-yaml';
import { FileError } from '../core/errors';
import { KubeObject } from '../core/kube-object';
import { InputFileError, describeFsError, readInputFile, readStdin } from '../core/read-file';
import { ParsedYaml, parseYamlDocuments, yamlToJs } from '../core/safe-yaml';

export interface LoadedManifest {
  /** File as the user named it (or `<stdin>`). */
  readonly file: string;
  /** 0-based document index in the file. */
  readonly index: number;
  readonly object: KubeObject;
  /** 1-based line of the document start. */
  readonly line: number;
  /** Resolves a finding's field path to a 1-based line (nearest existing ancestor). */
  lineOf(field: string, embeddedLine?: number): number;
}

export interface LoadProblem {
  readonly file: string;
  readonly line: number;
  readonly message: string;
  /** `yaml/syntax` (the default), `yaml/alias`, `yaml/limits` or `input/not-an-object`. */
  readonly rule?: string;
}

export interface LoadResult {
  readonly manifests: LoadedManifest[];
  /** YAML syntax errors and documents that are not Kubernetes objects. */
  readonly problems: LoadProblem[];
  /** Other files found (e.g. hardware.csv), for the caller to handle. */
  readonly otherFiles: string[];
  /** The YAML files read, as shown in findings (`<stdin>` for `-`). */
  readonly yamlFiles: string[];
  /** Fleet fleet.yaml files found in directories: validated as Bundles, never applied. @default none */
  readonly fleetYamlFiles?: string[];
}

/** Thrown for unreadable paths (exit code 2 in the CLI). */
export class ManifestIoError extends FileError {
  constructor(message: string) {
    super(message);
    this.name = 'ManifestIoError';
  }
}

const YAML_EXT = /\.ya?ml$/i;

/** Files under the given paths: YAML files, plus other files passed explicitly or with known extensions. */
export function expandPaths(paths: readonly string[], extraExt: RegExp = /\.csv$/i): { yaml: string[]; other: string[]; fleet: string[] } {
  const yaml: string[] = [];
  const other: string[] = [];
  const fleet: string[] = [];
  const walk = (p: string, explicit: boolean, ancestors: ReadonlyMap<string, string>, knownFile = false) => {
    let st;
    try {
      // A directory entry that is a plain file needs no stat of its own (5,000 files in a fleet).
      st = knownFile ? undefined : statSync(p);
    } catch (e) {
      throw new ManifestIoError(`cannot read ${p}: ${describeFsError(e)}`);
    }
    if (st?.isDirectory()) {
      // Symlinks are followed, so a link back up would recurse until the path is too long.
      const id = `${st.dev}:${st.ino}`;
      const outer = ancestors.get(id);
      if (outer !== undefined) throw new ManifestIoError(`cannot read ${p}: a symlink loop (it is the directory ${outer}, which contains it)`);
      let entries: Dirent[];
      try {
        entries = readdirSync(p, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      } catch (e) {
        throw new ManifestIoError(`cannot read ${p}: ${describeFsError(e)}`);
      }
      const inner = new Map(ancestors).set(id, p);
      for (const entry of entries) {
        if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
        walk(join(p, entry.name), false, inner, entry.isFile());
      }
    } else if (!explicit && /(^|\/)fleet\.ya?ml$/.test(p)) {
      // Fleet bundle settings beside manifests, not Kubernetes objects.
      fleet.push(p);
    } else if (YAML_EXT.test(p)) {
      yaml.push(p);
    } else if (explicit || extraExt.test(p)) {
      other.push(p);
    }
  };
  for (const p of paths) {
    if (p === '-') yaml.push('-');
    else walk(p, true, new Map());
  }
  return { yaml, other, fleet };
}

/** Field path `spec.ports[0].port` / `metadata.labels[a.b/c]` → YAML path segments. */
export function fieldSegments(field: string): Array<string | number> {
  const out: Array<string | number> = [];
  const re = /([^.[\]]+)|\[([^\]]*)\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(field))) {
    if (m[1] !== undefined) out.push(m[1]);
    else out.push(/^\d+$/.test(m[2]) ? Number(m[2]) : m[2]);
  }
  return out;
}

/** The YAML path of a finding's field: embedded findings look like "spec.x.config: storage.files[2].mode". */
const yamlPathOf = (field: string) => fieldSegments(field.split(': ')[0].split(' ')[0]);

function lineResolver(root: unknown, lc: LineCounter): (field: string, embeddedLine?: number) => number {
  const start = lc.linePos((root as Node | null)?.range?.[0] ?? 0).line;
  return (field: string, embeddedLine?: number) => {
    const yamlPath = yamlPathOf(field);
    let node: unknown = root;
    let best = start;
    for (const seg of yamlPath) {
      if (!isCollection(node)) break;
      const pair = (node as any).items?.find((it: any) => (isScalar(it?.key) ? it.key.value === seg : false));
      const next = pair ? pair.value : (node as any).get?.(seg, true);
      if (pair?.key?.range) best = lc.linePos(pair.key.range[0]).line;
      else if ((next as Node)?.range) best = lc.linePos((next as Node).range![0]).line;
      else break;
      node = next;
    }
    if (embeddedLine !== undefined && isScalar(node) && (node as any).range) {
      // A block scalar's content starts on the line after its indicator.
      const valueLine = lc.linePos((node as any).range[0]).line;
      const block = (node as any).type === 'BLOCK_LITERAL' || (node as any).type === 'BLOCK_FOLDED';
      return valueLine + (block ? embeddedLine : embeddedLine - 1);
    }
    return best;
  };
}

const describeValue = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'a mapping' : `${typeof v} ${JSON.stringify(v)}`);

/** Why a value is not a Kubernetes object, and the key to point at; undefined when it is one. */
export function kubeObjectProblem(object: unknown): { key?: string; message: string } | undefined {
  if (typeof object !== 'object' || object === null || Array.isArray(object)) {
    return { message: `document is not a Kubernetes object: found ${describeValue(object)}, expected a mapping with apiVersion and kind` };
  }
  const o = object as Record<string, unknown>;
  if (o.kind === undefined || o.kind === null) return { message: 'document is not a Kubernetes object (a mapping with apiVersion and kind): kind is missing' };
  if (typeof o.kind !== 'string') return { key: 'kind', message: `kind must be a string like "Cluster", found ${describeValue(o.kind)}` };
  if (o.apiVersion !== undefined && o.apiVersion !== null && typeof o.apiVersion !== 'string') {
    return { key: 'apiVersion', message: `apiVersion must be a string like "v1" or "cluster.x-k8s.io/v1beta2", found ${describeValue(o.apiVersion)}` };
  }
  return undefined;
}

/** Line of a mapping node's key (or of the node itself). */
function keyLine(node: unknown, key: string | undefined, lc: LineCounter, fallback: number): number {
  if (key !== undefined && isMap(node)) {
    const pair = node.items.find(it => isScalar(it.key) && it.key.value === key);
    const range = (pair?.key as Node | undefined)?.range;
    if (range) return lc.linePos(range[0]).line;
  }
  const range = (node as Node | null | undefined)?.range;
  return range ? lc.linePos(range[0]).line : fallback;
}

const PARSE_OPTIONS = { prettyErrors: false, uniqueKeys: true };

interface Located {
  readonly line: number;
  lineOf(field: string, embeddedLine?: number): number;
}

/** A manifest whose positions are computed on first use (a finding about it, or its line). */
function lazyManifest(file: string, index: number, object: KubeObject, locate: () => Located): LoadedManifest {
  let located: Located | undefined;
  return {
    file,
    index,
    object,
    get line() {
      return (located ??= locate()).line;
    },
    lineOf(field: string, embeddedLine?: number) {
      return (located ??= locate()).lineOf(field, embeddedLine);
    },
  };
}

/** Positions from the yaml library's tree: a node of it (a document, a List item). */
function treeLocated(node: unknown, lc: LineCounter): Located {
  return { line: keyLine(node, undefined, lc, 1), lineOf: lineResolver(node, lc) };
}

/** Positions from the canonical text's position tree (core/canonical-positions.ts). */
function canonicalLocated(node: PositionNode): Located {
  return { line: node.line, lineOf: (field, embeddedLine) => lineInTree(node, yamlPathOf(field), embeddedLine) };
}

/**
 * The manifests of a text in synth's canonical form (core/canonical-yaml.ts), read without a
 * syntax tree; undefined when the text is not in that form or holds anything but objects (then
 * the careful parse reports it). Positions are computed once, when first asked for: from js-yaml's
 * node events, or if those do not match, from the yaml library's tree.
 */
function canonicalManifests(text: string, file: string): LoadedManifest[] | undefined {
  const docs = readCanonicalYaml(text);
  if (!docs) return undefined;
  let positions: PositionNode[] | null | undefined;
  let parsed: ParsedYaml | undefined;
  const fast = () => (positions === undefined ? (positions = canonicalPositions(text, docs) ?? null) : positions);
  const tree = () => (parsed ??= parseYamlDocuments(text, PARSE_OPTIONS));
  const manifests: LoadedManifest[] = [];
  for (const [index, object] of docs.entries()) {
    if (kubeObjectProblem(object)) return undefined;
    const o = object as KubeObject;
    if (o.kind === 'List' && o.items !== undefined && o.items !== null) {
      if (!Array.isArray(o.items) || o.items.some((item: unknown) => kubeObjectProblem(item))) return undefined;
      o.items.forEach((item: KubeObject, i: number) => manifests.push(lazyManifest(file, index, item, () => {
        const node = fast()?.[index].keys?.get('items')?.value.items?.[i];
        if (node) return canonicalLocated(node);
        const items = (tree().docs[index]?.contents as any)?.get?.('items', true)?.items;
        return treeLocated(items?.[i], tree().lineCounter);
      })));
      continue;
    }
    manifests.push(lazyManifest(file, index, o, () => {
      const node = fast()?.[index];
      // (The two readers agree on accepted texts; should they not, a line 1 beats a crash.)
      return node ? canonicalLocated(node) : treeLocated(tree().docs[index]?.contents, tree().lineCounter);
    }));
  }
  return manifests;
}

/**
 * Parses one YAML text into manifests (documents that are mappings with a kind; the items of a
 * `kind: List`). Never throws for bad input: YAML errors, alias problems, nesting past the limit
 * and documents that are not objects come back as problems with their line.
 */
export function parseManifests(text: string, file: string): { manifests: LoadedManifest[]; problems: LoadProblem[] } {
  const canonical = canonicalManifests(text, file);
  return canonical ? { manifests: canonical, problems: [] } : parseManifestsWithTree(text, file);
}

/** `parseManifests` for any text: the yaml library's tree, with every position and problem. */
export function parseManifestsWithTree(text: string, file: string): { manifests: LoadedManifest[]; problems: LoadProblem[] } {
  const parsed = parseYamlDocuments(text, PARSE_OPTIONS);
  const lc = parsed.lineCounter;
  const manifests: LoadedManifest[] = [];
  const problems: LoadProblem[] = [];
  if (parsed.tooBig) return { manifests, problems: [{ file, ...parsed.tooBig }] };
  parsed.docs.forEach((doc, index) => {
    if (doc.errors.length) {
      for (const e of doc.errors) problems.push({ file, line: lc.linePos(e.pos[0]).line, message: `YAML: ${e.message.split('\n')[0]}` });
      return;
    }
    const js = yamlToJs(doc, lc);
    if (js.problem) {
      problems.push({ file, ...js.problem });
      return;
    }
    const object = js.value;
    if (object === null || object === undefined) return;
    const line = lc.linePos(doc.contents?.range?.[0] ?? 0).line;
    const bad = kubeObjectProblem(object);
    if (bad) {
      problems.push({ file, line: keyLine(doc.contents, bad.key, lc, line), message: bad.message, rule: 'input/not-an-object' });
      return;
    }
    if (object.kind === 'List' && object.items !== undefined && object.items !== null) {
      const itemsNode = isMap(doc.contents) ? doc.contents.get('items', true) : undefined;
      const itemsLine = keyLine(doc.contents, 'items', lc, line);
      if (!Array.isArray(object.items)) {
        problems.push({ file, line: itemsLine, message: `items of a List must be a list of objects, found ${describeValue(object.items)}`, rule: 'input/not-an-object' });
        return;
      }
      object.items.forEach((item: unknown, i: number) => {
        const node = isSeq(itemsNode) ? itemsNode.items[i] : undefined;
        const itemLine = keyLine(node, undefined, lc, itemsLine);
        const why = kubeObjectProblem(item);
        if (why) {
          problems.push({ file, line: keyLine(node, why.key, lc, itemLine), message: `items[${i}]: ${why.message.replace(/^document is not/, 'not')}`, rule: 'input/not-an-object' });
          return;
        }
        manifests.push({ file, index, object: item as KubeObject, line: itemLine, lineOf: node ? lineResolver(node, lc) : () => itemLine });
      });
      return;
    }
    manifests.push({ file, index, object, line, lineOf: lineResolver(doc.contents, lc) });
  });
  return { manifests, problems };
}

/** Loads every manifest under the paths (files, directories, `-` for stdin). */
export function loadManifests(paths: readonly string[], opts: { stdin?: () => string } = {}): LoadResult {
  const { yaml, other, fleet } = expandPaths(paths);
  const manifests: LoadedManifest[] = [];
  const problems: LoadProblem[] = [];
  const yamlFiles: string[] = [];
  for (const f of yaml) {
    let text: string;
    try {
      text = f === '-' ? (opts.stdin ?? (() => readStdin()))() : readInputFile(f);
    } catch (e) {
      if (e instanceof InputFileError) throw new ManifestIoError(e.message);
      if (e instanceof ManifestIoError) throw e;
      throw new ManifestIoError(`cannot read ${f === '-' ? '<stdin>' : f}: ${describeFsError(e)}`);
    }
    const shown = f === '-' ? '<stdin>' : f;
    yamlFiles.push(shown);
    const r = parseManifests(text, shown);
    manifests.push(...r.manifests);
    problems.push(...r.problems);
  }
  return { manifests, problems, otherFiles: other, yamlFiles, ...(fleet.length ? { fleetYamlFiles: fleet } : {}) };
}

/**
 * Fleet fleet.yaml files as the Bundles they become (fleet-yaml.ts), with positions: a finding's
 * `spec.X` points at the file's `X`. For validation only.
 */
export function loadFleetYamls(files: readonly string[]): { manifests: LoadedManifest[]; problems: LoadProblem[] } {
  const manifests: LoadedManifest[] = [];
  const problems: LoadProblem[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readInputFile(file);
    } catch (e) {
      if (e instanceof InputFileError) throw new ManifestIoError(e.message);
      throw new ManifestIoError(`cannot read ${file}: ${describeFsError(e)}`);
    }
    const parsed = parseYamlDocuments(text, { prettyErrors: false, uniqueKeys: true });
    const lc = parsed.lineCounter;
    if (parsed.tooBig) {
      problems.push({ file, ...parsed.tooBig });
      continue;
    }
    const doc = parsed.docs[0];
    if (!doc) continue;
    if (doc.errors.length) {
      for (const e of doc.errors) problems.push({ file, line: lc.linePos(e.pos[0]).line, message: `YAML: ${e.message.split('\n')[0]}` });
      continue;
    }
    const js = yamlToJs(doc, lc);
    if (js.problem) {
      problems.push({ file, ...js.problem });
      continue;
    }
    if (js.value === null || js.value === undefined) continue;
    const resolve = lineResolver(doc.contents, lc);
    // The Bundle's name only labels findings: the folder's name, made a valid object name.
    const folder = file.replace(/\\/g, '/').split('/').slice(-2, -1)[0] ?? '';
    const name = folder.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'fleet';
    manifests.push({
      file,
      index: 0,
      object: fleetYamlBundle(js.value, name),
      line: lc.linePos(doc.contents?.range?.[0] ?? 0).line,
      lineOf: (field: string, embeddedLine?: number) => resolve(fleetYamlField(field), embeddedLine),
    });
  }
  return { manifests, problems };
}
