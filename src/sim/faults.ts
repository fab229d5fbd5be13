// Fault injection for the simulated API server, so an applier's retry, backoff, watch-resume
// and webhook-readiness handling can be exercised. Decisions come from a seeded generator:
// the same seed and the same request order give the same faults.
//
// Spec grammar (comma-separated items, each at most once):
//   429:<p>[@<retryAfter>]   answer 429 TooManyRequests with Retry-After (default 1s) with probability p
//   500:<p>                  answer 500 InternalError with probability p
//   503:<p>                  answer 503 ServiceUnavailable with probability p
//   reset:<p>                drop the connection without a response with probability p
//   watchdrop:<duration>     end every watch stream cleanly after this long (the client must
//                            re-watch from its last resourceVersion, or re-list on 410)
//   slow:<duration>[@<p>]    delay responses by this long (with probability p, default 1)
//   webhook:<duration>[@g1+g2] writes to webhook-backed groups fail with 500 "failed calling
//                            webhook ... connection refused" until this long after start
//   seed:<integer>           seed of the fault generator (default 1)
// <p> is a probability in [0, 1]; <duration> is an integer with unit ms, s or m, at most 24h.
// Parsing is strict: an empty item, an `@` on a fault that takes none or with nothing after it,
// and anything that is not exactly one of these forms are errors.
// Example: `429:0.1,503:0.05,reset:0.02,watchdrop:30s,slow:200ms,webhook:10s`.
import { ApiError, internalError, serviceUnavailable, tooManyRequests } from './errors';
import { seededRandom } from './random';
import { Clock } from '../core/clock';
import { ValidationError } from '../core/errors';

/** Parsed fault configuration. */
export interface FaultSpec {
  readonly tooManyRequests?: number;
  readonly retryAfterSeconds?: number;
  readonly internalError?: number;
  readonly unavailable?: number;
  readonly reset?: number;
  readonly watchDropMs?: number;
  readonly slowMs?: number;
  readonly slowProbability?: number;
  readonly webhookWindowMs?: number;
  readonly webhookGroups?: readonly string[];
  readonly seed?: number;
}

/** Groups whose providers run admission webhooks in a real management cluster. */
export const WEBHOOK_GROUPS = [
  'metal3.io', 'cluster.x-k8s.io', 'infrastructure.cluster.x-k8s.io', 'controlplane.cluster.x-k8s.io',
  'bootstrap.cluster.x-k8s.io', 'ipam.metal3.io', 'metallb.io', 'anywhere.eks.amazonaws.com',
];

/** Webhook service and namespace per group, for realistic "failed calling webhook" messages. */
const WEBHOOK_SERVICES: Record<string, [string, string, string]> = {
  'metal3.io': ['baremetalhost.metal3.io', 'baremetal-operator-webhook-service', 'baremetal-operator-system'],
  'cluster.x-k8s.io': ['validation.cluster.cluster.x-k8s.io', 'capi-webhook-service', 'capi-system'],
  'infrastructure.cluster.x-k8s.io': ['validation.metal3machine.infrastructure.cluster.x-k8s.io', 'capm3-webhook-service', 'capm3-system'],
  'controlplane.cluster.x-k8s.io': ['validation.rke2controlplane.controlplane.cluster.x-k8s.io', 'rke2-control-plane-webhook-service', 'rke2-control-plane-system'],
  'bootstrap.cluster.x-k8s.io': ['validation.rke2config.bootstrap.cluster.x-k8s.io', 'rke2-bootstrap-webhook-service', 'rke2-bootstrap-system'],
  'ipam.metal3.io': ['validation.ippool.ipam.metal3.io', 'ipam-webhook-service', 'capm3-system'],
  'metallb.io': ['ipaddresspoolvalidationwebhook.metallb.io', 'metallb-webhook-service', 'metallb-system'],
  'anywhere.eks.amazonaws.com': ['validation.cluster.anywhere.amazonaws.com', 'eksa-webhook-service', 'eksa-system'],
};

const GRAMMAR = 'items like 429:0.1,503:0.05,reset:0.02,watchdrop:30s,slow:200ms,webhook:10s,seed:7';

/** The whole grammar, for usage errors. */
export const FAULT_SPEC_GRAMMAR = 'comma-separated items, each at most once: 429:<p>[@<retryAfter>], 500:<p>, 503:<p>, reset:<p>, '
  + 'watchdrop:<duration>, slow:<duration>[@<p>], webhook:<duration>[@<group>+<group>...], seed:<integer>; '
  + '<p> is a probability from 0 to 1 (e.g. 0.05), <duration> an integer with unit ms, s or m (e.g. 200ms, 30s), at most 24h';

/** Faults that take an `@` part, and what it is. */
const AT_PART: Record<string, string> = { 429: '@<retryAfter duration>', slow: '@<probability>', webhook: '@<group>+<group>' };

/** Every fault name. */
const KNOWN: Record<string, true> = { 429: true, 500: true, 503: true, reset: true, watchdrop: true, slow: true, webhook: true, seed: true };

const MAX_DURATION_MS = 24 * 60 * 60 * 1000;

function fail(item: string, problem: string, fix: string): never {
  throw new ValidationError('--faults', item, problem, fix);
}

function probability(item: string, s: string): number {
  const n = Number(s);
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(s) || !(n >= 0 && n <= 1)) fail(item, `"${s}" is not a probability`, 'use a number from 0 to 1, e.g. 0.05');
  return n;
}

function duration(item: string, s: string): number {
  const m = /^(\d+)(ms|s|m)$/.exec(s);
  if (!m) fail(item, `"${s}" is not a duration`, 'use an integer with unit ms, s or m, e.g. 200ms or 30s');
  const ms = Number(m[1]) * (m[2] === 'ms' ? 1 : m[2] === 's' ? 1000 : 60000);
  if (ms > MAX_DURATION_MS) fail(item, `"${s}" is longer than 24h`, 'use at most 1440m');
  return ms;
}

/** Parses a fault spec string; throws ValidationError naming the bad item (nothing is ignored). */
export function parseFaultSpec(spec: string): FaultSpec {
  const out: Record<string, any> = {};
  const seen = new Set<string>();
  if (spec.trim() === '') return out;
  for (const raw of spec.split(',')) {
    const item = raw.trim();
    if (!item) fail(spec, 'has an empty item (two commas in a row, or one at an end)', GRAMMAR);
    const i = item.indexOf(':');
    if (i < 0) fail(item, `"${item}" has no value`, GRAMMAR);
    const name = item.slice(0, i);
    const parts = item.slice(i + 1).split('@');
    if (parts.length > 2) fail(item, `"${item}" has more than one @`, AT_PART[name] ? `write ${name}:<value>${AT_PART[name]}` : GRAMMAR);
    const [value, at] = parts;
    if (seen.has(name)) fail(item, `"${name}" is given twice`, 'give each fault once');
    seen.add(name);
    if (at !== undefined && name in KNOWN && !AT_PART[name]) fail(item, `"${name}" takes no @ part`, `write ${name}:<value>`);
    if (at === '') fail(item, 'nothing after @', `write ${name}:<value>${AT_PART[name] ?? ''}, or leave out the @`);
    switch (name) {
      case '429':
        out.tooManyRequests = probability(item, value);
        if (at !== undefined) out.retryAfterSeconds = Math.max(1, Math.round(duration(item, at) / 1000));
        break;
      case '500': out.internalError = probability(item, value); break;
      case '503': out.unavailable = probability(item, value); break;
      case 'reset': out.reset = probability(item, value); break;
      case 'watchdrop': out.watchDropMs = duration(item, value); break;
      case 'slow':
        out.slowMs = duration(item, value);
        if (at !== undefined) out.slowProbability = probability(item, at);
        break;
      case 'webhook':
        out.webhookWindowMs = duration(item, value);
        if (at !== undefined) {
          const groups = at.split('+');
          for (const g of groups) if (!/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(g)) fail(item, `"${g}" is not an API group`, 'list groups like metal3.io+metallb.io');
          out.webhookGroups = groups;
        }
        break;
      case 'seed': {
        if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) fail(item, `"${value}" is not a non-negative integer`, 'e.g. seed:42');
        out.seed = Number(value);
        break;
      }
      default:
        fail(item, `unknown fault "${name}"`, `known faults: ${Object.keys(KNOWN).join(', ')} (${GRAMMAR})`);
    }
  }
  const total = (out.tooManyRequests ?? 0) + (out.internalError ?? 0) + (out.unavailable ?? 0) + (out.reset ?? 0);
  if (total > 1) fail(spec, `the error probabilities add up to ${total}`, 'keep 429 + 500 + 503 + reset at or below 1');
  return out;
}

/** What to do with one request. */
export interface FaultDecision {
  /** Delay before answering (ms). */
  readonly delayMs: number;
  /** Answer with this error instead of serving the request. */
  readonly error?: ApiError;
  /** Drop the connection without answering. */
  readonly reset?: boolean;
}

export interface FaultRequest {
  readonly method: string;
  readonly group: string;
}

export class FaultInjector {
  private readonly random: () => number;
  private readonly startMs: number;

  constructor(readonly spec: FaultSpec, private readonly clock: Clock) {
    this.random = seededRandom(spec.seed ?? 1);
    this.startMs = clock.now();
  }

  /** One decision per request; exactly two draws each, so the sequence depends only on request order. */
  decide(req: FaultRequest): FaultDecision {
    const r = this.random();
    const slowDraw = this.random();
    const s = this.spec;
    const delayMs = s.slowMs && slowDraw < (s.slowProbability ?? 1) ? s.slowMs : 0;
    const write = req.method === 'POST' || req.method === 'PUT' || req.method === 'PATCH';
    if (write && s.webhookWindowMs && this.clock.now() - this.startMs < s.webhookWindowMs) {
      const groups = s.webhookGroups ?? WEBHOOK_GROUPS;
      if (groups.includes(req.group)) return { delayMs, error: webhookError(req.group) };
    }
    let band = 0;
    if (r < (band += s.reset ?? 0)) return { delayMs, reset: true };
    if (r < (band += s.tooManyRequests ?? 0)) return { delayMs, error: tooManyRequests(s.retryAfterSeconds ?? 1) };
    if (r < (band += s.internalError ?? 0)) return { delayMs, error: internalError('etcdserver: request timed out') };
    if (r < (band += s.unavailable ?? 0)) return { delayMs, error: serviceUnavailable() };
    return { delayMs };
  }

  watchDropMs(): number | undefined {
    return this.spec.watchDropMs;
  }
}

/** The 500 a client sees while a provider's validating webhook is not serving yet. */
export function webhookError(group: string): ApiError {
  const [hook, svc, ns] = WEBHOOK_SERVICES[group] ?? [`validation.${group}`, 'webhook-service', 'system'];
  const path = `/validate-${group.replace(/\./g, '-')}`;
  return internalError(`failed calling webhook "${hook}": failed to call webhook: Post "https://${svc}.${ns}.svc:443${path}?timeout=10s": dial tcp 10.96.0.1:443: connect: connection refused`);
}
