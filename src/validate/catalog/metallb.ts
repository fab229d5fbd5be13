// MetalLB v0.16.1 (metallb/metallb): one admission webhook per kind, each validating the incoming
// object with the existing objects of its kind in MetalLB's namespace through the config parser
// (internal/config/config.go, run in the FRR modes' variant by default), the CRDs' CEL rules, and
// what the controller refuses when it loads the configuration. Research: docs/upstream-coverage/metallb.md.
import { CatalogEntry, CheckKind, CheckWhen, NotPorted, ProjectCatalog, UpstreamRef } from './entry';

const at = (path: string, symbol: string): UpstreamRef => ({ repo: 'metallb/metallb', tag: 'v0.16.1', path, symbol });
const cfg = (symbol: string) => at('internal/config/config.go', symbol);
const wh1 = (file: string, symbol: string) => at(`internal/k8s/webhooks/webhookv1beta1/${file}_webhook.go`, symbol);
const wh2 = (file: string, symbol: string) => at(`internal/k8s/webhooks/webhookv1beta2/${file}_webhook.go`, symbol);

const POOL = 'metallb.io/IPAddressPool';
const L2 = 'metallb.io/L2Advertisement';
const BGPADV = 'metallb.io/BGPAdvertisement';
const PEER = 'metallb.io/BGPPeer';
const COMMUNITY = 'metallb.io/Community';
const BFD = 'metallb.io/BFDProfile';
const W = CheckKind.WEBHOOK;
const C = CheckKind.CONTROLLER;
const B = CheckWhen.BOTH;

const entries: CatalogEntry[] = [
  {
    id: 'metallb/namespace',
    kinds: [POOL, L2, BGPADV, PEER, COMMUNITY, BFD],
    kind: W,
    what: 'an object outside the namespace MetalLB runs in: an error when a HelmChart of the set installs MetalLB (its targetNamespace), else a warning outside metallb-system (no namespace counts as default)',
    upstream: [wh1('ipaddresspool', 'validateIPAddressPoolCreate'), wh1('l2advertisement', 'validateL2AdvCreate'), wh1('bgpadvertisement', 'validateBGPAdvCreate'),
      wh2('bgppeer', 'validatePeerCreate'), wh1('community', 'validateCommunityCreate'), wh1('bfdprofile', 'validateBFDCreate')],
    stricterThanUpstream: 'upstream compares with the namespace MetalLB is deployed in, which we only know from a HelmChart in the manifests; without one, an object outside metallb-system (the default of MetalLB\'s manifests and chart) is a warning',
  },
  {
    id: 'metallb/addresses',
    kinds: [POOL],
    kind: W,
    when: B,
    what: 'a pool without addresses, a CIDR that does not parse, a range with a bad end or its start after its end',
    upstream: [cfg('addressPoolFromCR'), cfg('ParseCIDR')],
  },
  {
    id: 'metallb/overlap',
    kinds: [POOL],
    kind: W,
    when: B,
    what: 'CIDRs overlapping inside a pool or with another pool of the namespace',
    upstream: [cfg('poolsFor'), cfg('cidrsOverlap')],
  },
  {
    id: 'metallb/duplicate',
    kinds: [POOL, L2, BGPADV, COMMUNITY],
    kind: W,
    when: B,
    what: '"duplicate definition of …": a pool name twice; ipAddressPools, peers or communities listed twice in an advertisement; a Community alias defined twice (in one object or across objects)',
    upstream: [cfg('poolsFor'), cfg('validateDuplicate'), cfg('l2AdvertisementFromCR'), cfg('bgpAdvertisementFromCR'), cfg('communitiesFromCrs')],
  },
  {
    id: 'metallb/service-allocation',
    kinds: [POOL],
    kind: W,
    when: B,
    what: 'serviceAllocation.namespaces listing a namespace twice',
    upstream: [cfg('addressPoolServiceAllocationsFromCR')],
  },
  {
    id: 'metallb/selector',
    kinds: [POOL, L2, BGPADV, PEER],
    kind: W,
    when: B,
    what: 'label selectors that do not convert, repeat a value within a match expression, repeat an expression, or repeat in their list (values compared in any order)',
    upstream: [cfg('validateLabelSelectorDuplicate'), cfg('validateLabelSelectorMatchExpressions'), cfg('parseSelectors'), cfg('addressPoolServiceAllocationsFromCR')],
  },
  {
    id: 'metallb/aggregation-length',
    kinds: [BGPADV],
    kind: W,
    when: B,
    what: 'aggregationLength above 32 / aggregationLengthV6 above 128; an aggregation length shorter than the most specific prefix of a selected pool\'s entry (ranges summarised into CIDRs)',
    upstream: [cfg('bgpAdvertisementFromCR'), cfg('validateBGPAdvPerPool'), cfg('lowestMask')],
  },
  {
    id: 'metallb/community',
    kinds: [BGPADV, COMMUNITY],
    kind: W,
    when: B,
    what: 'a community value that is neither <uint16>:<uint16> nor large:<uint32>:<uint32>:<uint32>',
    upstream: [at('internal/bgp/community/community.go', 'New'), cfg('getCommunityValue'), cfg('communitiesFromCrs')],
  },
  {
    id: 'metallb/community-ref',
    kinds: [BGPADV],
    kind: C,
    when: B,
    what: 'a community alias that no Community of the set defines (a warning: MetalLB keeps its previous configuration until it exists)',
    upstream: [cfg('getCommunityValue'), at('internal/config/validator.go', 'resetTransientErrorsFields')],
  },
  {
    id: 'metallb/local-pref',
    kinds: [BGPADV],
    kind: W,
    when: B,
    what: 'two advertisements of a common pool, both for every node, with the same kind of update and peers but different localPref',
    upstream: [cfg('validateBGPAdvPerPool'), cfg('BGPAdvertisementsHaveCompatibleLocalPref'), cfg('isAggrLengthDifferent')],
  },
  {
    id: 'metallb/peer-asn',
    kinds: [PEER],
    kind: W,
    when: B,
    what: 'no myASN; neither peerASN nor dynamicASN; both peerASN and dynamicASN',
    upstream: [cfg('peerFromCR')],
  },
  {
    id: 'metallb/peer-multihop',
    kinds: [PEER],
    kind: W,
    when: B,
    what: 'an iBGP peer (peerASN equal to myASN) with ebgpMultiHop: "invalid ebgp-multihop parameter set for an ibgp peer"',
    upstream: [cfg('peerFromCR')],
  },
  {
    id: 'metallb/peer-address',
    kinds: [PEER],
    kind: W,
    when: B,
    what: 'neither or both of peerAddress and interface; peerAddress, routerID or sourceAddress that is not an IP',
    upstream: [cfg('peerFromCR')],
  },
  {
    id: 'metallb/peer-timers',
    kinds: [PEER],
    kind: W,
    when: B,
    what: 'holdTime/keepaliveTime/connectTime that are not Go durations; hold time (given or 3 × keepalive) between 0 and 3s; keepaliveTime above holdTime',
    upstream: [cfg('parseTimers'), wh2('bgppeer', 'BGPPeerValidator.Handle')],
  },
  {
    id: 'metallb/peer-password',
    kinds: [PEER],
    kind: W,
    when: B,
    what: 'both password and passwordSecret; a password Secret of the set that is not kubernetes.io/basic-auth or has no password key',
    upstream: [cfg('peerFromCR'), cfg('passwordFromSecretForPeer')],
  },
  {
    id: 'metallb/peer-disable-mp',
    kinds: [PEER],
    kind: W,
    what: 'disableMP (a warning: "disable mp is deprecated and has no effect since it\'s the default behavior now")',
    upstream: [wh2('bgppeer', 'validatePeerCreate')],
  },
  {
    id: 'metallb/bfd-profile-ref',
    kinds: [PEER],
    kind: C,
    when: B,
    what: 'a bfdProfile no BFDProfile of the set defines (a warning: MetalLB keeps its previous configuration until it exists)',
    upstream: [cfg('peersFor'), at('internal/config/validator.go', 'resetTransientErrorsFields')],
  },
  {
    id: 'metallb/bfd-echo-ipv6',
    kinds: [PEER, BGPADV, BFD],
    kind: C,
    when: B,
    what: 'an IPv6 pool advertised to a peer whose BFD profile has echoMode',
    upstream: [at('internal/config/validation.go', 'validateConfig'), at('internal/config/validation.go', 'hasBFDEcho'), cfg('For')],
  },
  {
    id: 'metallb/frr-peers',
    kinds: [PEER],
    kind: W,
    when: B,
    what: 'FRR modes: peers with the same node selectors (so the same nodes) with different routerID, the same address/interface and VRF, or different myASN in one VRF (a warning)',
    upstream: [at('internal/config/validation.go', 'checkFRRPeersCompatible'), at('internal/config/validation.go', 'peersCanRunOnSameNode')],
    stricterThanUpstream: 'MetalLB refuses this only in the FRR modes (frr, frr-k8s: the Helm chart\'s default); native mode accepts it, and we cannot tell the mode from the manifests',
  },
];

/**
 * The CRDs' CEL rules, reported by the generic CEL evaluator (validate/cel/, rules-capi branch) as
 * cel/<group>/<Kind>, transition rules under --against. They are part of the entries below.
 */
export const METALLB_CEL_ENTRIES: CatalogEntry[] = [
  {
    id: `cel/${BGPADV}`,
    kinds: [BGPADV],
    kind: CheckKind.CEL,
    when: B,
    what: 'serviceSelectors with a non-default aggregationLength (32) or aggregationLengthV6 (128): "serviceSelectors and aggregationLength are mutually exclusive…" (the webhook\'s identical check never runs after it)',
    upstream: [at('config/crd/bases/metallb.io_bgpadvertisements.yaml', 'v1beta1 .spec'), cfg('bgpAdvertisementFromCR')],
  },
  {
    id: `cel/${PEER}`,
    kinds: [PEER],
    kind: CheckKind.CEL,
    when: B,
    what: 'connectTime between 1 and 65535 seconds and a whole number of seconds; enableGracefulRestart cannot change after creation (a transition rule, under --against; only when both versions set the field)',
    upstream: [at('config/crd/bases/metallb.io_bgppeers.yaml', 'v1beta2 .spec.connectTime'), at('config/crd/bases/metallb.io_bgppeers.yaml', 'v1beta2 .spec.enableGracefulRestart')],
  },
];

const np = (kinds: string[], what: string, kind: CheckKind, upstream: UpstreamRef, why: string): NotPorted => ({ kinds, what, kind, upstream, why });
const LIVE = 'needs live cluster state the validator does not have';
const NATIVE = at('internal/config/validation.go', 'DiscardFRROnly');
const NATIVE_WHY = 'only in native BGP mode (speaker --bgp-type=native, MetalLB\'s native manifests); the Helm chart\'s default is frr-k8s, and the manifests do not say which mode runs';

const notPorted: NotPorted[] = [
  np([PEER], 'two peers that are entirely equal, name included: "peer %s already exists"', W, cfg('peersFor'), 'unreachable: two objects differ at least in name'),
  np([BGPADV], 'two advertisements that are entirely equal (metadata included)', W, cfg('validateDuplicateBGPAdvertisements'), 'unreachable: two objects differ at least in name'),
  np([PEER], 'FRR-mode peer conflicts between peers with different node selectors', W, at('internal/config/validation.go', 'peersShareNode'), `${LIVE} (which Nodes each selector matches)`),
  np([BGPADV], 'localPref conflicts between advertisements with node selectors', W, cfg('BGPAdvertisementsHaveCompatibleLocalPref'), `${LIVE} (which Nodes both select)`),
  np([PEER], 'native mode refuses FRR-only peer fields (bfdProfile, keepaliveTime, vrf, connectTime, enableGracefulRestart, disableMP, dualStackAddressFamily, dynamicASN, interface, localASN)', W, NATIVE, NATIVE_WHY),
  np([BGPADV, POOL], 'native mode refuses IPv6 pools selected by a BGPAdvertisement', W, at('internal/config/validation.go', 'findIPv6BGPAdvertisement'), NATIVE_WHY),
  np([BGPADV, COMMUNITY], 'native mode refuses large communities', W, at('internal/config/validation.go', 'findNonLegacyCommunity'), NATIVE_WHY),
  np([BFD], 'native mode refuses any BFDProfile', C, NATIVE, NATIVE_WHY),
  np([BFD], 'a BFDProfile used by a BGPPeer cannot be deleted', W, wh1('bfdprofile', 'validateBFDDelete'), 'delete-time, against live peers; manifests are not deletions'),
  np([PEER], 'the password Secret must exist', C, cfg('passwordFromSecretForPeer'), `${LIVE}; checked when the Secret is in the manifests`),
  np([POOL], 'namespaceSelectors resolved against the cluster\'s Namespaces', C, cfg('addressPoolServiceAllocationsFromCR'), LIVE),
  np([BFD], 'BFD interval/multiplier/TTL ranges in the parser', C, cfg('bfdProfileFromCR'), 'the same ranges are the CRD\'s minimum/maximum, checked by the schema layer (schema/*)'),
];

export const METALLB_CATALOG: ProjectCatalog = {
  project: 'MetalLB v0.16.1',
  families: ['metallb'],
  entries: [...entries, ...METALLB_CEL_ENTRIES],
  notPorted,
};
