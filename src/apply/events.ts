// What the applier reports while it runs; the renderers (TTY, plain, JSON lines) consume these.
import { StageId } from './plan';
import { ReadinessStatus } from './readiness/types';

export type ProgressEvent =
  | { readonly type: 'plan'; readonly stages: Array<{ id: StageId; title: string; apply: number; wait: number }>; readonly objects: number; readonly dryRun?: boolean }
  | { readonly type: 'stage-start'; readonly stage: StageId; readonly title: string }
  | { readonly type: 'stage-done'; readonly stage: StageId; readonly title: string; readonly ms: number }
  /** `not-checked`: a dry run could not send it (`reason`: its namespace does not exist yet). */
  | { readonly type: 'applied'; readonly object: string; readonly result: 'applied' | 'dry-run' | 'not-checked'; readonly reason?: string }
  | { readonly type: 'waiting'; readonly stage: StageId; readonly object: string; readonly status: ReadinessStatus; readonly message: string; readonly blockedBy?: string[] }
  | { readonly type: 'ready'; readonly stage: StageId; readonly object: string; readonly message: string }
  | { readonly type: 'kubeconfig'; readonly cluster: string; readonly path: string }
  | { readonly type: 'relist'; readonly kind: string; readonly reason: string }
  /** A request is retried after a transient error (429, 5xx, conflict, connection reset). */
  | { readonly type: 'retry'; readonly request: string; readonly reason: string; readonly attempt: number; readonly delayMs: number }
  | { readonly type: 'deleted'; readonly object: string }
  /** Reconciliation of an object paused or resumed (`how`: spec.paused or the annotation). */
  | { readonly type: 'paused' | 'resumed'; readonly object: string; readonly how: string }
  | {
    readonly type: 'done';
    readonly ms: number;
    readonly requests: number;
    readonly objects: number;
    readonly watches?: number;
    readonly maxConcurrent?: number;
    /** Requests retried after a transient error. */
    readonly retries?: number;
    readonly dryRun?: boolean;
    /** Dry run: objects the server could not check (in a namespace only the input creates). */
    readonly unchecked?: number;
  }
  | { readonly type: 'failed'; readonly stage?: StageId; readonly message: string; readonly stuck: StuckObject[]; readonly next: string[] };

export interface StuckObject {
  readonly object: string;
  readonly status: ReadinessStatus;
  readonly message: string;
  readonly since?: string;
}

export type EventSink = (e: ProgressEvent) => void;
