// MetalLB IPAddressPool address entries (upstream-rules.md §6): a CIDR as Go's net.ParseCIDR
// reads it (host bits allowed), or a `start-end` range. A bare IP is not accepted.
import { IpRange, overlaps, parseCidr, parseIp, singleIp } from '../core/ip';

export const METALLB_NAMESPACE = 'metallb-system';

/** Parses one `spec.addresses` entry; returns a problem string when invalid. */
export function parsePoolAddress(entry: string): IpRange | string {
  if (typeof entry !== 'string' || !entry.trim()) return 'empty address';
  const dash = entry.indexOf('-');
  if (dash >= 0) {
    const a = entry.slice(0, dash).trim();
    const b = entry.slice(dash + 1).trim();
    const start = singleIp(a);
    const end = singleIp(b);
    if (!start || !end) return `invalid IP range ${JSON.stringify(entry)}: both ends must be IP addresses`;
    if (start.family !== end.family) return `invalid IP range ${JSON.stringify(entry)}: mixes IPv4 and IPv6`;
    if (start.start > end.start) return `invalid IP range ${JSON.stringify(entry)}: start is after end`;
    return { family: start.family, start: start.start, end: end.start, text: entry };
  }
  const cidr = parseCidr(entry);
  if (cidr) return cidr;
  if (parseIp(entry)) return `invalid CIDR ${JSON.stringify(entry)}: a single address needs a prefix length (${entry}/${entry.includes(':') ? 128 : 32})`;
  return `invalid CIDR ${JSON.stringify(entry)}`;
}

export interface PoolRanges {
  readonly pool: string;
  readonly ranges: readonly IpRange[];
}

/** Overlaps across and inside pools, in MetalLB's wording. */
export function poolOverlaps(pools: readonly PoolRanges[]): Array<{ pool: string; index: number; message: string }> {
  const out: Array<{ pool: string; index: number; message: string }> = [];
  const seen: Array<{ pool: string; range: IpRange }> = [];
  for (const p of pools) {
    p.ranges.forEach((r, index) => {
      const hit = seen.find(s => overlaps(s.range, r));
      if (hit) out.push({ pool: p.pool, index, message: `CIDR ${r.text} in pool ${p.pool} overlaps with already defined CIDR ${hit.range.text}${hit.pool !== p.pool ? ` (pool ${hit.pool})` : ''}` });
      seen.push({ pool: p.pool, range: r });
    });
  }
  return out;
}

/**
 * The most specific-first decomposition of a pool entry into CIDRs, as MetalLB's ParseCIDR
 * summarises a range; returns the shortest prefix length among them (`lowestMask`).
 */
export function lowestPrefixLength(r: IpRange): number {
  const bits = r.family === 'ipv4' ? 32 : 128;
  let lowest = bits;
  let cur = r.start;
  while (cur <= r.end) {
    // The largest aligned block starting at cur that stays inside the range.
    let size = 0;
    while (size < bits && (cur & ((1n << BigInt(size + 1)) - 1n)) === 0n && cur + (1n << BigInt(size + 1)) - 1n <= r.end) size++;
    lowest = Math.min(lowest, bits - size);
    cur += 1n << BigInt(size);
  }
  return lowest;
}
