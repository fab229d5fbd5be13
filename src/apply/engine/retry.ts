// Retries of one request on transient failures — throttling (429, honouring Retry-After), server
// errors, webhooks not serving yet, a modified-object conflict, connection resets — with
// exponential backoff on the engine's clock. Transport-independent: the client-node adapter and
// the in-process test client retry the same way.
import { RetryInfo } from './kube-client';
import { Clock, sleep } from '../../core/clock';

export interface RetryPolicy {
  /** Attempts per request. @default 8 */
  readonly attempts: number;
  /** First backoff. @default 250 ms */
  readonly baseDelayMs: number;
  /** Backoff ceiling. @default 10 s */
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 8, baseDelayMs: 250, maxDelayMs: 10_000 };

/** The numeric HTTP status of an error, if it has one. */
export function errorCode(e: any): number | undefined {
  return typeof e?.code === 'number' ? e.code : undefined;
}

/** The Status body of an error (parsed when it is text). */
export function statusBody(e: any): any {
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

/** Transient: throttling, server errors, webhooks not ready, a modified-object conflict, connection resets. */
export function isTransient(e: any): boolean {
  const code = errorCode(e);
  if (code === 429 || code === 500 || code === 502 || code === 503 || code === 504) return true;
  if (code === 409 && /please apply your changes to the latest version|the object has been modified/i.test(statusBody(e)?.message ?? e?.message ?? '')) return true;
  const msg = `${e?.message ?? ''} ${e?.cause?.code ?? ''} ${e?.code ?? ''}`;
  return /ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT|socket hang up|fetch failed|network|other side closed/i.test(msg) && code === undefined;
}

/** Why a transient failure happened, in a few words (never a body). */
export function retryReason(e: any): string {
  const code = errorCode(e);
  if (code !== undefined) {
    const reason = statusBody(e)?.reason ?? e?.reason;
    return `${code}${typeof reason === 'string' && reason ? ` ${reason}` : ''}`;
  }
  const m = /ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT|socket hang up|other side closed/i.exec(`${e?.message ?? ''} ${e?.cause?.code ?? ''} ${e?.code ?? ''}`);
  return m ? m[0] : 'connection error';
}

function retryAfterMs(e: any): number | undefined {
  const h = e?.headers?.['retry-after'] ?? e?.headers?.['Retry-After'];
  const n = Number(h);
  return h !== undefined && Number.isFinite(n) && n >= 0 ? n * 1000 : undefined;
}

export interface RetryContext {
  readonly clock: Clock;
  readonly policy: RetryPolicy;
  /** Counts requests, retries and concurrency. */
  readonly stats: { requests: number; retries: number; inFlight: number; maxConcurrent: number };
  /** Called before each retry. */
  readonly onRetry?: (info: RetryInfo) => void;
  /** Jitter source in [0, 1). @default Math.random */
  readonly random?: () => number;
}

/** Runs one request, retrying transient failures (at most `policy.attempts` in all). */
export async function withRetry<T>(fn: () => Promise<T>, ctx: RetryContext, opts: Partial<RetryPolicy> & { request?: string } = {}): Promise<T> {
  const p = { ...ctx.policy, ...opts };
  const random = ctx.random ?? Math.random;
  for (let attempt = 1; ; attempt++) {
    ctx.stats.requests++;
    ctx.stats.inFlight++;
    ctx.stats.maxConcurrent = Math.max(ctx.stats.maxConcurrent, ctx.stats.inFlight);
    let failure: unknown;
    try {
      return await fn();
    } catch (e) {
      if (attempt >= p.attempts || !isTransient(e)) throw e;
      failure = e;
    } finally {
      ctx.stats.inFlight--;
    }
    ctx.stats.retries++;
    const backoff = Math.min(p.maxDelayMs, p.baseDelayMs * 2 ** (attempt - 1));
    const delayMs = Math.round(retryAfterMs(failure) ?? backoff * (0.5 + random() / 2));
    ctx.onRetry?.({ request: opts.request ?? 'request', reason: retryReason(failure), attempt, delayMs });
    await sleep(ctx.clock, delayMs);
  }
}
