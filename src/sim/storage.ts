// Object storage with etcd's versioning model: one global, monotonically increasing
// resourceVersion bumped by every write, and a bounded history of change events from which
// watches resume. Asking for a version older than the retained history is "too old" (410).

export type EventType = 'ADDED' | 'MODIFIED' | 'DELETED';

/** One change, as watchers and controllers see it. */
export interface StoreEvent {
  readonly type: EventType;
  readonly rv: number;
  /** `group/plural` of the object. */
  readonly gr: string;
  readonly namespace: string;
  readonly name: string;
  /** The object after the change (for DELETED: the last state, with the deletion's resourceVersion). */
  readonly object: any;
  /** The object before the change (MODIFIED, DELETED). */
  readonly previous?: any;
}

export interface ObjectStoreOptions {
  /** How many change events are kept for watches to resume from. @default 1000 */
  readonly historyLimit?: number;
  /** The resourceVersion of the empty store. @default 1 */
  readonly startResourceVersion?: number;
}

export type EventListener = (event: StoreEvent) => void;

/** Stored objects are immutable: readers get them without copying, writers must copy. */
function deepFreeze(o: any): void {
  if (o === null || typeof o !== 'object' || Object.isFrozen(o)) return;
  Object.freeze(o);
  for (const v of Object.values(o)) deepFreeze(v);
}

function objKey(namespace: string, name: string): string {
  return `${namespace}/${name}`;
}

/** Index of the first element of sorted `keys` that is ≥ `k`. */
function lowerBound(keys: string[], k: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid] < k) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class ObjectStore {
  private readonly objects = new Map<string, Map<string, any>>();
  /**
   * Each group/resource's keys in etcd order, rebuilt only when a key comes or goes (not on
   * every list): controllers list by namespace on every event, which over a large fleet made
   * sorting and scanning every object the simulator's main cost.
   */
  private readonly sortedKeys = new Map<string, string[]>();
  /** Where each stored object lives by uid (the garbage collector's owner lookups). */
  private readonly uids = new Map<string, { gr: string; namespace: string; name: string }>();
  private rv: number;
  private readonly history: StoreEvent[] = [];
  /** Events with rv ≤ compactedRv are gone. */
  private compactedRv: number;
  private readonly historyLimit: number;
  private readonly listeners = new Set<EventListener>();

  constructor(options: ObjectStoreOptions = {}) {
    this.rv = options.startResourceVersion ?? 1;
    this.compactedRv = this.rv;
    this.historyLimit = options.historyLimit ?? 1000;
  }

  /** The resourceVersion of the latest write. */
  currentRv(): number {
    return this.rv;
  }

  /** The oldest resourceVersion a watch can still resume from. */
  oldestResumableRv(): number {
    return this.compactedRv;
  }

  get(gr: string, namespace: string, name: string): any | undefined {
    return this.objects.get(gr)?.get(objKey(namespace, name));
  }

  /** Objects of one group/resource, optionally one namespace, in etcd key order (namespace, name). */
  list(gr: string, namespace?: string): any[] {
    const m = this.objects.get(gr);
    if (!m) return [];
    let keys = this.sortedKeys.get(gr);
    if (!keys) this.sortedKeys.set(gr, (keys = [...m.keys()].sort()));
    // A namespace's keys share the prefix `ns/`, so they are one contiguous run of the sorted keys.
    const prefix = namespace === undefined ? '' : objKey(namespace, '');
    const out: any[] = [];
    for (let i = prefix ? lowerBound(keys, prefix) : 0; i < keys.length && keys[i].startsWith(prefix); i++) out.push(m.get(keys[i]));
    return out;
  }

  /** Where the object with this uid is stored, if it is. */
  locate(uid: string): { gr: string; namespace: string; name: string } | undefined {
    return this.uids.get(uid);
  }

  /** Every group/resource that currently holds objects. */
  resources(): string[] {
    return [...this.objects.keys()].filter(k => (this.objects.get(k)?.size ?? 0) > 0);
  }

  /**
   * Stores a new or changed object under a fresh resourceVersion and notifies listeners.
   * `handOver`: the caller gives up `obj` (built for this write, referenced by nothing else),
   * so it is stored and frozen as it is instead of copied first.
   */
  put(gr: string, obj: any, handOver = false): any {
    const ns = obj.metadata?.namespace ?? '';
    const name = obj.metadata.name;
    if (!this.objects.has(gr)) this.objects.set(gr, new Map());
    const m = this.objects.get(gr)!;
    const previous = m.get(objKey(ns, name));
    const rv = ++this.rv;
    const stored = handOver ? obj : structuredClone(obj);
    stored.metadata = { ...stored.metadata, resourceVersion: String(rv) };
    deepFreeze(stored);
    if (!previous) this.sortedKeys.delete(gr);
    else if (previous.metadata.uid !== undefined) this.uids.delete(previous.metadata.uid);
    m.set(objKey(ns, name), stored);
    if (stored.metadata.uid !== undefined) this.uids.set(stored.metadata.uid, { gr, namespace: ns, name });
    this.record({ type: previous ? 'MODIFIED' : 'ADDED', rv, gr, namespace: ns, name, object: stored, previous });
    return stored;
  }

  /** Removes an object; the DELETED event carries the deletion's resourceVersion. */
  remove(gr: string, namespace: string, name: string): any | undefined {
    const m = this.objects.get(gr);
    const previous = m?.get(objKey(namespace, name));
    if (!m || !previous) return undefined;
    m.delete(objKey(namespace, name));
    this.sortedKeys.delete(gr);
    if (previous.metadata.uid !== undefined) this.uids.delete(previous.metadata.uid);
    const rv = ++this.rv;
    const last = structuredClone(previous);
    last.metadata.resourceVersion = String(rv);
    deepFreeze(last);
    this.record({ type: 'DELETED', rv, gr, namespace, name, object: last, previous });
    return last;
  }

  /**
   * Events after `rv`, or 'expired' when history no longer reaches back that far
   * (the caller answers 410 Gone).
   */
  eventsSince(rv: number): StoreEvent[] | 'expired' {
    if (rv < this.compactedRv) return 'expired';
    return this.history.filter(e => e.rv > rv);
  }

  /** Drops history up to `rv` (default: everything), as etcd compaction does. */
  compact(rv: number = this.rv): void {
    this.compactedRv = Math.max(this.compactedRv, Math.min(rv, this.rv));
    while (this.history.length > 0 && this.history[0].rv <= this.compactedRv) this.history.shift();
  }

  subscribe(fn: EventListener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private record(e: StoreEvent): void {
    this.history.push(e);
    while (this.history.length > this.historyLimit) {
      const dropped = this.history.shift()!;
      this.compactedRv = dropped.rv;
    }
    for (const l of [...this.listeners]) l(e);
  }
}
