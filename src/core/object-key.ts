// The one identity of an object: `group/Kind/namespace/name` — what the API server addresses,
// the version left out (one object is served under every version of its kind).
//
// A missing namespace: a namespaced object without one lands in the default namespace, so its
// key says `default` (as kubectl would send it); a cluster-scoped kind has no namespace, so its
// key has an empty one. Scope is not in a manifest: the kinds below are known to be
// cluster-scoped, every other kind counts as namespaced. The applier fills in the namespace it
// will really use (the context's, or -n) before it keys anything, so the `default` fallback only
// decides for offline comparisons (validate, plan --against), where it is what kubectl does.
import { groupOf } from './gvk';
import { KubeObject } from './kube-object';
import { ObjectRef } from './object-ref';

/** Kinds without a namespace (built-in ones and common add-ons'); every other kind is namespaced. */
export const CLUSTER_SCOPED_KINDS: ReadonlySet<string> = new Set([
  'Namespace', 'CustomResourceDefinition', 'ClusterRole', 'ClusterRoleBinding', 'StorageClass', 'PriorityClass', 'Node',
  'PersistentVolume', 'MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration', 'APIService', 'ClusterIssuer',
  'IngressClass', 'RuntimeClass', 'CSIDriver', 'VolumeSnapshotClass',
]);

export const DEFAULT_NAMESPACE = 'default';

/** Whether a kind is known to be cluster-scoped. */
export function isClusterScoped(kind: unknown): boolean {
  return typeof kind === 'string' && CLUSTER_SCOPED_KINDS.has(kind);
}

type Keyable = Pick<ObjectRef, 'group' | 'kind' | 'name'> & { readonly namespace?: string };

/** The namespace an object lives in: its own, else `default`; undefined for cluster-scoped kinds. */
export function effectiveNamespace(x: { readonly kind?: unknown; readonly namespace?: unknown }): string | undefined {
  if (isClusterScoped(x.kind)) return undefined;
  return typeof x.namespace === 'string' && x.namespace ? x.namespace : DEFAULT_NAMESPACE;
}

/** `group/Kind/namespace/name` of a reference (see the file comment for a missing namespace). */
export function keyOf(r: Keyable): string {
  return `${r.group}/${r.kind}/${effectiveNamespace(r) ?? ''}/${r.name}`;
}

/** The key of an object (its apiVersion's group, kind, namespace, name). */
export function objectKey(o: KubeObject): string {
  return keyOf({ group: groupOf(o), kind: o.kind ?? '', namespace: o.metadata?.namespace, name: o.metadata?.name ?? '' });
}

/** The parts of a key (namespace undefined for cluster-scoped objects). */
export function parseObjectKey(key: string): Keyable {
  const [group, kind, namespace, ...name] = key.split('/');
  return { group, kind, namespace: namespace || undefined, name: name.join('/') };
}
