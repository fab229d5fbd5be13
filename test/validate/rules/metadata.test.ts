import { metadataRules } from '../../../src/validate/rules/metadata';

const m = (o: any) => metadataRules(o).map(f => `${f.rule} ${f.field}: ${f.message}`);

describe('ObjectMeta rules', () => {
  test('a valid object passes', () => {
    expect(m({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'a.b-c', namespace: 'ns-1', labels: { 'example.com/role': 'cp' }, annotations: { 'a/b': 'x' } } })).toEqual([]);
  });

  test('fails without a name (generateName is enough)', () => {
    expect(m({ kind: 'Secret', metadata: {} })).toEqual(['meta/name metadata.name: Required value']);
    expect(m({ kind: 'Secret' })).toEqual(['meta/name metadata.name: Required value']);
    expect(m({ kind: 'Secret', metadata: { generateName: 'x-' } })).toEqual([]);
  });

  test('name rules depend on the kind: subdomain, Namespace label, Service DNS-1035', () => {
    expect(m({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'Node1' } })).toEqual([expect.stringMatching(/^meta\/name metadata.name: Invalid value: "Node1"/)]);
    expect(m({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'a.b' } })).toHaveLength(1);
    expect(m({ apiVersion: 'v1', kind: 'Service', metadata: { name: '1svc' } })).toEqual([expect.stringMatching(/start with a letter/)]);
    expect(m({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'x'.repeat(254) } })).toEqual([expect.stringMatching(/no more than 253 characters/)]);
  });

  test('fails on a bad namespace, label key, label value and annotation key', () => {
    expect(m({ kind: 'Secret', metadata: { name: 'a', namespace: 'Bad_NS' } })).toEqual([expect.stringMatching(/^meta\/namespace/)]);
    expect(m({ kind: 'Secret', metadata: { name: 'a', labels: { 'a/b/c': 'x' } } })).toEqual([expect.stringMatching(/at most one '\/'/)]);
    expect(m({ kind: 'Secret', metadata: { name: 'a', labels: { '/x': 'x' } } })).toEqual([expect.stringMatching(/prefix part must not be empty/)]);
    expect(m({ kind: 'Secret', metadata: { name: 'a', labels: { 'Bad.Prefix/x': 'x' } } })).toEqual([expect.stringMatching(/prefix part must consist/)]);
    expect(m({ kind: 'Secret', metadata: { name: 'a', labels: { ['x'.repeat(64)]: 'x' } } })).toEqual([expect.stringMatching(/name part must be no more than 63/)]);
    expect(m({ kind: 'Secret', metadata: { name: 'a', labels: { k: 'has space' } } })).toEqual([expect.stringMatching(/^meta\/label-value/)]);
    expect(m({ kind: 'Secret', metadata: { name: 'a', labels: { k: 'v'.repeat(64) } } })).toEqual([expect.stringMatching(/no more than 63/)]);
    expect(m({ kind: 'Secret', metadata: { name: 'a', annotations: { 'bad key': 'x' } } })).toEqual([expect.stringMatching(/^meta\/annotation-key/)]);
  });

  test('annotations are limited to 256 KiB in total', () => {
    expect(m({ kind: 'Secret', metadata: { name: 'a', annotations: { big: 'x'.repeat(256 * 1024) } } })).toEqual([expect.stringMatching(/^meta\/annotations-size/)]);
  });
});
