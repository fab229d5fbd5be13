// CIDR and IP parsing with Go's net.ParseCIDR / net.ParseIP acceptance (dotted-quad IPv4 or
// IPv6, prefix within the family's width), which is what eksctl uses.
import * as ipaddr from 'ipaddr.js';
import { isIpLiteral } from '../bmc-address';

export interface ParsedCidr {
  readonly family: 4 | 6;
  readonly prefix: number;
  readonly address: ipaddr.IPv4 | ipaddr.IPv6;
}

export function parseCidr(value: unknown): ParsedCidr | undefined {
  if (typeof value !== 'string') return undefined;
  const slash = value.indexOf('/');
  if (slash < 0) return undefined;
  const addr = value.slice(0, slash);
  const prefixText = value.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  if (ipaddr.IPv4.isValidFourPartDecimal(addr)) {
    return prefix <= 32 ? { family: 4, prefix, address: ipaddr.IPv4.parse(addr) } : undefined;
  }
  if (!addr.includes('%') && ipaddr.IPv6.isValid(addr)) {
    return prefix <= 128 ? { family: 6, prefix, address: ipaddr.IPv6.parse(addr) } : undefined;
  }
  return undefined;
}

/** Go's net.ParseIP acceptance. */
export function isIp(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && isIpLiteral(value);
}

/** Whether an IP lies inside a CIDR of the same family. */
export function cidrContains(cidr: ParsedCidr, ip: string): boolean {
  if (!isIp(ip)) return false;
  const parsed = ipaddr.parse(ip);
  if ((parsed.kind() === 'ipv4') !== (cidr.family === 4)) return false;
  return (parsed as ipaddr.IPv4).match(cidr.address as ipaddr.IPv4, cidr.prefix);
}

/** `255.255.255.0` for a /24. */
export function ipv4Netmask(prefix: number): string {
  return ipaddr.IPv4.subnetMaskFromPrefixLength(prefix).toString();
}

/** Whether a string is a dotted-quad IPv4 netmask (contiguous ones). */
export function isIpv4Netmask(value: string): boolean {
  if (!ipaddr.IPv4.isValidFourPartDecimal(value)) return false;
  return ipaddr.IPv4.parse(value).prefixLengthFromSubnetMask() !== null;
}
