// Templates named after a hash of their content (CAPI rolls machines only when the referenced
// template name changes): a final spec that differs from the hashed one under the same name would
// never reach running machines, so it is refused.
import { Finding, error } from './finding';
import { stableStringify } from './hash';
import type { KubeObject } from './kube-object';

/** The first path (e.g. `spec.template.spec.image.url`) at which two JSON values differ. */
function firstDifference(a: unknown, b: unknown, path: string): string {
  const isMap = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (isMap(a) && isMap(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    const k = keys.find(key => stableStringify(a[key]) !== stableStringify(b[key]));
    return k === undefined ? path : firstDifference(a[k], b[k], `${path}.${k}`);
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    const i = a.findIndex((x, j) => stableStringify(x) !== stableStringify(b[j]));
    return i < 0 ? path : firstDifference(a[i], b[i], `${path}[${i}]`);
  }
  return path;
}

export interface ContentHashGuardOptions {
  /** The template's name, ending in the content hash. */
  readonly name: string;
  /** The spec as rendered from the props (what the hash stands for); asked for only when needed. */
  readonly spec: () => unknown;
  /** The props that change the content, for the hint, e.g. `image, hostSelector`. */
  readonly props: string;
  /**
   * A cheap proof that the spec is still the hashed one (e.g. the object's props are sealed and it
   * has no JSON patch), which spares the comparison.
   * @default - always compare
   */
  readonly unchanged?: () => boolean;
}

/**
 * A check of a content-hashed template's final JSON: an error when `spec` differs from the spec
 * the name was computed from while the name is still that name. A template given a new name by
 * the escape hatch is accepted (its referrers must then be pointed at it too).
 */
export function contentHashGuard(opts: ContentHashGuardOptions): (final: KubeObject) => Finding[] {
  const hash = opts.name.slice(opts.name.lastIndexOf('-') + 1);
  let expected: string | undefined;
  return final => {
    if (final.metadata?.name !== opts.name || opts.unchanged?.()) return [];
    const spec = opts.spec();
    expected ??= stableStringify(spec);
    if (stableStringify(final.spec) === expected) return [];
    return [error('lifecycle/content-hash', firstDifference(spec, final.spec, 'spec'),
      `changed after construction, but the name still carries the hash of the original content (${hash}); `
      + 'CAPI rolls machines only when the referenced template name changes, so running machines would never get this change',
      `change the construct props instead (${opts.props}): the name and its references follow the content; `
      + 'or give the template a new metadata.name and point the objects that reference it at that name')];
  };
}
