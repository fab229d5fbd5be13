// MetalLB webhook rules for IPAddressPool and L2Advertisement (upstream-rules.md §6).
import { RuleContext, RuleTable, get } from './rule';
import { Finding, error } from '../../core/finding';
import { IpRange } from '../../core/ip';
import { KubeObject } from '../../core/kube-object';
import { labelSelectorProblems } from '../../core/selectors';
import { METALLB_NAMESPACE, parsePoolAddress, poolOverlaps } from '../pool-addresses';

function namespaceRule(obj: KubeObject): Finding[] {
  const ns = obj.metadata?.namespace;
  if (ns !== METALLB_NAMESPACE) {
    return [error('metallb/namespace', 'metadata.namespace', `resource must be created in ${METALLB_NAMESPACE} namespace (got ${ns === undefined ? 'none' : JSON.stringify(ns)})`,
      'MetalLB only reads pools and advertisements from its own namespace')];
  }
  return [];
}

function selectorListRules(list: unknown, field: string): Finding[] {
  if (!Array.isArray(list)) return [];
  const out: Finding[] = [];
  const seen = new Set<string>();
  list.forEach((sel, i) => {
    for (const [f, m] of labelSelectorProblems(sel)) out.push(error('metallb/selector', `${field}[${i}].${f}`, m));
    const k = JSON.stringify(sel);
    if (seen.has(k)) out.push(error('metallb/selector', `${field}[${i}]`, `duplicate definition of ${field.split('.').pop()}`));
    seen.add(k);
  });
  return out;
}

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
  const out = namespaceRule(obj);
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

export function l2AdvertisementRules(obj: KubeObject): Finding[] {
  const out = namespaceRule(obj);
  const names = get(obj, 'spec', 'ipAddressPools');
  if (Array.isArray(names) && new Set(names).size !== names.length) {
    out.push(error('metallb/duplicate', 'spec.ipAddressPools', 'duplicate definition of ipAddressPools'));
  }
  out.push(...selectorListRules(get(obj, 'spec', 'ipAddressPoolSelectors'), 'spec.ipAddressPoolSelectors'));
  out.push(...selectorListRules(get(obj, 'spec', 'nodeSelectors'), 'spec.nodeSelectors'));
  return out;
}

export const METALLB_RULES: RuleTable = {
  'metallb.io/IPAddressPool': [ipAddressPoolRules],
  'metallb.io/L2Advertisement': [l2AdvertisementRules],
};
