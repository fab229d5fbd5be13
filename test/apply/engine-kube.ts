// A KubeClient over a simulator's API engine, in this process: the engine (apply, delete,
// upgrade, restore) runs under jest without the ESM-only client-node and without HTTP, on the
// simulator's clock. It answers what the HTTP server would (the engine is what serves it), with
// the same fault injection (429/5xx/connection resets/watch drops, decided per request by the
// simulator's seeded injector) and the same retries as the real client (engine/retry.ts). Watch
// events are delivered asynchronously, as a stream would. `kill()` is the process dying: every
// call from then on, and every one in flight, never returns.
import { ApplyRequestOptions, KubeClient, ResourceInfo, RetryInfo, WatchEvent } from '../../src/apply/engine/kube-client';
import { KubeApiError, MissingKindError } from '../../src/apply/engine/kube-errors';
import { DEFAULT_RETRY, RetryPolicy, withRetry } from '../../src/apply/engine/retry';
import { Clock } from '../../src/core/clock';
import { apiVersionOf } from '../../src/core/gvk';
import { KubeObject } from '../../src/core/kube-object';
import { ObjectRef, describeRef } from '../../src/core/object-ref';
import { PATCH_TYPES } from '../../src/sim/api-engine';
import { ApiError } from '../../src/sim/errors';
import { FaultInjector, parseFaultSpec } from '../../src/sim/faults';
import { seededRandom } from '../../src/sim/random';
import { ResourceType } from '../../src/sim/resource-types';
import { Simulator } from '../../src/sim/simulator';

export interface EngineKubeOptions {
  /** Fault spec (sim/faults.ts), decided per request of this client. @default none */
  readonly faults?: string;
  /** @default the engine's default */
  readonly retry?: RetryPolicy;
  /** @default 'default' */
  readonly defaultNamespace?: string;
}

/** The error a connection reset gives a client (no HTTP status). */
class ResetError extends Error {
  readonly cause = { code: 'ECONNRESET' };
  constructor() {
    super('socket hang up');
  }
}

export class EngineKube implements KubeClient {
  readonly stats = { requests: 0, retries: 0, watches: 0, maxConcurrent: 0, inFlight: 0 };
  readonly defaultNamespace: string;
  /** Every write, in order: `apply Secret default/x` (for "nothing was touched" assertions). */
  readonly writes: string[] = [];
  /** Retries made (request, reason). */
  readonly retried: RetryInfo[] = [];
  onRetry?: (info: RetryInfo) => void;
  private readonly faults?: FaultInjector;
  private readonly stops = new Set<() => void>();
  private dead = false;

  constructor(private readonly sim: Simulator, private readonly opts: EngineKubeOptions = {}) {
    this.defaultNamespace = opts.defaultNamespace ?? 'default';
    if (opts.faults) this.faults = new FaultInjector(parseFaultSpec(opts.faults), this.clock);
  }

  /** The process is gone: nothing it started completes, nothing new starts. */
  kill(): void {
    this.dead = true;
    for (const s of this.stops) s();
    this.stops.clear();
  }

  get killed(): boolean {
    return this.dead;
  }

  private get engine() {
    return this.sim.server.engine;
  }

  private get clock(): Clock {
    return this.sim.server.clock;
  }

  private type(apiVersion: string, kind: string): ResourceType {
    const t = this.engine.types.forKind(apiVersion, kind);
    if (!t) throw new MissingKindError(apiVersion, kind);
    return t;
  }

  /** One request, as the real client makes it: faults, retries, the Status mapped to KubeApiError; a dead process never answers. */
  private async call<T>(request: string, group: string, method: string, f: () => T): Promise<T> {
    const answer = withRetry(async () => {
      if (this.dead) return new Promise<T>(() => undefined);
      const d = this.faults?.decide({ method, group });
      if (d?.delayMs) await new Promise<void>(r => this.clock.setTimer(d.delayMs, r));
      if (d?.reset) throw new ResetError();
      if (d?.error) throw d.error;
      return f();
    }, {
      clock: this.clock,
      policy: this.opts.retry ?? DEFAULT_RETRY,
      stats: this.stats,
      random: seededRandom(this.stats.requests + 1),
      onRetry: i => {
        this.retried.push(i);
        this.onRetry?.(i);
      },
    }, { request });
    const never = () => new Promise<T>(() => undefined);
    try {
      const r = await answer;
      return this.dead ? await never() : r;
    } catch (e) {
      if (this.dead) return never();
      if (e instanceof ApiError) throw new KubeApiError(e.code, e.message, e.reason, [...(e.details?.causes ?? [])]);
      throw e;
    }
  }

  async resource(apiVersion: string, kind: string): Promise<ResourceInfo> {
    const t = this.type(apiVersion, kind);
    return { plural: t.plural, namespaced: t.namespaced };
  }

  resetDiscovery(): void {}

  async apply(obj: KubeObject, opts: ApplyRequestOptions): Promise<KubeObject> {
    const t = this.type(obj.apiVersion!, obj.kind!);
    const ns = t.namespaced ? obj.metadata?.namespace ?? this.defaultNamespace : '';
    const what = `${obj.kind} ${ns ? `${ns}/` : ''}${obj.metadata?.name}`;
    return this.call(`${opts.dryRun ? 'dry-run apply' : 'apply'} ${what}`, t.group, 'PATCH', () => {
      const r = this.engine.patch(t, ns, obj.metadata!.name!, PATCH_TYPES.apply, JSON.stringify(obj),
        { fieldManager: opts.fieldManager, force: opts.force ?? true, forceGiven: true, dryRun: opts.dryRun, fieldValidation: 'Strict' }).object;
      if (!opts.dryRun) this.writes.push(`apply ${what}`);
      return r;
    });
  }

  async get(ref: ObjectRef): Promise<KubeObject | undefined> {
    const t = this.type(apiVersionOf(ref), ref.kind);
    return this.call(`get ${describeRef(ref)}`, t.group, 'GET', () => this.engine.find(t, ref.namespace ?? '', ref.name));
  }

  async list(apiVersion: string, kind: string, namespace?: string,
    labelSelector?: string): Promise<{ items: KubeObject[]; resourceVersion: string }> {
    const t = this.type(apiVersion, kind);
    return this.call(`list ${kind}${namespace ? ` in ${namespace}` : ''}`, t.group, 'GET', () => {
      const r = this.engine.list(t, namespace, { labelSelector });
      return { items: r.items.map((i: any) => ({ apiVersion, kind, ...i })), resourceVersion: r.metadata.resourceVersion };
    });
  }

  async watch(apiVersion: string, kind: string, namespace: string | undefined, resourceVersion: string,
    onEvent: (e: WatchEvent) => void, onDone: (err?: Error) => void): Promise<() => void> {
    const t = this.type(apiVersion, kind);
    this.stats.watches++;
    this.stats.requests++;
    if (this.dead) return new Promise(() => undefined);
    let open = true;
    const close = () => {
      open = false;
      stopEngine();
      if (drop) this.clock.clearTimer(drop);
      this.stops.delete(close);
    };
    const stopEngine = this.engine.watch(t, namespace, { resourceVersion, allowWatchBookmarks: true }, (type, object) => {
      const copy = structuredClone(object);
      setImmediate(() => {
        if (!open || this.dead) return;
        onEvent({ type: type as WatchEvent['type'], object: { apiVersion, kind, ...copy } });
        if (type === 'ERROR') {
          close();
          onDone();
        }
      });
    });
    // `watchdrop`: the server ends every stream after a while; the client watches again from its resourceVersion.
    const dropMs = this.faults?.watchDropMs();
    const drop = dropMs ? this.clock.setTimer(dropMs, () => {
      if (!open || this.dead) return;
      close();
      onDone();
    }) : undefined;
    this.stops.add(close);
    return close;
  }

  async delete(ref: ObjectRef, propagationPolicy: 'Foreground' | 'Background' = 'Background'): Promise<'deleted' | 'not-found'> {
    const t = this.type(apiVersionOf(ref), ref.kind);
    return this.call(`delete ${describeRef(ref)}`, t.group, 'DELETE', () => {
      this.writes.push(`delete ${describeRef(ref)}`);
      if (!this.engine.find(t, ref.namespace ?? '', ref.name)) return 'not-found' as const;
      this.engine.delete(t, ref.namespace ?? '', ref.name, { propagationPolicy });
      return 'deleted' as const;
    });
  }

  async mergePatch(ref: ObjectRef, patch: object, fieldManager: string): Promise<KubeObject> {
    const t = this.type(apiVersionOf(ref), ref.kind);
    return this.call(`patch ${describeRef(ref)}`, t.group, 'PATCH', () => {
      this.writes.push(`patch ${describeRef(ref)}`);
      return this.engine.patch(t, ref.namespace ?? '', ref.name, PATCH_TYPES.merge, JSON.stringify(patch), { fieldManager }).object;
    });
  }
}
