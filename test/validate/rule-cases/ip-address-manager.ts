// Rule cases of Metal3 IP Address Manager v1.13.2 (catalog/ip-address-manager.ts), most from
// its webhook tests (TestIPPoolValidation, TestIPPoolUpdateValidation) and utils tests.
import { RuleCase } from './case';
import { ippool } from './fixtures-metal3';

const REPO = 'metal3-io/ip-address-manager';
const create = (name: string) => `${REPO} internal/webhooks/v1alpha1/ippool_webhook_test.go TestIPPoolValidation/${name}`;
const update = (name: string) => `${REPO} internal/webhooks/v1alpha1/ippool_webhook_test.go TestIPPoolUpdateValidation/${name}`;
const utils = (name: string) => `${REPO} api/v1alpha1/utils_test.go ${name}`;
const range = { start: '192.168.0.1', end: '192.168.0.10' };

export const IP_ADDRESS_MANAGER_CASES: RuleCase[] = [
  { rule: 'ipam/range', title: 'start after end', expect: 'reject', objects: [ippool({ pools: [{ start: '192.168.0.149', end: '192.168.0.140' }] })], message: /start: 192.168.0.149, end: 192.168.0.140: start address must be less than or equal to end address/, source: create('should fail when start > end') },
  { rule: 'ipam/range', title: 'one of two entries inverted', expect: 'reject', objects: [ippool({ pools: [{ start: '192.168.0.10', end: '192.168.0.20' }, { start: '192.168.0.149', end: '192.168.0.140' }] })], message: /start address must be less than or equal to end address/, source: create('should fail when one pool has invalid range') },
  { rule: 'ipam/range', title: 'start before end', expect: 'accept', objects: [ippool({ pools: [{ start: '192.168.0.10', end: '192.168.0.20' }] })], source: create('should succeed when start <= end') },
  { rule: 'ipam/range', title: 'start equal to end', expect: 'accept', objects: [ippool({ pools: [{ start: '192.168.0.10', end: '192.168.0.10' }] })], source: create('should succeed when start == end') },
  { rule: 'ipam/range', title: 'only start', expect: 'accept', objects: [ippool({ pools: [{ start: '192.168.0.10' }] })], source: create('should succeed when only start is provided') },

  { rule: 'ipam/pre-allocation', title: 'a pre-allocation after end', expect: 'reject', against: [ippool()], objects: [ippool({ pools: [range], preAllocations: { alloc: '192.168.0.20' } })], message: /192.168.0.20: is out of bonds of the pools given/, source: update('should fail when preAllocations are out of start and end') },
  { rule: 'ipam/pre-allocation', title: 'a pre-allocation outside the subnet', expect: 'reject', against: [ippool()], objects: [ippool({ pools: [{ subnet: '192.168.0.1/25' }], preAllocations: { alloc: '192.168.0.250' } })], message: /is out of bonds/, source: update('should fail when preAllocations are out of cidr') },
  { rule: 'ipam/pre-allocation', title: 'a pre-allocation between start and end', expect: 'accept', against: [ippool()], objects: [ippool({ pools: [range], preAllocations: { alloc: '192.168.0.2' } })], source: update('should succeed when preAllocations are between start and end') },
  { rule: 'ipam/pre-allocation', title: 'a pre-allocation in the subnet', expect: 'accept', against: [ippool()], objects: [ippool({ pools: [{ subnet: '192.168.0.1/25' }], preAllocations: { alloc: '192.168.0.2' } })], source: update('should succeed when preAllocations are in the cidr') },
  { rule: 'ipam/pre-allocation-unreachable', title: 'on create, a pre-allocation after end', expect: 'reject', severity: 'warning', objects: [ippool({ pools: [range], preAllocations: { alloc: '192.168.0.20' } })], message: /claim alloc will fail with "Pre-allocated IP out of bond"/, source: `${REPO} ipam/ippool_manager_test.go Test AllocateAddress/One pool, pre-allocated, out of bonds` },
  { rule: 'ipam/pre-allocation-unreachable', title: 'the network address of a subnet-only entry is never handed out', expect: 'reject', severity: 'warning', objects: [ippool({ pools: [{ subnet: '192.168.0.0/24' }], preAllocations: { alloc: '192.168.0.0' } })], message: /Pre-allocated IP out of bond/, source: 'ours' },
  { rule: 'ipam/pre-allocation-unreachable', title: 'a pre-allocation in the second entry', expect: 'accept', objects: [ippool({ pools: [{ start: '192.168.0.11', end: '192.168.0.20', prefix: 26 }, { start: '192.168.0.21', end: '192.168.0.30' }], preAllocations: { TestRef: '192.168.0.21' } })], source: `${REPO} ipam/ippool_manager_test.go Test AllocateAddress/One pool, pre-allocated` },

  { rule: 'ipam/allocation-in-use', title: 'an allocated address left outside the new range', expect: 'reject', against: [ippool({}, { allocations: { inuse: '192.168.0.30' } })], objects: [ippool({ pools: [range] })], message: /192.168.0.30 \(allocated to inuse\): is in use but out of bonds of the pools given/, source: update('should fail when ip in use') },
  { rule: 'ipam/allocation-in-use', title: 'allocated addresses stay inside', expect: 'accept', against: [ippool({}, { allocations: { inuse: '192.168.0.3' } })], objects: [ippool({ pools: [range] })], source: update('should succeed when preAllocations are between start and end') },

  { rule: 'ipam/name-prefix', title: 'namePrefix changes', expect: 'reject', against: [ippool({ namePrefix: 'abcd' })], objects: [ippool({ namePrefix: 'abcde' })], message: /cannot be modified/, source: update('should fail when namePrefix value changes') },
  { rule: 'ipam/name-prefix', title: 'namePrefix unchanged, a new range', expect: 'accept', against: [ippool()], objects: [ippool({ pools: [range] })], source: update('should succeed when updating to valid range') },

  { rule: 'ipam/pool-entry', title: 'neither start nor subnet', expect: 'reject', severity: 'warning', objects: [ippool({ pools: [{ end: '192.168.0.20' }] })], message: /either Start or Subnet is required for ipAddress/, source: utils('Test getIPAddress/Empty Start and Subnet') },
  { rule: 'ipam/pool-entry', title: 'start outside its subnet', expect: 'reject', severity: 'warning', objects: [ippool({ pools: [{ start: '192.168.1.10', subnet: '192.168.0.0/24' }] })], message: /IP address out of bonds/, source: utils('Test getIPAddress/Start set, end unset, subnet set, out of bound') },
  { rule: 'ipam/pool-entry', title: 'start and end inside the subnet', expect: 'accept', objects: [ippool({ pools: [{ start: '192.168.0.10', end: '192.168.0.20', subnet: '192.168.0.0/24' }] })], source: utils('Test getIPAddress/Start set, end set, subnet set') },

  { rule: 'ipam/prefix', title: 'a negative prefix', expect: 'reject', severity: 'warning', objects: [ippool({ prefix: -1, pools: [range] })], message: /invalid prefix value, it must be between 0 and 128/, source: 'ours' },
  { rule: 'ipam/prefix', title: 'no prefix anywhere', expect: 'reject', severity: 'warning', objects: [ippool({ prefix: undefined, pools: [range] })], message: /handed out with prefix 0/, source: 'ours' },
  { rule: 'ipam/prefix', title: 'an IPv4 prefix of 64', expect: 'reject', severity: 'warning', objects: [ippool({ pools: [{ ...range, prefix: 64 }] })], message: /an IPv4 prefix is at most 32/, source: 'ours' },
  { rule: 'ipam/prefix', title: 'spec.prefix 24', expect: 'accept', objects: [ippool({ pools: [range] })], source: 'ours' },
  { rule: 'ipam/prefix', title: 'an entry\'s own prefix', expect: 'accept', objects: [ippool({ prefix: undefined, pools: [{ subnet: 'fd00::/64', prefix: 64 }] })], source: 'ours' },

  { rule: 'ipam/gateway', title: 'an IPv6 gateway for IPv4 addresses', expect: 'reject', severity: 'warning', objects: [ippool({ gateway: 'fd00::1', pools: [range] })], message: /not of the family/, source: 'ours' },
  { rule: 'ipam/gateway', title: 'a gateway outside the entry\'s subnet', expect: 'reject', severity: 'warning', objects: [ippool({ pools: [{ subnet: '192.168.0.0/24', gateway: '192.168.1.1' }] })], message: /outside subnet 192.168.0.0\/24/, source: 'ours' },
  { rule: 'ipam/gateway', title: 'a gateway in the subnet', expect: 'accept', objects: [ippool({ gateway: '192.168.0.1', pools: [{ subnet: '192.168.0.0/24' }] })], source: create('should succeed with valid gateway IP') },
];
