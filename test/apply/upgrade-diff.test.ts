// The field-level diff behind `plan`: nested fields, lists, server-set fields ignored, Secret
// values never shown, and the object-by-object summary.
import {
  ChangeAction, FieldChangeType, HIDDEN, diffObject, diffSets, diffValues, formatChanges, formatFieldChange, lineDiff, withoutServerFields,
} from '../../src/apply/upgrade-diff';

const cp = (version: string, extra: any = {}) => ({
  apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
  kind: 'RKE2ControlPlane',
  metadata: { name: 'c', namespace: 'default', ...extra.metadata },
  spec: { version, replicas: 3, machineTemplate: { spec: { infrastructureRef: { name: 't-1' } } }, ...extra.spec },
});

describe('diffValues', () => {
  test('reports changed, added and removed fields by path, sorted', () => {
    expect(diffValues({ a: 1, b: { c: 'x', d: [1, 2] }, e: true }, { a: 2, b: { c: 'x', d: [1, 3] }, f: 'new' })).toEqual([
      { path: 'a', type: FieldChangeType.CHANGED, before: 1, after: 2 },
      { path: 'b.d', type: FieldChangeType.CHANGED, before: [1, 2], after: [1, 3] },
      { path: 'e', type: FieldChangeType.REMOVED, before: true },
      { path: 'f', type: FieldChangeType.ADDED, after: 'new' },
    ]);
  });

  test('lists of objects of the same length compare element by element; keys with dots or slashes are bracketed', () => {
    expect(diffValues({ l: [{ n: 'a', v: 1 }, { n: 'b', v: 2 }] }, { l: [{ n: 'a', v: 1 }, { n: 'b', v: 5 }] })).toEqual([
      { path: 'l[1].v', type: FieldChangeType.CHANGED, before: 2, after: 5 },
    ]);
    expect(diffValues({ labels: { 'cluster.x-k8s.io/cluster-name': 'a' } }, { labels: { 'cluster.x-k8s.io/cluster-name': 'b' } })[0].path).toBe('labels[cluster.x-k8s.io/cluster-name]');
  });

  test('key order does not make a difference', () => {
    expect(diffValues({ a: 1, b: 2 }, { b: 2, a: 1 })).toEqual([]);
  });
});

describe('diffObject', () => {
  test('server-set metadata and status are not differences', () => {
    const live = { ...cp('v1'), metadata: { name: 'c', namespace: 'default', uid: 'u', resourceVersion: '9', generation: 4, managedFields: [{}], creationTimestamp: 't' }, status: { ready: true } };
    expect(diffObject(live, cp('v1'))).toEqual([]);
    expect(withoutServerFields(live)).toEqual(cp('v1'));
  });

  test('Secret values are hidden, changed keys are still named', () => {
    const s = (v: string) => ({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: { password: v, username: 'dXNlcg==' } });
    const d = diffObject(s('c2VjcmV0'), s('b3RoZXI='));
    expect(d).toEqual([{ path: 'data.password', type: FieldChangeType.CHANGED, before: HIDDEN, after: HIDDEN }]);
    expect(JSON.stringify(d)).not.toMatch(/c2VjcmV0|b3RoZXI=/);
  });
});

describe('diffSets', () => {
  test('create, update, unchanged and not-in-new, keyed without the API version', () => {
    const oldSet = [cp('v1.34.2+rke2r1'), { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'gone' } }, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'same' }, data: { a: '1' } }];
    const newSet = [{ ...cp('v1.35.1+rke2r1'), apiVersion: 'controlplane.cluster.x-k8s.io/v1beta1' }, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'same', namespace: 'default' }, data: { a: '1' } },
      { apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta2', kind: 'Metal3MachineTemplate', metadata: { name: 't-2' } }];
    const changes = diffSets(oldSet, newSet);
    expect(changes.map(c => [c.kind, c.name, c.action])).toEqual([
      ['RKE2ControlPlane', 'c', ChangeAction.UPDATE], ['ConfigMap', 'same', ChangeAction.UNCHANGED],
      ['Metal3MachineTemplate', 't-2', ChangeAction.CREATE], ['ConfigMap', 'gone', ChangeAction.NOT_IN_NEW],
    ]);
    // The API version is part of the identity only through the group: a version move is shown as a change.
    expect(changes[0].fields).toEqual([
      { path: 'apiVersion', type: FieldChangeType.CHANGED, before: 'controlplane.cluster.x-k8s.io/v1beta2', after: 'controlplane.cluster.x-k8s.io/v1beta1' },
      { path: 'spec.version', type: FieldChangeType.CHANGED, before: 'v1.34.2+rke2r1', after: 'v1.35.1+rke2r1' },
    ]);
    expect(formatChanges(changes)).toBe([
      '~ RKE2ControlPlane default/c: update',
      '    ~ apiVersion: "controlplane.cluster.x-k8s.io/v1beta2" → "controlplane.cluster.x-k8s.io/v1beta1"',
      '    ~ spec.version: "v1.34.2+rke2r1" → "v1.35.1+rke2r1"',
      '+ Metal3MachineTemplate default/t-2: create',
      '? ConfigMap default/gone: not in the new manifests (apply leaves it in place)',
      '1 to create, 1 to update, 1 unchanged, 1 not in the new manifests',
      '',
    ].join('\n'));
  });
});

describe('multi-line values', () => {
  test('are shown as the lines that changed', () => {
    expect(lineDiff('a\nb\nc', 'a\nB\nc\nd')).toEqual(['- b', '+ B', '+ d']);
    expect(formatFieldChange({ path: 'spec.config', type: FieldChangeType.CHANGED, before: 'x\ny', after: 'x\nz' }, '')).toEqual(['~ spec.config:', '    - y', '    + z']);
  });

  test('long line diffs are cut with a count of what is left', () => {
    const before = Array.from({ length: 30 }, (_, i) => `l${i}`).join('\n');
    const out = lineDiff(before, '', 5);
    expect(out).toHaveLength(6);
    expect(out[5]).toBe('  ... 26 more changed lines');
  });
});
