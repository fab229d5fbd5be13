// Kubernetes objects an RKE2 node carries to its manifests directory: CAPRKE2 `files`
// (plain, base64, gzip+base64, or from a Secret/ConfigMap of the set) and the files of an
// Ignition (Butane) `additionalUserData.config` (inline text or a data: URL, gzip-compressed or
// not). RKE2's deploy controller applies them to the workload cluster after boot, so they are read
// the way it reads them (rke2-deploy.ts): only on server nodes, only the files it reads, a
// `kind: List` as its items. Each object knows where it came from, so a finding about it can
// point at its line inside the embedding field.
import { gunzipSync } from 'node:zlib';
import { isMap, isScalar, isSeq, Node } from 'yaml';
import { decodeDataUrl, decodeGoBase64 } from './butane/data-url';
import { EmbeddedTexts } from './embedded-texts';
import { ParsedInline } from './inline-manifests';
import { RKE2_MANIFESTS_DIR, disableName, isUnder, manifestsDirOf, skipReason, subdirectories } from './rke2-deploy';
import { packagedEnabled } from './rke2-packaged';
import { get } from './rules/rule';
import { KubeObject } from '../core/kube-object';
import { effectiveNamespace } from '../core/object-key';
import { parseYamlDocument } from '../core/safe-yaml';

export { RKE2_MANIFESTS_DIR };

/** Largest decompressed file read (a gzip bomb is a problem, not an allocation). */
const MAX_DECOMPRESSED = 16 * 1024 * 1024;

/** Where a kind keeps its RKE2ConfigSpec (CAPRKE2 v0.25.0). */
const SPEC_PATHS: Record<string, string[]> = {
  RKE2ControlPlane: ['spec'],
  RKE2ControlPlaneTemplate: ['spec', 'template', 'spec'],
  RKE2Config: ['spec'],
  RKE2ConfigTemplate: ['spec', 'template', 'spec'],
};

/** Where a finding about a line of a file's text points: a field of the carrier, and a line inside that field's text. */
export interface FileLocation {
  readonly field: string;
  readonly embeddedLine?: number;
}

/** A file a CAPRKE2 object writes below a manifests directory (RKE2's default or its data dir's). */
export interface ManifestFile {
  /** The CAPRKE2 object (RKE2ControlPlane, RKE2Config, their templates). */
  readonly carrier: KubeObject;
  /** Path of the file on the node. */
  readonly path: string;
  /** The manifests directory the node's RKE2 reads. */
  readonly dir: string;
  /** Where the file's path is written (for findings about the file itself). */
  readonly at: () => FileLocation;
  /** The decoded text, when it can be read here. */
  readonly text?: string;
  /** Why the contents cannot be read (bad base64, gzip, data URL), when they cannot. */
  readonly problem?: string;
  /** Where a 1-based line of the decoded text is (undefined: the file's contents as a whole). */
  readonly lineIn: (line?: number) => FileLocation;
  /** Why RKE2 never applies it, or undefined when it does. */
  readonly skipped?: SkipReason;
}

export interface SkipReason {
  readonly why: string;
  /** Deleted by RKE2 because the file is named after a disabled packaged component (or lies in a directory so named). */
  readonly disabled?: string;
}

/** An object of a manifest file RKE2 applies. */
export interface EmbeddedManifest {
  /** The object carrying the file. */
  readonly carrier: KubeObject;
  /** Path of the file on the node. */
  readonly path: string;
  readonly object: KubeObject;
  /** Where a field of the object is (`''`: its first line); `embeddedLine` is a line inside that field's own text. */
  readonly at: (field: string, embeddedLine?: number) => FileLocation;
}

/** A manifest text that is not (only) Kubernetes objects: bad YAML, aliases, not an object, unreadable contents. */
export interface EmbeddedManifestProblem {
  readonly carrier: KubeObject;
  /** Path of the file on the node. */
  readonly path: string;
  readonly location: FileLocation;
  readonly message: string;
  /** `yaml/syntax`, `yaml/alias`, `yaml/limits`, `input/not-an-object` or `content`. */
  readonly rule: string;
}

/** Whether the carrier configures a server node (RKE2's deploy controller runs only there). */
export function isServerCarrier(carrier: KubeObject): boolean {
  if (carrier.kind === 'RKE2ControlPlane' || carrier.kind === 'RKE2ControlPlaneTemplate') return true;
  // CAPRKE2 makes a control-plane machine's RKE2Config with the control-plane label; a hand-written one for a worker has none.
  return carrier.kind === 'RKE2Config' && get(carrier, 'metadata', 'labels', 'cluster.x-k8s.io/control-plane') !== undefined;
}

/** The RKE2ConfigSpec of a CAPRKE2 object, or undefined for other kinds. */
export function rke2ConfigSpec(carrier: KubeObject): any {
  const path = typeof carrier.kind === 'string' ? SPEC_PATHS[carrier.kind] : undefined;
  return path ? get(carrier, ...path) : undefined;
}

/** The files of one carrier, by node-relative reading; cached per carrier and run. */
const FILES = new WeakMap<EmbeddedTexts, WeakMap<KubeObject, ManifestFile[]>>();

/** The files each CAPRKE2 object of the set writes below a manifests directory. */
export function manifestFiles(objects: readonly KubeObject[], texts: EmbeddedTexts = new EmbeddedTexts()): ManifestFile[] {
  const out: ManifestFile[] = [];
  for (const carrier of objects) out.push(...manifestFilesOf(carrier, objects, texts));
  return out;
}

/** The files one object of the set writes below a manifests directory (none for other kinds). */
export function manifestFilesOf(carrier: KubeObject, objects: readonly KubeObject[], texts: EmbeddedTexts): readonly ManifestFile[] {
  if (!carrier || typeof carrier !== 'object' || typeof carrier.kind !== 'string' || !SPEC_PATHS[carrier.kind]) return [];
  let perRun = FILES.get(texts);
  if (!perRun) FILES.set(texts, perRun = new WeakMap());
  let files = perRun.get(carrier);
  if (!files) perRun.set(carrier, files = carrierFiles(carrier, objects, texts));
  return files;
}

function carrierFiles(carrier: KubeObject, objects: readonly KubeObject[], texts: EmbeddedTexts): ManifestFile[] {
  const specPath = typeof carrier.kind === 'string' ? SPEC_PATHS[carrier.kind] : undefined;
  const spec = specPath ? get(carrier, ...specPath) : undefined;
  if (!spec || typeof spec !== 'object') return [];
  const base = specPath!.join('.');
  const dir = manifestsDirOf(get(spec, 'agentConfig', 'dataDir'));
  const written = (path: unknown): path is string => typeof path === 'string' && (isUnder(path, dir) || isUnder(path, RKE2_MANIFESTS_DIR));
  const raw: Array<Omit<ManifestFile, 'skipped' | 'dir' | 'carrier'>> = [];
  const files = get(spec, 'files');
  if (Array.isArray(files)) {
    files.forEach((f, i) => {
      if (!f || typeof f !== 'object' || !written(f.path)) return;
      raw.push({ path: f.path, ...specFile(f, `${base}.files[${i}]`, carrier, objects) });
    });
  }
  const configField = `${base}.agentConfig.additionalUserData.config`;
  const config = get(spec, 'agentConfig', 'additionalUserData', 'config');
  if (typeof config === 'string') {
    (texts.parseButane(config).model?.files ?? []).forEach((f, i) => {
      if (!written(f.path)) return;
      raw.push({ path: f.path, ...butaneFile(config, configField, i, f.contents) });
    });
  }
  const names = new Set(raw.map(f => f.path.split('/').pop()!));
  const server = isServerCarrier(carrier);
  const disabled = (name: string) => packagedEnabled(spec, name) === false;
  return raw.map(f => ({ ...f, carrier, dir, skipped: whySkipped(f.path, dir, names, server, disabled) }));
}

function whySkipped(path: string, dir: string, names: ReadonlySet<string>, server: boolean, disabled: (name: string) => boolean):
SkipReason | undefined {
  if (!server) return { why: 'RKE2 applies its manifests directory only on server nodes, and this object configures an agent' };
  if (!isUnder(path, dir)) return { why: `this node's RKE2 reads ${dir} (agentConfig.dataDir)` };
  const name = skipReason(path, names);
  if (name) return { why: name };
  const off = [...subdirectories(path, dir), disableName(path)].find(disabled);
  return off ? { why: `${off} is disabled in this server config, so RKE2 deletes the file`, disabled: off } : undefined;
}

/** A CAPRKE2 `files` entry: content (plain, base64, gzip+base64) or contentFrom a Secret/ConfigMap of the set. */
type Contents = Pick<ManifestFile, 'at' | 'text' | 'problem' | 'lineIn'>;

function specFile(f: any, field: string, carrier: KubeObject, objects: readonly KubeObject[]): Contents {
  const at = () => ({ field: `${field}.path` });
  const whole = (sub: string) => () => ({ field: `${field}.${sub}` });
  if (typeof f.content === 'string' && f.content !== '') {
    const enc = f.encoding ?? '';
    if (enc === '') return { at, text: f.content, lineIn: line => ({ field: `${field}.content`, embeddedLine: line }) };
    const decoded = decodeEncoded(f.content, enc);
    return { at, ...decoded, lineIn: whole('content') };
  }
  const from = f.contentFrom;
  if (from && typeof from === 'object') {
    const ref = from.secret ?? from.configMap;
    const kind = from.secret ? 'Secret' : 'ConfigMap';
    if (ref && typeof ref.name === 'string' && typeof ref.key === 'string') {
      const ns = effectiveNamespace({ kind: carrier.kind, namespace: carrier.metadata?.namespace });
      const src = objects.find(o => o?.kind === kind && o.apiVersion === 'v1' && o.metadata?.name === ref.name
        && effectiveNamespace({ kind, namespace: o.metadata?.namespace }) === ns);
      const text = src ? keyText(src, ref.key) : undefined;
      if (text !== undefined) return { at, ...(f.encoding ? decodeEncoded(text, f.encoding) : { text }), lineIn: whole('contentFrom') };
    }
  }
  return { at, lineIn: whole('content') };
}

/** A key of a Secret (`stringData`, or base64 `data`) or ConfigMap (`data`), as text. */
function keyText(o: KubeObject, key: string): string | undefined {
  if (o.kind === 'ConfigMap') return typeof o.data?.[key] === 'string' ? o.data[key] : undefined;
  if (typeof o.stringData?.[key] === 'string') return o.stringData[key];
  const b64 = o.data?.[key];
  const bytes = typeof b64 === 'string' ? decodeGoBase64(b64) : undefined;
  return bytes?.toString('utf8');
}

function decodeEncoded(content: string, encoding: string): { text?: string; problem?: string } {
  if (encoding === 'base64' || encoding === 'gzip+base64') {
    const bytes = decodeGoBase64(content);
    if (!bytes) return { problem: `encoding ${encoding}, but the content is not valid base64` };
    return encoding === 'base64' ? { text: bytes.toString('utf8') } : gunzip(bytes);
  }
  if (encoding === 'gzip') return gunzip(Buffer.from(content, 'latin1'));
  return {};
}

function gunzip(bytes: Buffer): { text?: string; problem?: string } {
  try {
    return { text: gunzipSync(bytes, { maxOutputLength: MAX_DECOMPRESSED }).toString('utf8') };
  } catch (e) {
    const big = e instanceof RangeError || /maxOutputLength|buffer/i.test(String((e as Error)?.message));
    return { problem: big ? `the gzip data decompresses to more than ${MAX_DECOMPRESSED} bytes` : 'the gzip data cannot be decompressed' };
  }
}

/** A Butane `storage.files` entry: inline text, or a data: URL (gzip-compressed or not); other sources are fetched at boot. */
function butaneFile(butane: string, field: string, index: number, contents: { inline?: string; source?: string } | undefined): Contents {
  const located = () => butaneFileLines(butane, index);
  const at = () => ({ field, embeddedLine: located()?.path });
  if (typeof contents?.inline === 'string') {
    return {
      at,
      text: contents.inline,
      lineIn: line => {
        const l = located();
        if (l?.inlineStart === undefined) return at();
        return { field, embeddedLine: line === undefined ? l.inlineStart + 1 : l.inlineStart + line };
      },
    };
  }
  if (typeof contents?.source === 'string' && /^data:/i.test(contents.source)) {
    const lineIn = () => ({ field, embeddedLine: located()?.source ?? located()?.path });
    const decoded = decodeDataUrl(contents.source);
    if (!decoded.data) return { at, problem: `the data URL cannot be decoded: ${decoded.error}`, lineIn };
    return { at, ...(located()?.gzip ? gunzip(decoded.data) : { text: decoded.data.toString('utf8') }), lineIn };
  }
  return { at, lineIn: at };
}

interface ButaneFileLines {
  readonly path?: number;
  /** The Butane line before the first line of the inline text (block scalars start on the line after their indicator). */
  readonly inlineStart?: number;
  readonly source?: number;
  readonly gzip: boolean;
}

/** Lines of a Butane files entry, read again with positions (only for findings and compressed sources). */
function butaneFileLines(butane: string, index: number): ButaneFileLines | undefined {
  const { docs, lineCounter } = parseYamlDocument(butane, { prettyErrors: false });
  const files = docs[0]?.getIn(['storage', 'files'], true);
  const item = isSeq(files) ? files.items[index] : undefined;
  if (!isMap(item)) return undefined;
  const lineOf = (n: unknown) => ((n as Node | undefined)?.range ? lineCounter.linePos((n as Node).range![0]).line : undefined);
  const pathKey = item.items.find(p => isScalar(p.key) && p.key.value === 'path')?.key;
  const inline = item.getIn(['contents', 'inline'], true) as Node | undefined;
  const block = isScalar(inline) && (inline.type === 'BLOCK_LITERAL' || inline.type === 'BLOCK_FOLDED');
  // A !!binary scalar holds base64: its lines are not the lines of the text it decodes to.
  const start = isScalar(inline) && inline.tag === 'tag:yaml.org,2002:binary' ? undefined : lineOf(inline);
  return {
    path: lineOf(pathKey),
    inlineStart: start === undefined ? undefined : block ? start : start - 1,
    source: lineOf(item.getIn(['contents', 'source'], true)),
    gzip: item.getIn(['contents', 'compression']) === 'gzip',
  };
}

/** The files RKE2 reads and their objects and problems, parsed once per text. */
function readFiles(files: readonly ManifestFile[], texts: EmbeddedTexts): Array<{ file: ManifestFile; parsed?: ParsedInline }> {
  return files.filter(f => !f.skipped).map(file => ({ file, parsed: file.text === undefined ? undefined : texts.parseInline(file.text) }));
}

function objectsOf(files: readonly ManifestFile[], texts: EmbeddedTexts): EmbeddedManifest[] {
  const out: EmbeddedManifest[] = [];
  for (const { file, parsed } of readFiles(files, texts)) {
    parsed?.objects.forEach((object, i) => out.push({
      carrier: file.carrier,
      path: file.path,
      object,
      at: (field, embeddedLine) => file.lineIn(parsed.lineOf(i, field, embeddedLine)),
    }));
  }
  return out;
}

/** Objects of the manifest files RKE2 applies (documents with problems are left out; see embeddedManifestProblems). */
export function embeddedManifests(objects: readonly KubeObject[], texts: EmbeddedTexts = new EmbeddedTexts()): EmbeddedManifest[] {
  return objectsOf(manifestFiles(objects, texts), texts);
}

/** embeddedManifests of one object of the set. */
export function embeddedManifestsOf(carrier: KubeObject, objects: readonly KubeObject[], texts: EmbeddedTexts): EmbeddedManifest[] {
  return objectsOf(manifestFilesOf(carrier, objects, texts), texts);
}

/** Problems of the manifest files RKE2 applies (unreadable contents, bad YAML, non-objects), at their lines. */
export function embeddedManifestProblems(objects: readonly KubeObject[], texts: EmbeddedTexts = new EmbeddedTexts()): EmbeddedManifestProblem[] {
  const out: EmbeddedManifestProblem[] = [];
  for (const { file, parsed } of readFiles(manifestFiles(objects, texts), texts)) {
    if (file.problem) out.push({ carrier: file.carrier, path: file.path, location: file.lineIn(), message: file.problem, rule: 'content' });
    for (const p of parsed?.problems ?? []) {
      out.push({ carrier: file.carrier, path: file.path, location: file.lineIn(p.line), message: p.message, rule: p.rule });
    }
  }
  return out;
}
