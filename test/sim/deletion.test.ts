// DELETE semantics: finalizers hold an object with a deletionTimestamp, owner-reference
// cascades (Background, Foreground, Orphan) run by the garbage collector, namespace
// termination, CRD establishment and cleanup.
import { apiError, apply, rt } from './helpers';
import { ManualClock } from '../../src/core/clock';
import { SimApiServer } from '../../src/sim/api-server';

async function running() {
  const s = new SimApiServer({ seed: 9, clock: new ManualClock() });
  s.controllers.start();
  await s.controllers.settled();
  return { s, engine: s.engine, settle: () => s.controllers.settled() };
}

const cmWith = (name: string, meta: any = {}) => ({ metadata: { name, ...meta }, data: { k: 'v' } });

describe('finalizers', () => {
  test('an object with finalizers stays, with deletionTimestamp, until they are removed', async () => {
    const { engine, settle } = await running();
    const t = rt(engine, 'v1', 'ConfigMap');
    const o = engine.create(t, 'default', cmWith('f', { finalizers: ['example.com/hold'] })).object;
    const d = engine.delete(t, 'default', 'f');
    expect(d.deletedNow).toBe(false);
    const held = engine.get(t, 'default', 'f');
    expect(held.metadata.deletionTimestamp).toBeDefined();
    expect(held.metadata.deletionGracePeriodSeconds).toBe(0);
    engine.update(t, 'default', 'f', { ...held, metadata: { ...held.metadata, finalizers: [] } });
    await settle();
    expect(engine.find(t, 'default', 'f')).toBeUndefined();
    expect(o.metadata.uid).toBeDefined();
  });

  test('deletion bumps generation of a custom resource once', async () => {
    const { engine } = await running();
    const t = rt(engine, 'metal3.io/v1alpha1', 'BareMetalHost');
    engine.create(t, 'default', { metadata: { name: 'h', finalizers: ['example.com/hold'] }, spec: { online: true } });
    engine.delete(t, 'default', 'h');
    engine.delete(t, 'default', 'h');
    expect(engine.get(t, 'default', 'h').metadata.generation).toBe(2);
  });

  test('fails with 422 when a finalizer is added to an object being deleted', async () => {
    const { engine } = await running();
    const t = rt(engine, 'v1', 'ConfigMap');
    engine.create(t, 'default', cmWith('f', { finalizers: ['example.com/a'] }));
    engine.delete(t, 'default', 'f');
    const held = engine.get(t, 'default', 'f');
    const e = apiError(() => engine.update(t, 'default', 'f', { ...held, metadata: { ...held.metadata, finalizers: ['example.com/a', 'example.com/b'] } }));
    expect(e.code).toBe(422);
    expect(e.details!.causes![0]).toEqual(expect.objectContaining({ field: 'metadata.finalizers', reason: 'FieldValueForbidden' }));
  });

  test('delete preconditions are checked (409)', async () => {
    const { engine } = await running();
    const t = rt(engine, 'v1', 'ConfigMap');
    engine.create(t, 'default', cmWith('p'));
    const e = apiError(() => engine.delete(t, 'default', 'p', { preconditions: { uid: 'not-it' } }));
    expect(e.code).toBe(409);
    expect(e.message).toMatch(/^Operation cannot be fulfilled on configmaps "p": Precondition failed: UID in precondition: not-it/);
  });

  test('deleting a missing object is a 404', async () => {
    const { engine } = await running();
    expect(apiError(() => engine.delete(rt(engine, 'v1', 'ConfigMap'), 'default', 'none')).code).toBe(404);
  });
});

describe('garbage collection', () => {
  function family(engine: any) {
    const t = rt(engine, 'v1', 'ConfigMap');
    const owner = engine.create(t, 'default', cmWith('owner')).object;
    const ref = { apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.metadata.uid, blockOwnerDeletion: true };
    engine.create(t, 'default', cmWith('child', { ownerReferences: [ref], finalizers: ['example.com/slow'] }));
    engine.create(t, 'default', cmWith('child2', { ownerReferences: [ref] }));
    return { t, owner };
  }

  test('Background: the owner goes at once, dependents follow', async () => {
    const { engine, settle } = await running();
    const { t } = family(engine);
    engine.delete(t, 'default', 'owner', { propagationPolicy: 'Background' });
    expect(engine.find(t, 'default', 'owner')).toBeUndefined();
    await settle();
    expect(engine.find(t, 'default', 'child2')).toBeUndefined();
    expect(engine.get(t, 'default', 'child').metadata.deletionTimestamp).toBeDefined();
  });

  test('Foreground: the owner waits with foregroundDeletion until blocking dependents are gone', async () => {
    const { engine, settle } = await running();
    const { t } = family(engine);
    engine.delete(t, 'default', 'owner', { propagationPolicy: 'Foreground' });
    await settle();
    const owner = engine.get(t, 'default', 'owner');
    expect(owner.metadata.finalizers).toEqual(['foregroundDeletion']);
    expect(engine.find(t, 'default', 'child2')).toBeUndefined();
    const child = engine.get(t, 'default', 'child');
    engine.update(t, 'default', 'child', { ...child, metadata: { ...child.metadata, finalizers: [] } });
    await settle();
    expect(engine.find(t, 'default', 'child')).toBeUndefined();
    expect(engine.find(t, 'default', 'owner')).toBeUndefined();
  });

  test('Orphan: dependents stay and lose the owner reference', async () => {
    const { engine, settle } = await running();
    const { t } = family(engine);
    engine.delete(t, 'default', 'owner', { propagationPolicy: 'Orphan' });
    await settle();
    expect(engine.find(t, 'default', 'owner')).toBeUndefined();
    expect(engine.get(t, 'default', 'child2').metadata.ownerReferences).toBeUndefined();
  });

  test('a dependent created with an owner that does not exist is collected', async () => {
    const { engine, settle } = await running();
    const t = rt(engine, 'v1', 'ConfigMap');
    engine.create(t, 'default', cmWith('orphaned', { ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'gone', uid: '00000000-0000-4000-8000-000000000000' }] }));
    await settle();
    expect(engine.find(t, 'default', 'orphaned')).toBeUndefined();
  });
});

describe('namespaces', () => {
  test('a deleted namespace empties, refuses new content, then disappears', async () => {
    const { engine, settle } = await running();
    const ns = rt(engine, 'v1', 'Namespace');
    const t = rt(engine, 'v1', 'ConfigMap');
    engine.create(ns, '', { metadata: { name: 'team' } });
    engine.create(t, 'team', cmWith('held', { finalizers: ['example.com/hold'] }));
    engine.delete(ns, '', 'team');
    await settle();
    expect(engine.get(ns, '', 'team').status.phase).toBe('Terminating');
    const e = apiError(() => engine.create(t, 'team', cmWith('late')));
    expect(e.code).toBe(403);
    expect(e.message).toBe('configmaps "late" is forbidden: unable to create new content in namespace team because it is being terminated');
    const held = engine.get(t, 'team', 'held');
    engine.update(t, 'team', 'held', { ...held, metadata: { ...held.metadata, finalizers: [] } });
    await settle();
    expect(engine.find(ns, '', 'team')).toBeUndefined();
  });

  test('fails with 403 for the default namespace', async () => {
    const { engine } = await running();
    const e = apiError(() => engine.delete(rt(engine, 'v1', 'Namespace'), '', 'default'));
    expect(e.code).toBe(403);
    expect(e.message).toBe('namespaces "default" is forbidden: this namespace may not be deleted');
  });
});

describe('CustomResourceDefinitions', () => {
  const crd = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      scope: 'Namespaced',
      names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList', shortNames: ['wd'] },
      versions: [{
        name: 'v1',
        served: true,
        storage: true,
        subresources: { status: {} },
        schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', required: ['size'], properties: { size: { type: 'integer' } } }, status: { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true } } } },
      }],
    },
  };

  test('an applied CRD becomes Established and serves its kind with its schema', async () => {
    const { engine, settle } = await running();
    apply(engine, crd, 'installer');
    expect(engine.types.forKind('example.com/v1', 'Widget')).toBeUndefined();
    await settle();
    const est = engine.get(rt(engine, 'apiextensions.k8s.io/v1', 'CustomResourceDefinition'), '', 'widgets.example.com');
    expect(est.status.conditions.find((c: any) => c.type === 'Established').status).toBe('True');
    const w = rt(engine, 'example.com/v1', 'Widget');
    expect(w.shortNames).toEqual(['wd']);
    engine.create(w, 'default', { metadata: { name: 'w1' }, spec: { size: 3 } });
    const e = apiError(() => engine.create(w, 'default', { metadata: { name: 'w2' }, spec: {} }));
    expect(e.code).toBe(422);
    expect(e.details!.causes![0]).toEqual({ reason: 'FieldValueRequired', message: 'Required value', field: 'spec.size' });
  });

  test('deleting a CRD deletes its instances, then stops serving the kind', async () => {
    const { engine, settle } = await running();
    apply(engine, crd, 'installer');
    await settle();
    const w = rt(engine, 'example.com/v1', 'Widget');
    engine.create(w, 'default', { metadata: { name: 'w1' }, spec: { size: 1 } });
    engine.delete(rt(engine, 'apiextensions.k8s.io/v1', 'CustomResourceDefinition'), '', 'widgets.example.com');
    await settle();
    expect(engine.store.list('example.com/widgets')).toEqual([]);
    expect(engine.types.forKind('example.com/v1', 'Widget')).toBeUndefined();
  });
});
