// A reference to one object: what the API needs to address it (group, version, kind,
// namespace, name). Its identity, independent of the version, is `objectKey` (object-key.ts).
import { parseApiVersion } from './gvk';
import { KubeObject } from './kube-object';

export interface ObjectRef {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  /** Undefined for cluster-scoped kinds (and for namespaced objects that leave it to the default). */
  readonly namespace?: string;
  readonly name: string;
}

/** The reference of an object, its namespace as written (not defaulted). */
export function refOf(obj: KubeObject): ObjectRef {
  const { group, version } = parseApiVersion(obj.apiVersion);
  return { group, version, kind: obj.kind ?? '', namespace: obj.metadata?.namespace, name: obj.metadata?.name ?? '' };
}

/** `Kind namespace/name` (`Kind name` without a namespace): how objects are named in every message. */
export function describeRef(r: Pick<ObjectRef, 'kind' | 'namespace' | 'name'>): string {
  return `${r.kind} ${r.namespace ? `${r.namespace}/` : ''}${r.name}`;
}
