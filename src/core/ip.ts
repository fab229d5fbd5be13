// IP and CIDR helpers over ipaddr.js: addresses and prefixes as numeric ranges, so overlap
// and containment are simple comparisons for both families.
import * as ipaddr from 'ipaddr.js';

export type IpFamily = 'ipv4' | 'ipv6';

/** An inclusive address range of one family. */
export interface IpRange {
  readonly family: IpFamily;
  readonly start: bigint;
  readonly end: bigint;
  /** How the range was written. */
  readonly text: string;
}

function toBigInt(addr: ipaddr.IPv4 | ipaddr.IPv6): bigint {
  return addr.toByteArray().reduce((acc, b) => (acc << 8n) | BigInt(b), 0n);
}

function bits(family: IpFamily): number {
  return family === 'ipv4' ? 32 : 128;
}

/** Parsed addresses by text: the same few addresses per site are read by many rules (shared: do not mutate). */
const PARSED = new Map<string, ipaddr.IPv4 | ipaddr.IPv6 | undefined>();
const MAX_PARSED = 100_000;

/** Go net.ParseIP-compatible: dotted-quad IPv4 or IPv6 (no zone). The result is shared: do not mutate it. */
export function parseIp(text: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (PARSED.has(text)) return PARSED.get(text);
  if (PARSED.size >= MAX_PARSED) PARSED.clear();
  const ip = parseIpUncached(text);
  PARSED.set(text, ip);
  return ip;
}

function parseIpUncached(text: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const t = text.trim();
  if (ipaddr.IPv4.isValidFourPartDecimal(t)) return ipaddr.IPv4.parse(t);
  if (ipaddr.IPv6.isValid(t) && !t.includes('%')) {
    const a = ipaddr.IPv6.parse(t);
    return a.isIPv4MappedAddress() ? a.toIPv4Address() : a;
  }
  return undefined;
}

export function familyOf(text: string): IpFamily | undefined {
  return parseIp(text)?.kind();
}

/** Go net.ParseCIDR-compatible (host bits allowed). Returns undefined when invalid. */
export function parseCidr(text: string): IpRange | undefined {
  const m = /^([^/]+)\/(\d{1,3})$/.exec(text.trim());
  if (!m) return undefined;
  const addr = parseIp(m[1]);
  if (!addr || (addr.kind() === 'ipv4' && m[1].includes(':'))) return undefined;
  const family = addr.kind();
  const prefix = Number(m[2]);
  if (prefix > bits(family)) return undefined;
  const hostBits = BigInt(bits(family) - prefix);
  const mask = (1n << hostBits) - 1n;
  const start = toBigInt(addr) & ~mask;
  return { family, start, end: start | mask, text };
}

export function prefixLength(r: IpRange): number {
  const size = r.end - r.start + 1n;
  return bits(r.family) - (size.toString(2).length - 1);
}

export function singleIp(text: string): IpRange | undefined {
  const a = parseIp(text);
  if (!a) return undefined;
  const n = toBigInt(a);
  return { family: a.kind(), start: n, end: n, text };
}

export function overlaps(a: IpRange, b: IpRange): boolean {
  return a.family === b.family && a.start <= b.end && b.start <= a.end;
}

export function contains(outer: IpRange, inner: IpRange): boolean {
  return outer.family === inner.family && outer.start <= inner.start && inner.end <= outer.end;
}

/** `fd00::1` → `fd00--1`, `10.0.0.1` → `10-0-0-1`: the label form sslip.io and nip.io resolve. */
export function sslipLabel(ip: string): string {
  const a = parseIp(ip);
  if (!a) throw new Error(`not an IP address: ${ip}`);
  return a.kind() === 'ipv4' ? a.toString().replace(/\./g, '-') : a.toString().replace(/:/g, '-');
}

/** Canonical text of an address (lowercase, compressed IPv6). */
export function canonicalIp(text: string): string {
  const a = parseIp(text);
  if (!a) throw new Error(`not an IP address: ${text}`);
  return a.toString();
}

/** The host address as a single-address CIDR (`/32` or `/128`). */
export function hostCidr(text: string): string {
  const a = parseIp(text);
  if (!a) throw new Error(`not an IP address: ${text}`);
  return `${a.toString()}/${a.kind() === 'ipv4' ? 32 : 128}`;
}
