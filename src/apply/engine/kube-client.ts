// The port through which the engine talks to a cluster. `KubeApi` (apply/kube.ts) implements it
// over @kubernetes/client-node; tests implement it over the simulator's API engine in process.
import { KubeObject } from '../../core/kube-object';
import { ObjectRef } from '../../core/object-ref';

export interface ResourceInfo {
  readonly plural: string;
  readonly namespaced: boolean;
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

export interface ApplyRequestOptions {
  readonly fieldManager: string;
  /** Take over fields from other managers. @default true */
  readonly force?: boolean;
  /** dryRun=All. @default false */
  readonly dryRun?: boolean;
}

/** What the engine needs from the API. Errors: MissingKindError, KubeApiError, KubeConnectionError (kube-errors.ts). */
export interface KubeClient {
  /** Namespace for objects that set none (the context's, or -n). */
  readonly defaultNamespace: string;
  readonly stats: KubeStats;
  /** Called before a request is retried (for -v output and the summary's count). @default none */
  onRetry?: (info: RetryInfo) => void;
  /** Discovery for one kind; throws MissingKindError when the cluster does not serve it. */
  resource(apiVersion: string, kind: string): Promise<ResourceInfo>;
  /** Forget discovery (after CRDs were applied). */
  resetDiscovery(): void;
  /** Server-side apply. */
  apply(obj: KubeObject, opts: ApplyRequestOptions): Promise<KubeObject>;
  get(ref: ObjectRef): Promise<KubeObject | undefined>;
  list(apiVersion: string, kind: string, namespace?: string, labelSelector?: string): Promise<{ items: KubeObject[]; resourceVersion: string }>;
  /** Watches one kind from a resourceVersion; `onDone` fires when the stream ends (undefined error: a clean close). Returns a stop function. */
  watch(apiVersion: string, kind: string, namespace: string | undefined, resourceVersion: string,
    onEvent: (e: WatchEvent) => void, onDone: (err?: Error) => void): Promise<() => void>;
  /** Deletes; `not-found` when already gone. */
  delete(ref: ObjectRef, propagationPolicy?: 'Foreground' | 'Background'): Promise<'deleted' | 'not-found'>;
  /** JSON merge patch (pause, resume, owner references). */
  mergePatch(ref: ObjectRef, patch: object, fieldManager: string): Promise<KubeObject>;
}
