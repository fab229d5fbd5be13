// The wave layout of a fleet upgrade, pure: which cluster goes in which wave. Clusters are
// ordered (inventory order, or by a label's value), clusters with the canary label move to the
// front, and the cumulative boundaries (`1,10%,50%,100%`) cut the order into waves. The same
// fleet and settings always give the same layout, so a rerun resumes the same plan.

/** A boundary as given: a cluster count or a share of the fleet. */
export type WaveBoundary = { readonly count: number } | { readonly percent: number };

/** Something wrong with a setting; the caller names the flag or the file field. */
export class RolloutSettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RolloutSettingError';
  }
}

const COUNT = /^[1-9]\d*$/;
const PERCENT = /^(\d+(?:\.\d+)?)%$/;

/** One boundary: `3` or `'3'` (clusters) or `'10%'` (of the fleet, 0 < p ≤ 100). */
export function parseBoundary(v: number | string): WaveBoundary {
  const t = String(v).trim();
  if (COUNT.test(t)) return { count: Number(t) };
  const p = PERCENT.exec(t);
  if (p && Number(p[1]) > 0 && Number(p[1]) <= 100) return { percent: Number(p[1]) };
  throw new RolloutSettingError(`${JSON.stringify(v)} is not a wave size: expected a cluster count (1 or more) or a share of the fleet such as 10%`);
}

/** `1,10%,50%,100%` (or the inventory's list) as boundaries. */
export function parseWaves(v: string | ReadonlyArray<number | string>): WaveBoundary[] {
  const items = typeof v === 'string' ? v.split(',') : [...v];
  if (!items.length || (typeof v === 'string' && !v.trim())) throw new RolloutSettingError('expected a comma-separated list of wave sizes such as 1,10%,50%,100%');
  const bs = items.map(parseBoundary);
  // Same kinds can be compared now; a count against a share only once the fleet size is known (layoutWaves).
  for (let i = 1; i < bs.length; i++) {
    const [a, b] = [bs[i - 1], bs[i]];
    if (('count' in a && 'count' in b && b.count < a.count) || ('percent' in a && 'percent' in b && b.percent < a.percent)) {
      throw new RolloutSettingError(`wave sizes are cumulative and must not go down: ${show(a)} then ${show(b)}`);
    }
  }
  return bs;
}

/** The failure budget as given: a count, or a share of the fleet. */
export type FailureBudget = { readonly count: number } | { readonly percent: number };

/** `2` (failures allowed) or `5%` (of the fleet, rounded down). */
export function parseFailureBudget(v: number | string): FailureBudget {
  const t = String(v).trim();
  if (/^\d+$/.test(t)) return { count: Number(t) };
  const p = PERCENT.exec(t);
  if (p && Number(p[1]) <= 100) return { percent: Number(p[1]) };
  throw new RolloutSettingError(`${JSON.stringify(v)} is not a failure budget: expected a count (0 or more) or a share of the fleet such as 5%`);
}

/** Failures allowed in a fleet of `size` (a share rounds down: 5% of 30 allows 1). */
export function failuresAllowed(b: FailureBudget, size: number): number {
  return 'count' in b ? b.count : Math.floor((b.percent * size) / 100 + 1e-9);
}

/** A cluster as the layout sees it. */
export interface LayoutCluster {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
}

/** `key` (present) or `key=value`. */
export function labelMatcher(selector: string): (labels: Readonly<Record<string, string>>) => boolean {
  const i = selector.indexOf('=');
  if (i === 0 || !selector.trim()) throw new RolloutSettingError(`${JSON.stringify(selector)} is not a label: expected key or key=value`);
  if (i < 0) return l => Object.prototype.hasOwnProperty.call(l, selector);
  const key = selector.slice(0, i);
  const value = selector.slice(i + 1);
  return l => l[key] === value;
}

/** Label values compare as numbers when both are numbers, else by code units (locale-independent). */
function compareValues(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  const na = Number(a);
  const nb = Number(b);
  if (a.trim() !== '' && b.trim() !== '' && Number.isFinite(na) && Number.isFinite(nb) && na !== nb) return na - nb;
  return a < b ? -1 : 1;
}

export interface OrderOptions {
  /** Sort by this label's value (clusters without it last); ties keep the given order. */
  readonly orderBy?: string;
  /** Clusters matching this label (`key` or `key=value`) go first. */
  readonly canaryLabel?: string;
}

/** The rollout order: the given order (inventory order), re-sorted by `orderBy`, canaries first. Stable. */
export function orderClusters<T extends LayoutCluster>(clusters: readonly T[], opts: OrderOptions = {}): T[] {
  const indexed = clusters.map((c, i) => ({ c, i }));
  const isCanary = opts.canaryLabel ? labelMatcher(opts.canaryLabel) : () => false;
  indexed.sort((x, y) => {
    const cx = isCanary(x.c.labels) ? 0 : 1;
    const cy = isCanary(y.c.labels) ? 0 : 1;
    if (cx !== cy) return cx - cy;
    if (opts.orderBy) {
      const d = compareValues(x.c.labels[opts.orderBy], y.c.labels[opts.orderBy]);
      if (d !== 0) return d;
    }
    return x.i - y.i;
  });
  return indexed.map(x => x.c);
}

/** Cumulative cluster count of a boundary in a fleet of `size` (percentages round up, capped at the fleet). */
export function boundaryCount(b: WaveBoundary, size: number): number {
  const n = 'count' in b ? b.count : Math.ceil((b.percent * size) / 100 - 1e-9);
  return Math.min(size, Math.max(1, n));
}

export interface Wave<T> {
  /** 1-based. */
  readonly number: number;
  readonly clusters: readonly T[];
}

/**
 * Cuts the ordered clusters into waves. Boundaries are cumulative and must not go down; a
 * boundary that adds nobody is dropped (1, 1%, … of a small fleet), a final wave takes whoever
 * the last boundary leaves, and the first wave holds at least every pinned canary.
 */
export function layoutWaves<T>(ordered: readonly T[], boundaries: readonly WaveBoundary[], pinnedCanaries = 0): Wave<T>[] {
  const size = ordered.length;
  const counts = boundaries.map(b => boundaryCount(b, size));
  for (let i = 1; i < counts.length; i++) {
    const prev = boundaries[i - 1];
    const cur = boundaries[i];
    // Mixed kinds are compared by what they mean in this fleet; same kinds by their value.
    const down = 'count' in prev && 'count' in cur ? cur.count < prev.count
      : 'percent' in prev && 'percent' in cur ? cur.percent < prev.percent : counts[i] < counts[i - 1];
    if (down) throw new RolloutSettingError(`wave sizes are cumulative and must not go down: ${show(prev)} then ${show(cur)}`);
  }
  if (size === 0) return [];
  if (!counts.length || counts[counts.length - 1] < size) counts.push(size);
  if (pinnedCanaries > 0) counts[0] = Math.max(counts[0], Math.min(size, pinnedCanaries));
  const waves: Wave<T>[] = [];
  let from = 0;
  for (const c of counts) {
    if (c <= from) continue;
    waves.push({ number: waves.length + 1, clusters: ordered.slice(from, c) });
    from = c;
  }
  return waves;
}

const show = (b: WaveBoundary) => ('count' in b ? String(b.count) : `${b.percent}%`);

/** `1,10%,50%,100%` again (for messages and the report). */
export function formatWaves(bs: readonly WaveBoundary[]): string {
  return bs.map(show).join(',');
}
