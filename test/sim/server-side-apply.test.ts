// Server-side apply: create-on-apply, managedFields, conflicts with other managers (409 with
// the real Status shape), force, removal of fields a manager stops applying, shared ownership.
import { apiError, apply, rt } from './helpers';
import { ManualClock } from '../../src/core/clock';
import { SimApiServer } from '../../src/sim/api-server';

function engine() {
  return new SimApiServer({ seed: 5, clock: new ManualClock() }).engine;
}

const cm = (data: Record<string, string>, labels?: Record<string, string>) => ({
  apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg', namespace: 'default', ...(labels ? { labels } : {}) }, data,
});

describe('server-side apply', () => {
  test('creates the object and records an Apply entry with the applied fields', () => {
    const e = engine();
    const o = apply(e, cm({ a: '1' }, { app: 'x' }), 'applier');
    expect(o.metadata.managedFields).toEqual([{
      manager: 'applier',
      operation: 'Apply',
      apiVersion: 'v1',
      time: expect.any(String),
      fieldsType: 'FieldsV1',
      fieldsV1: { 'f:data': { 'f:a': {} }, 'f:metadata': { 'f:labels': { 'f:app': {} } } },
    }]);
  });

  test('re-applying the same configuration is a no-op (same resourceVersion)', () => {
    const e = engine();
    const first = apply(e, cm({ a: '1' }), 'applier');
    const second = apply(e, cm({ a: '1' }), 'applier');
    expect(second.metadata.resourceVersion).toBe(first.metadata.resourceVersion);
  });

  test('fails with 409 when a field owned by another manager would change', () => {
    const e = engine();
    apply(e, cm({ a: '1' }), 'applier');
    e.patch(rt(e, 'v1', 'ConfigMap'), 'default', 'cfg', 'application/merge-patch+json', JSON.stringify({ data: { a: 'edited' } }), { fieldManager: 'editor' });
    const err = apiError(() => apply(e, cm({ a: '1' }), 'applier'));
    expect(err.toStatus()).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      code: 409,
      reason: 'Conflict',
      message: 'Apply failed with 1 conflict: conflict with "editor" using v1: .data.a',
      details: { causes: [{ reason: 'FieldManagerConflict', message: 'conflict with "editor" using v1', field: '.data.a' }] },
    });
  });

  test('lists every conflict, grouped by manager', () => {
    const e = engine();
    apply(e, cm({ a: '1', b: '1' }), 'applier');
    e.patch(rt(e, 'v1', 'ConfigMap'), 'default', 'cfg', 'application/merge-patch+json', JSON.stringify({ data: { a: '2', b: '2' } }), { fieldManager: 'editor' });
    const err = apiError(() => apply(e, cm({ a: '1', b: '1' }), 'applier'));
    expect(err.message).toBe('Apply failed with 2 conflicts: conflicts with "editor" using v1:\n- .data.a\n- .data.b');
    expect(err.details!.causes).toHaveLength(2);
  });

  test('applying the value another manager set is shared ownership, not a conflict', () => {
    const e = engine();
    apply(e, cm({ a: '1' }), 'one');
    const o = apply(e, cm({ a: '1' }), 'two');
    const managers = o.metadata.managedFields.map((m: any) => m.manager);
    expect(managers).toEqual(['one', 'two']);
  });

  test('force takes ownership and sets the value', () => {
    const e = engine();
    apply(e, cm({ a: '1' }), 'applier');
    e.patch(rt(e, 'v1', 'ConfigMap'), 'default', 'cfg', 'application/merge-patch+json', JSON.stringify({ data: { a: 'edited', keep: 'me' } }), { fieldManager: 'editor' });
    const o = apply(e, cm({ a: '1' }), 'applier', { force: true });
    expect(o.data).toEqual({ a: '1', keep: 'me' });
    const editor = o.metadata.managedFields.find((m: any) => m.manager === 'editor');
    expect(editor.fieldsV1).toEqual({ 'f:data': { 'f:keep': {} } });
  });

  test('fields the manager stops applying are removed unless another manager owns them', () => {
    const e = engine();
    apply(e, cm({ a: '1', b: '2' }), 'applier');
    apply(e, { ...cm({ b: '2' }) }, 'other');
    const o = apply(e, cm({}), 'applier');
    // a was only the applier's: gone; b is also "other"'s: kept.
    expect(o.data).toEqual({ b: '2' });
  });

  test('list-map items merge by key and keep items owned by others', () => {
    const e = engine();
    const t = rt(e, 'cluster.x-k8s.io/v1beta2', 'Cluster');
    const cluster = (gates: string[]) => ({
      apiVersion: 'cluster.x-k8s.io/v1beta2',
      kind: 'Cluster',
      metadata: { name: 'c1', namespace: 'default' },
      spec: { controlPlaneRef: { apiGroup: 'controlplane.cluster.x-k8s.io', kind: 'RKE2ControlPlane', name: 'c1' }, availabilityGates: gates.map(conditionType => ({ conditionType })) },
    });
    apply(e, cluster(['A', 'B']), 'one');
    apply(e, cluster(['C']), 'two');
    let o = e.get(t, 'default', 'c1');
    expect(o.spec.availabilityGates.map((g: any) => g.conditionType)).toEqual(['A', 'B', 'C']);
    o = apply(e, cluster(['A']), 'one');
    expect(o.spec.availabilityGates.map((g: any) => g.conditionType)).toEqual(['A', 'C']);
  });

  test('fails with 422 without a fieldManager', () => {
    const e = engine();
    const err = apiError(() => e.patch(rt(e, 'v1', 'ConfigMap'), 'default', 'cfg', 'application/apply-patch+yaml', JSON.stringify(cm({ a: '1' })), {}));
    expect(err.code).toBe(422);
    expect(err.message).toBe('PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch');
  });

  test('accepts YAML bodies', () => {
    const e = engine();
    const o = e.patch(rt(e, 'v1', 'ConfigMap'), 'default', 'cfg', 'application/apply-patch+yaml',
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\ndata:\n  a: "1"\n', { fieldManager: 'yaml' }).object;
    expect(o.data).toEqual({ a: '1' });
  });

  test('fails with 400 when the applied object names another object', () => {
    const e = engine();
    const err = apiError(() => e.patch(rt(e, 'v1', 'ConfigMap'), 'default', 'other', 'application/apply-patch+yaml', JSON.stringify(cm({})), { fieldManager: 'm' }));
    expect(err.code).toBe(400);
    expect(err.message).toBe('the name of the object (cfg) does not match the name on the URL (other)');
  });

  test('fails in a namespace that does not exist', () => {
    const e = engine();
    const err = apiError(() => apply(e, { ...cm({}), metadata: { name: 'cfg', namespace: 'ghost' } }));
    expect(err.code).toBe(404);
    expect(err.message).toBe('namespaces "ghost" not found');
  });

  test('apply to the status subresource owns status fields only', () => {
    const e = engine();
    const bmh = { apiVersion: 'metal3.io/v1alpha1', kind: 'BareMetalHost', metadata: { name: 'h', namespace: 'default' }, spec: { online: true } };
    apply(e, bmh, 'user');
    const o = apply(e, { ...bmh, spec: { online: false }, status: { operationalStatus: 'OK', errorMessage: '', errorCount: 0, poweredOn: true, provisioning: { ID: 'i', state: 'available' } } },
      'bmo', { subresource: 'status' });
    expect(o.spec.online).toBe(true);
    expect(o.status.provisioning.state).toBe('available');
    const bmo = o.metadata.managedFields.find((m: any) => m.manager === 'bmo');
    expect(bmo.subresource).toBe('status');
    expect(Object.keys(bmo.fieldsV1)).toEqual(['f:status']);
  });

  test('dryRun apply does not store', () => {
    const e = engine();
    const r = apply(e, cm({ a: '1' }), 'applier', { dryRun: true });
    expect(r.data).toEqual({ a: '1' });
    expect(e.find(rt(e, 'v1', 'ConfigMap'), 'default', 'cfg')).toBeUndefined();
  });
});
