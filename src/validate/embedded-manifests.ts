// Kubernetes objects carried inside an RKE2 control plane's Butane config (files written to
// the RKE2 server manifests directory). They are applied by the downstream cluster, not the
// management cluster, but they are checked like any other manifest.
import { parseAllDocuments } from 'yaml';
import { parseButaneCached, seedInlineObjects, seededInlineObjects } from '../ignition/parse-cache';
import { RKE2_MANIFESTS_DIR } from '../metallb/vip';
import { get } from './rules/rule';
import { KubeObject } from './schema';

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

/** Objects from inline manifest files of the Butane configs in a set (unparseable text is skipped; rules report it). */
export function embeddedManifests(objects: readonly KubeObject[]): EmbeddedManifest[] {
  const out: EmbeddedManifest[] = [];
  for (const carrier of objects) {
    const path = carrier.kind ? CONFIG_PATHS[carrier.kind] : undefined;
    const text = path ? get(carrier, ...path) : undefined;
    if (typeof text !== 'string') continue;
    const model = parseButaneCached(text).model;
    for (const f of model?.files ?? []) {
      const inline = f.contents?.inline;
      if (!f.path.startsWith(`${RKE2_MANIFESTS_DIR}/`) || typeof inline !== 'string' || !/\.ya?ml$/.test(f.path)) continue;
      for (const object of inlineObjects(inline)) out.push({ carrier, path: f.path, object });
    }
  }
  return out;
}

/** The objects of one inline manifest file (parsed once per distinct text; do not mutate). */
function inlineObjects(text: string): KubeObject[] {
  let objs = seededInlineObjects(text) as KubeObject[] | undefined;
  if (!objs) {
    objs = [];
    for (const doc of parseAllDocuments(text)) {
      if (doc.errors.length) continue;
      const object = doc.toJS();
      if (object && typeof object === 'object' && object.kind) objs.push(object);
    }
    seedInlineObjects(text, objs);
  }
  return objs;
}
