// One list + one watch per kind and namespace, shared by every wait on that kind: the cache
// the readiness waits read from. A 410 Gone (or any broken stream) re-lists; bookmarks keep
// the resourceVersion fresh so a reconnect rarely needs one. Backoffs run on the engine's clock.
import { WatchEvent } from './kube-client';
import { KubeApiError } from './kube-errors';
import { Clock, RealClock, sleep } from '../../core/clock';
import { KubeObject } from '../../core/kube-object';
import { keyOf } from '../../core/object-key';
import { refOf } from '../../core/object-ref';

/** What the cache needs from the API (KubeApi implements it; tests can fake it). */
export interface WatchSource {
  list(apiVersion: string, kind: string, namespace?: string): Promise<{ items: KubeObject[]; resourceVersion: string }>;
  watch(apiVersion: string, kind: string, namespace: string | undefined, resourceVersion: string,
    onEvent: (e: WatchEvent) => void, onDone: (err?: Error) => void): Promise<() => void>;
}

type Listener = (key: string, obj: KubeObject | undefined) => void;

interface Feed {
  readonly objects: Map<string, KubeObject>;
  readonly listeners: Set<Listener>;
  ready: Promise<void>;
  stop?: () => void;
  resourceVersion: string;
  relists: number;
}

export class WatchCache {
  private readonly feeds = new Map<string, Feed>();
  /** `apiVersion|kind` watched across all namespaces (one feed instead of one per namespace). */
  private readonly clusterWide = new Set<string>();
  private stopped = false;

  constructor(private readonly source: WatchSource, private readonly onRelist?: (kind: string, reason: string) => void,
    private readonly clock: Clock = new RealClock({ keepAlive: true })) {}

  /** Watch this kind across namespaces: worth it when waits span several namespaces. */
  watchClusterWide(apiVersion: string, kind: string): void {
    this.clusterWide.add(`${apiVersion}|${kind}`);
  }

  /** Current object (after the first list of its kind has completed). */
  async get(apiVersion: string, kind: string, namespace: string | undefined, name: string): Promise<KubeObject | undefined> {
    const feed = this.feed(apiVersion, kind, namespace);
    await feed.ready;
    return feed.objects.get(this.objKey(apiVersion, kind, namespace, name));
  }

  /** Calls `listener` with the current object now and on every change; returns an unsubscribe. */
  async subscribe(apiVersion: string, kind: string, namespace: string | undefined, name: string,
    listener: (obj: KubeObject | undefined) => void): Promise<() => void> {
    const feed = this.feed(apiVersion, kind, namespace);
    await feed.ready;
    const want = this.objKey(apiVersion, kind, namespace, name);
    const l: Listener = (key, obj) => {
      if (key === want) listener(obj);
    };
    feed.listeners.add(l);
    listener(feed.objects.get(want));
    return () => feed.listeners.delete(l);
  }

  /** Calls `listener` with every object of the kind (in the namespace) now and on every change; returns an unsubscribe. */
  async subscribeAll(apiVersion: string, kind: string, namespace: string | undefined,
    listener: (objects: KubeObject[]) => void): Promise<() => void> {
    const feed = this.feed(apiVersion, kind, namespace);
    await feed.ready;
    const l: Listener = () => listener([...feed.objects.values()]);
    feed.listeners.add(l);
    listener([...feed.objects.values()]);
    return () => feed.listeners.delete(l);
  }

  /** Number of feeds (kinds × namespaces) opened. */
  get feedCount(): number {
    return this.feeds.size;
  }

  stop(): void {
    this.stopped = true;
    for (const f of this.feeds.values()) f.stop?.();
  }

  private objKey(apiVersion: string, kind: string, namespace: string | undefined, name: string): string {
    return keyOf({ ...refOf({ apiVersion, kind, metadata: { name } }), namespace });
  }

  private feed(apiVersion: string, kind: string, objectNamespace: string | undefined): Feed {
    const namespace = this.clusterWide.has(`${apiVersion}|${kind}`) ? undefined : objectNamespace;
    const fk = `${apiVersion}|${kind}|${namespace ?? ''}`;
    let feed = this.feeds.get(fk);
    if (!feed) {
      feed = { objects: new Map(), listeners: new Set(), ready: Promise.resolve(), resourceVersion: '', relists: 0 };
      this.feeds.set(fk, feed);
      feed.ready = this.relist(feed, apiVersion, kind, namespace);
    }
    return feed;
  }

  private emit(feed: Feed, key: string, obj: KubeObject | undefined): void {
    for (const l of [...feed.listeners]) l(key, obj);
  }

  private async relist(feed: Feed, apiVersion: string, kind: string, namespace: string | undefined): Promise<void> {
    for (let attempt = 0; !this.stopped; attempt++) {
      try {
        const { items, resourceVersion } = await this.source.list(apiVersion, kind, namespace);
        const seen = new Set<string>();
        for (const o of items) {
          const key = keyOf(refOf({ ...o, apiVersion, kind }));
          seen.add(key);
          feed.objects.set(key, o);
          this.emit(feed, key, o);
        }
        for (const key of [...feed.objects.keys()]) {
          if (!seen.has(key)) {
            feed.objects.delete(key);
            this.emit(feed, key, undefined);
          }
        }
        feed.resourceVersion = resourceVersion;
        await this.startWatch(feed, apiVersion, kind, namespace);
        return;
      } catch (e) {
        if (this.stopped) return;
        // The API retries transient errors itself; keep trying with a slow backoff beyond that.
        await sleep(this.clock, Math.min(10_000, 500 * 2 ** Math.min(attempt, 5)));
      }
    }
  }

  private async startWatch(feed: Feed, apiVersion: string, kind: string, namespace: string | undefined): Promise<void> {
    if (this.stopped) return;
    let gone = false;
    feed.stop = await this.source.watch(apiVersion, kind, namespace, feed.resourceVersion, e => {
      if (e.type === 'ERROR') {
        gone = (e.object as any)?.code === 410 || (e.object as any)?.reason === 'Expired' || (e.object as any)?.reason === 'Gone';
        return;
      }
      const rv = e.object.metadata?.resourceVersion;
      if (rv) feed.resourceVersion = rv;
      if (e.type === 'BOOKMARK') return;
      const key = keyOf(refOf({ ...e.object, apiVersion, kind }));
      if (e.type === 'DELETED') {
        feed.objects.delete(key);
        this.emit(feed, key, undefined);
      } else {
        feed.objects.set(key, e.object);
        this.emit(feed, key, e.object);
      }
    }, err => {
      if (this.stopped) return;
      const expired = gone || (err instanceof KubeApiError && err.code === 410) || /\b410\b|too old resource version|Expired/i.test(err?.message ?? '');
      if (expired) {
        feed.relists++;
        this.onRelist?.(kind, '410 Gone: resource version too old');
        void this.relist(feed, apiVersion, kind, namespace);
      } else {
        // A clean close or a dropped stream: resume from the last resourceVersion.
        void sleep(this.clock, err ? 250 : 0)
          .then(() => this.startWatch(feed, apiVersion, kind, namespace))
          .catch(() => this.relist(feed, apiVersion, kind, namespace));
      }
    });
  }
}
