// Proxy and registry mirror preflights (upstream-rules.md §5.2 items 11 and 12).
import { proxyProblem } from '../../../../src/validate/eksa/checks/proxy';
import { cluster, errors, vsphere } from '../fixtures';

const P = 'Validate proxy configuration: Cluster/prod spec.proxyConfiguration';
const M = 'Validate registry mirror configuration: Cluster/prod spec.registryMirrorConfiguration';

describe('Validate proxy configuration', () => {
  const proxy = (p: Record<string, unknown>) => cluster(vsphere(), s => { s.proxyConfiguration = p; });

  test('passes with host:port and URL forms, IPs and names', () => {
    expect(errors(proxy({ httpProxy: '10.0.0.5:3128', httpsProxy: 'https://proxy.example.com:3129', noProxy: ['.svc'] }))).toEqual([]);
    expect(errors(proxy({ httpProxy: 'http://[fd00::5]:3128', httpsProxy: 'proxy:8080' }))).toEqual([]);
  });

  test('fails on port 123456 (cluster_invalid_proxy_port.yaml)', () => {
    expect(errors(proxy({ httpProxy: '0.0.0.0:1080', httpsProxy: '0.0.0.0:123456' }))).toEqual([
      `${P}.httpsProxy: proxy port 123456 is invalid, please provide a valid proxy port`,
    ]);
  });

  test('fails when httpProxy or httpsProxy is missing', () => {
    expect(errors(proxy({ httpsProxy: '0.0.0.0:1080' }))).toEqual([`${P}.httpProxy: no value set for httpProxy`]);
    expect(errors(proxy({ httpProxy: '0.0.0.0:1080' }))).toEqual([`${P}.httpsProxy: no value set for httpsProxy`]);
  });

  test.each([
    ['proxy.example.com', 'proxy endpoint proxy.example.com is invalid (missing port in address), please provide a valid proxy address'],
    ['http://proxy example:80', 'proxy http://proxy example:80 is invalid, please provide a valid URI'],
    ['bad_host:80', 'proxy endpoint bad_host is invalid, please provide a valid proxy domain name or ip'],
    ['10.0.0.1:0', 'proxy port 0 is invalid, please provide a valid proxy port'],
    ['fd00::1:80', 'proxy endpoint fd00::1:80 is invalid (too many colons in address), please provide a valid proxy address'],
  ])('%s fails: %s', (value, message) => {
    expect(proxyProblem(value)).toBe(message);
  });
});

describe('Validate registry mirror configuration', () => {
  const mirror = (m: Record<string, unknown>) => cluster(vsphere(), s => { s.registryMirrorConfiguration = m; });

  test('passes with an endpoint, a port string and OCI namespaces', () => {
    expect(errors(mirror({ endpoint: 'registry.example.com', port: '5000', ociNamespaces: [{ registry: 'public.ecr.aws', namespace: 'eks-anywhere' }] }))).toEqual([]);
  });

  test.each([
    ['the endpoint is missing', { port: '443' }, `${M}.endpoint: no value set for RegistryMirrorConfiguration.Endpoint`],
    ['the port is out of range', { endpoint: 'r.example.com', port: '70000' }, `${M}.port: registry mirror port 70000 is invalid, please provide a valid port`],
    ['an OCI namespace has an empty registry', { endpoint: 'r.example.com', ociNamespaces: [{ registry: '', namespace: 'x' }] },
      `${M}.ociNamespaces[0].registry: registry can't be set to empty in OCINamespaces`],
    ['two mirrors serve curated packages', {
      endpoint: 'r.example.com',
      ociNamespaces: [{ registry: '783794618700.dkr.ecr.us-west-2.amazonaws.com', namespace: 'a' }, { registry: '783794618700.dkr.ecr.us-east-1.amazonaws.com', namespace: 'b' }],
    }, `${M}.ociNamespaces[1].registry: only one registry mirror for curated packages is supported`],
  ])('fails when %s', (_, m, expected) => {
    expect(errors(mirror(m))).toEqual([expected]);
  });
});
