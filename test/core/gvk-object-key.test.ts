// The object model's identity rules: apiVersion parsing, the one object key and its rule for a
// missing namespace (namespaced kinds: `default`; cluster-scoped kinds: none).
import { apiVersionOf, groupKindOf, groupOf, isKind, parseApiVersion, versionOf } from '../../src/core/gvk';
import { effectiveNamespace, keyOf, objectKey, parseObjectKey } from '../../src/core/object-key';
import { describeRef, refOf } from '../../src/core/object-ref';

describe('group, version, kind', () => {
  test.each([
    ['cluster.x-k8s.io/v1beta2', 'cluster.x-k8s.io', 'v1beta2'],
    ['v1', '', 'v1'],
    ['apps/v1', 'apps', 'v1'],
  ])('%s parses into group %j and version %j, and back', (av, group, version) => {
    expect(parseApiVersion(av)).toEqual({ group, version });
    expect(apiVersionOf({ group, version })).toBe(av);
  });

  test('a missing or non-string apiVersion has no group and no version (hand-written YAML may say `apiVersion: 1`)', () => {
    expect(parseApiVersion(undefined)).toEqual({ group: '', version: '' });
    expect(parseApiVersion(1)).toEqual({ group: '', version: '' });
    expect(groupOf({ apiVersion: 1 })).toBe('');
    expect(versionOf(undefined)).toBe('');
  });

  test('group/Kind is the per-kind table key; isKind ignores the version', () => {
    expect(groupKindOf({ apiVersion: 'v1', kind: 'Secret' })).toBe('/Secret');
    expect(groupKindOf({ apiVersion: 'metal3.io/v1alpha1', kind: 'BareMetalHost' })).toBe('metal3.io/BareMetalHost');
    expect(isKind({ apiVersion: 'cluster.x-k8s.io/v1beta1', kind: 'Cluster' }, 'cluster.x-k8s.io', 'Cluster')).toBe(true);
    expect(isKind({ apiVersion: 'anywhere.eks.amazonaws.com/v1alpha1', kind: 'Cluster' }, 'cluster.x-k8s.io', 'Cluster')).toBe(false);
  });
});

describe('the object key', () => {
  const secret = (namespace?: string) => ({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', ...(namespace ? { namespace } : {}) } });

  test('a namespaced object without a namespace has the same key as one in `default`', () => {
    expect(objectKey(secret())).toBe('/Secret/default/s');
    expect(objectKey(secret('default'))).toBe(objectKey(secret()));
    expect(objectKey(secret('site-1'))).toBe('/Secret/site-1/s');
  });

  test('a cluster-scoped kind has an empty namespace, whatever the manifest says', () => {
    expect(objectKey({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'site-1' } })).toBe('/Namespace//site-1');
    expect(effectiveNamespace({ kind: 'CustomResourceDefinition', namespace: 'x' })).toBeUndefined();
  });

  test('the version is not part of the identity', () => {
    const v1 = { apiVersion: 'cluster.x-k8s.io/v1beta1', kind: 'Cluster', metadata: { name: 'c' } };
    const v2 = { apiVersion: 'cluster.x-k8s.io/v1beta2', kind: 'Cluster', metadata: { name: 'c', namespace: 'default' } };
    expect(objectKey(v1)).toBe(objectKey(v2));
  });

  test('a reference and its object key alike, and a key parses back', () => {
    const o = { apiVersion: 'metal3.io/v1alpha1', kind: 'BareMetalHost', metadata: { name: 'node1', namespace: 'site-1' } };
    expect(keyOf(refOf(o))).toBe(objectKey(o));
    expect(parseObjectKey(objectKey(o))).toEqual({ group: 'metal3.io', kind: 'BareMetalHost', namespace: 'site-1', name: 'node1' });
    expect(parseObjectKey('/Namespace//site-1')).toEqual({ group: '', kind: 'Namespace', namespace: undefined, name: 'site-1' });
    expect(describeRef(refOf(o))).toBe('BareMetalHost site-1/node1');
  });
});
