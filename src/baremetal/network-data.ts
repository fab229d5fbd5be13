// Static host networking as an nmstate document, the format the SUSE Edge / Metal3
// preprovisioning image applies from the `nmstate` key of preprovisioningNetworkDataName.
import * as ipaddr from 'ipaddr.js';
import { HostNetwork, StaticAddress } from './host';

export interface ParsedStaticAddress {
  readonly ip: string;
  readonly prefixLength: number;
  readonly family: 'ipv4' | 'ipv6';
  readonly gateway?: string;
}

/** Problems with a host's network props, as `[field, message]` pairs. */
export function networkProblems(net: HostNetwork): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const fam of ['ipv4', 'ipv6'] as const) {
    const a = net[fam];
    if (!a) continue;
    const p = parseStaticAddress(a, fam);
    if (typeof p === 'string') out.push([`network.${fam}`, p]);
  }
  for (const [i, ns] of (net.nameservers ?? []).entries()) {
    if (!ipaddr.isValid(ns)) out.push([`network.nameservers[${i}]`, `${JSON.stringify(ns)} is not an IP address`]);
  }
  if (net.vlanId !== undefined && (!Number.isInteger(net.vlanId) || net.vlanId < 1 || net.vlanId > 4094)) {
    out.push(['network.vlanId', `VLAN id ${net.vlanId} is out of range (1-4094)`]);
  }
  if (net.interfaceName !== undefined && !/^[A-Za-z0-9_.-]{1,15}$/.test(net.interfaceName)) {
    out.push(['network.interfaceName', `${JSON.stringify(net.interfaceName)} is not a Linux interface name (1-15 characters of letters, digits, '_', '.', '-')`]);
  }
  return out;
}

/** Parses `ip/prefix` of the expected family; returns a problem string on failure. */
export function parseStaticAddress(a: StaticAddress, family: 'ipv4' | 'ipv6'): ParsedStaticAddress | string {
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  let prefix: number;
  try {
    [addr, prefix] = ipaddr.parseCIDR(a.address);
  } catch {
    return `${JSON.stringify(a.address)} is not an address with a prefix length (e.g. ${family === 'ipv4' ? '192.168.125.200/24' : 'fd00::200/64'})`;
  }
  if (addr.kind() !== family) return `${a.address} is an ${addr.kind()} address, expected ${family}`;
  if (a.gateway !== undefined) {
    if (!ipaddr.isValid(a.gateway) || ipaddr.parse(a.gateway).kind() !== family) {
      return `gateway ${JSON.stringify(a.gateway)} is not an ${family} address`;
    }
    const gw = ipaddr.parse(a.gateway);
    if (!gw.match([addr, prefix] as any)) return `gateway ${a.gateway} is outside ${a.address}`;
  }
  return { ip: addr.toString(), prefixLength: prefix, family, gateway: a.gateway };
}

/** The nmstate document for a host (inputs already validated). */
export function nmstateFor(net: HostNetwork, macAddress: string): Record<string, unknown> {
  const base = net.interfaceName ?? 'eth0';
  const iface = net.vlanId ? `${base}.${net.vlanId}` : base;
  const v4 = net.ipv4 ? parseStaticAddress(net.ipv4, 'ipv4') as ParsedStaticAddress : undefined;
  const v6 = net.ipv6 ? parseStaticAddress(net.ipv6, 'ipv6') as ParsedStaticAddress : undefined;
  const ipBlock = (p?: ParsedStaticAddress) => p
    ? { enabled: true, dhcp: false, address: [{ 'ip': p.ip, 'prefix-length': p.prefixLength }], ...(p.family === 'ipv6' ? { autoconf: false } : {}) }
    : { enabled: false };
  const addressed = { ipv4: ipBlock(v4), ipv6: ipBlock(v6) };
  const interfaces: object[] = net.vlanId
    ? [
      { 'name': base, 'type': 'ethernet', 'state': 'up', 'mac-address': macAddress, 'ipv4': { enabled: false }, 'ipv6': { enabled: false } },
      { name: iface, type: 'vlan', state: 'up', vlan: { 'base-iface': base, 'id': net.vlanId }, ...addressed },
    ]
    : [{ 'name': iface, 'type': 'ethernet', 'state': 'up', 'mac-address': macAddress, ...addressed }];
  const routes = [v4, v6]
    .filter((p): p is ParsedStaticAddress => Boolean(p?.gateway))
    .map(p => ({ 'destination': p.family === 'ipv4' ? '0.0.0.0/0' : '::/0', 'next-hop-address': p.gateway, 'next-hop-interface': iface, 'table-id': 254 }));
  const doc: Record<string, unknown> = { interfaces };
  if (net.nameservers?.length) doc['dns-resolver'] = { config: { server: [...net.nameservers] } };
  if (routes.length) doc.routes = { config: routes };
  return doc;
}
