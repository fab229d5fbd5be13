// Group, version and kind read from `apiVersion` the way the API server reads it: `group/version`,
// or a bare `version` for the core group (`v1`). The one parser; every layer uses it.

export interface GroupVersion {
  /** The API group, `''` for the core group. */
  readonly group: string;
  readonly version: string;
}

/** `cluster.x-k8s.io/v1beta2` → `{group: 'cluster.x-k8s.io', version: 'v1beta2'}`; `v1` → `{group: '', version: 'v1'}`. Not a string → both empty. */
export function parseApiVersion(apiVersion: unknown): GroupVersion {
  if (typeof apiVersion !== 'string') return { group: '', version: '' };
  const i = apiVersion.lastIndexOf('/');
  return i < 0 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, i), version: apiVersion.slice(i + 1) };
}

/** The apiVersion of a group and version (`v1` for the core group). */
export function apiVersionOf(gv: GroupVersion): string {
  return gv.group ? `${gv.group}/${gv.version}` : gv.version;
}

/** The API group of an object (`''` for the core group and for objects without a string apiVersion). */
export function groupOf(obj: { readonly apiVersion?: unknown } | undefined): string {
  return parseApiVersion(obj?.apiVersion).group;
}

/** The version part of an object's apiVersion. */
export function versionOf(obj: { readonly apiVersion?: unknown } | undefined): string {
  return parseApiVersion(obj?.apiVersion).version;
}

/** `group/Kind` (`/Secret` for the core group): the key of every per-kind table (rules, readiness, pause). */
export function groupKindOf(obj: { readonly apiVersion?: unknown; readonly kind?: unknown } | undefined): string {
  return `${groupOf(obj)}/${typeof obj?.kind === 'string' ? obj.kind : ''}`;
}

/** Whether the object is of this group and kind (any version). */
export function isKind(obj: { readonly apiVersion?: unknown; readonly kind?: unknown } | undefined, group: string, kind: string): boolean {
  return obj?.kind === kind && groupOf(obj) === group;
}
