// BGPAdvertisement as MetalLB v0.16.1's webhook checks it (webhookv1beta1/bgpadvertisement_webhook.go
// → internal/config/config.go `bgpAdvertisementFromCR`, `setBGPAdvertisementsToPools`,
// `validateBGPAdvPerPool`), with the pools of the same namespace in the manifest set.
import { advertisementCommunityRules } from './metallb-community';
import { namespaceRule } from './metallb-namespace';
import { duplicateRule, selectorListRules } from './metallb-selectors';
import { RuleContext, get } from './rule';
import { Finding, error } from '../../core/finding';
import { isKind } from '../../core/gvk';
import { IpRange } from '../../core/ip';
import { KubeObject } from '../../core/kube-object';
import { LabelSelector, selectorMatches } from '../../core/selectors';
import { lowestPrefixLength, parsePoolAddress } from '../pool-addresses';

const nsOf = (o: KubeObject) => o.metadata?.namespace ?? 'default';

/** The IPAddressPools of the set an advertisement applies to (none named or selected: all). */
export function selectedPools(adv: KubeObject, ctx: RuleContext): KubeObject[] {
  const pools = ctx.objects.filter(o => isKind(o, 'metallb.io', 'IPAddressPool') && nsOf(o) === nsOf(adv));
  const names: unknown[] = get(adv, 'spec', 'ipAddressPools') ?? [];
  const selectors: LabelSelector[] = get(adv, 'spec', 'ipAddressPoolSelectors') ?? [];
  if (!names.length && !selectors.length) return pools;
  return pools.filter(p => names.includes(p.metadata?.name) || selectors.some(s => selectorMatches(s, p.metadata?.labels ?? {})));
}

export function aggregationLengths(adv: KubeObject): { v4: number; v6: number } {
  const v4 = get(adv, 'spec', 'aggregationLength');
  const v6 = get(adv, 'spec', 'aggregationLengthV6');
  return { v4: typeof v4 === 'number' ? v4 : 32, v6: typeof v6 === 'number' ? v6 : 128 };
}

function aggregationRules(adv: KubeObject, ctx: RuleContext): Finding[] {
  const out: Finding[] = [];
  const { v4, v6 } = aggregationLengths(adv);
  // serviceSelectors with a non-default aggregation length: the CRD's CEL rule refuses it before the
  // webhook's identical check runs (the CEL layer reports it as cel/metallb.io/BGPAdvertisement).
  if (v4 > 32) {
    out.push(error('metallb/aggregation-length', 'spec.aggregationLength', `invalid aggregation length ${v4} for IPv4`, 'at most 32'));
    return out;
  }
  if (v6 > 128) {
    out.push(error('metallb/aggregation-length', 'spec.aggregationLengthV6', `invalid aggregation length ${v6} for IPv6`, 'at most 128'));
    return out;
  }
  for (const pool of selectedPools(adv, ctx)) {
    const addresses = get(pool, 'spec', 'addresses');
    if (!Array.isArray(addresses)) continue;
    for (const a of addresses) {
      const r = parsePoolAddress(a);
      if (typeof r === 'string') continue;
      const lowest = lowestPrefixLength(r as IpRange);
      const length = r.family === 'ipv4' ? v4 : v6;
      if (length < lowest) {
        out.push(error('metallb/aggregation-length', r.family === 'ipv4' ? 'spec.aggregationLength' : 'spec.aggregationLengthV6',
          `invalid aggregation length ${length}: prefix ${lowest} in this pool is more specific than the aggregation length for addresses ${a} (IPAddressPool ${pool.metadata?.name})`,
          `use an aggregation length of at least ${lowest}, or advertise the pool from another BGPAdvertisement`));
      }
    }
  }
  return out;
}

/** Whether the advertisement surely applies to every node (no node selectors). */
const allNodes = (o: KubeObject) => !(get(o, 'spec', 'nodeSelectors') ?? []).length;

/**
 * Two advertisements of a common pool with different localPref for the same kind of update:
 * MetalLB refuses the second when they share a node; without node selectors both apply to every
 * node, so they share one whenever the cluster has a node.
 */
function localPrefRules(adv: KubeObject, ctx: RuleContext): Finding[] {
  if ((get(adv, 'spec', 'serviceSelectors') ?? []).length || !allNodes(adv)) return [];
  const mine = aggregationLengths(adv);
  const pref = get(adv, 'spec', 'localPref') ?? 0;
  const peers: string[] = get(adv, 'spec', 'peers') ?? [];
  const pools = new Set(selectedPools(adv, ctx));
  const earlier = ctx.objects.slice(0, Math.max(0, ctx.objects.indexOf(adv)))
    .filter(o => isKind(o, 'metallb.io', 'BGPAdvertisement') && nsOf(o) === nsOf(adv) && allNodes(o) && !(get(o, 'spec', 'serviceSelectors') ?? []).length);
  for (const other of earlier) {
    const otherPref = get(other, 'spec', 'localPref') ?? 0;
    if (otherPref === pref) continue;
    const otherPeers: string[] = get(other, 'spec', 'peers') ?? [];
    if (peers.length && otherPeers.length && !peers.some(p => otherPeers.includes(p))) continue;
    const theirs = aggregationLengths(other);
    for (const pool of selectedPools(other, ctx).filter(p => pools.has(p))) {
      const families = new Set((get(pool, 'spec', 'addresses') ?? []).map((a: string) => parsePoolAddress(a)).filter((r: unknown) => typeof r !== 'string').map((r: IpRange) => r.family));
      const v4Differs = mine.v4 !== theirs.v4;
      const v6Differs = mine.v6 !== theirs.v6;
      const different = !families.size || (v4Differs && !families.has('ipv6')) || (v6Differs && !families.has('ipv4')) || (v4Differs && v6Differs);
      if (!different) {
        return [error('metallb/local-pref', 'spec.localPref',
          `invalid local preference ${pref}: local preferernce ${otherPref} was already set for the same type of BGP update (BGPAdvertisement ${other.metadata?.name}, pool ${pool.metadata?.name}). Check existing BGP advertisements with common pools and aggregation lengths`,
          'use the same localPref, or separate the advertisements by peers, node selectors or aggregation length')];
      }
    }
  }
  return [];
}

export function bgpAdvertisementRules(adv: KubeObject, ctx: RuleContext): Finding[] {
  return [
    ...namespaceRule(adv, ctx),
    ...duplicateRule(get(adv, 'spec', 'ipAddressPools'), 'spec.ipAddressPools', 'ipAddressPools'),
    ...duplicateRule(get(adv, 'spec', 'peers'), 'spec.peers', 'peers'),
    ...selectorListRules(get(adv, 'spec', 'ipAddressPoolSelectors'), 'spec.ipAddressPoolSelectors'),
    ...selectorListRules(get(adv, 'spec', 'nodeSelectors'), 'spec.nodeSelectors'),
    ...selectorListRules(get(adv, 'spec', 'serviceSelectors'), 'spec.serviceSelectors'),
    ...aggregationRules(adv, ctx),
    ...advertisementCommunityRules(adv, ctx),
    ...localPrefRules(adv, ctx),
  ];
}
