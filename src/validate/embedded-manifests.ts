// Kubernetes objects carried inside an RKE2 control plane's Butane config (files written to
// the RKE2 server manifests directory). They are applied by the downstream cluster, not the
// management cluster, but they are checked like any other manifest.
import { isMap, isScalar, isSeq, Node } from 'yaml';
import { kubeObjectProblem } from './manifest-files';
import { get } from './rules/rule';
import { KubeObject } from '../core/kube-object';
import { YamlProblem, parseYamlDocument, parseYamlDocuments, yamlToJs } from '../core/safe-yaml';
import { parseButaneCached, seedInlineObjects, seededInlineObjects } from './butane/parse-cache';

/** RKE2 applies every manifest in this directory of a server node (the "auto-deploying manifests" feature). */
export const RKE2_MANIFESTS_DIR = '/var/lib/rancher/rke2/server/manifests';

export interface EmbeddedManifest {
  /** The object carrying the Butane config. */
  readonly carrier: KubeObject;
  /** Path of the file on the node. */
  readonly path: string;
  readonly object: KubeObject;
}

const CONFIG_PATHS: Record<string, string[]> = {
  RKE2ControlPlane: ['spec', 'agentConfig', 'additionalUserData', 'config'],
  RKE2Config: ['spec', 'agentConfig', 'additionalUserData', 'config'],
  RKE2ConfigTemplate: ['spec', 'template', 'spec', 'agentConfig', 'additionalUserData', 'config'],
};

/** An inline manifest text that is not (only) Kubernetes objects: bad YAML, aliases, not an object. */
export interface EmbeddedManifestProblem {
  /** The object carrying the Butane config. */
  readonly carrier: KubeObject;
  /** The carrier's field holding the Butane text, e.g. `spec.agentConfig.additionalUserData.config`. */
  readonly field: string;
  /** Path of the file on the node. */
  readonly path: string;
  /** 1-based line inside the Butane text, when known. */
  readonly embeddedLine?: number;
  readonly message: string;
  /** `yaml/syntax`, `yaml/alias`, `yaml/limits` or `input/not-an-object`. */
  readonly rule: string;
}

interface InlineFile {
  readonly carrier: KubeObject;
  readonly field: string;
  readonly butane: string;
  readonly path: string;
  readonly inline: string;
}

/** The inline manifest files of the Butane configs in a set (unparseable Butane is skipped; its rules report it). */
function inlineFiles(objects: readonly KubeObject[]): InlineFile[] {
  const out: InlineFile[] = [];
  for (const carrier of objects) {
    const path = typeof carrier.kind === 'string' ? CONFIG_PATHS[carrier.kind] : undefined;
    const text = path ? get(carrier, ...path) : undefined;
    if (typeof text !== 'string') continue;
    const model = parseButaneCached(text).model;
    for (const f of model?.files ?? []) {
      const inline = f.contents?.inline;
      if (!f.path.startsWith(`${RKE2_MANIFESTS_DIR}/`) || typeof inline !== 'string' || !/\.ya?ml$/.test(f.path)) continue;
      out.push({ carrier, field: path!.join('.'), butane: text, path: f.path, inline });
    }
  }
  return out;
}

/** Objects from inline manifest files of the Butane configs in a set (documents with problems are skipped; see embeddedManifestProblems). */
export function embeddedManifests(objects: readonly KubeObject[]): EmbeddedManifest[] {
  const out: EmbeddedManifest[] = [];
  for (const f of inlineFiles(objects)) {
    for (const object of parseInline(f.inline).objects) out.push({ carrier: f.carrier, path: f.path, object });
  }
  return out;
}

/** Problems of the inline manifest files, with their line in the Butane text. */
export function embeddedManifestProblems(objects: readonly KubeObject[]): EmbeddedManifestProblem[] {
  const out: EmbeddedManifestProblem[] = [];
  for (const f of inlineFiles(objects)) {
    const { problems } = parseInline(f.inline);
    if (!problems.length) continue;
    const at = inlineStart(f.butane, f.path, f.inline);
    for (const p of problems) {
      const embeddedLine = at === undefined ? undefined : at + p.line;
      out.push({ carrier: f.carrier, field: f.field, path: f.path, embeddedLine, message: p.message, rule: p.rule });
    }
  }
  return out;
}

/**
 * The Butane line before the first line of a file's inline text (block scalars start on the
 * line after their indicator), found by reading the Butane YAML again; only on the error path.
 */
function inlineStart(butane: string, path: string, inline: string): number | undefined {
  const { docs, lineCounter } = parseYamlDocument(butane, { prettyErrors: false });
  const files = docs[0]?.getIn(['storage', 'files'], true);
  if (!isSeq(files)) return undefined;
  for (const item of files.items) {
    if (!isMap(item) || item.get('path') !== path) continue;
    const node = item.getIn(['contents', 'inline'], true) as Node | undefined;
    if (!isScalar(node) || node.value !== inline || !node.range) continue;
    const line = lineCounter.linePos(node.range[0]).line;
    return node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED' ? line : line - 1;
  }
  return undefined;
}

interface ParsedInline {
  readonly objects: KubeObject[];
  /** Lines are 1-based inside the inline text. */
  readonly problems: YamlProblem[];
}

const MAX_WITH_PROBLEMS = 64;
/** Texts with problems (the shared cache holds only the clean ones). */
const withProblems = new Map<string, ParsedInline>();

/** The objects of one inline manifest file (parsed once per distinct text; do not mutate). */
function parseInline(text: string): ParsedInline {
  const known = withProblems.get(text);
  if (known) return known;
  const seeded = seededInlineObjects(text) as KubeObject[] | undefined;
  if (seeded) return { objects: seeded, problems: [] };
  const objects: KubeObject[] = [];
  const problems: YamlProblem[] = [];
  const parsed = parseYamlDocuments(text, { prettyErrors: false });
  const lc = parsed.lineCounter;
  if (parsed.tooBig) problems.push(parsed.tooBig);
  for (const doc of parsed.docs) {
    if (doc.errors.length) {
      for (const e of doc.errors) problems.push({ rule: 'yaml/syntax', line: lc.linePos(e.pos[0]).line, message: `YAML: ${e.message.split('\n')[0]}` });
      continue;
    }
    const js = yamlToJs(doc, lc);
    if (js.problem) {
      problems.push(js.problem);
      continue;
    }
    if (js.value === null || js.value === undefined) continue;
    const bad = kubeObjectProblem(js.value);
    if (bad) {
      problems.push({ rule: 'input/not-an-object', line: lc.linePos(doc.contents?.range?.[0] ?? 0).line, message: bad.message });
      continue;
    }
    objects.push(js.value);
  }
  if (problems.length) {
    if (withProblems.size >= MAX_WITH_PROBLEMS) withProblems.delete(withProblems.keys().next().value!);
    withProblems.set(text, { objects, problems });
  } else {
    seedInlineObjects(text, objects);
  }
  return { objects, problems };
}
