import { KubeObject } from '../../../src/core/kube-object';
import { parsePoolAddress } from '../../../src/validate/pool-addresses';
import { validateObject } from '../../../src/validate/validate';

const pool = (name: string, addresses: unknown, extra: Record<string, any> = {}, namespace = 'metallb-system'): KubeObject => ({
  apiVersion: 'metallb.io/v1beta1', kind: 'IPAddressPool', metadata: { name, namespace }, spec: { addresses, ...extra },
});
const l2 = (spec: Record<string, any>, namespace = 'metallb-system'): KubeObject => ({
  apiVersion: 'metallb.io/v1beta1', kind: 'L2Advertisement', metadata: { name: 'adv', namespace }, spec,
});
const rules = (o: KubeObject, set: KubeObject[] = [o]) => validateObject(o, set).map(f => `${f.rule} ${f.field}: ${f.message}`);

describe('MetalLB address forms', () => {
  test.each([
    ['10.0.0.0/24', '10.0.0.0/24'], ['192.168.1.10/32', '192.168.1.10/32'], ['2001:db8::/64', '2001:db8::/64'],
    ['10.20.30.40/24', '10.20.30.40/24'], ['1.2.3.1-1.2.3.10', '1.2.3.1-1.2.3.10'], ['1.2.3.4 - 1.2.3.4', '1.2.3.4 - 1.2.3.4'],
  ])('accepts %s', (entry, text) => {
    const r = parsePoolAddress(entry);
    expect(typeof r).toBe('object');
    expect((r as any).text).toBe(text);
  });

  test('a host address with a prefix is normalised to its network', () => {
    const r = parsePoolAddress('10.20.30.40/24') as any;
    expect(r.start).toBe(BigInt(0x0a141e00));
    expect(r.end).toBe(BigInt(0x0a141eff));
  });

  test.each([
    ['192.168.1.10', /a single address needs a prefix length \(192.168.1.10\/32\)/],
    ['1.2.3.0/33', /invalid CIDR/],
    ['100.200.300.400/24', /invalid CIDR/],
    ['1.2.3.10-1.2.3.1', /start is after end/],
    ['1.2.3.1-2001:db8::1', /mixes IPv4 and IPv6/],
    ['1.2.3.1-foo', /both ends must be IP addresses/],
    ['', /empty address/],
  ])('fails on %s', (entry, message) => {
    expect(parsePoolAddress(entry)).toMatch(message);
  });
});

describe('IPAddressPool and L2Advertisement rules', () => {
  test('a valid pool and advertisement pass', () => {
    expect(rules(pool('a', ['192.168.125.100/32', 'fd00::100/128'], { serviceAllocation: { priority: 100, namespaces: ['default'] } }))).toEqual([]);
    expect(rules(l2({ ipAddressPools: ['a'] }))).toEqual([]);
  });

  test('outside metallb-system: a warning, unless a HelmChart of the set says where MetalLB runs', () => {
    const warn = (o: KubeObject, set: KubeObject[] = [o]) => validateObject(o, set).map(f => `${f.severity} ${f.rule} ${f.field}: ${f.message}`);
    expect(warn(pool('a', ['10.0.0.1/32'], {}, 'default'))).toEqual([expect.stringMatching(/^warning metallb\/namespace metadata.namespace: MetalLB's webhook accepts this only in the namespace MetalLB runs in, metallb-system by default \(got "default"\)/)]);
    expect(warn(l2({}, 'kube-system'))).toEqual([expect.stringMatching(/^warning metallb\/namespace .*\(got "kube-system"\)/)]);
    const chart: KubeObject = { apiVersion: 'helm.cattle.io/v1', kind: 'HelmChart', metadata: { name: 'metallb', namespace: 'kube-system' }, spec: { chart: 'oci://registry.suse.com/edge/charts/metallb', targetNamespace: 'metallb' } };
    const inMetallb = pool('a', ['10.0.0.1/32'], {}, 'metallb');
    expect(warn(inMetallb, [chart, inMetallb])).toEqual([]);
    const inDefault = pool('a', ['10.0.0.1/32'], {}, 'metallb-system');
    expect(warn(inDefault, [chart, inDefault])).toEqual(['error metallb/namespace metadata.namespace: resource must be created in metallb namespace, where HelmChart metallb installs MetalLB (got "metallb-system")']);
  });

  test('fails without addresses and on a bare IP', () => {
    expect(rules(pool('a', []))).toEqual(['metallb/addresses spec.addresses: pool has no prefixes defined']);
    expect(rules(pool('a', ['10.0.0.1']))).toEqual([expect.stringMatching(/^metallb\/addresses spec.addresses\[0\]: invalid CIDR/)]);
  });

  test('fails on overlap inside a pool and across pools, reported once on the later pool', () => {
    expect(rules(pool('a', ['10.0.0.0/24', '10.0.0.10-10.0.0.20']))).toEqual(['metallb/overlap spec.addresses[1]: CIDR 10.0.0.10-10.0.0.20 in pool a overlaps with already defined CIDR 10.0.0.0/24']);
    const a = pool('a', ['10.0.0.0/24']);
    const b = pool('b', ['10.0.0.128/25']);
    expect(rules(a, [a, b])).toEqual([]);
    expect(rules(b, [a, b])).toEqual(['metallb/overlap spec.addresses[0]: CIDR 10.0.0.128/25 in pool b overlaps with already defined CIDR 10.0.0.0/24 (pool a)']);
    const v6 = pool('c', ['10.0.1.0/24', 'fd00::/64']);
    expect(rules(v6, [a, v6])).toEqual([]);
  });

  test('fails on duplicate pool names, duplicate namespaces and invalid selectors', () => {
    const a1 = pool('a', ['10.0.0.1/32']);
    const a2 = pool('a', ['10.0.0.2/32']);
    expect(rules(a2, [a1, a2])).toEqual(['metallb/duplicate metadata.name: duplicate definition of pool a']);
    expect(rules(pool('a', ['10.0.0.1/32'], { serviceAllocation: { namespaces: ['x', 'x'] } }))).toEqual(['metallb/service-allocation spec.serviceAllocation.namespaces: duplicate definition in namespaces field']);
    expect(rules(pool('a', ['10.0.0.1/32'], { serviceAllocation: { serviceSelectors: [{ matchExpressions: [{ key: 'k', operator: 'In', values: [] }] }] } })))
      .toEqual([expect.stringMatching(/serviceSelectors\[0\].matchExpressions\[0\].values: must be specified when operator is In/)]);
    expect(rules(pool('a', ['10.0.0.1/32'], { serviceAllocation: { serviceSelectors: [{ matchLabels: { a: 'b' } }, { matchLabels: { a: 'b' } }] } })))
      .toEqual(['metallb/selector spec.serviceAllocation.serviceSelectors[1]: duplicate definition of serviceSelectors']);
  });

  test('L2Advertisement: duplicate pool names and selectors are rejected, unknown pools are not', () => {
    expect(rules(l2({ ipAddressPools: ['a', 'a'] }))).toEqual(['metallb/duplicate spec.ipAddressPools[1]: duplicate definition of ipAddressPools "a"']);
    expect(rules(l2({ ipAddressPools: ['does-not-exist'] }))).toEqual([]);
    expect(rules(l2({ nodeSelectors: [{ matchExpressions: [{ key: 'k', operator: 'Maybe' }] }] }))).toEqual([expect.stringMatching(/not a valid selector operator: "Maybe"/)]);
  });
});
