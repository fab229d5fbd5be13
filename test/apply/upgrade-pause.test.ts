// Pause bookkeeping: journal before the patch, exact restore of the previous value, hosts
// CAPM3 paused left alone, a pause someone else set left alone, leftovers found from the
// journal and from our marker on the live object.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Journal } from '../../src/apply/journal';
import {
  PAUSE_MARKER_ANNOTATION, PauseApi, PauseResult, Pauser, isCapm3Paused, isPaused, markerEntry, pausePatch, resumePatch,
} from '../../src/apply/pause';
import { KubeObject } from '../../src/core/kube-object';
import { keyOf } from '../../src/core/object-key';
import { ObjectRef } from '../../src/core/object-ref';
import { mergePatch } from '../../src/sim/patch';

/** An in-memory API that applies JSON merge patches, and records what the journal held at each patch. */
class FakeApi implements PauseApi {
  readonly objects = new Map<string, KubeObject>();
  readonly patches: Array<{ key: string; patch: any; journal: string }> = [];
  failOn?: string;
  constructor(private readonly journalPath: string) {}
  add(o: KubeObject): void {
    this.objects.set(this.k(o), o);
  }
  k(o: { apiVersion?: string; kind?: string; metadata?: any }): string {
    const av = o.apiVersion ?? '';
    return keyOf({ group: av.includes('/') ? av.split('/')[0] : '', kind: o.kind ?? '', namespace: o.metadata?.namespace, name: o.metadata?.name });
  }
  async get(ref: ObjectRef): Promise<KubeObject | undefined> {
    return this.objects.get(keyOf(ref));
  }
  async mergePatch(ref: ObjectRef, patch: object): Promise<KubeObject> {
    const key = keyOf(ref);
    if (this.failOn === key) throw new Error(`patch of ${key} refused`);
    let journal = '';
    try {
      journal = readFileSync(this.journalPath, 'utf8');
    } catch {
      journal = '';
    }
    this.patches.push({ key, patch, journal });
    const next = mergePatch(this.objects.get(key), patch);
    this.objects.set(key, next);
    return next;
  }
}

const capiCluster = (spec: any = {}, annotations?: Record<string, string>): KubeObject => ({
  apiVersion: 'cluster.x-k8s.io/v1beta2', kind: 'Cluster', metadata: { name: 'c', namespace: 'default', ...(annotations ? { annotations } : {}) }, spec,
});
const eksaCluster = (annotations?: Record<string, string>): KubeObject => ({
  apiVersion: 'anywhere.eks.amazonaws.com/v1alpha1', kind: 'Cluster', metadata: { name: 'w', namespace: 'default', ...(annotations ? { annotations } : {}) }, spec: {},
});
const host = (annotations?: Record<string, string>): KubeObject => ({
  apiVersion: 'metal3.io/v1alpha1', kind: 'BareMetalHost', metadata: { name: 'node1', namespace: 'default', ...(annotations ? { annotations } : {}) }, spec: {},
});

function setup() {
  const path = join(mkdtempSync(join(tmpdir(), 'pause-')), 'journal.json');
  const api = new FakeApi(path);
  const journal = new Journal(path);
  const events: string[] = [];
  const pauser = new Pauser(api, journal, 'upgrade', e => events.push(`${e.type} ${e.object} ${e.how}`));
  return { path, api, journal, pauser, events };
}

describe('Pauser', () => {
  test('records the previous value in the journal before it pauses, then restores exactly that value (absent → removed)', async () => {
    const { api, journal, pauser, events } = setup();
    const c = capiCluster({ paused: false });
    api.add(c);
    expect(await pauser.pause(c)).toBe(PauseResult.PAUSED);
    expect(api.patches[0].journal).toMatch(/"key": "cluster.x-k8s.io\/Cluster\/default\/c"/);
    expect(api.patches[0].journal).toMatch(/"previous": false/);
    const pausedNow = api.objects.get(api.k(c))!;
    expect(pausedNow.spec.paused).toBe(true);
    expect(JSON.parse(pausedNow.metadata!.annotations![PAUSE_MARKER_ANNOTATION])).toEqual({ by: 'upgrade', previous: false });
    await pauser.resumeAll(pauser.leftovers());
    const after = api.objects.get(api.k(c))!;
    expect(after.spec.paused).toBe(false);
    expect(after.metadata!.annotations?.[PAUSE_MARKER_ANNOTATION]).toBeUndefined();
    expect(journal.paused).toEqual([]);
    expect(events).toEqual(['paused Cluster default/c spec.paused', 'resumed Cluster default/c spec.paused']);

    const e = eksaCluster({ other: 'kept' });
    api.add(e);
    await pauser.pause(e);
    expect(api.objects.get(api.k(e))!.metadata!.annotations!['anywhere.eks.amazonaws.com/paused']).toBe('true');
    await pauser.resumeAll(pauser.leftovers());
    expect(api.objects.get(api.k(e))!.metadata!.annotations).toEqual({ other: 'kept' });
  });

  test('never touches a host CAPM3 paused', async () => {
    const { api, pauser, journal } = setup();
    const h = host({ 'baremetalhost.metal3.io/paused': 'metal3.io/capm3' });
    api.add(h);
    expect(isCapm3Paused(h)).toBe(true);
    expect(await pauser.pause(h)).toBe(PauseResult.CAPM3_OWNED);
    expect(api.patches).toEqual([]);
    expect(journal.paused).toEqual([]);
    // Even a stale journal entry does not make us remove CAPM3's annotation.
    await pauser.resume({ key: api.k(h), how: 'annotation', annotation: 'baremetalhost.metal3.io/paused', previous: undefined, apiVersion: 'metal3.io/v1alpha1' });
    expect(api.objects.get(api.k(h))!.metadata!.annotations!['baremetalhost.metal3.io/paused']).toBe('metal3.io/capm3');
  });

  test('leaves a pause someone else set alone (and does not resume it later)', async () => {
    const { api, pauser, journal } = setup();
    const c = capiCluster({ paused: true });
    api.add(c);
    expect(await pauser.pause(c)).toBe(PauseResult.ALREADY_PAUSED);
    expect(api.patches).toEqual([]);
    expect(journal.paused).toEqual([]);
    const h = host({ 'baremetalhost.metal3.io/paused': 'operator' });
    expect(await pauser.pause(h)).toBe(PauseResult.ALREADY_PAUSED);
  });

  test('a pause left by a crashed run keeps its original previous value when paused again, and is found from the marker alone', async () => {
    const { api, pauser } = setup();
    // A crashed run paused it (its journal lost): only the marker remains.
    const c = eksaCluster({ 'anywhere.eks.amazonaws.com/paused': 'true', [PAUSE_MARKER_ANNOTATION]: JSON.stringify({ by: 'upgrade', previous: 'false' }) });
    api.add(c);
    expect(markerEntry(c)).toEqual(expect.objectContaining({ how: 'annotation', annotation: 'anywhere.eks.amazonaws.com/paused', previous: 'false', by: 'upgrade' }));
    expect(await pauser.pause(c)).toBe(PauseResult.PAUSED);
    expect(api.patches[0].journal).toMatch(/"previous": "false"/);
    const fresh = setup();
    fresh.api.add(c);
    const left = fresh.pauser.leftovers([c], 'upgrade');
    expect(left.map(e => e.key)).toEqual(['anywhere.eks.amazonaws.com/Cluster/default/w']);
    expect(fresh.pauser.leftovers([c], 'restore')).toEqual([]);
    await fresh.pauser.resumeAll(left);
    expect(fresh.api.objects.get(fresh.api.k(c))!.metadata!.annotations).toEqual({ 'anywhere.eks.amazonaws.com/paused': 'false' });
  });

  test('resuming an object that is gone clears its entry; one failing resume does not stop the others', async () => {
    const { api, pauser, journal } = setup();
    const a = capiCluster();
    const b = eksaCluster();
    api.add(a);
    api.add(b);
    await pauser.pause(a);
    await pauser.pause(b);
    api.objects.delete(api.k(b));
    api.failOn = api.k(a);
    await expect(pauser.resumeAll(pauser.leftovers())).rejects.toThrow(/refused/);
    expect(journal.paused.map(e => e.key)).toEqual([api.k(a)]);
    api.failOn = undefined;
    await pauser.resumeAll(pauser.leftovers());
    expect(journal.paused).toEqual([]);
    expect(isPaused(api.objects.get(api.k(a))!)).toBe(false);
  });

  test('objects created paused: the entry exists before the object, the body carries the pause and the marker', () => {
    const { pauser, journal } = setup();
    const c = capiCluster({ paused: undefined });
    pauser.recordCreatedPaused(c, undefined);
    expect(journal.paused).toEqual([expect.objectContaining({ key: 'cluster.x-k8s.io/Cluster/default/c', how: 'spec.paused', by: 'upgrade' })]);
    const body = pauser.pausedBody(c, undefined);
    expect(body.spec.paused).toBe(true);
    expect(JSON.parse(body.metadata!.annotations![PAUSE_MARKER_ANNOTATION])).toEqual({ by: 'upgrade', previous: null });
  });
});

describe('patches', () => {
  test('pause and resume patches per mechanism', () => {
    expect(pausePatch({ how: 'spec.paused', value: true }, 'restore', undefined)).toEqual({ metadata: { annotations: { [PAUSE_MARKER_ANNOTATION]: '{"by":"restore","previous":null}' } }, spec: { paused: true } });
    expect(resumePatch({ how: 'spec.paused', previous: undefined })).toEqual({ metadata: { annotations: { [PAUSE_MARKER_ANNOTATION]: null } }, spec: { paused: null } });
    expect(resumePatch({ how: 'annotation', annotation: 'cluster.x-k8s.io/paused', previous: 'x' })).toEqual({ metadata: { annotations: { [PAUSE_MARKER_ANNOTATION]: null, 'cluster.x-k8s.io/paused': 'x' } } });
  });
});
