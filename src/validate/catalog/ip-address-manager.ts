// Metal3 IP Address Manager v1.13.2 (the IPPool CRD we pin): rules/ipam*.ts.
// Research: docs/upstream-coverage/ipam.md.
import { CatalogEntry, CheckKind, CheckWhen, NotPorted, ProjectCatalog, UpstreamRef } from './entry';

const REPO = 'metal3-io/ip-address-manager';
const TAG = 'v1.13.2';
const at = (path: string, symbol: string): UpstreamRef => ({ repo: REPO, tag: TAG, path, symbol });
const WEBHOOK = 'internal/webhooks/v1alpha1/ippool_webhook.go';
const MANAGER = 'ipam/ippool_manager.go';
const UTILS = 'api/v1alpha1/utils.go';
const POOL = ['ipam.metal3.io/IPPool'];

const entries: CatalogEntry[] = [
  {
    id: 'ipam/range',
    kinds: POOL,
    what: 'a pool entry with start after end (compared as Go\'s 16-byte addresses)',
    kind: CheckKind.WEBHOOK,
    when: CheckWhen.BOTH,
    upstream: [at(WEBHOOK, 'validatePoolRanges')],
  },
  {
    id: 'ipam/pre-allocation',
    kinds: POOL,
    what: 'on update, every preAllocations address within the start/end and subnet of some entry ("is out of bonds of the pools given")',
    kind: CheckKind.WEBHOOK,
    when: CheckWhen.UPDATE,
    upstream: [at(WEBHOOK, 'IPPool.ValidateUpdate'), at(WEBHOOK, 'isAddressInBonds')],
  },
  {
    id: 'ipam/pre-allocation-unreachable',
    kinds: POOL,
    what: 'a preAllocations address no entry hands out: the claim of that name fails "Pre-allocated IP out of bond" (a warning; the create webhook does not check)',
    kind: CheckKind.CONTROLLER,
    when: CheckWhen.BOTH,
    upstream: [at(MANAGER, 'IPPoolManager.allocateAddress'), at(UTILS, 'GetIPAddress')],
  },
  {
    id: 'ipam/allocation-in-use',
    kinds: POOL,
    what: 'on update, addresses in the stored pool\'s status.allocations must stay within the new entries ("is in use but out of bonds")',
    kind: CheckKind.WEBHOOK,
    when: CheckWhen.UPDATE,
    upstream: [at(WEBHOOK, 'checkPoolBonds')],
  },
  {
    id: 'ipam/name-prefix',
    kinds: POOL,
    what: 'spec.namePrefix cannot be modified',
    kind: CheckKind.WEBHOOK,
    when: CheckWhen.UPDATE,
    upstream: [at(WEBHOOK, 'IPPool.ValidateUpdate')],
  },
  {
    id: 'ipam/pool-entry',
    kinds: POOL,
    what: 'an entry that hands out no address (neither start nor subnet, start outside its subnet, a subnet without room) or an odd range (start and end of different families, end outside the subnet) (a warning)',
    kind: CheckKind.CONTROLLER,
    when: CheckWhen.BOTH,
    upstream: [at(UTILS, 'GetIPAddress')],
  },
  {
    id: 'ipam/prefix',
    kinds: POOL,
    what: 'the prefix an entry\'s addresses get (its own, else spec.prefix): negative ("invalid prefix value, it must be between 0 and 128" for CAPI claims), 0 (a /0 netmask), or above 32 for IPv4 (a warning)',
    kind: CheckKind.CONTROLLER,
    when: CheckWhen.BOTH,
    upstream: [at(MANAGER, 'IPPoolManager.capiAllocateAddress')],
    stricterThanUpstream: 'IPAM accepts any prefix; only claims through the CAPI IPAddressClaim flow fail on a negative one, and Metal3 IPClaims hand out whatever is written (CAPM3 renders it as the netmask)',
  },
  {
    id: 'ipam/gateway',
    kinds: POOL,
    what: 'the gateway an entry\'s addresses get (its own, else spec.gateway) of the other family, or outside the entry\'s subnet (a warning)',
    kind: CheckKind.CONTROLLER,
    when: CheckWhen.BOTH,
    ours: 'IPAM hands the gateway out unchecked (allocateAddress); a gateway the node cannot reach on-link leaves it without a default route',
    stricterThanUpstream: 'IPAM accepts any valid gateway address',
  },
];

const notPorted: NotPorted[] = [
  {
    kinds: POOL,
    what: 'gateway, dnsServers, preAllocations, pools[].start/end/gateway/dnsServers valid IPs; pools[].subnet a valid CIDR',
    kind: CheckKind.WEBHOOK,
    upstream: at(WEBHOOK, 'validatePoolRanges'),
    why: 'the CRD patterns on the same fields are stricter than net.ParseIP/ParseCIDR and the API server applies them first (schema/pattern)',
  },
  {
    kinds: POOL,
    what: 'a pre-allocation and the address requested by a claim\'s annotation must agree',
    kind: CheckKind.CONTROLLER,
    upstream: at(MANAGER, 'IPPoolManager.allocateAddress'),
    why: 'needs the IPClaim/IPAddressClaim, which is not among our kinds',
  },
  {
    kinds: POOL,
    what: 'the pool\'s Cluster must exist (cluster owner reference)',
    kind: CheckKind.CONTROLLER,
    upstream: at(MANAGER, 'IPPoolManager.SetClusterOwnerRef'),
    why: 'needs the live Cluster',
  },
];

export const IP_ADDRESS_MANAGER: ProjectCatalog = {
  project: `ip-address-manager ${TAG}`,
  families: ['ipam'],
  entries,
  notPorted,
};
