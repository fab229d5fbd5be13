// Kubernetes objects carried inside an RKE2 control plane's Butane config (files written to
// the RKE2 server manifests directory). They are applied by the downstream cluster, not the
// management cluster, but they are checked like any other manifest.
import { isMap, isScalar, isSeq, Node } from 'yaml';
import { EmbeddedTexts } from './embedded-texts';
import { get } from './rules/rule';
import { KubeObject } from '../core/kube-object';
import { parseYamlDocument } from '../core/safe-yaml';

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
function inlineFiles(objects: readonly KubeObject[], texts: EmbeddedTexts): InlineFile[] {
  const out: InlineFile[] = [];
  for (const carrier of objects) {
    const path = typeof carrier.kind === 'string' ? CONFIG_PATHS[carrier.kind] : undefined;
    const text = path ? get(carrier, ...path) : undefined;
    if (typeof text !== 'string') continue;
    const model = texts.parseButane(text).model;
    for (const f of model?.files ?? []) {
      const inline = f.contents?.inline;
      if (!f.path.startsWith(`${RKE2_MANIFESTS_DIR}/`) || typeof inline !== 'string' || !/\.ya?ml$/.test(f.path)) continue;
      out.push({ carrier, field: path!.join('.'), butane: text, path: f.path, inline });
    }
  }
  return out;
}

/** Objects from inline manifest files of the Butane configs in a set (documents with problems are skipped; see embeddedManifestProblems). */
export function embeddedManifests(objects: readonly KubeObject[], texts: EmbeddedTexts = new EmbeddedTexts()): EmbeddedManifest[] {
  const out: EmbeddedManifest[] = [];
  for (const f of inlineFiles(objects, texts)) {
    for (const object of texts.parseInline(f.inline).objects) out.push({ carrier: f.carrier, path: f.path, object });
  }
  return out;
}

/** Problems of the inline manifest files, with their line in the Butane text. */
export function embeddedManifestProblems(objects: readonly KubeObject[], texts: EmbeddedTexts = new EmbeddedTexts()): EmbeddedManifestProblem[] {
  const out: EmbeddedManifestProblem[] = [];
  for (const f of inlineFiles(objects, texts)) {
    const { problems } = texts.parseInline(f.inline);
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
