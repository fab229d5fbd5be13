// Parses a BareMetalHost `spec.bmc.address` the way baremetal-operator does (upstream-rules.md
// §1.1): Go net/url parsing, a bare `host:port` retry, the opaque `scheme:host` rewrite, the
// implicit ipmi:// prefix, then the hostname and scheme checks. The WHATWG URL parser differs
// from Go's on exactly these edge cases, so the relevant part of Go's grammar is restated here.
import * as ipaddr from 'ipaddr.js';
import { BmcDriver, REMOVED_BMC_SCHEMES, findDriver, knownSchemes } from './bmc-drivers';

export interface ParsedBmcAddress {
  /** Scheme as written (lowercased), e.g. `redfish-virtualmedia+https`. */
  readonly scheme: string;
  readonly driver: BmcDriver;
  readonly transport: 'http' | 'https';
  /** Hostname or IP without brackets or port. */
  readonly host: string;
  readonly port?: number;
  /** Port Ironic will use (the driver default when none is written). */
  readonly effectivePort?: number;
  /** The path (Redfish system id), possibly empty. */
  readonly path: string;
  readonly isIpv6: boolean;
}

/**
 * Which check refused the address: Go's URL parsing (`parse`), the hostname/IP format (`host`),
 * the scheme (`type`) — all three in baremetal-operator's webhook — or, beyond the webhook, an
 * address Ironic cannot use (`unusable`: no host, a port out of range) or none at all (`empty`).
 */
export type BmcAddressProblem = 'parse' | 'host' | 'type' | 'unusable' | 'empty';

export class BmcAddressError extends Error {
  constructor(message: string, public readonly hint?: string, public readonly problem: BmcAddressProblem = 'parse') {
    super(message);
    this.name = 'BmcAddressError';
  }
}

interface GoUrl {
  scheme: string;
  opaque: string;
  userinfo?: string;
  host: string;
  path: string;
  query: string;
}

const DNS_LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const USERINFO_OK = /^[A-Za-z0-9\-._~!$&'()*+,;=:%@]*$/;

function goGetScheme(raw: string): { scheme: string; rest: string } {
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (/[A-Za-z]/.test(c)) continue;
    if (/[0-9+.-]/.test(c)) {
      if (i === 0) return { scheme: '', rest: raw };
      continue;
    }
    if (c === ':') {
      if (i === 0) throw new BmcAddressError('missing protocol scheme');
      return { scheme: raw.slice(0, i), rest: raw.slice(i + 1) };
    }
    return { scheme: '', rest: raw };
  }
  return { scheme: '', rest: raw };
}

function goParseHost(authority: string): string {
  if (authority.startsWith('[')) {
    const end = authority.indexOf(']');
    if (end < 0) throw new BmcAddressError('missing \']\' in host');
    const after = authority.slice(end + 1);
    if (after && !/^:\d*$/.test(after)) throw new BmcAddressError(`invalid port "${after}" after host`);
    // Go 1.25 checks the bracketed literal with netip.ParseAddr (a zone after %25 aside).
    const literal = authority.slice(1, end).split('%25')[0];
    if (!ipaddr.IPv6.isValid(literal) && !ipaddr.IPv4.isValidFourPartDecimal(literal)) throw new BmcAddressError(`invalid host: ParseAddr("${literal}")`);
    return authority;
  }
  const i = authority.lastIndexOf(':');
  if (i >= 0 && !/^:\d*$/.test(authority.slice(i))) throw new BmcAddressError(`invalid port "${authority.slice(i)}" after host`);
  if (/[\s<>"{}|\\^`%]/.test(authority)) throw new BmcAddressError(`invalid character in host name "${authority}"`);
  return authority;
}

/** The subset of Go's url.Parse that decides BMC address validity. */
function goParse(raw: string): GoUrl {
  if (/[\u0000-\u001f\u007f ]/.test(raw)) throw new BmcAddressError('invalid control character or space in URL');
  let { scheme, rest } = goGetScheme(raw);
  const hash = rest.indexOf('#');
  if (hash >= 0) rest = rest.slice(0, hash);
  let query = '';
  const q = rest.indexOf('?');
  if (q >= 0) {
    query = rest.slice(q + 1);
    rest = rest.slice(0, q);
  }
  if (scheme && !rest.startsWith('/')) return { scheme: scheme.toLowerCase(), opaque: rest, host: '', path: '', query };
  if (!scheme) {
    const colon = rest.indexOf(':');
    const slash = rest.indexOf('/');
    if (colon >= 0 && (slash < 0 || colon < slash)) throw new BmcAddressError('first path segment in URL cannot contain colon');
  }
  let userinfo: string | undefined;
  let host = '';
  if ((scheme || !rest.startsWith('///')) && rest.startsWith('//')) {
    const after = rest.slice(2);
    const slash = after.indexOf('/');
    let authority = slash >= 0 ? after.slice(0, slash) : after;
    rest = slash >= 0 ? after.slice(slash) : '';
    const at = authority.lastIndexOf('@');
    if (at >= 0) {
      userinfo = authority.slice(0, at);
      if (!USERINFO_OK.test(userinfo)) throw new BmcAddressError('net/url: invalid userinfo');
      authority = authority.slice(at + 1);
    }
    host = goParseHost(authority);
  }
  return { scheme: scheme.toLowerCase(), opaque: '', userinfo, host, path: rest, query };
}

function splitHostPort(hostport: string): { hostname: string; port?: string } {
  if (hostport.startsWith('[')) {
    const end = hostport.indexOf(']');
    const after = hostport.slice(end + 1);
    return { hostname: hostport.slice(1, end), port: after.startsWith(':') ? after.slice(1) : undefined };
  }
  const i = hostport.lastIndexOf(':');
  return i >= 0 ? { hostname: hostport.slice(0, i), port: hostport.slice(i + 1) } : { hostname: hostport };
}

/** Go's net.SplitHostPort: requires a port; IPv6 must be bracketed. */
function goSplitHostPort(s: string): boolean {
  if (s.startsWith('[')) return /^\[[^\]]*\]:[^:]*$/.test(s);
  const parts = s.split(':');
  return parts.length === 2;
}

function checkHostname(hostname: string): void {
  if (hostname === '') return;
  if (isIpLiteral(hostname)) return;
  const labels = hostname.split('.');
  if (labels.every(l => DNS_LABEL.test(l))) return;
  throw new BmcAddressError(`failed to parse BMC address information: BMC address hostname/IP : [${hostname}] is invalid`,
    'use an IPv4/IPv6 address or a DNS name of letters, digits and inner hyphens (no underscores or \'+\')', 'host');
}

/** Go's net.ParseIP accepts dotted-quad IPv4 and IPv6, not the numeric IPv4 shorthands. */
export function isIpLiteral(s: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(s) || ipaddr.IPv6.isValid(s);
}

/** Go's url.Parse error as GetParsedURL wraps it. */
function parseError(raw: string, e: unknown): BmcAddressError {
  if (e instanceof BmcAddressError && e.problem !== 'parse') return e;
  return new BmcAddressError(`failed to parse BMC address information: parse ${JSON.stringify(raw)}: ${(e as Error).message}`,
    raw.startsWith('[') ? 'a bracketed IPv6 literal needs a scheme or a port, e.g. redfish://[fe80::1] or [fe80::1]:623' : 'e.g. redfish-virtualmedia://192.168.200.75/redfish/v1/Systems/1');
}

function reparse(raw: string): GoUrl {
  try {
    return goParse(raw);
  } catch (e) {
    throw parseError(raw, e);
  }
}

/** Parses and checks a BMC address; throws BmcAddressError with the upstream wording. */
export function parseBmcAddress(address: string): ParsedBmcAddress {
  if (!address) throw new BmcAddressError('BMC address is empty', 'e.g. redfish-virtualmedia://192.168.200.75/redfish/v1/Systems/1', 'empty');
  let u: GoUrl;
  try {
    u = goParse(address);
  } catch (e) {
    // Retry as a bare host:port, which BMO reads as IPMI.
    if (address.includes(':') && goSplitHostPort(address)) {
      u = { scheme: 'ipmi', opaque: '', host: address, path: '', query: '' };
    } else {
      throw parseError(address, e);
    }
  }
  // `scheme:host` is read as `scheme://host`; a bare host as `ipmi://host`.
  if (u.opaque) u = reparse(address.replace(':', '://'));
  if (!u.scheme && !u.host) u = reparse(`ipmi://${address}`);

  const { hostname, port } = splitHostPort(u.host);
  checkHostname(hostname);
  // BMO would hand Ironic an address it can never reach (e.g. `redfish://`).
  if (!hostname) throw new BmcAddressError(`BMC address ${address} has no host`, 'e.g. redfish-virtualmedia://192.168.200.75/redfish/v1/Systems/1', 'unusable');
  const scheme = u.scheme;
  const found = findDriver(scheme);
  if (!found) {
    const base = scheme.replace(/\+https?$/, '');
    const removed = REMOVED_BMC_SCHEMES[base];
    throw new BmcAddressError(`Unknown BMC type '${scheme}' for address ${address}`,
      removed
        ? `the ${base} driver was removed in baremetal-operator ${removed}; use a Redfish scheme such as redfish-virtualmedia:// or idrac-virtualmedia://`
        : `known schemes: ${knownSchemes().join(', ')}`, 'type');
  }
  const portNum = port ? Number(port) : undefined;
  if (portNum !== undefined && (!Number.isInteger(portNum) || portNum < 1 || portNum > 65535)) {
    throw new BmcAddressError(`BMC address port ${port} is out of range`, 'ports are 1-65535', 'unusable');
  }
  return {
    scheme,
    driver: found.driver,
    transport: found.transport,
    host: hostname,
    port: portNum,
    effectivePort: portNum ?? found.driver.defaultPort,
    path: u.path,
    isIpv6: hostname.includes(':'),
  };
}
