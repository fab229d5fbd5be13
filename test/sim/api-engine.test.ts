// API semantics of the simulated server, exercised in process (no HTTP): object metadata,
// optimistic concurrency, status subresource rules, validation errors, patches, dry run.
import { apiError, apply, rt } from './helpers';
import { ManualClock } from '../../src/core/clock';
import { SimApiServer } from '../../src/sim/api-server';

function server() {
  const clock = new ManualClock(Date.UTC(2025, 4, 1, 12, 0, 0));
  const s = new SimApiServer({ seed: 3, clock });
  return { s, engine: s.engine, clock };
}

const BMH = (name: string, extra: any = {}) => ({
  apiVersion: 'metal3.io/v1alpha1',
  kind: 'BareMetalHost',
  metadata: { name, namespace: 'default', labels: { 'cluster-role': 'control-plane' } },
  spec: { online: true, bmc: { address: 'redfish://10.0.0.1/redfish/v1/Systems/1', credentialsName: `${name}-bmc` }, ...extra },
});

describe('create', () => {
  test('sets uid, creationTimestamp, generation and a numeric resourceVersion', () => {
    const { engine } = server();
    const o = engine.create(rt(engine, 'metal3.io/v1alpha1', 'BareMetalHost'), 'default', BMH('node1'), { fieldManager: 'me' }).object;
    expect(o.metadata.uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(o.metadata.creationTimestamp).toBe('2025-05-01T12:00:00Z');
    expect(o.metadata.generation).toBe(1);
    expect(o.metadata.resourceVersion).toMatch(/^\d+$/);
    expect(o.metadata.managedFields).toEqual([expect.objectContaining({ manager: 'me', operation: 'Update', apiVersion: 'metal3.io/v1alpha1' })]);
  });

  test('applies schema defaults (BareMetalHost automatedCleaningMode)', () => {
    const { engine } = server();
    const o = engine.create(rt(engine, 'metal3.io/v1alpha1', 'BareMetalHost'), 'default', BMH('node1')).object;
    expect(o.spec.automatedCleaningMode).toBe('metadata');
  });

  test('drops status on create when the kind has a status subresource', () => {
    const { engine } = server();
    const o = engine.create(rt(engine, 'metal3.io/v1alpha1', 'BareMetalHost'), 'default',
      { ...BMH('node1'), status: { operationalStatus: 'OK' } }).object;
    expect(o.status).toBeUndefined();
  });

  test('fails in a namespace that does not exist with the real NotFound', () => {
    const { engine } = server();
    const e = apiError(() => engine.create(rt(engine, 'v1', 'ConfigMap'), 'nope', { metadata: { name: 'x' } }));
    expect(e.toStatus()).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      code: 404,
      reason: 'NotFound',
      message: 'namespaces "nope" not found',
      details: { name: 'nope', kind: 'namespaces' },
    });
  });

  test('fails with AlreadyExists for a duplicate name', () => {
    const { engine } = server();
    const t = rt(engine, 'v1', 'ConfigMap');
    engine.create(t, 'default', { metadata: { name: 'x' } });
    const e = apiError(() => engine.create(t, 'default', { metadata: { name: 'x' } }));
    expect(e.code).toBe(409);
    expect(e.reason).toBe('AlreadyExists');
    expect(e.message).toBe('configmaps "x" already exists');
  });

  test('generateName gets a 5-character suffix', () => {
    const { engine } = server();
    const o = engine.create(rt(engine, 'v1', 'ConfigMap'), 'default', { metadata: { generateName: 'cfg-' } }).object;
    expect(o.metadata.name).toMatch(/^cfg-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  });

  test('folds Secret stringData into base64 data', () => {
    const { engine } = server();
    const o = engine.create(rt(engine, 'v1', 'Secret'), 'default', { metadata: { name: 's' }, stringData: { username: 'admin' } }).object;
    expect(o.data).toEqual({ username: Buffer.from('admin').toString('base64') });
    expect(o.stringData).toBeUndefined();
    expect(o.type).toBe('Opaque');
  });

  test('dryRun=All returns the object without storing it', () => {
    const { engine } = server();
    const t = rt(engine, 'v1', 'ConfigMap');
    const r = engine.create(t, 'default', { metadata: { name: 'dry' } }, { dryRun: true });
    expect(r.object.metadata.uid).toBeDefined();
    expect(engine.find(t, 'default', 'dry')).toBeUndefined();
  });
});

describe('validation', () => {
  test('fails with 422 Invalid and one cause per field error', () => {
    const { engine } = server();
    const bad = BMH('bad', { bootMode: 'weird' });
    delete (bad.spec as any).online;
    const e = apiError(() => engine.create(rt(engine, 'metal3.io/v1alpha1', 'BareMetalHost'), 'default', bad));
    const st: any = e.toStatus();
    expect(st.code).toBe(422);
    expect(st.reason).toBe('Invalid');
    expect(st.details.kind).toBe('BareMetalHost');
    expect(st.details.group).toBe('metal3.io');
    expect(st.details.name).toBe('bad');
    expect(st.details.causes).toEqual(expect.arrayContaining([
      { reason: 'FieldValueRequired', message: 'Required value', field: 'spec.online' },
      { reason: 'FieldValueNotSupported', message: 'Unsupported value: "weird": supported values: "UEFI", "UEFISecureBoot", "legacy"', field: 'spec.bootMode' },
    ]));
    expect(st.message).toMatch(/^BareMetalHost\.metal3\.io "bad" is invalid: \[/);
  });

  test('fails with 422 for an invalid object name', () => {
    const { engine } = server();
    const e = apiError(() => engine.create(rt(engine, 'v1', 'ConfigMap'), 'default', { metadata: { name: 'Bad_Name' } }));
    expect(e.code).toBe(422);
    expect((e.details!.causes ?? [])[0]).toEqual(expect.objectContaining({ field: 'metadata.name', reason: 'FieldValueInvalid' }));
  });

  test('unknown fields: 400 under Strict, pruned with a warning under Warn', () => {
    const { engine } = server();
    const t = rt(engine, 'metal3.io/v1alpha1', 'BareMetalHost');
    const e = apiError(() => engine.create(t, 'default', BMH('a', { foo: 1 }), { fieldValidation: 'Strict' }));
    expect(e.code).toBe(400);
    expect(e.message).toBe('BareMetalHost in version "v1alpha1" cannot be handled as a BareMetalHost: strict decoding error: unknown field "spec.foo"');
    const r = engine.create(t, 'default', BMH('b', { foo: 1 }), { fieldValidation: 'Warn' });
    expect(r.warnings).toEqual(['unknown field "spec.foo"']);
    expect(r.object.spec.foo).toBeUndefined();
  });

  test('apply of an undeclared field fails as a typed-patch error under Strict', () => {
    const { engine } = server();
    const e = apiError(() => apply(engine, BMH('a', { foo: 1 })));
    expect(e.code).toBe(500);
    expect(e.message).toBe('failed to create typed patch object (default/a; metal3.io/v1alpha1, Kind=BareMetalHost): .spec.foo: field not declared in schema');
  });
});

describe('update and generation', () => {
  test('a stale resourceVersion is a 409 Conflict', () => {
    const { engine } = server();
    const t = rt(engine, 'metal3.io/v1alpha1', 'BareMetalHost');
    const o = engine.create(t, 'default', BMH('n')).object;
    engine.update(t, 'default', 'n', { ...o, spec: { ...o.spec, online: false } });
    const e = apiError(() => engine.update(t, 'default', 'n', { ...o, spec: { ...o.spec, description: 'x' } }));
    expect(e.code).toBe(409);
    expect(e.reason).toBe('Conflict');
    expect(e.message).toBe('Operation cannot be fulfilled on baremetalhosts.metal3.io "n": the object has been modified; please apply your changes to the latest version and try again');
  });

  test('fails to update a custom resource without resourceVersion', () => {
    const { engine } = server();
    const t = rt(engine, 'metal3.io/v1alpha1', 'BareMetalHost');
    const o = engine.create(t, 'default', BMH('n')).object;
    const { resourceVersion: _rv, ...meta } = o.metadata;
    const e = apiError(() => engine.update(t, 'default', 'n', { ...o, metadata: meta }));
    expect(e.code).toBe(422);
    expect(e.details!.causes![0].field).toBe('metadata.resourceVersion');
  });

  test('generation moves on spec changes only', () => {
    const { engine } = server();
    const t = rt(engine, 'metal3.io/v1alpha1', 'BareMetalHost');
    let o = engine.create(t, 'default', BMH('n')).object;
    o = engine.update(t, 'default', 'n', { ...o, metadata: { ...o.metadata, labels: { a: 'b' } } }).object;
    expect(o.metadata.generation).toBe(1);
    o = engine.update(t, 'default', 'n', { ...o, spec: { ...o.spec, online: false } }).object;
    expect(o.metadata.generation).toBe(2);
    o = engine.update(t, 'default', 'n', { ...o, status: { operationalStatus: 'OK', errorMessage: '', errorCount: 0, poweredOn: false, provisioning: { ID: '', state: 'available' } } }, { subresource: 'status' }).object;
    expect(o.metadata.generation).toBe(2);
    expect(o.status.provisioning.state).toBe('available');
  });

  test('the main endpoint ignores status; the status endpoint ignores spec and metadata', () => {
    const { engine } = server();
    const t = rt(engine, 'metal3.io/v1alpha1', 'BareMetalHost');
    let o = engine.create(t, 'default', BMH('n')).object;
    const status = { operationalStatus: 'OK', errorMessage: '', errorCount: 0, poweredOn: true, provisioning: { ID: 'x', state: 'available' } };
    o = engine.update(t, 'default', 'n', { ...o, status }).object;
    expect(o.status).toBeUndefined();
    o = engine.update(t, 'default', 'n', { ...o, spec: { ...o.spec, online: false }, metadata: { ...o.metadata, labels: { changed: 'yes' } }, status }, { subresource: 'status' }).object;
    expect(o.status.poweredOn).toBe(true);
    expect(o.spec.online).toBe(true);
    expect(o.metadata.labels).toEqual({ 'cluster-role': 'control-plane' });
  });

  test('an identical update writes nothing (no new resourceVersion)', () => {
    const { engine } = server();
    const t = rt(engine, 'v1', 'ConfigMap');
    const o = engine.create(t, 'default', { metadata: { name: 'c' }, data: { a: '1' } }, { fieldManager: 'm' }).object;
    const again = engine.update(t, 'default', 'c', o, { fieldManager: 'm' }).object;
    expect(again.metadata.resourceVersion).toBe(o.metadata.resourceVersion);
  });
});

describe('patch', () => {
  test('merge patch sets and (with null) removes fields', () => {
    const { engine } = server();
    const t = rt(engine, 'v1', 'ConfigMap');
    engine.create(t, 'default', { metadata: { name: 'c' }, data: { a: '1', b: '2' } });
    const o = engine.patch(t, 'default', 'c', 'application/merge-patch+json', JSON.stringify({ data: { a: null, c: '3' } })).object;
    expect(o.data).toEqual({ b: '2', c: '3' });
  });

  test('json patch applies operations; a failed test op is a 422', () => {
    const { engine } = server();
    const t = rt(engine, 'v1', 'ConfigMap');
    engine.create(t, 'default', { metadata: { name: 'c' }, data: { a: '1' } });
    const o = engine.patch(t, 'default', 'c', 'application/json-patch+json', JSON.stringify([{ op: 'add', path: '/data/b', value: '2' }, { op: 'remove', path: '/data/a' }])).object;
    expect(o.data).toEqual({ b: '2' });
    const e = apiError(() => engine.patch(t, 'default', 'c', 'application/json-patch+json', JSON.stringify([{ op: 'test', path: '/data/b', value: 'x' }])));
    expect(e.code).toBe(422);
  });

  test('merge patch on the status subresource changes only status', () => {
    const { engine } = server();
    const t = rt(engine, 'metal3.io/v1alpha1', 'BareMetalHost');
    engine.create(t, 'default', BMH('n'));
    const status = { operationalStatus: 'OK', errorMessage: '', errorCount: 0, poweredOn: true, provisioning: { ID: 'x', state: 'inspecting' } };
    const o = engine.patch(t, 'default', 'n', 'application/merge-patch+json', JSON.stringify({ spec: { online: false }, status }), { subresource: 'status' }).object;
    expect(o.status.provisioning.state).toBe('inspecting');
    expect(o.spec.online).toBe(true);
  });

  test('fails with 415 for strategic merge patch on a custom resource', () => {
    const { engine } = server();
    const t = rt(engine, 'metal3.io/v1alpha1', 'BareMetalHost');
    engine.create(t, 'default', BMH('n'));
    const e = apiError(() => engine.patch(t, 'default', 'n', 'application/strategic-merge-patch+json', '{}'));
    expect(e.code).toBe(415);
    expect(e.reason).toBe('UnsupportedMediaType');
  });

  test('fails with 422 when force is given on a non-apply patch', () => {
    const { engine } = server();
    const t = rt(engine, 'v1', 'ConfigMap');
    engine.create(t, 'default', { metadata: { name: 'c' } });
    const e = apiError(() => engine.patch(t, 'default', 'c', 'application/merge-patch+json', '{}', { forceGiven: true, force: true }));
    expect(e.code).toBe(422);
    expect(e.message).toBe('PatchOptions.meta.k8s.io "" is invalid: force: Forbidden: may not be specified for non-apply patch');
  });
});

describe('list', () => {
  function seeded() {
    const { engine } = server();
    const t = rt(engine, 'v1', 'ConfigMap');
    for (const [name, labels] of [['a', { tier: 'cp', zone: '1' }], ['b', { tier: 'worker', zone: '2' }], ['c', { tier: 'worker' }]] as const) {
      engine.create(t, 'default', { metadata: { name, labels } });
    }
    return { engine, t };
  }

  test('label selectors, equality and set-based', () => {
    const { engine, t } = seeded();
    const names = (sel: string) => engine.list(t, 'default', { labelSelector: sel }).items.map((i: any) => i.metadata.name);
    expect(names('tier=worker')).toEqual(['b', 'c']);
    expect(names('tier in (cp,worker),zone')).toEqual(['a', 'b']);
    expect(names('tier notin (cp),!zone')).toEqual(['c']);
    expect(names('zone!=1')).toEqual(['b', 'c']);
  });

  test('fails with 400 on a malformed label selector', () => {
    const { engine, t } = seeded();
    expect(apiError(() => engine.list(t, 'default', { labelSelector: 'tier in (a' })).code).toBe(400);
  });

  test('field selectors on metadata.name; unsupported fields are a 400', () => {
    const { engine, t } = seeded();
    expect(engine.list(t, 'default', { fieldSelector: 'metadata.name=b' }).items.map((i: any) => i.metadata.name)).toEqual(['b']);
    const e = apiError(() => engine.list(t, 'default', { fieldSelector: 'data.x=1' }));
    expect(e.code).toBe(400);
    expect(e.message).toBe('field label not supported: data.x');
  });

  test('built-in list items carry no apiVersion/kind; custom resources do', () => {
    const { engine, t } = seeded();
    const l = engine.list(t, 'default');
    expect(l.kind).toBe('ConfigMapList');
    expect(l.items[0].kind).toBeUndefined();
    const b = rt(engine, 'metal3.io/v1alpha1', 'BareMetalHost');
    engine.create(b, 'default', BMH('n'));
    expect(engine.list(b, 'default').items[0].kind).toBe('BareMetalHost');
  });

  test('limit and continue page through the list', () => {
    const { engine, t } = seeded();
    const p1 = engine.list(t, 'default', { limit: 2 });
    expect(p1.items.map((i: any) => i.metadata.name)).toEqual(['a', 'b']);
    expect(p1.metadata.remainingItemCount).toBe(1);
    const p2 = engine.list(t, 'default', { limit: 2, continue: p1.metadata.continue });
    expect(p2.items.map((i: any) => i.metadata.name)).toEqual(['c']);
    expect(p2.metadata.continue).toBeUndefined();
  });
});
