// Rules look objects up through an index of the set: the same answers as a scan, also when the
// set changes between two validations or a field has an unexpected type.
import { KubeObject } from '../../src/core/kube-object';
import { KIND_NS_NAME, kindNsName, lookup, positionOf } from '../../src/validate/object-index';
import { validateObject } from '../../src/validate/validate';

const secret = (name: string, namespace: string | undefined, stringData: Record<string, string>): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Secret', metadata: { name, ...(namespace ? { namespace } : {}) }, stringData });

test('lookup: objects of that kind, namespace (missing: default) and name, in set order', () => {
  const a = secret('s', undefined, {});
  const b = secret('s', 'default', {});
  const c = secret('s', 'other', {});
  const set = [c, a, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 's' } }, b, { kind: 'Secret', metadata: { name: 7 } } as any];
  expect(lookup(set, KIND_NS_NAME, kindNsName('Secret', 'default', 's'))).toEqual([a, b]);
  expect(lookup(set, KIND_NS_NAME, kindNsName('Secret', 'other', 's'))).toEqual([c]);
  expect(lookup(set, KIND_NS_NAME, kindNsName('Secret', 'default', '7'))).toEqual([]);
  expect(positionOf(set, b)).toBe(3);
  expect(positionOf(set, secret('s', undefined, {}))).toBe(-1);
});

test('a set that grew since it was indexed is indexed again', () => {
  const set: KubeObject[] = [secret('a', 'ns', {})];
  expect(lookup(set, KIND_NS_NAME, kindNsName('Secret', 'ns', 'b'))).toEqual([]);
  const b = secret('b', 'ns', {});
  set.push(b);
  expect(lookup(set, KIND_NS_NAME, kindNsName('Secret', 'ns', 'b'))).toEqual([b]);
  set[1] = secret('c', 'ns', {});
  expect(lookup(set, KIND_NS_NAME, kindNsName('Secret', 'ns', 'c'))).toHaveLength(1);
});

test('the BareMetalHost credentials rule finds its Secret through the index, namespace included', () => {
  const bmh: KubeObject = {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { name: 'node1', namespace: 'site1' },
    spec: { online: true, bootMACAddress: '0c:c4:7a:12:34:56', bmc: { address: 'redfish-virtualmedia://10.0.0.1/redfish/v1/Systems/1', credentialsName: 'node1-credentials' } },
  };
  const credentials = (objects: KubeObject[]) => validateObject(bmh, [bmh, ...objects]).filter(f => f.rule === 'bmo/credentials').map(f => f.message);
  const empty = secret('node1-credentials', 'site1', { username: 'u', password: ' ' });
  expect(credentials([empty])).toEqual(['Missing BMC connection detail \'password\' in credentials Secret node1-credentials']);
  // The same name in another namespace is not this host's Secret.
  expect(credentials([secret('node1-credentials', 'site2', { username: 'u', password: ' ' })])).toEqual([]);
  expect(credentials([secret('node1-credentials', 'site1', { username: 'u', password: 'p' }), empty])).toEqual([]);
});
