// Labels and annotations of embedded metadata (a MachineDeployment/MachineSet template, the
// ClusterClass and topology classes): api/core/v1beta2 ObjectMeta.Validate at v1.13.5, i.e.
// apimachinery ValidateLabels and ValidateAnnotations, as for an object's own metadata.
import { Finding, error } from '../../../core/finding';
import { checkLabelValue, checkQualifiedName } from '../../../core/names';

const MAX_ANNOTATIONS_BYTES = 256 * 1024;

/** Findings for `metadata` (labels, annotations) at `field`. */
export function templateMetadataFindings(metadata: unknown, field: string): Finding[] {
  if (!metadata || typeof metadata !== 'object') return [];
  const md = metadata as { labels?: unknown; annotations?: unknown };
  const out: Finding[] = [];
  if (md.labels && typeof md.labels === 'object') {
    for (const [k, v] of Object.entries(md.labels)) {
      const pk = checkQualifiedName(k);
      if (pk) out.push(error('capi/template-metadata', `${field}.labels[${k}]`, `Invalid value: ${JSON.stringify(k)}: ${pk}`));
      const pv = typeof v === 'string' ? checkLabelValue(v) : undefined;
      if (pv) out.push(error('capi/template-metadata', `${field}.labels[${k}]`, `Invalid value: ${JSON.stringify(v)}: ${pv}`));
    }
  }
  if (md.annotations && typeof md.annotations === 'object') {
    let size = 0;
    for (const [k, v] of Object.entries(md.annotations)) {
      const pk = checkQualifiedName(k.toLowerCase());
      if (pk) out.push(error('capi/template-metadata', `${field}.annotations[${k}]`, `Invalid value: ${JSON.stringify(k)}: ${pk}`));
      size += k.length + String(v).length;
    }
    if (size > MAX_ANNOTATIONS_BYTES) {
      out.push(error('capi/template-metadata', `${field}.annotations`, `Too long: may not be more than ${MAX_ANNOTATIONS_BYTES} bytes`));
    }
  }
  return out;
}
