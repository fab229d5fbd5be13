// MetalLB v0.16.1 webhook rules (internal/k8s/webhooks/webhookv1beta1, webhookv1beta2 → the
// config parser internal/config/config.go): IPAddressPool, L2Advertisement, BGPAdvertisement,
// BGPPeer, Community, BFDProfile. Each webhook validates the incoming object together with the
// existing objects of its kind in MetalLB's namespace; here, with those of the manifest set.
import { bgpAdvertisementRules } from './metallb-bgp-advertisement';
import { bgpPeerRules } from './metallb-bgp-peer';
import { communityRules } from './metallb-community';
import { namespaceRule } from './metallb-namespace';
import { duplicateRule, selectorListRules } from './metallb-selectors';
import { RuleContext, RuleTable, get } from './rule';
import { Finding, error } from '../../core/finding';
import { IpRange } from '../../core/ip';
import { KubeObject } from '../../core/kube-object';
import { parsePoolAddress, poolOverlaps } from '../pool-addresses';

function poolRanges(obj: KubeObject): IpRange[] {
  const addresses = get(obj, 'spec', 'addresses');
  return Array.isArray(addresses)
    ? addresses.map(a => parsePoolAddress(a)).filter((r): r is IpRange => typeof r !== 'string')
    : [];
}

function isPool(o: KubeObject): boolean {
  return o.kind === 'IPAddressPool' && typeof o.apiVersion === 'string' && o.apiVersion.startsWith('metallb.io/');
}

export function ipAddressPoolRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  const out = namespaceRule(obj, ctx);
  const addresses = get(obj, 'spec', 'addresses');
  if (!Array.isArray(addresses) || addresses.length === 0) {
    out.push(error('metallb/addresses', 'spec.addresses', 'pool has no prefixes defined', 'list CIDRs (10.0.0.10/32) or ranges (10.0.0.10-10.0.0.20)'));
  } else {
    addresses.forEach((a, i) => {
      const r = parsePoolAddress(a);
      if (typeof r === 'string') out.push(error('metallb/addresses', `spec.addresses[${i}]`, r));
    });
  }
  // Overlaps with pools earlier in the set (and inside this pool); each overlap is reported once, on the later pool.
  const pools = ctx.objects.filter(o => isPool(o) && (o.metadata?.namespace ?? '') === (obj.metadata?.namespace ?? ''));
  const upTo = pools.indexOf(obj);
  const relevant = (upTo >= 0 ? pools.slice(0, upTo + 1) : [...pools, obj]).map(p => ({ pool: p.metadata?.name ?? '', ranges: poolRanges(p) }));
  for (const o of poolOverlaps(relevant)) {
    if (o.pool === obj.metadata?.name) out.push(error('metallb/overlap', `spec.addresses[${o.index}]`, o.message));
  }
  const sameName = pools.filter(p => p.metadata?.name === obj.metadata?.name);
  if (sameName.length > 1 && sameName[0] !== obj) {
    out.push(error('metallb/duplicate', 'metadata.name', `duplicate definition of pool ${obj.metadata?.name}`));
  }
  const namespaces = get(obj, 'spec', 'serviceAllocation', 'namespaces');
  if (Array.isArray(namespaces) && new Set(namespaces).size !== namespaces.length) {
    out.push(error('metallb/service-allocation', 'spec.serviceAllocation.namespaces', 'duplicate definition in namespaces field'));
  }
  out.push(...selectorListRules(get(obj, 'spec', 'serviceAllocation', 'namespaceSelectors'), 'spec.serviceAllocation.namespaceSelectors'));
  out.push(...selectorListRules(get(obj, 'spec', 'serviceAllocation', 'serviceSelectors'), 'spec.serviceAllocation.serviceSelectors'));
  return out;
}

export function l2AdvertisementRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  return [
    ...namespaceRule(obj, ctx),
    ...duplicateRule(get(obj, 'spec', 'ipAddressPools'), 'spec.ipAddressPools', 'ipAddressPools'),
    ...selectorListRules(get(obj, 'spec', 'ipAddressPoolSelectors'), 'spec.ipAddressPoolSelectors'),
    ...selectorListRules(get(obj, 'spec', 'nodeSelectors'), 'spec.nodeSelectors'),
    ...selectorListRules(get(obj, 'spec', 'serviceSelectors'), 'spec.serviceSelectors'),
  ];
}

export const METALLB_RULES: RuleTable = {
  'metallb.io/IPAddressPool': [ipAddressPoolRules],
  'metallb.io/L2Advertisement': [l2AdvertisementRules],
  'metallb.io/BGPAdvertisement': [bgpAdvertisementRules],
  'metallb.io/BGPPeer': [bgpPeerRules],
  'metallb.io/Community': [(o, ctx) => [...namespaceRule(o, ctx), ...communityRules(o, ctx)]],
  // The BFDProfile webhook checks only the namespace; its ranges are CRD minimum/maximum.
  'metallb.io/BFDProfile': [namespaceRule],
};
