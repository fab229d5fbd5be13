// Metal3 IP Address Manager v1.13.2: the IPPool webhook (`internal/webhooks/v1alpha1/
// ippool_webhook.go`; its address-format checks are the CRD patterns, which the schema layer
// applies first) and what its controller does with a pool (`ipam/ippool_manager.go`,
// `api/v1alpha1/utils.go`). Catalogued in catalog/ip-address-manager.ts.
import { PoolEntry, entryFamily, entryReaches, entryYieldsNothing, goCidr, goIp, inCidr, startAfterEnd, withinEntryBounds } from './ipam-addresses';
import { RuleTable, UpdateRuleTable, get } from './rule';
import { Finding, error, warning } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';

function entries(obj: KubeObject): PoolEntry[] {
  const pools = get(obj, 'spec', 'pools');
  return Array.isArray(pools) ? pools.filter(p => p && typeof p === 'object') : [];
}

function rangeRules(obj: KubeObject): Finding[] {
  const out: Finding[] = [];
  entries(obj).forEach((e, i) => {
    if (startAfterEnd(e)) {
      out.push(error('ipam/range', `spec.pools[${i}]`, `start: ${e.start}, end: ${e.end}: start address must be less than or equal to end address`, 'swap start and end'));
    }
  });
  return out;
}

function entryRules(obj: KubeObject): Finding[] {
  const out: Finding[] = [];
  entries(obj).forEach((e, i) => {
    const nothing = entryYieldsNothing(e);
    if (nothing) {
      out.push(warning('ipam/pool-entry', `spec.pools[${i}]`, `this entry hands out no address: ${nothing}`, 'give it a start (and end) inside its subnet, or a subnet'));
      return;
    }
    const s = goIp(e.start);
    const en = goIp(e.end);
    const subnet = goCidr(e.subnet);
    if (s && en && s.v4 !== en.v4) {
      out.push(warning('ipam/pool-entry', `spec.pools[${i}].end`, `start ${e.start} and end ${e.end} are of different families`, 'start and end of one entry bound one range of one family'));
    } else if (s && subnet && en && !inCidr(subnet, en)) {
      out.push(warning('ipam/pool-entry', `spec.pools[${i}].end`, `end ${e.end} is outside subnet ${e.subnet}: addresses stop at the subnet's end`, 'an end inside the subnet'));
    }
  });
  return out;
}

function prefixRules(obj: KubeObject): Finding[] {
  const out: Finding[] = [];
  const poolPrefix = get(obj, 'spec', 'prefix');
  entries(obj).forEach((e, i) => {
    const own = typeof e.prefix === 'number' && e.prefix !== 0;
    const prefix = own ? e.prefix! : typeof poolPrefix === 'number' ? poolPrefix : 0;
    const field = own ? `spec.pools[${i}].prefix` : 'spec.prefix';
    const fam = entryFamily(e);
    if (prefix < 0) {
      out.push(warning('ipam/prefix', field, `${prefix}: invalid prefix value, it must be between 0 and 128 (addresses of spec.pools[${i}])`,
        'the length of the network prefix, e.g. 24'));
    } else if (prefix === 0) {
      out.push(warning('ipam/prefix', `spec.pools[${i}]`, 'no prefix: the addresses of this entry are handed out with prefix 0 (netmask 0.0.0.0 or ::/0)',
        'set spec.prefix (or the entry\'s prefix), e.g. 24'));
    } else if (fam === 'ipv4' && prefix > 32) {
      out.push(warning('ipam/prefix', field, `${prefix}: an IPv4 prefix is at most 32 (addresses of spec.pools[${i}])`, 'e.g. 24'));
    }
  });
  return out;
}

function gatewayRules(obj: KubeObject): Finding[] {
  const out: Finding[] = [];
  const poolGateway = get(obj, 'spec', 'gateway');
  entries(obj).forEach((e, i) => {
    const own = typeof e.gateway === 'string' && e.gateway !== '';
    const text = own ? e.gateway : poolGateway;
    const gw = goIp(text);
    if (!gw) return;
    const field = own ? `spec.pools[${i}].gateway` : 'spec.gateway';
    const fam = entryFamily(e);
    const subnet = goCidr(e.subnet);
    if (fam && (fam === 'ipv4') !== gw.v4) {
      out.push(warning('ipam/gateway', field, `gateway ${text} is not of the family of spec.pools[${i}] (${fam})`, 'a gateway of the addresses\' family; an entry of the other family needs its own gateway'));
    } else if (subnet && !inCidr(subnet, gw)) {
      out.push(warning('ipam/gateway', field, `gateway ${text} is outside subnet ${e.subnet} of spec.pools[${i}]`, 'a gateway on the hosts\' subnet'));
    }
  });
  return out;
}

function preAllocations(obj: KubeObject): Array<[string, string]> {
  const p = get(obj, 'spec', 'preAllocations');
  return p && typeof p === 'object' ? Object.entries(p).filter((kv): kv is [string, string] => typeof kv[1] === 'string') : [];
}

/** On create the webhook does not bound pre-allocations; the controller then fails the claim of that name. */
function preAllocationRules(obj: KubeObject): Finding[] {
  const es = entries(obj);
  const out: Finding[] = [];
  for (const [claim, address] of preAllocations(obj)) {
    const ip = goIp(address);
    if (ip && !es.some(e => entryReaches(e, ip))) {
      out.push(warning('ipam/pre-allocation-unreachable', `spec.preAllocations[${claim}]`,
        `${address} is in no address range of spec.pools: claim ${claim} will fail with "Pre-allocated IP out of bond"`,
        'an address between start and end (or inside the subnet, after its network address) of an entry'));
    }
  }
  return out;
}

function ipPoolUpdateRules(oldObj: KubeObject, newObj: KubeObject): Finding[] {
  const out: Finding[] = [];
  const before = get(oldObj, 'spec', 'namePrefix');
  const after = get(newObj, 'spec', 'namePrefix');
  if (before !== after) out.push(error('ipam/name-prefix', 'spec.namePrefix', `${JSON.stringify(after)}: cannot be modified (was ${JSON.stringify(before)})`, 'create a new IPPool instead'));
  const es = entries(newObj);
  const inBounds = (address: string) => {
    const ip = goIp(address);
    return Boolean(ip && es.some(e => withinEntryBounds(e, ip)));
  };
  for (const [claim, address] of preAllocations(newObj)) {
    if (!inBounds(address)) {
      out.push(error('ipam/pre-allocation', `spec.preAllocations[${claim}]`, `${address}: is out of bonds of the pools given`, 'an address within the start/end and subnet of an entry of spec.pools'));
    }
  }
  const allocations = get(oldObj, 'status', 'allocations');
  if (allocations && typeof allocations === 'object') {
    for (const [claim, address] of Object.entries(allocations)) {
      if (typeof address === 'string' && !inBounds(address)) {
        out.push(error('ipam/allocation-in-use', 'spec.pools', `${address} (allocated to ${claim}): is in use but out of bonds of the pools given`, 'keep the pools covering every allocated address, or release the claim first'));
      }
    }
  }
  return out;
}

function ipPoolRules(obj: KubeObject): Finding[] {
  return [...rangeRules(obj), ...entryRules(obj), ...prefixRules(obj), ...gatewayRules(obj), ...preAllocationRules(obj)];
}

export const IPAM_RULES: RuleTable = {
  'ipam.metal3.io/IPPool': [ipPoolRules],
};

/** Checks of an update against the stored object (`validate --against`). */
export const IPAM_UPDATE_RULES: UpdateRuleTable = {
  'ipam.metal3.io/IPPool': [ipPoolUpdateRules],
};
