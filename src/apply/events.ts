// What the applier reports while it runs; the renderers (TTY, plain, JSON lines) consume these.
import { StageId } from './plan';
import { ReadinessStatus } from './readiness/types';

export type ProgressEvent =
  | { readonly type: 'plan'; readonly stages: Array<{ id: StageId; title: string; apply: number; wait: number }>; readonly objects: number }
  | { readonly type: 'stage-start'; readonly stage: StageId; readonly title: string }
  | { readonly type: 'stage-done'; readonly stage: StageId; readonly title: string; readonly ms: number }
  | { readonly type: 'applied'; readonly object: string; readonly result: 'applied' | 'dry-run' }
  | { readonly type: 'waiting'; readonly stage: StageId; readonly object: string; readonly status: ReadinessStatus; readonly message: string; readonly blockedBy?: string[] }
  | { readonly type: 'ready'; readonly stage: StageId; readonly object: string; readonly message: string }
  | { readonly type: 'kubeconfig'; readonly cluster: string; readonly path: string }
  | { readonly type: 'relist'; readonly kind: string; readonly reason: string }
  | { readonly type: 'deleted'; readonly object: string }
  | { readonly type: 'done'; readonly ms: number; readonly requests: number; readonly objects: number; readonly watches?: number; readonly maxConcurrent?: number }
  | { readonly type: 'failed'; readonly stage?: StageId; readonly message: string; readonly stuck: StuckObject[]; readonly next: string[] };

export interface StuckObject {
  readonly object: string;
  readonly status: ReadinessStatus;
  readonly message: string;
  readonly since?: string;
}

export type EventSink = (e: ProgressEvent) => void;
