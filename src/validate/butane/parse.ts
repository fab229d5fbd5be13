// Reads existing Butane YAML (e.g. a hand-written `additionalUserData.config`) into findings
// and a ButaneModel, so that `validate` can check configs this library did not build.
// Values are read the way Butane's YAML decoder (go-yaml v3) reads them into Butane's types:
// `0644` is octal, a string field takes any scalar's text, a bool field also takes yes/no/on/off.
import * as jsYaml from 'js-yaml';
import { Alias, Document, LineCounter, Node, Pair, Scalar, YAMLMap, YAMLSeq, isAlias, isMap, isPair, isScalar, isSeq } from 'yaml';
import { decodeGoBase64 } from './data-url';
import { ButaneDirectory, ButaneDropin, ButaneFile, ButaneFileContents, ButaneLink, ButaneModel, ButaneNodeOwner, ButaneUnit } from './model';
import { FieldLocator, at, validateButane } from './rules';
import { BUTANE_FCOS_1_4, MapShape, Plain, Shape } from './schema';
import { readCanonicalYaml } from '../../core/canonical-yaml';
import { Finding, Severity, error, warning } from '../../core/finding';
import { badAlias, parseYamlDocument } from '../../core/safe-yaml';

/** A finding about Butane text, with the 1-based line it points at. */
export interface ButaneFinding extends Finding {
  /** 1-based line in the Butane text (add the offset of the text inside a manifest). */
  readonly line?: number;
}

export interface ParseButaneOptions {
  /**
   * Treat Butane's warnings (unused keys, odd modes, enabled units without [Install]) as
   * errors, as CAPRKE2 does when `additionalUserData.strict` is true.
   * @default false
   */
  readonly strict?: boolean;
}

/** What `parseButane` found. */
export interface ParsedButane {
  /** Every problem, errors and warnings, in document order of discovery. */
  readonly findings: ButaneFinding[];
  /** The units/files/directories/links read; undefined when the text is not usable YAML. */
  readonly model?: ButaneModel;
  /**
   * Field paths of valid Butane settings the model does not carry (e.g. `passwd`,
   * `storage.files[0].append`). They were type-checked, but are not in `model`.
   */
  readonly unmodelled: string[];
}

/** Octal with a leading zero, as go-yaml v3 reads it (`0644` → 420). */
const LEADING_ZERO_OCTAL = {
  tag: 'tag:yaml.org,2002:int',
  default: true,
  test: /^[-+]?0[0-7]+$/,
  resolve: (s: string) => parseInt(s, 8),
  identify: () => false,
};

const MAX_ALIASES = 10_000;

const YAML_TRUE = new Set(['y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON']);
const YAML_FALSE = new Set(['n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF']);

/** Rules whose warnings come from Butane/Ignition (and so become errors under strict). */
const NOT_BUTANE = new Set(['butane/variant-version', 'butane/yaml-syntax', 'butane/overrides-caprke2-base', 'butane/ssh-key']);

const BINARY_TAG = 'tag:yaml.org,2002:binary';

class Reader {
  readonly findings: Finding[] = [];
  readonly lines = new Map<string, number>();
  /** Fields whose scalar was tagged !!binary (go-yaml decodes its base64 into the string). */
  private readonly binaryFields = new Set<string>();
  private readonly info = { binary: (field: string) => this.binaryFields.has(field) };
  private aliases = 0;
  private readonly targets = new Map<Alias, unknown>();

  /** Without a document, the nodes carry no positions and hold no aliases (built from plain data). */
  constructor(private readonly doc?: Document, private readonly lc?: LineCounter) {}

  /** The node an alias points at; the yaml library searches the whole document each time. */
  private resolve(alias: Alias): unknown {
    if (!this.targets.has(alias)) this.targets.set(alias, alias.resolve(this.doc!));
    return this.targets.get(alias);
  }

  private mark(field: string, node: unknown) {
    const range = (node as Node | undefined)?.range;
    if (range && this.lc && !this.lines.has(field)) this.lines.set(field, this.lc.linePos(range[0]).line);
  }

  private typeError(field: string, expected: string, node: unknown) {
    this.findings.push(error('butane/type', field, `expected ${expected}, found ${describe(node)}`,
      `write ${field.split('.').pop()} as ${expected}`));
  }

  read(input: unknown, shape: Shape, field: string, depth = 0): unknown {
    let node = input;
    this.mark(field, node); // an alias is reported where it is used, not where its anchor is
    if (isAlias(node)) {
      // Aliases inside aliased lists multiply; cap the expansion like YAML readers do.
      if (++this.aliases > MAX_ALIASES) {
        if (this.aliases === MAX_ALIASES + 1) {
          this.findings.push(error('butane/yaml-syntax', field, `more than ${MAX_ALIASES} alias expansions`, 'write the entries out instead of aliasing them'));
        }
        return undefined;
      }
      node = this.resolve(node);
    }
    if (node === null || node === undefined || (isScalar(node) && node.value === null)) return undefined;
    this.mark(field, node);
    switch (shape.kind) {
      case 'string':
        if (isScalar(node) && node.tag === BINARY_TAG) return this.binary(node, field);
        if (isScalar(node)) return typeof node.value === 'string' ? node.value : (node.source ?? String(node.value));
        return this.typeError(field, 'a string', node);
      case 'int':
        if (isScalar(node) && typeof node.value === 'number' && Number.isInteger(node.value)) return node.value;
        return this.typeError(field, 'an integer', node);
      case 'bool':
        if (isScalar(node) && typeof node.value === 'boolean') return node.value;
        if (isScalar(node) && YAML_TRUE.has(String(node.value))) return true;
        if (isScalar(node) && YAML_FALSE.has(String(node.value))) return false;
        return this.typeError(field, 'true or false', node);
      case 'list':
        if (!isSeq(node)) return this.typeError(field, 'a list', node);
        // Invalid items stay as undefined so that later indices still match the text.
        return node.items.map((item, i) => this.read(item, shape.item, `${field}[${i}]`, depth + 1));
      case 'map':
        if (!isMap(node)) return this.typeError(field, 'a mapping', node);
        return this.readMap(node.items, shape, field, depth);
    }
  }

  private readMap(items: unknown[], shape: MapShape, field: string, depth: number): Plain {
    const out: Plain = {};
    for (const pair of this.withMerges(items, depth)) {
      if (!isPair(pair)) continue;
      const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
      if (key === undefined) {
        this.findings.push(error('butane/type', field, `expected string keys, found ${describe(pair.key)}`));
        continue;
      }
      const kf = at(field, key);
      this.mark(kf, pair.key);
      const sub = shape.keys[key];
      if (!sub) {
        this.findings.push(warning('butane/unknown-key', kf, `unused key ${key}: Butane fcos 1.4.0 ignores it`,
          `known keys here: ${Object.keys(shape.keys).join(', ')}`));
        continue;
      }
      const value = this.read(pair.value, sub, kf, depth + 1);
      if (value !== undefined) out[key] = value;
    }
    if (shape.check) this.findings.push(...shape.check(out, field, this.info));
    return out;
  }

  /** A `!!binary` string: base64 that go-yaml decodes, or refuses. */
  private binary(node: Scalar, field: string): string | undefined {
    const text = typeof node.source === 'string' ? node.source : '';
    const data = decodeGoBase64(text);
    if (!data) {
      this.findings.push(error('butane/yaml-syntax', field, 'YAML syntax error: !!binary value contains invalid base64 data',
        'write padded standard base64 (A-Z a-z 0-9 + /, "=" only at the end); line breaks are ignored'));
      return undefined;
    }
    this.binaryFields.add(field);
    return data.toString('utf8');
  }

  /**
   * A mapping's own pairs, then pairs merged in with `<<` that it does not set itself
   * (earlier merge sources win over later ones, as YAML specifies).
   */
  private withMerges(items: unknown[], depth: number): unknown[] {
    const isMerge = (p: unknown) => isPair(p) && isScalar(p.key) && p.key.value === '<<';
    const keyOf = (p: unknown) => (isPair(p) && isScalar(p.key) ? p.key.value : undefined);
    const out = items.filter(p => !isMerge(p));
    if (depth > 20) return out;
    const seen = new Set(out.map(keyOf));
    for (const p of items.filter(isMerge)) {
      const value = (p as { value?: unknown }).value;
      for (let src of isSeq(value) ? value.items : [value]) {
        if (isAlias(src)) src = this.resolve(src);
        if (!isMap(src)) continue;
        for (const q of this.withMerges(src.items, depth + 1)) {
          if (seen.has(keyOf(q))) continue;
          seen.add(keyOf(q));
          out.push(q);
        }
      }
    }
    return out;
  }

  lineOf(field: string): number | undefined {
    for (let f = field; ; f = f.replace(/(\.[^.[\]]*|\[\d+\])$/, '')) {
      const l = this.lines.get(f);
      if (l !== undefined) return l;
      if (!f || !/(\.[^.[\]]*|\[\d+\])$/.test(f)) return this.lines.get('');
    }
  }
}

function describe(node: unknown): string {
  if (isMap(node)) return 'a mapping';
  if (isSeq(node)) return 'a list';
  if (isScalar(node)) {
    const v = (node as Scalar).value;
    return `${typeof v === 'string' ? 'string' : typeof v} ${JSON.stringify((node as Scalar).source ?? v)}`;
  }
  return 'something else';
}

const isObj = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

function owner(v: unknown): ButaneNodeOwner | undefined {
  if (!isObj(v) || (v.id === undefined && v.name === undefined)) return undefined;
  return strip({ id: v.id as number | undefined, name: v.name as string | undefined });
}

function strip<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined)) as T;
}

function contents(v: unknown): ButaneFileContents | undefined {
  if (!isObj(v) || (v.inline === undefined && v.source === undefined && v.local === undefined)) return undefined;
  return strip({ inline: v.inline as string | undefined, source: v.source as string | undefined, local: v.local as string | undefined });
}

/** Entries of a list that were read as mappings, with their index in the text. */
function entries(v: unknown): [Plain, number][] {
  return Array.isArray(v) ? v.map((x, i) => [x, i] as [unknown, number]).filter((e): e is [Plain, number] => isObj(e[0])) : [];
}

const MODELLED: Record<string, readonly string[]> = {
  '': ['variant', 'version', 'systemd', 'storage'],
  'storage': ['directories', 'files', 'links'],
  'file': ['group', 'overwrite', 'path', 'user', 'contents', 'mode'],
  'contents': ['inline', 'source', 'local'],
  'unit': ['contents', 'contents_local', 'dropins', 'enabled', 'mask', 'name'],
  'dropin': ['contents', 'contents_local', 'name'],
};

function unmodelledKeys(v: unknown, kind: string, field: string, out: string[]) {
  if (!isObj(v)) return;
  for (const k of Object.keys(v)) if (!MODELLED[kind].includes(k)) out.push(at(field, k));
}

function buildModel(tree: Plain, unmodelled: string[]): { model: ButaneModel; locator: FieldLocator } {
  unmodelledKeys(tree, '', '', unmodelled);
  const storage = isObj(tree.storage) ? tree.storage : {};
  unmodelledKeys(storage, 'storage', 'storage', unmodelled);
  const systemd = isObj(tree.systemd) ? tree.systemd : {};
  const units = entries(systemd.units);
  const files = entries(storage.files);
  const dirs = entries(storage.directories);
  const links = entries(storage.links);

  const model: ButaneModel = {
    ...strip({ variant: tree.variant as string | undefined, version: tree.version as string | undefined }),
    units: units.map(([u, i]) => {
      unmodelledKeys(u, 'unit', `systemd.units[${i}]`, unmodelled);
      const dropins: ButaneDropin[] = entries(u.dropins).map(([d]) => strip({ name: (d.name as string) ?? '', contents: d.contents as string | undefined }));
      return strip({
        name: (u.name as string) ?? '',
        enabled: u.enabled as boolean | undefined,
        mask: u.mask as boolean | undefined,
        contents: u.contents as string | undefined,
        dropins: dropins.length > 0 ? dropins : undefined,
      }) as ButaneUnit;
    }),
    files: files.map(([f, i]) => {
      unmodelledKeys(f, 'file', `storage.files[${i}]`, unmodelled);
      unmodelledKeys(f.contents, 'contents', `storage.files[${i}].contents`, unmodelled);
      return strip({
        path: (f.path as string) ?? '',
        overwrite: f.overwrite as boolean | undefined,
        contents: contents(f.contents),
        mode: f.mode as number | undefined,
        user: owner(f.user),
        group: owner(f.group),
      }) as ButaneFile;
    }),
    directories: dirs.map(([d]) => strip({
      path: (d.path as string) ?? '',
      overwrite: d.overwrite as boolean | undefined,
      mode: d.mode as number | undefined,
      user: owner(d.user),
      group: owner(d.group),
    }) as ButaneDirectory),
    links: links.map(([l]) => strip({
      path: (l.path as string) ?? '',
      target: l.target as string | undefined,
      hard: l.hard as boolean | undefined,
      overwrite: l.overwrite as boolean | undefined,
      user: owner(l.user),
      group: owner(l.group),
    }) as ButaneLink),
  };
  const locator: FieldLocator = {
    unit: i => `systemd.units[${units[i][1]}]`,
    file: i => `storage.files[${files[i][1]}]`,
    directory: i => `storage.directories[${dirs[i][1]}]`,
    link: i => `storage.links[${links[i][1]}]`,
  };
  return { model, locator };
}

function yamlHint(code: string): string {
  if (code === 'DUPLICATE_KEY') return 'remove the repeated key; YAML mappings cannot repeat a key';
  if (code === 'MULTIPLE_DOCS') return 'a Butane config is a single YAML document';
  return 'check the indentation of this line against the entries around it';
}

/**
 * Parses Butane YAML and checks it against the fcos 1.4.0 / Ignition 3.3.0 rules.
 * Never throws for bad input: YAML syntax errors come back as `butane/yaml-syntax` findings
 * with their line, and then there is no model.
 */
/** One broken indentation makes the YAML parser report every line after it: keep the first few. */
const MAX_SYNTAX_ERRORS = 10;

function capSyntaxErrors(syntax: ButaneFinding[]): ButaneFinding[] {
  if (syntax.length <= MAX_SYNTAX_ERRORS) return syntax;
  const rest = syntax.length - MAX_SYNTAX_ERRORS;
  return [...syntax.slice(0, MAX_SYNTAX_ERRORS), {
    ...error('butane/yaml-syntax', '', `${rest} more YAML syntax error${rest === 1 ? '' : 's'} follow, most likely from the ones above`, 'fix the first error and validate again'),
    line: syntax[MAX_SYNTAX_ERRORS].line,
  }];
}

export function parseButane(text: string, options: ParseButaneOptions = {}): ParsedButane {
  // Without a finding, strict or not gives the same result.
  return canonicalButane(text) ?? parseButaneWithTree(text, options);
}

/** Plain scalars as the careful path reads them for Butane: the core schema plus go-yaml's `0644` octal. */
const JS_YAML_TYPES = (jsYaml as unknown as { types: Record<'null' | 'bool' | 'int' | 'float', jsYaml.Type> }).types;
const BUTANE_SCHEMA = jsYaml.FAILSAFE_SCHEMA.extend({
  // Its own tag: js-yaml keeps one implicit type per tag, and this one must come before int.
  implicit: [JS_YAML_TYPES.null, JS_YAML_TYPES.bool, new jsYaml.Type('tag:cdk8s-capi,2026:go-octal', {
    kind: 'scalar', resolve: (s: string) => LEADING_ZERO_OCTAL.test.test(s), construct: (s: string) => LEADING_ZERO_OCTAL.resolve(s),
  }), JS_YAML_TYPES.int, JS_YAML_TYPES.float],
});

/** Plain data as yaml nodes without positions, for the Reader (no syntax tree is parsed). */
function toNodes(v: unknown): unknown {
  if (Array.isArray(v)) {
    const seq = new YAMLSeq();
    seq.items = v.map(toNodes);
    return seq;
  }
  if (typeof v === 'object' && v !== null) {
    const map = new YAMLMap();
    map.items = Object.entries(v).map(([k, x]) => new Pair(new Scalar(k), toNodes(x)));
    return map;
  }
  return new Scalar(v);
}

/** Numbers whose written form may not be String(n) (a string field reads what was written). */
function onlyPlainNumbers(v: unknown): boolean {
  if (typeof v === 'number') return Number.isSafeInteger(v) && !Object.is(v, -0);
  if (typeof v !== 'object' || v === null) return true;
  return (Array.isArray(v) ? v : Object.values(v)).every(onlyPlainNumbers);
}

/**
 * A Butane text in the form our builder writes (core/canonical-yaml.ts) and without a finding,
 * read without the yaml library's tree: the same model as the careful path gives. Undefined for
 * any other text, and for one with a finding (findings need lines: the careful path gives them).
 */
export function canonicalButane(text: string): ParsedButane | undefined {
  const docs = readCanonicalYaml(text, { schema: BUTANE_SCHEMA, octalKeys: ['mode'] });
  if (!docs || docs.length !== 1 || typeof docs[0] !== 'object' || Array.isArray(docs[0]) || !onlyPlainNumbers(docs[0])) return undefined;
  const reader = new Reader();
  const tree = reader.read(toNodes(docs[0]), BUTANE_FCOS_1_4, '') as Plain;
  const unmodelled: string[] = [];
  const { model, locator } = buildModel(tree, unmodelled);
  if (reader.findings.length > 0 || validateButane(model, locator).length > 0) return undefined;
  return { findings: [], model, unmodelled };
}

/** `parseButane` for any text: the yaml library's tree, with a line for every finding. */
export function parseButaneWithTree(text: string, options: ParseButaneOptions = {}): ParsedButane {
  const parsed = parseYamlDocument(text, {
    customTags: tags => [LEADING_ZERO_OCTAL, ...(tags as any[])], merge: false, prettyErrors: true,
  });
  const lc = parsed.lineCounter;
  if (parsed.tooBig) {
    const message = parsed.tooBig.message.replace(/^YAML: /, '');
    return { findings: [{ ...error('butane/yaml-syntax', '', `YAML syntax error: ${message}`, 'simplify the structure'), line: parsed.tooBig.line }], unmodelled: [] };
  }
  const doc = parsed.docs[0];
  const syntax: ButaneFinding[] = doc.errors.map(e => {
    let message = e.message.split('\n')[0].replace(/:$/, '');
    if (e.code === 'DUPLICATE_KEY') {
      const key = /^[^:\n]*/.exec(text.slice(e.pos[0]))?.[0].trim();
      message = message.replace('Map keys must be unique', `duplicate key ${JSON.stringify(key)}`);
    }
    return { ...error('butane/yaml-syntax', '', `YAML syntax error: ${message}`, yamlHint(e.code)), line: e.linePos?.[0]?.line };
  });
  const yamlWarnings: ButaneFinding[] = doc.warnings.map(w => ({
    ...warning('butane/yaml-syntax', '', w.message.split('\n')[0].replace(/:$/, '')), line: w.linePos?.[0]?.line,
  }));
  // go-yaml (Butane's decoder) rejects an alias without an anchor before it, and a cycle.
  const alias = syntax.length ? undefined : badAlias(doc);
  if (alias) {
    const name = alias.alias.source;
    syntax.push({
      ...error('butane/yaml-syntax', '', alias.unresolved ? `YAML syntax error: unknown anchor '${name}' referenced` : `YAML syntax error: anchor '${name}' value contains itself`,
        alias.unresolved ? `define &${name} before *${name}, or write the value out` : 'write the value out instead of aliasing its own anchor'),
      line: alias.alias.range ? lc.linePos(alias.alias.range[0]).line : undefined,
    });
  }
  if (syntax.length > 0) return { findings: [...capSyntaxErrors(syntax), ...yamlWarnings], unmodelled: [] };

  const reader = new Reader(doc, lc);
  const root = doc.contents;
  let tree: Plain = {};
  if (root !== null && !(isScalar(root) && root.value === null)) {
    if (!isMap(root)) {
      return {
        findings: [...yamlWarnings, { ...error('butane/type', '', `a Butane config must be a mapping, found ${describe(root)}`, 'start with "variant: fcos"'), line: 1 }],
        unmodelled: [],
      };
    }
    tree = reader.read(root, BUTANE_FCOS_1_4, '') as Plain;
  }
  const unmodelled: string[] = [];
  const { model, locator } = buildModel(tree, unmodelled);
  const findings = [...reader.findings, ...validateButane(model, locator)].map((f): ButaneFinding => {
    const escalate = options.strict && f.severity === Severity.WARNING && !NOT_BUTANE.has(f.rule);
    return { ...f, severity: escalate ? Severity.ERROR : f.severity, line: reader.lineOf(f.field) };
  });
  return { findings: [...yamlWarnings, ...findings], model, unmodelled };
}
