// Timeouts sized for bare metal (applier-anchors.md §4, §6): inspection alone can take 20+
// minutes, CAPM3's own e2e budgets 50 minutes for a host to become available or provisioned.
// Every stage has its own clock inside an overall budget; later stages get what is left.
import { StageId } from './plan';

export interface Timeouts {
  /** Per stage. */
  readonly stages: Readonly<Record<StageId, number>>;
  /** The whole run. */
  readonly overall: number;
  /** One object without any readiness change for this long is stuck. */
  readonly resource: number;
  /** A failure must persist this long before it fails the run (controllers retry). */
  readonly failureWindow: number;
  /** A success must hold this long before dependents proceed. */
  readonly stable: number;
}

/** Timeouts to change: any field, and any stage. */
export type TimeoutOverrides = Partial<Omit<Timeouts, 'stages'>> & { readonly stages?: Partial<Timeouts['stages']> };

const MIN = 60_000;

export const DEFAULT_TIMEOUTS: Timeouts = {
  stages: {
    [StageId.PREREQUISITES]: 5 * MIN,
    [StageId.HOSTS]: 60 * MIN,
    [StageId.OBJECTS]: 10 * MIN,
    [StageId.CONTROL_PLANE]: 90 * MIN,
    [StageId.WORKERS]: 60 * MIN,
    [StageId.KUBECONFIG]: 30 * MIN,
    [StageId.CLUSTER]: 30 * MIN,
  },
  overall: 4 * 60 * MIN,
  resource: 45 * MIN,
  failureWindow: 2 * MIN,
  stable: 2_000,
};

/** The defaults with the overrides on top. */
export function mergeTimeouts(t: TimeoutOverrides = {}): Timeouts {
  return { ...DEFAULT_TIMEOUTS, ...t, stages: { ...DEFAULT_TIMEOUTS.stages, ...(t.stages ?? {}) } } as Timeouts;
}

/** `90m`, `1h30m`, `45s`, `500ms`, or a number of seconds. */
export function parseDuration(text: string): number {
  const t = text.trim();
  if (/^\d+(\.\d+)?$/.test(t)) return Math.round(Number(t) * 1000);
  const re = /(\d+(?:\.\d+)?)(ms|h|m|s)/g;
  let total = 0;
  let consumed = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(t))) {
    const n = Number(m[1]);
    total += m[2] === 'h' ? n * 3_600_000 : m[2] === 'm' ? n * 60_000 : m[2] === 's' ? n * 1000 : n;
    consumed += m[0].length;
  }
  if (consumed !== t.length || consumed === 0) throw new Error(`invalid duration ${JSON.stringify(text)} (e.g. 90m, 1h30m, 45s, 500ms)`);
  return Math.round(total);
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${s % 60 ? `${s % 60}s` : ''}`;
  return `${Math.floor(m / 60)}h${m % 60 ? `${m % 60}m` : ''}`;
}

/** `{ since }` for a failure summary's "(unchanged for …)", left out under a second (it says nothing). */
export function sinceChange(ms: number): { since?: string } {
  return ms >= 1000 ? { since: formatDuration(ms) } : {};
}
