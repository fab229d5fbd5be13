// WATCH semantics at the engine level: resume from a resourceVersion, initial events, 410
// Expired past the retained history, selector transitions, streaming-list bookmarks.
import { rt } from './helpers';
import { ManualClock } from '../../src/core/clock';
import { SimApiServer } from '../../src/sim/api-server';

function setup(watchHistory?: number) {
  const s = new SimApiServer({ seed: 1, clock: new ManualClock(), watchHistory });
  const engine = s.engine;
  return { engine, t: rt(engine, 'v1', 'ConfigMap') };
}

function recorder() {
  const events: Array<{ type: string; name?: string; rv?: string; object: any }> = [];
  const sink = (type: string, object: any) => events.push({ type, name: object?.metadata?.name, rv: object?.metadata?.resourceVersion, object });
  return { events, sink };
}

describe('watch', () => {
  test('from a resourceVersion: exactly the later changes, in order, with their resourceVersions', () => {
    const { engine, t } = setup();
    const a = engine.create(t, 'default', { metadata: { name: 'a' } }).object;
    const from = a.metadata.resourceVersion;
    const b = engine.create(t, 'default', { metadata: { name: 'b' } }).object;
    const { events, sink } = recorder();
    const stop = engine.watch(t, 'default', { resourceVersion: from }, sink);
    const a2 = engine.update(t, 'default', 'a', { ...a, data: { x: '1' } }).object;
    engine.delete(t, 'default', 'b');
    stop();
    engine.create(t, 'default', { metadata: { name: 'after-stop' } });
    expect(events.map(e => [e.type, e.name])).toEqual([['ADDED', 'b'], ['MODIFIED', 'a'], ['DELETED', 'b']]);
    expect(events[0].rv).toBe(b.metadata.resourceVersion);
    expect(events[1].rv).toBe(a2.metadata.resourceVersion);
    expect(Number(events[2].rv)).toBeGreaterThan(Number(a2.metadata.resourceVersion));
  });

  test('without a resourceVersion: synthetic ADDED for existing objects first', () => {
    const { engine, t } = setup();
    engine.create(t, 'default', { metadata: { name: 'a' } });
    const { events, sink } = recorder();
    engine.watch(t, 'default', {}, sink);
    expect(events.map(e => [e.type, e.name])).toEqual([['ADDED', 'a']]);
  });

  test('a resourceVersion older than the retained history gets one ERROR 410 Expired', () => {
    const { engine, t } = setup(3);
    const first = engine.create(t, 'default', { metadata: { name: 'a' } }).object;
    for (const n of ['b', 'c', 'd', 'e']) engine.create(t, 'default', { metadata: { name: n } });
    const { events, sink } = recorder();
    engine.watch(t, 'default', { resourceVersion: first.metadata.resourceVersion }, sink);
    engine.create(t, 'default', { metadata: { name: 'f' } });
    expect(events).toHaveLength(1);
    expect(events[0].type).toBe('ERROR');
    expect(events[0].object).toEqual(expect.objectContaining({ kind: 'Status', code: 410, reason: 'Expired' }));
    expect(events[0].object.message).toMatch(/^too old resource version: \d+ \(\d+\)$/);
  });

  test('compaction expires watches and continue tokens from before it', () => {
    const { engine, t } = setup();
    const a = engine.create(t, 'default', { metadata: { name: 'a' } }).object;
    engine.create(t, 'default', { metadata: { name: 'b' } });
    const page = engine.list(t, 'default', { limit: 1 });
    engine.create(t, 'default', { metadata: { name: 'c' } });
    engine.store.compact();
    const { events, sink } = recorder();
    engine.watch(t, 'default', { resourceVersion: a.metadata.resourceVersion }, sink);
    expect(events[0].object.code).toBe(410);
    expect(() => engine.list(t, 'default', { limit: 1, continue: page.metadata.continue })).toThrow(/too old/);
  });

  test('label selector: leaving the selection is a DELETED, entering it an ADDED', () => {
    const { engine, t } = setup();
    const o = engine.create(t, 'default', { metadata: { name: 'a', labels: { role: 'cp' } } }).object;
    const { events, sink } = recorder();
    engine.watch(t, 'default', { labelSelector: 'role=cp', resourceVersion: o.metadata.resourceVersion }, sink);
    const o2 = engine.update(t, 'default', 'a', { ...o, metadata: { ...o.metadata, labels: { role: 'worker' } } }).object;
    engine.update(t, 'default', 'a', { ...o2, metadata: { ...o2.metadata, labels: { role: 'cp' } } });
    expect(events.map(e => e.type)).toEqual(['DELETED', 'ADDED']);
  });

  test('namespace and field selector scoping', () => {
    const { engine, t } = setup();
    engine.create(rt(engine, 'v1', 'Namespace'), '', { metadata: { name: 'other' } });
    const { events, sink } = recorder();
    engine.watch(t, 'default', { fieldSelector: 'metadata.name=want', resourceVersion: String(engine.store.currentRv()) }, sink);
    engine.create(t, 'other', { metadata: { name: 'want' } });
    engine.create(t, 'default', { metadata: { name: 'other' } });
    engine.create(t, 'default', { metadata: { name: 'want' } });
    expect(events.map(e => `${e.object.metadata.namespace}/${e.name}`)).toEqual(['default/want']);
  });

  test('sendInitialEvents ends the initial state with an initial-events-end BOOKMARK', () => {
    const { engine, t } = setup();
    engine.create(t, 'default', { metadata: { name: 'a' } });
    const { events, sink } = recorder();
    engine.watch(t, 'default', { sendInitialEvents: true, allowWatchBookmarks: true }, sink);
    expect(events.map(e => e.type)).toEqual(['ADDED', 'BOOKMARK']);
    expect(events[1].object.metadata.annotations).toEqual({ 'k8s.io/initial-events-end': 'true' });
    expect(events[1].object.metadata.resourceVersion).toBe(String(engine.store.currentRv()));
  });

  test('a resourceVersion from the future is a 504 Timeout ERROR', () => {
    const { engine, t } = setup();
    const { events, sink } = recorder();
    engine.watch(t, 'default', { resourceVersion: String(engine.store.currentRv() + 100) }, sink);
    expect(events[0].object).toEqual(expect.objectContaining({ code: 504, reason: 'Timeout' }));
  });
});
