// Rule cases for MetalLB v0.16.1 (src/validate/catalog/metallb.ts), from the config parser's and
// the webhooks' test tables where they exist (`source`), else ours.
import { RuleCase } from './case';
import { basicAuth, bfd, bgpAdv, community, metallb, metallbChart, peer, pool } from './fixtures-metallb';

const P = (desc: string) => `metallb/metallb internal/config/config_test.go TestParse "${desc}"`;
const S = (desc: string) => `metallb/metallb internal/config/config_test.go TestServiceSelectors "${desc}"`;
const FRR = (desc: string) => `metallb/metallb internal/config/validation_test.go TestValidateFRR "${desc}"`;
const WH = (file: string, test: string, desc: string) => `metallb/metallb internal/k8s/webhooks/${file}_webhook_test.go ${test} "${desc}"`;
const W = 'warning' as const;

const POOL = pool('pool1', ['10.20.30.40/24']);

export const METALLB_CASES: RuleCase[] = [
  // Namespace
  { rule: 'metallb/namespace', expect: 'reject', title: 'a pool outside the namespace the MetalLB HelmChart installs into', objects: [metallbChart('metallb-system'), metallb('IPAddressPool', 'p', { addresses: ['10.0.0.1/32'] }, 'default')], message: /resource must be created in metallb-system namespace/, source: WH('webhookv1beta1/ipaddresspool', 'TestValidateIPAddressPool', 'Validation must fail if created in different namespace') },
  { rule: 'metallb/namespace', expect: 'reject', severity: W, title: 'a BGPPeer outside metallb-system, no MetalLB HelmChart in the set', objects: [metallb('BGPPeer', 'p', { myASN: 1, peerASN: 2, peerAddress: '10.0.0.1' }, 'kube-system')], source: WH('webhookv1beta2/bgppeer', 'TestValidateBGPPeer', 'Validation must fail if created in different namespace') },
  { rule: 'metallb/namespace', expect: 'accept', title: 'a pool in the namespace the HelmChart installs into (metallb: was a false reject)', objects: [metallbChart('metallb'), metallb('IPAddressPool', 'p', { addresses: ['10.0.0.1/32'] }, 'metallb')] },
  { rule: 'metallb/namespace', expect: 'accept', title: 'every kind in metallb-system', objects: [POOL, bgpAdv('a'), peer('p'), community('c', [{ name: 'a', value: '1:1' }]), bfd('b')] },
  // Pools
  { rule: 'metallb/addresses', expect: 'reject', title: 'no addresses', objects: [pool('p', [])], message: /pool has no prefixes defined/, source: P('address pool with no address') },
  { rule: 'metallb/addresses', expect: 'reject', title: 'range start after end', objects: [pool('p', ['1.2.3.10-1.2.3.1'])], source: P('invalid pool CIDR, first address of the range is after the second') },
  { rule: 'metallb/addresses', expect: 'accept', title: 'a CIDR with host bits and a range', objects: [pool('p', ['10.20.30.40/24', '1.2.3.1-1.2.3.10'])] },
  { rule: 'metallb/overlap', expect: 'reject', title: 'overlapping CIDRs', objects: [pool('a', ['10.0.0.0/8']), pool('b', ['10.1.0.0/16'])], source: P('overlapping CIDRs') },
  { rule: 'metallb/overlap', expect: 'accept', title: 'disjoint pools', objects: [pool('a', ['10.0.0.0/16']), pool('b', ['10.1.0.0/16'])] },
  { rule: 'metallb/duplicate', expect: 'reject', title: 'ipAddressPools twice in a BGPAdvertisement', objects: [POOL, bgpAdv('a', { ipAddressPools: ['pool1', 'pool1'] })], message: /duplicate definition of ipAddressPools "pool1"/, source: P('duplicate ip address pools - in BGP adv') },
  { rule: 'metallb/duplicate', expect: 'reject', title: 'peers twice in a BGPAdvertisement', objects: [bgpAdv('a', { peers: ['p1', 'p1'] })], source: P('duplicate peers - in BGP adv') },
  { rule: 'metallb/duplicate', expect: 'reject', title: 'a community literal twice', objects: [bgpAdv('a', { communities: ['1234:1', '1234:1'] })], source: P('duplicate community literal - in BGP adv') },
  { rule: 'metallb/duplicate', expect: 'reject', title: 'a community alias in two Community objects', objects: [community('c1', [{ name: 'a', value: '1:1' }]), community('c2', [{ name: 'a', value: '1:2' }])], message: /also in Community c1/, source: P('duplicate communities definition (in 2 different crs)') },
  { rule: 'metallb/duplicate', expect: 'reject', title: 'a community alias twice in one object', objects: [community('c1', [{ name: 'a', value: '1:1' }, { name: 'a', value: '1:2' }])], source: P('duplicate communities definition (in the same cr)') },
  { rule: 'metallb/duplicate', expect: 'reject', title: 'ipAddressPools twice in an L2Advertisement', objects: [metallb('L2Advertisement', 'l2', { ipAddressPools: ['pool1', 'pool1'] })], source: P('duplicate ip address pools - in L2 adv') },
  { rule: 'metallb/duplicate', expect: 'accept', title: 'distinct pools, peers, communities', objects: [POOL, bgpAdv('a', { ipAddressPools: ['pool1'], peers: ['p1', 'p2'], communities: ['1:1', '1:2'] })] },
  { rule: 'metallb/service-allocation', expect: 'reject', title: 'a namespace twice', objects: [pool('p', ['10.0.0.1/32'], { serviceAllocation: { namespaces: ['a', 'a'] } })], source: P('ip address pool with duplicate namespace selection') },
  { rule: 'metallb/service-allocation', expect: 'accept', title: 'distinct namespaces', objects: [pool('p', ['10.0.0.1/32'], { serviceAllocation: { namespaces: ['a', 'b'] } })] },
  { rule: 'metallb/selector', expect: 'reject', title: 'node selector values repeated within an expression', objects: [peer('p', { nodeSelectors: [{ matchExpressions: [{ key: 'k', operator: 'In', values: ['a', 'a'] }] }] })], message: /duplicate definition of match expression value/, source: P('duplicate values node selector match expression') },
  { rule: 'metallb/selector', expect: 'reject', title: 'the same pool selector with values in another order', objects: [bgpAdv('a', { ipAddressPoolSelectors: [{ matchExpressions: [{ key: 'k', operator: 'In', values: ['a', 'b'] }] }, { matchExpressions: [{ key: 'k', operator: 'In', values: ['b', 'a'] }] }] })], source: P('use duplicate match expression in ip pool selector - in BGP adv') },
  { rule: 'metallb/selector', expect: 'reject', title: 'L2Advertisement serviceSelectors repeated', objects: [metallb('L2Advertisement', 'l2', { serviceSelectors: [{ matchLabels: { a: 'b' } }, { matchLabels: { a: 'b' } }] })], source: P('duplicate service selectors') },
  { rule: 'metallb/selector', expect: 'reject', title: 'invalid operator', objects: [peer('p', { nodeSelectors: [{ matchExpressions: [{ key: 'k', operator: 'Maybe' }] }] })], source: P('invalid expression node selector (invalid operator)') },
  { rule: 'metallb/selector', expect: 'accept', title: 'an empty node selector selects everything', objects: [peer('p', { nodeSelectors: [{}] })], source: P('empty node selector (select everything)') },
  // BGPAdvertisement
  { rule: 'metallb/aggregation-length', expect: 'reject', title: 'aggregationLength 34', objects: [POOL, bgpAdv('a', { aggregationLength: 34 })], message: /invalid aggregation length 34 for IPv4/, source: P('bad aggregation length (too long)') },
  { rule: 'metallb/aggregation-length', expect: 'reject', title: 'aggregationLength 26 for a /28 in the pool', objects: [pool('pool1', ['10.20.30.40/24', '1.2.3.0/28']), bgpAdv('a', { aggregationLength: 26 })], message: /invalid aggregation length 26: prefix 28 in this pool is more specific than the aggregation length for addresses 1.2.3.0\/28/, source: P('bad aggregation length (incompatible with CIDR)') },
  { rule: 'metallb/aggregation-length', expect: 'reject', title: 'aggregationLength 24 for a range summarised down to /26', objects: [pool('pool1', ['3.3.3.2-3.3.3.254']), bgpAdv('a', { aggregationLength: 24 })], message: /prefix 26/, source: P('aggregation length by range, too wide') },
  { rule: 'metallb/aggregation-length', expect: 'accept', title: 'aggregationLength 26 for the range', objects: [pool('pool1', ['3.3.3.2-3.3.3.254']), bgpAdv('a', { aggregationLength: 26 })], source: P('aggregation length by range') },
  { rule: 'metallb/aggregation-length', expect: 'accept', title: 'aggregationLength 24 for a pool not selected', objects: [pool('pool1', ['1.2.3.0/28']), pool('pool2', ['10.0.0.0/24']), bgpAdv('a', { aggregationLength: 24, ipAddressPools: ['pool2'] })] },
  { rule: 'metallb/community', expect: 'reject', title: 'a literal with three sections', objects: [bgpAdv('a', { communities: ['1234:1:2'] })], message: /invalid community format/, source: P('bad community literal (wrong format) - in BGP adv') },
  { rule: 'metallb/community', expect: 'reject', title: 'an ASN part over 16 bits', objects: [bgpAdv('a', { communities: ['99999999:1'] })], message: /invalid section "99999999"/, source: P("bad community literal (asn part doesn't fit) - in BGP adv") },
  { rule: 'metallb/community', expect: 'reject', title: 'Community CR: large community with a bad marker', objects: [community('c', [{ name: 'a', value: 'lar:123:9999:123' }])], message: /large:<uint32>/, source: 'metallb/metallb e2etest/webhookstests/webhooks.go DescribeTable("reject a new invalid Community") "in large format"' },
  { rule: 'metallb/community', expect: 'reject', title: 'Community CR: community number over 16 bits', objects: [community('c', [{ name: 'a', value: '1:99999999' }])], source: P("bad community literal (community# part doesn't fit) - in the community CR") },
  { rule: 'metallb/community', expect: 'accept', title: 'legacy and large literals, an alias', objects: [community('c', [{ name: 'big', value: 'large:123:456:789' }]), bgpAdv('a', { communities: ['65535:65282', 'large:1:2:3', 'big'] })], source: P('config IPAddressPool with large communities CR') },
  { rule: 'metallb/community-ref', expect: 'reject', severity: W, title: 'an alias no Community defines', objects: [bgpAdv('a', { communities: ['nope'] })], source: P('bad community ref (unknown ref) - in BGP adv') },
  { rule: 'metallb/community-ref', expect: 'accept', title: 'an alias a Community defines', objects: [community('c', [{ name: 'mine', value: '1:1' }]), bgpAdv('a', { communities: ['mine'] })] },
  { rule: 'metallb/local-pref', expect: 'reject', title: 'two advertisements for every node with different localPref', objects: [POOL, bgpAdv('a', { localPref: 100 }), bgpAdv('b', { localPref: 200 })], message: /invalid local preference 200: local preferernce 100/, source: P('different local pref - same peers and nodes') },
  { rule: 'metallb/local-pref', expect: 'accept', title: 'different IPv4 aggregation lengths', objects: [POOL, bgpAdv('a', { localPref: 100 }), bgpAdv('b', { localPref: 200, aggregationLength: 24 })], source: P('different local pref - different ipv4 aggregation length') },
  { rule: 'metallb/local-pref', expect: 'accept', title: 'different peers', objects: [POOL, bgpAdv('a', { localPref: 100, peers: ['p1'] }), bgpAdv('b', { localPref: 200, peers: ['p2'] })] },
  // BGPPeer
  { rule: 'metallb/peer-asn', expect: 'reject', title: 'no myASN', objects: [peer('p', { myASN: undefined })], message: /missing local ASN/, source: P('invalid my-asn') },
  { rule: 'metallb/peer-asn', expect: 'reject', title: 'neither peerASN nor dynamicASN', objects: [peer('p', { peerASN: undefined })], source: P('peer without asn or dynamic asn') },
  { rule: 'metallb/peer-asn', expect: 'reject', title: 'peerASN and dynamicASN', objects: [peer('p', { dynamicASN: 'external' })], source: P('peer with both asn and dynamic asn') },
  { rule: 'metallb/peer-asn', expect: 'accept', title: 'dynamicASN only', objects: [peer('p', { peerASN: undefined, dynamicASN: 'external' })], source: P('peer with dynamic asn') },
  { rule: 'metallb/peer-multihop', expect: 'reject', title: 'iBGP with ebgpMultiHop', objects: [peer('p', { myASN: 42, peerASN: 42, ebgpMultiHop: true })], message: /invalid ebgp-multihop parameter set for an ibgp peer/, source: P('invalid ebgp-multihop') },
  { rule: 'metallb/peer-multihop', expect: 'accept', title: 'eBGP with ebgpMultiHop', objects: [peer('p', { ebgpMultiHop: true })] },
  { rule: 'metallb/peer-address', expect: 'reject', title: 'peerAddress 1.2.3.400', objects: [peer('p', { peerAddress: '1.2.3.400' })], message: /invalid BGPPeer address "1.2.3.400"/, source: P('invalid peer-address') },
  { rule: 'metallb/peer-address', expect: 'reject', title: 'routerID not an IP', objects: [peer('p', { routerID: 'router-1' })], message: /invalid router ID/, source: P('invalid RouterID') },
  { rule: 'metallb/peer-address', expect: 'reject', title: 'neither address nor interface', objects: [peer('p', { peerAddress: undefined })], source: P('unnumbered peer without address without interface nok') },
  { rule: 'metallb/peer-address', expect: 'reject', title: 'address and interface', objects: [peer('p', { interface: 'eth0' })], source: P('unnumbered peer with address with interface nok') },
  { rule: 'metallb/peer-address', expect: 'accept', title: 'unnumbered: interface only', objects: [peer('p', { peerAddress: undefined, interface: 'eth0' })], source: P('unnumbered peer without address with interface ok') },
  { rule: 'metallb/peer-timers', expect: 'reject', title: 'keepaliveTime 90s over holdTime 30s', objects: [peer('p', { holdTime: '30s', keepaliveTime: '90s' })], message: /must be lower than holdTime/, source: P('invalid keepalivetime larger than holdtime') },
  { rule: 'metallb/peer-timers', expect: 'reject', title: 'holdTime 1s', objects: [peer('p', { holdTime: '1s' })], message: /must be 0 or >=3s/, source: P('invalid hold time (too short)') },
  { rule: 'metallb/peer-timers', expect: 'reject', title: 'holdTime that is not a duration', objects: [peer('p', { holdTime: '90' })], message: /is not a duration/ },
  { rule: 'metallb/peer-timers', expect: 'accept', title: 'keepalive only (hold derived as 3×)', objects: [peer('p', { keepaliveTime: '30s' })], source: P('peer with keepalive only') },
  { rule: 'metallb/peer-timers', expect: 'accept', title: 'zero timers', objects: [peer('p', { holdTime: '0s', keepaliveTime: '0s' })], source: P('peer with zero hold/keepalive timers') },
  { rule: 'metallb/peer-password', expect: 'reject', title: 'password and passwordSecret', objects: [peer('p', { password: 'x', passwordSecret: { name: 's' } })], message: /can not have both password and secret ref set/, source: P('BGP Peer with both password and secret ref set') },
  { rule: 'metallb/peer-password', expect: 'reject', title: 'a password Secret of type Opaque', objects: [peer('p', { passwordSecret: { name: 's' } }), { ...basicAuth('s', { password: 'x' }), type: 'Opaque' } as any], message: /secret type mismatch/, source: P('BGP Peer with invalid secret type') },
  { rule: 'metallb/peer-password', expect: 'reject', title: 'a basic-auth Secret without password', objects: [peer('p', { passwordSecret: { name: 's' } }), basicAuth('s', { username: 'x' })], message: /password not specified in the secret/, source: P('BGP Peer without password set in the secret') },
  { rule: 'metallb/peer-password', expect: 'accept', title: 'a valid basic-auth Secret', objects: [peer('p', { passwordSecret: { name: 's' } }), basicAuth('s', { password: 'x' })], source: P('BGP Peer with a valid secret') },
  { rule: 'metallb/peer-disable-mp', expect: 'reject', severity: W, title: 'disableMP', objects: [peer('p', { disableMP: true })], message: /deprecated/, source: P('peer with DisableMP field') },
  { rule: 'metallb/peer-disable-mp', expect: 'accept', title: 'no disableMP', objects: [peer('p')] },
  { rule: 'metallb/bfd-profile-ref', expect: 'reject', severity: W, title: 'a BFD profile no object defines', objects: [peer('p', { bfdProfile: 'default' })], source: P('Peer with non existing BFD Profile') },
  { rule: 'metallb/bfd-profile-ref', expect: 'accept', title: 'the BFD profile is in the set', objects: [bfd('default'), peer('p', { bfdProfile: 'default' })], source: P('Session with default BFD Profile') },
  { rule: 'metallb/bfd-echo-ipv6', expect: 'reject', title: 'IPv6 pool advertised to a peer with BFD echo', objects: [pool('v6', ['2001:db8::/64']), bgpAdv('a'), bfd('echo', { echoMode: true }), peer('p', { peerAddress: '2001:db8::1', bfdProfile: 'echo' })], message: /bfd echo enabled, which is not possible/, source: P('Session with ipv6 and bfd echo mode') },
  { rule: 'metallb/bfd-echo-ipv6', expect: 'accept', title: 'IPv4 pool with BFD echo', objects: [pool('v4', ['10.0.0.0/24']), bgpAdv('a'), bfd('echo', { echoMode: true }), peer('p', { bfdProfile: 'echo' })], source: P('Session with ipv4 and bfd echo mode') },
  { rule: 'metallb/frr-peers', expect: 'reject', severity: W, title: 'two peers on every node with different routerIDs', objects: [peer('p1', { routerID: '10.10.10.10', peerAddress: '10.0.0.1' }), peer('p2', { routerID: '10.10.10.11', peerAddress: '10.0.0.2' })], message: /RouterID/, source: FRR('routerid set, one different') },
  { rule: 'metallb/frr-peers', expect: 'reject', severity: W, title: 'the same address twice', objects: [peer('p1'), peer('p2')], message: /already exists/, source: FRR('duplicate bgp address') },
  { rule: 'metallb/frr-peers', expect: 'reject', severity: W, title: 'different myASN in one VRF', objects: [peer('p1', { myASN: 100, peerAddress: '10.0.0.1' }), peer('p2', { myASN: 200, peerAddress: '10.0.0.2' })], source: FRR('myAsn set, one different') },
  { rule: 'metallb/frr-peers', expect: 'accept', title: 'same address in different VRFs', objects: [peer('p1', { vrf: 'red' }), peer('p2', { vrf: 'blue' })], source: FRR('duplicate bgp address, different vrfs') },
  { rule: 'metallb/frr-peers', expect: 'accept', title: 'different node selectors (the nodes decide; not checked)', objects: [peer('p1', { nodeSelectors: [{ matchLabels: { a: 'x' } }] }), peer('p2', { nodeSelectors: [{ matchLabels: { a: 'y' } }] })] },
];

/**
 * Cases of the CRDs' CEL rules (METALLB_CEL_ENTRIES). Run by the generic CEL evaluator (validate/cel/).
 */
export const METALLB_CEL_CASES: RuleCase[] = [
  { rule: 'cel/metallb.io/BGPAdvertisement', expect: 'reject', title: 'serviceSelectors with aggregationLength 24', objects: [bgpAdv('a', { aggregationLength: 24, serviceSelectors: [{ matchLabels: { a: 'b' } }] })], message: /serviceSelectors and aggregationLength are mutually exclusive/, source: S('BGP advertisement - serviceSelectors with non-default aggregationLength is mutually exclusive') },
  { rule: 'cel/metallb.io/BGPAdvertisement', expect: 'reject', title: 'serviceSelectors with aggregationLengthV6 64', objects: [bgpAdv('a', { aggregationLengthV6: 64, serviceSelectors: [{ matchLabels: { a: 'b' } }] })], source: S('BGP advertisement - serviceSelectors with non-default aggregationLengthV6 is mutually exclusive') },
  { rule: 'cel/metallb.io/BGPAdvertisement', expect: 'accept', title: 'serviceSelectors with the default lengths written out', objects: [bgpAdv('a', { aggregationLength: 32, aggregationLengthV6: 128, serviceSelectors: [{ matchLabels: { a: 'b' } }] })], source: S('BGP advertisement - serviceSelectors with both default aggregationLength and aggregationLengthV6 is allowed') },
  { rule: 'cel/metallb.io/BGPPeer', expect: 'reject', title: 'connectTime 0.5s', objects: [peer('p', { connectTime: '500ms' })], message: /connect time should be between 1 seconds to 65535/ },
  { rule: 'cel/metallb.io/BGPPeer', expect: 'reject', title: 'connectTime 1.5s', objects: [peer('p', { connectTime: '1500ms' })], message: /whole number of seconds/ },
  { rule: 'cel/metallb.io/BGPPeer', expect: 'accept', title: 'connectTime 10s', objects: [peer('p', { connectTime: '10s' })] },
  { rule: 'cel/metallb.io/BGPPeer', expect: 'reject', title: 'enableGracefulRestart changed from false to true', against: [peer('p', { enableGracefulRestart: false })], objects: [peer('p', { enableGracefulRestart: true })], message: /EnableGracefulRestart cannot be changed after creation/ },
  { rule: 'cel/metallb.io/BGPPeer', expect: 'accept', title: 'enableGracefulRestart added to a peer that did not set it (the transition rule needs both values)', against: [peer('p')], objects: [peer('p', { enableGracefulRestart: true })] },
];
