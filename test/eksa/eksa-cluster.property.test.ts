// Properties: whatever the props, EksaCluster either throws a ValidationError or yields objects
// that pass the CRD schemas, the validate pipeline and every preflight; the preflights and the
// hardware.csv parser never crash on arbitrary input.
import { Testing } from 'cdk8s';
import * as fc from 'fast-check';
import { BmcCredentials } from '../../src/baremetal/bmc-credentials';
import { HostRole } from '../../src/baremetal/host';
import { ValidationError } from '../../src/core/errors';
import { KubeObject } from '../../src/core/kube-object';
import { CiliumPolicyEnforcementMode, CiliumRoutingMode, EksaCni } from '../../src/eksa/cni';
import { EksaCluster, EksaClusterProps } from '../../src/eksa/eksa-cluster';
import { EksaEtcd } from '../../src/eksa/etcd';
import { hardwareFromHosts } from '../../src/eksa/hardware-from-hosts';
import { TaintEffect } from '../../src/eksa/node-groups';
import { EksaProvider } from '../../src/eksa/providers/provider';
import { TinkerbellOsFamily } from '../../src/eksa/providers/tinkerbell';
import { VSphereOsFamily } from '../../src/eksa/providers/vsphere';
import { UpgradeRolloutStrategy } from '../../src/eksa/rollout-strategy';
import { parseHardwareCsv, renderHardwareCsv } from '../../src/validate/eksa/hardware-csv';
import { preflightErrors, runPreflights } from '../../src/validate/eksa/preflights';
import { EksaRelease, supportedKubernetesVersions } from '../../src/validate/eksa/releases';
import { errorLines } from '../util';
import { docker, tinkerbell, vsphere } from '../validate/eksa/fixtures';

const mostly = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>) => fc.oneof({ arbitrary: good, weight: 20 }, { arbitrary: bad, weight: 1 });
const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
/** undefined three times out of four: optional features stay the exception. */
const sometimes = <T>(a: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: a, weight: 1 });
const ip = fc.ipV4();
const labelKey = mostly(fc.stringMatching(/^[a-z][a-z0-9.-]{0,8}[a-z0-9]$/), fc.string({ maxLength: 6 }));
const labels = opt(fc.dictionary(labelKey, mostly(fc.stringMatching(/^[a-z0-9]{0,6}$/), fc.string({ maxLength: 6 })), { maxKeys: 2 }));
const taints = opt(fc.array(fc.record({ key: labelKey, effect: fc.constantFrom(...Object.values(TaintEffect)), value: opt(fc.stringMatching(/^[a-z0-9]{1,4}$/)) }, { requiredKeys: ['key', 'effect'] }), { maxLength: 2 }));
const count = mostly(fc.constantFrom(1, 3, 5), fc.oneof(fc.integer({ min: -3, max: -1 }), fc.double({ min: 0.1, max: 3, noNaN: true })));
const kube = mostly(fc.constantFrom('1.30', '1.33', '1.35', '1.36'), fc.constantFrom('1.29', '1.37', '1.36.1', 'latest', ''));
const rollout = sometimes(mostly(
  fc.record({ maxSurge: fc.integer({ min: 0, max: 2 }), maxUnavailable: fc.integer({ min: 0, max: 2 }) })
    .map(o => UpgradeRolloutStrategy.rollingUpdate(o)),
  fc.oneof(fc.constant(UpgradeRolloutStrategy.inPlace()), fc.constant(UpgradeRolloutStrategy.rollingUpdate({ maxSurge: -1, maxUnavailable: 0 }))),
));
const groupName = mostly(fc.stringMatching(/^[a-z][a-z0-9-]{0,6}[a-z0-9]$/), fc.string({ maxLength: 8 }));
// Autoscaling bounds are drawn around the count, with an occasional inconsistent pair.
const sized = mostly(fc.integer({ min: 0, max: 4 }), fc.integer({ min: -2, max: -1 })).chain(c => fc.record({
  count: fc.constant(c),
  autoscaling: sometimes(mostly(
    fc.record({ minCount: fc.integer({ min: 0, max: Math.max(0, c) }), maxCount: fc.integer({ min: Math.max(0, c), max: 6 }) }),
    fc.record({ minCount: fc.integer({ min: -1, max: 6 }), maxCount: fc.integer({ min: 0, max: 6 }) }),
  )),
}));
const workerGroups = opt(fc.array(fc.tuple(sized, fc.record({
  name: groupName,
  labels,
  taints,
  kubernetesVersion: sometimes(kube),
  upgradeRolloutStrategy: rollout,
}, { requiredKeys: ['name'] })).map(([size, g]) => ({ ...g, ...size })), { minLength: 1, maxLength: 3 }));
const cidr = mostly(fc.tuple(ip, fc.integer({ min: 8, max: 22 })).map(([a, p]) => `${a}/${p}`), fc.oneof(fc.string({ maxLength: 10 }), fc.tuple(ip, fc.integer({ min: 23, max: 40 })).map(([a, p]) => `${a}/${p}`)));
const cni = sometimes(fc.oneof(
  fc.record({
    policyEnforcementMode: opt(fc.constantFrom(...Object.values(CiliumPolicyEnforcementMode))),
    routingMode: opt(fc.constantFrom(...Object.values(CiliumRoutingMode))),
    ipv4NativeRoutingCidr: opt(cidr),
    skipUpgrade: opt(fc.boolean()),
  }).map(o => EksaCni.cilium(o)),
  fc.constant(EksaCni.kindnetd()),
));
// The release and the version are drawn together so most specs target a supported version.
const release = fc.option(fc.constantFrom(...Object.values(EksaRelease)), { nil: undefined, freq: 2 });
const releaseAndVersion = release.chain(r => fc.record({
  eksaRelease: fc.constant(r),
  kubernetesVersion: fc.option(mostly(fc.constantFrom(...supportedKubernetesVersions(r ?? EksaRelease.V0_26)), kube), { nil: undefined, freq: 2 }),
}));
const common = fc.record({
  namespace: opt(mostly(fc.constantFrom('default', 'eksa-clusters'), fc.constantFrom('Bad_NS', ''))),
  managementClusterName: opt(fc.constantFrom('mgmt', 'self')),
  controlPlane: fc.record({ count: opt(count), endpoint: mostly(fc.constant('10.0.0.100'), fc.constantFrom('', 'api.example.com')), labels, taints, certSans: opt(fc.array(mostly(fc.domain(), fc.string({ maxLength: 5 })), { maxLength: 2 })) }),
  workerNodeGroups: workerGroups,
  clusterNetwork: opt(fc.record({
    podCidr: opt(cidr),
    serviceCidr: opt(cidr),
    cni,
    nodeCidrMaskSize: opt(mostly(fc.constant(24), fc.integer({ min: 16, max: 30 }))),
  })),
  proxy: sometimes(fc.record({ httpProxy: mostly(fc.tuple(ip, fc.integer({ min: 1, max: 65535 })).map(([h, p]) => `${h}:${p}`), fc.string({ maxLength: 8 })), httpsProxy: fc.constant('proxy.example.com:3128') })),
  etcd: sometimes(fc.oneof(
    fc.constant(EksaEtcd.stacked()),
    fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }).map(n => EksaEtcd.external(n)),
  )),
}, { requiredKeys: [] });

const hosts = fc.array(fc.record({ role: fc.constantFrom(HostRole.CONTROL_PLANE, HostRole.WORKER), disk: mostly(fc.constantFrom('/dev/sda', '/dev/nvme0n1'), fc.constantFrom('sda', '/dev/disk/by-id/x')) }), { maxLength: 6 })
  .map(list => list.map((h, i) => ({
    name: `node${i + 1}`,
    role: h.role,
    bmcAddress: `redfish://10.1.0.${i + 1}/redfish/v1/Systems/1`,
    bootMacAddress: `0c:c4:7a:00:00:${(i + 1).toString(16).padStart(2, '0')}`,
    credentials: BmcCredentials.fromEnv(`U${i}`, `P${i}`),
    rootDeviceHints: { deviceName: h.disk },
    network: { ipv4: { address: `10.0.0.${i + 20}/24`, gateway: '10.0.0.1' }, nameservers: ['10.0.0.2'] },
  })));

const provider = fc.oneof(
  fc.constant(EksaProvider.docker()),
  fc.record({ os: fc.constantFrom(...Object.values(VSphereOsFamily)), ds: mostly(fc.constant('ds1'), fc.constant('')), user: mostly(fc.constant('ec2-user'), fc.constant('capv')) })
    .map(o => EksaProvider.vsphere({ server: 'vc.example.com', datacenter: 'dc1', network: 'nodes', machine: { datastore: o.ds, resourcePool: 'rp', osFamily: o.os, users: [{ name: o.user }] } })),
  fc.record({ ip: mostly(ip, fc.constantFrom('', 'tink')), os: fc.constantFrom(...Object.values(TinkerbellOsFamily)), hosts: opt(hosts) })
    .map(o => EksaProvider.tinkerbell({ tinkerbellIp: o.ip, osFamily: o.os, hosts: o.hosts })),
);

test('random props: a ValidationError, or objects valid for the CRDs, the validate pipeline and every preflight', () => {
  let built = 0;
  fc.assert(fc.property(provider, common, releaseAndVersion, (p, props, rv) => {
    let objects: KubeObject[];
    let cluster: EksaCluster;
    try {
      cluster = new EksaCluster(Testing.app(), 'prop', { ...(props as Partial<EksaClusterProps>), ...rv, provider: p });
      objects = cluster.toJson() as KubeObject[];
    } catch (e) {
      if (e instanceof ValidationError) return;
      throw e;
    }
    built++;
    expect(errorLines(objects)).toEqual([]);
    expect(preflightErrors(runPreflights(objects, { hardware: cluster.hardware, eksaRelease: cluster.eksaRelease }))).toEqual([]);
    if (cluster.hardwareCsv) expect(parseHardwareCsv(cluster.hardwareCsv).findings).toEqual([]);
  }), { numRuns: 400, seed: 42 });
  // Both paths must be exercised, or the property says nothing.
  expect(built).toBeGreaterThan(100);
});

test('random edits of hand-written specs never crash the preflights or the pipeline', () => {
  const paths = ['spec', 'spec.controlPlaneConfiguration', 'spec.controlPlaneConfiguration.count', 'spec.workerNodeGroupConfigurations', 'spec.workerNodeGroupConfigurations.0',
    'spec.clusterNetwork', 'spec.clusterNetwork.pods.cidrBlocks', 'spec.clusterNetwork.cniConfig', 'spec.datacenterRef', 'spec.kubernetesVersion', 'spec.externalEtcdConfiguration',
    'spec.proxyConfiguration', 'spec.identityProviderRefs', 'spec.gitOpsRef', 'metadata', 'metadata.name', 'spec.hardwareSelector', 'spec.users', 'spec.tinkerbellIP', 'spec.failureDomains'];
  const scalar = fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.constant(null));
  const anything = fc.oneof(fc.constant(null), fc.integer(), fc.string({ maxLength: 5 }), fc.boolean(), fc.array(scalar, { maxLength: 2 }),
    fc.dictionary(fc.constantFrom('kind', 'name', 'count', 'host', 'cilium'), scalar, { maxKeys: 2 }));
  const edit = fc.tuple(fc.nat(6), fc.constantFrom(...paths), anything);
  fc.assert(fc.property(fc.constantFrom(vsphere, tinkerbell, docker), fc.array(edit, { maxLength: 4 }), (make, edits) => {
    const objects = make() as any[];
    for (const [i, path, value] of edits) {
      const target = objects[i % objects.length];
      const keys = path.split('.');
      let cur = target;
      for (const k of keys.slice(0, -1)) {
        if (cur === null || typeof cur !== 'object') break;
        cur = cur[k];
      }
      if (cur !== null && typeof cur === 'object') cur[keys[keys.length - 1]] = value;
    }
    const results = runPreflights(objects, { mode: 'upgrade', old: make() });
    expect(Array.isArray(results)).toBe(true);
    expect(() => errorLines(objects)).not.toThrow();
  }), { numRuns: 300, seed: 7 });
});

test('hardware rows round-trip through hardware.csv; arbitrary text never crashes the parser', () => {
  fc.assert(fc.property(hosts, list => {
    const { machines, problems } = hardwareFromHosts(list);
    if (problems.length) return;
    const parsed = parseHardwareCsv(renderHardwareCsv(machines));
    expect(parsed.findings).toEqual([]);
    expect(parsed.machines.map(({ source, ...m }) => m)).toEqual(machines);
  }), { numRuns: 100, seed: 3 });
  fc.assert(fc.property(fc.string({ maxLength: 200 }), text => {
    const r = parseHardwareCsv(`hostname,mac,ip_address,netmask,gateway,nameservers,labels,disk\n${text}`);
    for (const f of r.findings) expect(f.line).toBeGreaterThanOrEqual(1);
  }), { numRuns: 300, seed: 5 });
});
