// The shared watch cache: one list + one watch per kind and namespace; a dropped stream resumes
// from the last resourceVersion, a 410 Gone lists again; subscribers see every change.
import { WatchEvent } from '../../../src/apply/engine/kube-client';
import { WatchCache, WatchSource } from '../../../src/apply/engine/watch-cache';
import { ManualClock } from '../../../src/core/clock';
import { KubeObject } from '../../../src/core/kube-object';

const host = (name: string, rv: number, state = 'inspecting'): KubeObject => ({
  apiVersion: 'metal3.io/v1alpha1', kind: 'BareMetalHost', metadata: { name, namespace: 'default', resourceVersion: String(rv) }, status: { provisioning: { state } },
});

/** A source whose list and watch streams the test drives. */
class FakeSource implements WatchSource {
  objects: KubeObject[] = [];
  rv = 10;
  readonly calls: string[] = [];
  stream?: { onEvent: (e: WatchEvent) => void; onDone: (err?: Error) => void };

  async list(_av: string, kind: string, namespace?: string) {
    this.calls.push(`list ${kind} ${namespace ?? '*'}`);
    return { items: this.objects, resourceVersion: String(this.rv) };
  }

  async watch(_av: string, kind: string, namespace: string | undefined, resourceVersion: string,
    onEvent: (e: WatchEvent) => void, onDone: (err?: Error) => void) {
    this.calls.push(`watch ${kind} ${namespace ?? '*'} from ${resourceVersion}`);
    this.stream = { onEvent, onDone };
    return () => undefined;
  }
}

const flush = async (clock: ManualClock) => {
  for (let i = 0; i < 5; i++) await new Promise(r => setImmediate(r));
  const next = clock.nextTimerAt();
  if (next !== undefined) await clock.advance(next - clock.now());
  for (let i = 0; i < 5; i++) await new Promise(r => setImmediate(r));
};

test('subscribers see the listed object, then every change; a clean end of the stream resumes from the last resourceVersion', async () => {
  const clock = new ManualClock();
  const src = new FakeSource();
  src.objects = [host('node1', 10)];
  const cache = new WatchCache(src, undefined, clock);
  const seen: string[] = [];
  const stop = await cache.subscribe('metal3.io/v1alpha1', 'BareMetalHost', 'default', 'node1', o => seen.push(o?.status?.provisioning?.state ?? 'gone'));
  await flush(clock);
  src.stream!.onEvent({ type: 'MODIFIED', object: host('node1', 12, 'available') });
  src.stream!.onEvent({ type: 'BOOKMARK', object: { metadata: { resourceVersion: '15' } } });
  src.stream!.onDone();
  await flush(clock);
  src.stream!.onEvent({ type: 'DELETED', object: host('node1', 16, 'available') });
  expect(seen).toEqual(['inspecting', 'available', 'gone']);
  expect(src.calls).toEqual(['list BareMetalHost default', 'watch BareMetalHost default from 10', 'watch BareMetalHost default from 15']);
  stop();
  cache.stop();
});

test('a 410 Gone lists again (and reports the relist); objects that disappeared meanwhile are seen as gone', async () => {
  const clock = new ManualClock();
  const src = new FakeSource();
  src.objects = [host('node1', 10), host('node2', 10)];
  const relists: string[] = [];
  const cache = new WatchCache(src, (kind, reason) => relists.push(`${kind}: ${reason}`), clock);
  let all: string[] = [];
  await cache.subscribeAll('metal3.io/v1alpha1', 'BareMetalHost', 'default', objs => (all = objs.map(o => o.metadata!.name!)));
  await flush(clock);
  src.objects = [host('node2', 20)];
  src.rv = 20;
  src.stream!.onEvent({ type: 'ERROR', object: { code: 410, reason: 'Expired' } as KubeObject });
  src.stream!.onDone(new Error('too old resource version'));
  await flush(clock);
  expect(all).toEqual(['node2']);
  expect(relists).toEqual(['BareMetalHost: 410 Gone: resource version too old']);
  expect(src.calls.slice(-2)).toEqual(['list BareMetalHost default', 'watch BareMetalHost default from 20']);
  cache.stop();
});

test('one feed per kind: across namespaces when asked, and get() reads the cached object', async () => {
  const clock = new ManualClock();
  const src = new FakeSource();
  src.objects = [host('node1', 10), { ...host('node9', 10), metadata: { name: 'node9', namespace: 'site-9', resourceVersion: '10' } }];
  const cache = new WatchCache(src, undefined, clock);
  cache.watchClusterWide('metal3.io/v1alpha1', 'BareMetalHost');
  expect((await cache.get('metal3.io/v1alpha1', 'BareMetalHost', 'site-9', 'node9'))?.metadata?.name).toBe('node9');
  expect((await cache.get('metal3.io/v1alpha1', 'BareMetalHost', 'default', 'node1'))?.metadata?.name).toBe('node1');
  expect(cache.feedCount).toBe(1);
  expect(src.calls.filter(c => c.startsWith('list'))).toEqual(['list BareMetalHost *']);
  cache.stop();
});
