// The only file that talks to @kubernetes/client-node: kubeconfig, discovery, get/list/watch/
// delete, with retries on transient errors and request accounting. Server-side apply, the one
// request per object, goes out as a plain HTTPS request (apply-request.ts) with the kubeconfig's
// authentication.
// client-node 1.x is ESM-only, so it is loaded with a dynamic import (see docs/DESIGN-NOTES.md).
import type { RequestOptions } from 'node:https';
import { RequestTarget, resourcePath, sendApply } from './apply-request';
import { ApplyRequestOptions, KubeClient, KubeStats, ResourceInfo, RetryInfo, WatchEvent } from './engine/kube-client';
import { KubeApiError, KubeConnectionError, MissingKindError } from './engine/kube-errors';
import { DEFAULT_RETRY, RetryPolicy, errorCode, statusBody, withRetry } from './engine/retry';
import { KeepAliveAuth } from './keep-alive-auth';
import { Clock, RealClock } from '../core/clock';
import { parseApiVersion } from '../core/gvk';
import { KubeObject } from '../core/kube-object';
import { ObjectRef } from '../core/object-ref';

type K8s = typeof import('@kubernetes/client-node', { with: { 'resolution-mode': 'import' } });

let k8sModule: Promise<K8s> | undefined;
function k8s(): Promise<K8s> {
  // A Function-built import keeps TypeScript from rewriting it into require() in CommonJS output.
  k8sModule ??= (new Function('m', 'return import(m)') as (m: string) => Promise<K8s>)('@kubernetes/client-node');
  return k8sModule;
}

export interface KubeTarget {
  /** kubeconfig file. @default $KUBECONFIG or ~/.kube/config */
  readonly kubeconfig?: string;
  /** kubeconfig context. @default the current context */
  readonly context?: string;
  /** Namespace for objects without one. @default the context's namespace, else 'default' */
  readonly namespace?: string;
}

/**
 * client-node's object API with our discovery: the resource lists we fetched (and counted) are
 * handed to it, so it never fetches them again on its own before a request.
 */
function objectApiClass(m: K8s) {
  return class ObjectApi extends m.KubernetesObjectApi {
    /** As `KubernetesObjectApi.makeApiClient` does: objects without a namespace use the context's. */
    useContextNamespace(kc: InstanceType<K8s['KubeConfig']>): this {
      this.setDefaultNamespace(kc);
      return this;
    }

    seed(apiVersion: string, list: import('@kubernetes/client-node', { with: { 'resolution-mode': 'import' } }).V1APIResourceList): void {
      this.apiVersionResourceCache[apiVersion] = list;
    }

    forget(): void {
      this.apiVersionResourceCache = {};
    }
  };
}
type ObjectApi = InstanceType<ReturnType<typeof objectApiClass>>;

const describeTarget = (kind: string, namespace: string | undefined, name: string) => `${kind} ${namespace ? `${namespace}/` : ''}${name}`;

/** A KubeClient over @kubernetes/client-node. */
export class KubeApi implements KubeClient {
  /** Loads the kubeconfig and checks the API server answers (GET /version). */
  static async connect(target: KubeTarget = {}, retry: RetryPolicy = DEFAULT_RETRY,
    clock: Clock = new RealClock({ keepAlive: true })): Promise<KubeApi> {
    const m = await k8s();
    const kc = new m.KubeConfig();
    try {
      if (target.kubeconfig) kc.loadFromFile(target.kubeconfig);
      else kc.loadFromDefault();
      if (target.context) kc.setCurrentContext(target.context);
    } catch (e) {
      throw new KubeConnectionError(`cannot load kubeconfig${target.kubeconfig ? ` ${target.kubeconfig}` : ''}: ${(e as Error).message}`);
    }
    if (target.context && !kc.getContexts().some(c => c.name === target.context)) {
      throw new KubeConnectionError(`context ${target.context} not found in the kubeconfig (contexts: ${kc.getContexts().map(c => c.name).join(', ') || 'none'})`);
    }
    const cluster = kc.getCurrentCluster();
    if (!cluster) throw new KubeConnectionError('the kubeconfig has no current cluster; pass --kubeconfig and --context');
    const ctx = kc.getContextObject(kc.getCurrentContext());
    const auth = await KeepAliveAuth.create(kc, cluster);
    const config = m.createConfiguration({ baseServer: new m.ServerConfiguration(cluster.server, {}), authMethods: { default: auth } });
    const wire: RequestTarget = {
      server: cluster.server,
      agent: auth.agent,
      options: async () => {
        const o: RequestOptions = {};
        await kc.applyToHTTPSOptions(o);
        return o;
      },
    };
    const api = new KubeApi(m, kc, config, wire, target.namespace ?? ctx?.namespace ?? 'default', cluster.server, retry, clock);
    try {
      await api.withRetry(() => new m.VersionApi(config).getCode(), { attempts: 3, request: 'get /version' });
    } catch (e) {
      throw new KubeConnectionError(`cannot reach the cluster at ${cluster.server}: ${(e as Error).message}`);
    }
    return api;
  }

  readonly stats: KubeStats = { requests: 0, retries: 0, watches: 0, maxConcurrent: 0, inFlight: 0 };
  /** Called before each retry (for -v output). @default none */
  onRetry?: (info: RetryInfo) => void;
  private readonly objects: ObjectApi;
  private readonly discovery = new Map<string, Promise<Map<string, ResourceInfo> | undefined>>();

  /** `config`: every API client of this run shares it, and with it one keep-alive agent (keep-alive-auth.ts). */
  private constructor(private readonly m: K8s, private readonly kc: InstanceType<K8s['KubeConfig']>,
    private readonly config: ReturnType<K8s['createConfiguration']>, private readonly wire: RequestTarget, readonly defaultNamespace: string,
    readonly server: string, private readonly retry: RetryPolicy, private readonly clock: Clock) {
    this.objects = new (objectApiClass(m))(config).useContextNamespace(kc);
  }

  /** Discovery for one kind (cached per group/version). Throws MissingKindError when not served. */
  async resource(apiVersion: string, kind: string): Promise<ResourceInfo> {
    let p = this.discovery.get(apiVersion);
    if (!p) {
      p = this.fetchResources(apiVersion);
      this.discovery.set(apiVersion, p);
    }
    const res = (await p)?.get(kind);
    if (!res) throw new MissingKindError(apiVersion, kind);
    return res;
  }

  /** Forget discovery (after CRDs were applied). */
  resetDiscovery(): void {
    this.discovery.clear();
    this.objects.forget();
  }

  /** The namespace an object lands in (undefined for cluster-scoped kinds). */
  async namespaceOf(obj: KubeObject): Promise<string | undefined> {
    const info = await this.resource(obj.apiVersion!, obj.kind!);
    return info.namespaced ? (obj.metadata?.namespace ?? this.defaultNamespace) : undefined;
  }

  async get(ref: ObjectRef): Promise<KubeObject | undefined> {
    const apiVersion = ref.group ? `${ref.group}/${ref.version}` : ref.version;
    await this.resource(apiVersion, ref.kind);
    try {
      const header = { apiVersion, kind: ref.kind, metadata: { name: ref.name, namespace: ref.namespace } };
      return await this.withRetry(() => this.objects.read(header) as Promise<KubeObject>, { request: `get ${describeTarget(ref.kind, ref.namespace, ref.name)}` });
    } catch (e) {
      if (errorCode(e) === 404) return undefined;
      throw this.asApiError(e);
    }
  }

  async list(apiVersion: string, kind: string, namespace?: string, labelSelector?: string):
  Promise<{ items: KubeObject[]; resourceVersion: string }> {
    await this.resource(apiVersion, kind);
    try {
      const r = await this.withRetry(() => this.objects.list(apiVersion, kind, namespace, undefined, undefined, undefined, undefined, labelSelector),
        { request: `list ${kind}${namespace ? ` in ${namespace}` : ''}` });
      return { items: (r.items ?? []).map(i => ({ apiVersion, kind, ...(i as object) }) as KubeObject), resourceVersion: r.metadata?.resourceVersion ?? '' };
    } catch (e) {
      throw this.asApiError(e);
    }
  }

  /** Server-side apply with our field manager; `force` takes over fields from other managers. The answer is the object as JSON. */
  async apply(obj: KubeObject, opts: ApplyRequestOptions): Promise<KubeObject> {
    const info = await this.resource(obj.apiVersion!, obj.kind!);
    const body = { ...obj, metadata: { ...obj.metadata } };
    if (!body.metadata.namespace && info.namespaced) body.metadata.namespace = this.defaultNamespace;
    const path = resourcePath(obj.apiVersion!, info, body.metadata.namespace, body.metadata.name ?? '');
    const text = JSON.stringify(body);
    const query = { fieldManager: opts.fieldManager, force: opts.force ?? true, dryRun: opts.dryRun ?? false };
    try {
      return await this.withRetry(() => sendApply(this.wire, path, query, text) as Promise<KubeObject>,
        { request: `${opts.dryRun ? 'dry-run apply' : 'apply'} ${describeTarget(obj.kind!, body.metadata.namespace, body.metadata.name ?? '')}` });
    } catch (e) {
      throw this.asApiError(e);
    }
  }

  /** JSON merge patch (e.g. pause/unpause). */
  async mergePatch(ref: ObjectRef, patch: object, fieldManager: string): Promise<KubeObject> {
    const apiVersion = ref.group ? `${ref.group}/${ref.version}` : ref.version;
    await this.resource(apiVersion, ref.kind);
    const p = patch as { metadata?: object };
    // The patch may carry metadata (annotations, owner references): keep the identity in it.
    const spec = { apiVersion, kind: ref.kind, ...patch, metadata: { ...(p.metadata ?? {}), name: ref.name, namespace: ref.namespace } } as any;
    try {
      return await this.withRetry(() =>
        this.objects.patch(spec, undefined, undefined, fieldManager, undefined, this.m.PatchStrategy.MergePatch) as Promise<KubeObject>,
      { request: `patch ${describeTarget(ref.kind, ref.namespace, ref.name)}` });
    } catch (e) {
      throw this.asApiError(e);
    }
  }

  /** Deletes; resolves `not-found` when already gone. */
  async delete(ref: ObjectRef, propagationPolicy: 'Foreground' | 'Background' = 'Background'): Promise<'deleted' | 'not-found'> {
    const apiVersion = ref.group ? `${ref.group}/${ref.version}` : ref.version;
    await this.resource(apiVersion, ref.kind);
    try {
      await this.withRetry(() => this.objects.delete({ apiVersion, kind: ref.kind, metadata: { name: ref.name, namespace: ref.namespace } } as any,
        undefined, undefined, undefined, undefined, propagationPolicy), { request: `delete ${describeTarget(ref.kind, ref.namespace, ref.name)}` });
      return 'deleted';
    } catch (e) {
      if (errorCode(e) === 404) return 'not-found';
      throw this.asApiError(e);
    }
  }

  /**
   * Watches one kind from a resourceVersion. `onEvent` gets every event; `onDone` fires when the
   * stream ends (err undefined on a clean server close). Returns a stop function.
   */
  async watch(apiVersion: string, kind: string, namespace: string | undefined, resourceVersion: string,
    onEvent: (e: WatchEvent) => void, onDone: (err?: Error) => void): Promise<() => void> {
    const info = await this.resource(apiVersion, kind);
    const path = resourcePath(apiVersion, info, namespace);
    const w = new this.m.Watch(this.kc);
    this.stats.watches++;
    this.stats.requests++;
    const ctrl = await w.watch(path, { resourceVersion, allowWatchBookmarks: true, timeoutSeconds: 300 },
      (type: string, object: any) => onEvent({ type: type as WatchEvent['type'], object: { apiVersion, kind, ...object } }),
      (err: any) => onDone(err ? (err instanceof Error ? err : new Error(String(err?.message ?? err))) : undefined));
    return () => ctrl.abort();
  }

  /** Runs one request with retries on transient failures (engine/retry.ts). */
  withRetry<T>(fn: () => Promise<T>, opts: Partial<RetryPolicy> & { request?: string } = {}): Promise<T> {
    return withRetry(fn, { clock: this.clock, policy: this.retry, stats: this.stats, onRetry: i => this.onRetry?.(i) }, opts);
  }

  private async fetchResources(apiVersion: string): Promise<Map<string, ResourceInfo> | undefined> {
    const { group, version } = parseApiVersion(apiVersion);
    try {
      const list = await this.withRetry(() => (group
        ? new this.m.CustomObjectsApi(this.config).getAPIResources({ group, version })
        : new this.m.CoreV1Api(this.config).getAPIResources()), { request: `discovery ${apiVersion}` });
      this.objects.seed(apiVersion, list);
      const out = new Map<string, ResourceInfo>();
      for (const r of list.resources ?? []) {
        if (!r.name.includes('/')) out.set(r.kind, { plural: r.name, namespaced: r.namespaced });
      }
      return out;
    } catch (e) {
      if (errorCode(e) === 404) return undefined;
      throw this.asApiError(e);
    }
  }

  private asApiError(e: any): Error {
    const code = errorCode(e);
    if (code === undefined) return e instanceof Error ? new KubeConnectionError(`cannot reach the cluster at ${this.server}: ${e.message}`) : new Error(String(e));
    const body = statusBody(e) ?? {};
    return new KubeApiError(code, body.message ?? e.message, body.reason, body.details?.causes ?? []);
  }
}
