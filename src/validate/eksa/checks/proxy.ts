// proxyConfiguration rules (cluster.go validateProxyConfig, validateProxyData). eksctl also
// resolves the proxy host name; offline, a syntactically valid DNS name is accepted in its place.
import { Finding, error } from '../../../core/finding';
import { isIp } from '../cidr';
import { about } from '../eksa-spec';
import { PreflightCheck } from './check';

const DNS_NAME = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** Go's net.SplitHostPort: host:port, IPv6 in brackets. */
function splitHostPort(s: string): { host: string; port: string } | string {
  if (s.startsWith('[')) {
    const m = /^\[([^\]]*)\]:([^:]*)$/.exec(s);
    return m ? { host: m[1], port: m[2] } : 'missing port in address';
  }
  const parts = s.split(':');
  if (parts.length === 1) return 'missing port in address';
  if (parts.length > 2) return 'too many colons in address';
  return { host: parts[0], port: parts[1] };
}

/** The problem with one proxy value, or undefined. */
export function proxyProblem(proxy: string): string | undefined {
  let hostPort = proxy;
  if (proxy.startsWith('http')) {
    const m = /^https?:\/\/([^/?#\s]+)(?:[/?#]\S*)?$/.exec(proxy);
    if (!m) return `proxy ${proxy} is invalid, please provide a valid URI`;
    hostPort = m[1].replace(/^[^@]*@/, '');
  }
  const split = splitHostPort(hostPort);
  if (typeof split === 'string') return `proxy endpoint ${proxy} is invalid (${split}), please provide a valid proxy address`;
  // eksctl resolves the host (net.DefaultResolver.LookupIPAddr) unless it is an IP. Offline, a
  // well-formed name is taken to resolve, except one whose last label is all digits: no such
  // top-level domain exists, so it never resolves (0.0.0.1234, cluster_invalid_proxy_ip.yaml).
  if (!isIp(split.host) && !DNS_NAME.test(split.host)) {
    return `proxy endpoint ${split.host} is invalid, please provide a valid proxy domain name or ip`;
  }
  if (!isIp(split.host) && /(^|\.)\d+$/.test(split.host)) {
    return `proxy endpoint ${split.host} is invalid, please provide a valid proxy domain name or ip: neither an IP nor a name that can resolve (its last label is all digits)`;
  }
  const port = /^\d+$/.test(split.port) ? Number(split.port) : NaN;
  if (!(port >= 1 && port <= 65535)) return `proxy port ${split.port} is invalid, please provide a valid proxy port`;
  return undefined;
}

export const proxyCheck: PreflightCheck = {
  name: 'Validate proxy configuration',
  applies: ({ spec }) => spec.cluster.spec?.proxyConfiguration !== undefined,
  run: ({ spec }) => {
    const p = spec.cluster.spec.proxyConfiguration ?? {};
    const out: Finding[] = [];
    for (const f of ['httpProxy', 'httpsProxy'] as const) {
      const v = p[f];
      if (typeof v !== 'string' || v === '') {
        out.push(error('eksa/proxy', `spec.proxyConfiguration.${f}`, `no value set for ${f}`, 'host:port or http(s)://host:port'));
        continue;
      }
      const problem = proxyProblem(v);
      if (problem) out.push(error('eksa/proxy', `spec.proxyConfiguration.${f}`, problem, 'host:port with a port from 1 to 65535'));
    }
    return about(spec.cluster, out);
  },
};
