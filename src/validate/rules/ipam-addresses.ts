// IPPool addresses as Metal3 IPAM v1.13.2 handles them. Go's net.IP keeps every address in 16
// bytes (IPv4 as ::ffff:a.b.c.d), so the webhook's start <= end compares those; the update
// webhook bounds pre-allocations with netip (an IPv4 address sorts below any IPv6 one); the
// controller hands out addresses from `start` (or the subnet's first host) upwards
// (`api/v1alpha1/utils.go` GetIPAddress).
import { IpRange, parseCidr, parseIp } from '../../core/ip';

export interface PoolEntry {
  readonly start?: string;
  readonly end?: string;
  readonly subnet?: string;
  readonly prefix?: number;
  readonly gateway?: string;
}

const V4_MAPPED = 0xffffn << 32n;
const V4_MAX = 0xffffffffn;
const V6_MAX = (1n << 128n) - 1n;

export interface GoIp {
  readonly v4: boolean;
  /** The value in the address's own family. */
  readonly value: bigint;
  /** The value of Go's 16-byte form. */
  readonly value16: bigint;
}

/** net.ParseIP (IPv4-mapped IPv6 counts as IPv4, as `To4` has it), or undefined. */
export function goIp(text: unknown): GoIp | undefined {
  if (typeof text !== 'string') return undefined;
  const a = parseIp(text);
  if (!a) return undefined;
  const value = a.toByteArray().reduce((acc, b) => (acc << 8n) | BigInt(b), 0n);
  const v4 = a.kind() === 'ipv4';
  return { v4, value, value16: v4 ? V4_MAPPED | value : value };
}

export function goCidr(text: unknown): IpRange | undefined {
  return typeof text === 'string' ? parseCidr(text) : undefined;
}

export function inCidr(cidr: IpRange, ip: GoIp): boolean {
  return (cidr.family === 'ipv4') === ip.v4 && cidr.start <= ip.value && ip.value <= cidr.end;
}

/** The webhook's `bytes.Compare(start, end) > 0` on the 16-byte forms. */
export function startAfterEnd(entry: PoolEntry): boolean {
  const s = goIp(entry.start);
  const e = goIp(entry.end);
  return Boolean(s && e && s.value16 > e.value16);
}

/** netip.Addr.Compare: IPv4 before IPv6, then by value. */
function netipCompare(a: GoIp, b: GoIp): number {
  if (a.v4 !== b.v4) return a.v4 ? -1 : 1;
  return a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
}

/** The update webhook's `isAddressInBonds` for one entry (an entry bounding nothing holds every address). */
export function withinEntryBounds(entry: PoolEntry, ip: GoIp): boolean {
  if (entry.start !== undefined) {
    const s = goIp(entry.start);
    if (!s || netipCompare(s, ip) > 0) return false;
  }
  if (entry.end !== undefined) {
    const e = goIp(entry.end);
    if (!e || netipCompare(e, ip) < 0) return false;
  }
  if (entry.subnet !== undefined) {
    const c = goCidr(entry.subnet);
    if (!c || !inCidr(c, ip)) return false;
  }
  return true;
}

/** Why the controller can hand out no address from this entry, or undefined. */
export function entryYieldsNothing(entry: PoolEntry): string | undefined {
  if (entry.start === undefined && entry.subnet === undefined) return 'either Start or Subnet is required for ipAddress';
  const subnet = entry.subnet !== undefined ? goCidr(entry.subnet) : undefined;
  if (entry.start !== undefined) {
    const s = goIp(entry.start);
    if (s && subnet && !inCidr(subnet, s)) return `start ${entry.start} is outside subnet ${entry.subnet} (IP address out of bonds)`;
    return undefined;
  }
  if (subnet && subnet.start + 1n > subnet.end) return `subnet ${entry.subnet} has no address after its network address (IP address out of bonds)`;
  return undefined;
}

/** Whether the controller's walk over this entry (GetIPAddress with growing offsets) reaches `ip`. */
export function entryReaches(entry: PoolEntry, ip: GoIp): boolean {
  if (entryYieldsNothing(entry)) return false;
  const subnet = entry.subnet !== undefined ? goCidr(entry.subnet) : undefined;
  if (entry.start !== undefined) {
    const s = goIp(entry.start);
    if (!s || s.v4 !== ip.v4) return false;
    const familyMax = s.v4 ? V4_MAPPED | V4_MAX : V6_MAX;
    const e = entry.end !== undefined ? goIp(entry.end) : undefined;
    let hi16 = e ? (e.value16 < familyMax ? e.value16 : familyMax) : familyMax;
    if (subnet) {
      const subnetEnd16 = s.v4 ? V4_MAPPED | subnet.end : subnet.end;
      if (subnetEnd16 < hi16) hi16 = subnetEnd16;
    }
    return s.value16 <= ip.value16 && ip.value16 <= hi16;
  }
  return Boolean(subnet && (subnet.family === 'ipv4') === ip.v4 && subnet.start < ip.value && ip.value <= subnet.end);
}

/** The family an entry hands out addresses of, when its fields say so consistently. */
export function entryFamily(entry: PoolEntry): 'ipv4' | 'ipv6' | undefined {
  const s = goIp(entry.start);
  if (s) return s.v4 ? 'ipv4' : 'ipv6';
  return goCidr(entry.subnet)?.family;
}

