// ObjectMeta rules the API server applies to every object (apimachinery ValidateObjectMeta).
import { Finding, error } from '../../core/finding';
import { groupKindOf } from '../../core/gvk';
import { KubeObject } from '../../core/kube-object';
import { checkDns1035Label, checkDns1123Label, checkDns1123Subdomain, checkLabelValue, checkQualifiedName } from '../../core/names';

/** Kinds whose names are stricter than a DNS-1123 subdomain. */
const NAME_CHECK: Record<string, (v: string) => string | undefined> = {
  '/Namespace': checkDns1123Label,
  '/Service': checkDns1035Label,
};

const MAX_ANNOTATIONS_BYTES = 256 * 1024;

export function metadataRules(obj: KubeObject): Finding[] {
  const out: Finding[] = [];
  const md = obj.metadata;
  if (!md || typeof md !== 'object') return [error('meta/name', 'metadata.name', 'Required value', 'every object needs metadata.name')];
  if (!md.name && !md.generateName) {
    out.push(error('meta/name', 'metadata.name', 'Required value', 'name or generateName is required'));
  } else if (typeof md.name === 'string') {
    const problem = (NAME_CHECK[groupKindOf(obj)] ?? checkDns1123Subdomain)(md.name);
    if (problem) out.push(error('meta/name', 'metadata.name', `Invalid value: ${JSON.stringify(md.name)}: ${problem}`));
  }
  if (typeof md.namespace === 'string') {
    const p = checkDns1123Label(md.namespace);
    if (p) out.push(error('meta/namespace', 'metadata.namespace', `Invalid value: ${JSON.stringify(md.namespace)}: ${p}`));
  }
  for (const [k, v] of Object.entries(md.labels ?? {})) {
    const pk = checkQualifiedName(k);
    if (pk) out.push(error('meta/label-key', `metadata.labels[${k}]`, `Invalid label key ${JSON.stringify(k)}: ${pk}`));
    if (typeof v === 'string') {
      const pv = checkLabelValue(v);
      if (pv) out.push(error('meta/label-value', `metadata.labels[${k}]`, `Invalid value: ${JSON.stringify(v)}: ${pv}`));
    }
  }
  let size = 0;
  for (const [k, v] of Object.entries(md.annotations ?? {})) {
    const pk = checkQualifiedName(k.toLowerCase());
    if (pk) out.push(error('meta/annotation-key', `metadata.annotations[${k}]`, `Invalid annotation key ${JSON.stringify(k)}: ${pk}`));
    size += k.length + String(v).length;
  }
  if (size > MAX_ANNOTATIONS_BYTES) {
    out.push(error('meta/annotations-size', 'metadata.annotations', `Too long: annotations take ${size} bytes, must have at most ${MAX_ANNOTATIONS_BYTES}`));
  }
  return out;
}
