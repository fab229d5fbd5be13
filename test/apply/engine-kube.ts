// The applier's KubeClient backed directly by a simulator's ApiEngine, in this process: the
// applier (executor, upgrade, restore) can be tested under jest without the ESM-only
// client-node and without HTTP. Same answers as over the wire (the engine is what serves
// HTTP), watch events delivered asynchronously as a stream would.
import { KubeClient, ResourceInfo, WatchEvent } from '../../src/apply/engine/kube-client';
import { KubeApiError, MissingKindError } from '../../src/apply/engine/kube-errors';
import { KubeObject } from '../../src/core/kube-object';
import { ObjectRef } from '../../src/core/object-ref';
import { PATCH_TYPES } from '../../src/sim/api-engine';
import { ApiError } from '../../src/sim/errors';
import { ResourceType } from '../../src/sim/resource-types';
import { Simulator } from '../../src/sim/simulator';

const apiVersionOf = (r: Pick<ObjectRef, 'group' | 'version'>) => (r.group ? `${r.group}/${r.version}` : r.version);

export class EngineKube implements KubeClient {
  readonly stats = { requests: 0, retries: 0, watches: 0, maxConcurrent: 0, inFlight: 0 };
  readonly defaultNamespace: string = 'default';
  /** Every write, in order: `apply Secret default/x` (for "nothing was touched" assertions). */
  readonly writes: string[] = [];

  constructor(private readonly sim: Simulator) {}

  private get engine() {
    return this.sim.server.engine;
  }

  private type(apiVersion: string, kind: string): ResourceType {
    const t = this.engine.types.forKind(apiVersion, kind);
    if (!t) throw new MissingKindError(apiVersion, kind);
    return t;
  }

  private call<T>(f: () => T): T {
    this.stats.requests++;
    try {
      return f();
    } catch (e) {
      if (e instanceof ApiError) throw new KubeApiError(e.code, e.message, e.reason, [...(e.details?.causes ?? [])]);
      throw e;
    }
  }

  async resource(apiVersion: string, kind: string): Promise<ResourceInfo> {
    const t = this.type(apiVersion, kind);
    return { plural: t.plural, namespaced: t.namespaced };
  }

  resetDiscovery(): void {}

  async apply(obj: KubeObject, opts: { fieldManager: string; force?: boolean; dryRun?: boolean }): Promise<KubeObject> {
    const t = this.type(obj.apiVersion!, obj.kind!);
    const ns = t.namespaced ? obj.metadata?.namespace ?? this.defaultNamespace : '';
    if (!opts.dryRun) this.writes.push(`apply ${obj.kind} ${ns ? `${ns}/` : ''}${obj.metadata?.name}`);
    return this.call(() => this.engine.patch(t, ns, obj.metadata!.name!, PATCH_TYPES.apply, JSON.stringify(obj),
      { fieldManager: opts.fieldManager, force: opts.force ?? true, forceGiven: true, dryRun: opts.dryRun, fieldValidation: 'Strict' }).object);
  }

  async get(ref: ObjectRef): Promise<KubeObject | undefined> {
    const t = this.type(apiVersionOf(ref), ref.kind);
    this.stats.requests++;
    return this.engine.find(t, ref.namespace ?? '', ref.name);
  }

  async list(apiVersion: string, kind: string, namespace?: string,
    labelSelector?: string): Promise<{ items: KubeObject[]; resourceVersion: string }> {
    const t = this.type(apiVersion, kind);
    const r = this.call(() => this.engine.list(t, namespace, { labelSelector }));
    return { items: r.items.map((i: any) => ({ apiVersion, kind, ...i })), resourceVersion: r.metadata.resourceVersion };
  }

  async watch(apiVersion: string, kind: string, namespace: string | undefined, resourceVersion: string,
    onEvent: (e: WatchEvent) => void, onDone: (err?: Error) => void): Promise<() => void> {
    const t = this.type(apiVersion, kind);
    this.stats.watches++;
    this.stats.requests++;
    let open = true;
    const stop = this.engine.watch(t, namespace, { resourceVersion, allowWatchBookmarks: true }, (type, object) => {
      const copy = structuredClone(object);
      setImmediate(() => {
        if (!open) return;
        onEvent({ type: type as WatchEvent['type'], object: { apiVersion, kind, ...copy } });
        if (type === 'ERROR') {
          open = false;
          onDone();
        }
      });
    });
    return () => {
      open = false;
      stop();
    };
  }

  async delete(ref: ObjectRef): Promise<'deleted' | 'not-found'> {
    const t = this.type(apiVersionOf(ref), ref.kind);
    this.writes.push(`delete ${ref.kind} ${ref.namespace ? `${ref.namespace}/` : ''}${ref.name}`);
    if (!this.engine.find(t, ref.namespace ?? '', ref.name)) return 'not-found';
    this.call(() => this.engine.delete(t, ref.namespace ?? '', ref.name, { propagationPolicy: 'Background' }));
    return 'deleted';
  }

  async mergePatch(ref: ObjectRef, patch: object, fieldManager: string): Promise<KubeObject> {
    const t = this.type(apiVersionOf(ref), ref.kind);
    this.writes.push(`patch ${ref.kind} ${ref.namespace ? `${ref.namespace}/` : ''}${ref.name}`);
    return this.call(() => this.engine.patch(t, ref.namespace ?? '', ref.name, PATCH_TYPES.merge, JSON.stringify(patch), { fieldManager }).object);
  }
}
