// The only file that talks to @kubernetes/client-node: kubeconfig, discovery, server-side
// apply, get/list/watch/delete, with retries on transient errors and request accounting.
// client-node 1.x is ESM-only, so it is loaded with a dynamic import (see docs/DESIGN-NOTES.md).
import { ConnectionError, InvalidInputError } from '../core/errors';
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

export interface ResourceInfo {
  readonly plural: string;
  readonly namespaced: boolean;
}

/** The cluster cannot be reached, or the kubeconfig is unusable (exit code 2). */
export class KubeConnectionError extends ConnectionError {
  constructor(message: string) {
    super(message);
    this.name = 'KubeConnectionError';
  }
}

/** A kind the cluster does not serve: its CRD (and provider) is not installed. */
export class MissingKindError extends InvalidInputError {
  constructor(public readonly apiVersion: string, public readonly kind: string) {
    super(`the cluster does not serve ${kind} (${apiVersion}): ${providerHint(apiVersion)}`);
    this.name = 'MissingKindError';
  }
}

/**
 * The API server refused a request (and retries did not change its mind): exit 1, the input was
 * not accepted. `serverMessage` is the server's Status message; the message says who refused.
 */
export class KubeApiError extends InvalidInputError {
  constructor(public readonly code: number, public readonly serverMessage: string, public readonly reason?: string,
    public readonly causes: Array<{ field?: string; message?: string }> = []) {
    super(`the API server refused a request (${code}${reason ? ` ${reason}` : ''}): ${serverMessage}`);
    this.name = 'KubeApiError';
  }
}

const PROVIDERS: Record<string, string> = {
  'metal3.io': 'install the Metal3 baremetal-operator on the management cluster',
  'ipam.metal3.io': 'install the Metal3 IP address manager (comes with `clusterctl init --infrastructure metal3`)',
  'cluster.x-k8s.io': 'install Cluster API (`clusterctl init`)',
  'infrastructure.cluster.x-k8s.io': 'install the Metal3 infrastructure provider (`clusterctl init --infrastructure metal3`)',
  'controlplane.cluster.x-k8s.io': 'install the RKE2 control-plane provider (`clusterctl init --control-plane rke2`)',
  'bootstrap.cluster.x-k8s.io': 'install the RKE2 bootstrap provider (`clusterctl init --bootstrap rke2`)',
  'anywhere.eks.amazonaws.com': 'install the EKS Anywhere controller (use an EKS Anywhere management cluster)',
  'tinkerbell.org': 'install Tinkerbell (EKS Anywhere bare metal)',
  'metallb.io': 'install MetalLB',
  'helm.cattle.io': 'install the helm-controller (part of RKE2 and k3s)',
};

export function providerHint(apiVersion: string): string {
  const { group } = parseApiVersion(apiVersion);
  return PROVIDERS[group] ?? `install the CustomResourceDefinition of ${group || 'this kind'}`;
}

export interface RetryPolicy {
  /** Attempts per request. @default 8 */
  readonly attempts: number;
  /** First backoff. @default 250 ms */
  readonly baseDelayMs: number;
  /** Backoff ceiling. @default 10 s */
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 8, baseDelayMs: 250, maxDelayMs: 10_000 };

/** A request about to be retried (shown at -v, counted in the summary). */
export interface RetryInfo {
  /** e.g. `apply Secret default/node1-credentials` */
  readonly request: string;
  /** e.g. `429 TooManyRequests`, `503`, `ECONNRESET` */
  readonly reason: string;
  /** The attempt that failed (1 = the first). */
  readonly attempt: number;
  readonly delayMs: number;
}

/** Counters for the applier's "requests per object" figures. */
export interface KubeStats {
  requests: number;
  retries: number;
  watches: number;
  maxConcurrent: number;
  inFlight: number;
}

export interface WatchEvent {
  readonly type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  readonly object: KubeObject;
}

const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));

function errorCode(e: any): number | undefined {
  return typeof e?.code === 'number' ? e.code : undefined;
}

function statusBody(e: any): any {
  const b = e?.body;
  if (typeof b === 'string') {
    try {
      return JSON.parse(b);
    } catch {
      return { message: b };
    }
  }
  return b;
}

/** Transient: throttling, server errors, webhooks not ready, connection resets. */
export function isTransient(e: any): boolean {
  const code = errorCode(e);
  if (code === 429 || code === 500 || code === 502 || code === 503 || code === 504) return true;
  if (code === 409 && /please apply your changes to the latest version|the object has been modified/i.test(statusBody(e)?.message ?? '')) return true;
  const msg = `${e?.message ?? ''} ${e?.cause?.code ?? ''} ${e?.code ?? ''}`;
  return /ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT|socket hang up|fetch failed|network|other side closed/i.test(msg) && code === undefined;
}

/** Why a transient failure happened, in a few words (never a body). */
function retryReason(e: any): string {
  const code = errorCode(e);
  if (code !== undefined) {
    const reason = statusBody(e)?.reason;
    return `${code}${typeof reason === 'string' && reason ? ` ${reason}` : ''}`;
  }
  const m = /ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT|socket hang up|other side closed/i.exec(`${e?.message ?? ''} ${e?.cause?.code ?? ''} ${e?.code ?? ''}`);
  return m ? m[0] : 'connection error';
}

const describeTarget = (kind: string, namespace: string | undefined, name: string) => `${kind} ${namespace ? `${namespace}/` : ''}${name}`;

function retryAfterMs(e: any): number | undefined {
  const h = e?.headers?.['retry-after'] ?? e?.headers?.['Retry-After'];
  const n = Number(h);
  return Number.isFinite(n) && n >= 0 ? n * 1000 : undefined;
}

export class KubeApi {
  /** Loads the kubeconfig and checks the API server answers (GET /version). */
  static async connect(target: KubeTarget = {}, retry: RetryPolicy = DEFAULT_RETRY): Promise<KubeApi> {
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
    const api = new KubeApi(m, kc, target.namespace ?? ctx?.namespace ?? 'default', cluster.server, retry);
    try {
      await api.withRetry(() => kc.makeApiClient(m.VersionApi).getCode(), { attempts: 3, request: 'get /version' });
    } catch (e) {
      throw new KubeConnectionError(`cannot reach the cluster at ${cluster.server}: ${(e as Error).message}`);
    }
    return api;
  }

  readonly stats: KubeStats = { requests: 0, retries: 0, watches: 0, maxConcurrent: 0, inFlight: 0 };
  /** Called before each retry (for -v output). @default none */
  onRetry?: (info: RetryInfo) => void;
  private readonly objects: InstanceType<K8s['KubernetesObjectApi']>;
  private readonly discovery = new Map<string, Promise<Map<string, ResourceInfo> | undefined>>();

  private constructor(private readonly m: K8s, private readonly kc: InstanceType<K8s['KubeConfig']>, readonly defaultNamespace: string,
    readonly server: string, private readonly retry: RetryPolicy) {
    this.objects = m.KubernetesObjectApi.makeApiClient(kc);
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

  /** Server-side apply with our field manager; `force` takes over fields from other managers. */
  async apply(obj: KubeObject, opts: { fieldManager: string; force?: boolean; dryRun?: boolean }): Promise<KubeObject> {
    await this.resource(obj.apiVersion!, obj.kind!);
    const body = { ...obj, metadata: { ...obj.metadata } };
    if (!body.metadata.namespace && (await this.resource(obj.apiVersion!, obj.kind!)).namespaced) body.metadata.namespace = this.defaultNamespace;
    try {
      return await this.withRetry(() => this.objects.patch(body as any, undefined, opts.dryRun ? 'All' : undefined, opts.fieldManager,
        opts.force ?? true, this.m.PatchStrategy.ServerSideApply) as Promise<KubeObject>,
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
    const base = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
    const path = `${base}${info.namespaced && namespace ? `/namespaces/${namespace}` : ''}/${info.plural}`;
    const w = new this.m.Watch(this.kc);
    this.stats.watches++;
    this.stats.requests++;
    const ctrl = await w.watch(path, { resourceVersion, allowWatchBookmarks: true, timeoutSeconds: 300 },
      (type: string, object: any) => onEvent({ type: type as WatchEvent['type'], object: { apiVersion, kind, ...object } }),
      (err: any) => onDone(err ? (err instanceof Error ? err : new Error(String(err?.message ?? err))) : undefined));
    return () => ctrl.abort();
  }

  /** Runs one request with retries on transient failures (429 honours Retry-After). */
  async withRetry<T>(fn: () => Promise<T>, opts: Partial<RetryPolicy> & { request?: string } = {}): Promise<T> {
    const p = { ...this.retry, ...opts };
    for (let attempt = 1; ; attempt++) {
      this.stats.requests++;
      this.stats.inFlight++;
      this.stats.maxConcurrent = Math.max(this.stats.maxConcurrent, this.stats.inFlight);
      try {
        return await fn();
      } catch (e) {
        if (attempt >= p.attempts || !isTransient(e)) throw e;
        this.stats.retries++;
        const backoff = Math.min(p.maxDelayMs, p.baseDelayMs * 2 ** (attempt - 1));
        const delayMs = Math.round(retryAfterMs(e) ?? backoff * (0.5 + Math.random() / 2));
        this.onRetry?.({ request: opts.request ?? 'request', reason: retryReason(e), attempt, delayMs });
        await sleep(delayMs);
      } finally {
        this.stats.inFlight--;
      }
    }
  }

  private async fetchResources(apiVersion: string): Promise<Map<string, ResourceInfo> | undefined> {
    const { group, version } = parseApiVersion(apiVersion);
    try {
      const list: any = await this.withRetry(() => (group
        ? this.kc.makeApiClient(this.m.CustomObjectsApi).getAPIResources({ group, version })
        : this.kc.makeApiClient(this.m.CoreV1Api).getAPIResources()), { request: `discovery ${apiVersion}` });
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
