// Property: any props give either a ValidationError or objects (and embedded manifests) that
// pass the CRD schemas, upstream rules and cross-object checks.
import * as fc from 'fast-check';
import { Cni, MultinodeRke2Cluster, SingleNodeRke2Cluster, ValidationError } from '../../src';
import { errorLines, newChart, synth } from '../util';

const mostly = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>) => fc.oneof({ arbitrary: good, weight: 10 }, { arbitrary: bad, weight: 1 });
// VIPs on a node network (192.168.64.0/18 and up), CIDRs elsewhere, so overlaps are the exception.
const v4 = mostly(fc.tuple(fc.integer({ min: 64, max: 255 }), fc.integer({ min: 1, max: 254 })).map(([c, d]) => `192.168.${c}.${d}`), fc.string({ maxLength: 6 }));
const v6 = mostly(fc.ipV6().filter(a => !/^(fd00|::|0:)/.test(a)), fc.string({ maxLength: 6 }));
const vip = fc.oneof(
  fc.record({ ipv4: v4 }),
  fc.record({ ipv6: v6 }),
  fc.record({ ipv4: v4, ipv6: v6 }),
);
const version = mostly(fc.tuple(fc.integer({ min: 28, max: 36 }), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 3 })).map(([m, p, r]) => `v1.${m}.${p}+rke2r${r}`), fc.string({ maxLength: 10 }));
const name = mostly(fc.stringMatching(/^[a-z][a-z0-9-]{0,30}[a-z0-9]$/), fc.string({ maxLength: 50 }));
const image = fc.record({ url: mostly(fc.webUrl(), fc.string({ maxLength: 10 })) });
const cidr4 = fc.tuple(fc.integer({ min: 10, max: 100 }), fc.integer({ min: 8, max: 24 })).map(([a, p]) => `${a}.0.0.0/${p}`);
const oneCidr = fc.array(cidr4, { minLength: 1, maxLength: 1 });
const network = fc.option(fc.record({ podCidrs: oneCidr, serviceCidrs: oneCidr }, { requiredKeys: [] }), { nil: undefined, freq: 2 });
const workers = fc.option(fc.record({
  replicas: mostly(fc.integer({ min: 0, max: 5 }), fc.integer({ min: -2, max: -1 })),
  image,
  maxSurge: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
  maxUnavailable: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
}, { requiredKeys: ['replicas', 'image'] }), { nil: undefined });

const props = fc.record({
  clusterName: name,
  version,
  apiVip: vip,
  ingressVip: fc.option(vip, { nil: undefined, freq: 4 }),
  network,
  cni: fc.option(fc.constantFrom(Cni.CILIUM, Cni.CALICO, Cni.CANAL, Cni.NONE), { nil: undefined }),
  multus: fc.option(fc.boolean(), { nil: undefined }),
  rancherAutoImport: fc.option(fc.boolean(), { nil: undefined }),
  controlPlane: fc.record({
    image,
    replicas: fc.option(mostly(fc.constantFrom(1, 3, 5), fc.integer({ min: -1, max: 6 })), { nil: undefined }),
    maxSurge: fc.option(fc.constantFrom(0, 1, 2), { nil: undefined }),
  }, { requiredKeys: ['image'] }),
  workers,
}, { requiredKeys: ['clusterName', 'version', 'apiVip', 'controlPlane'] });

test('random multinode props: ValidationError or fully valid output', () => {
  let ok = 0;
  fc.assert(fc.property(props, p => {
    const chart = newChart();
    try {
      new MultinodeRke2Cluster(chart, 'c', p as any);
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      expect(e.message).toMatch(/^test\/c(\/\S+)?: /);
      return;
    }
    ok++;
    expect(errorLines(synth(chart))).toEqual([]);
  }), { numRuns: 120, seed: 7 });
  expect(ok).toBeGreaterThan(15);
});

test('random single-node props: ValidationError or fully valid output', () => {
  let ok = 0;
  fc.assert(fc.property(name, version, mostly(v4, fc.domain()), image, (clusterName, v, endpoint, img) => {
    const chart = newChart();
    try {
      new SingleNodeRke2Cluster(chart, 'c', { clusterName, version: v, endpoint, controlPlane: { image: img } });
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      return;
    }
    ok++;
    expect(errorLines(synth(chart))).toEqual([]);
  }), { numRuns: 100, seed: 11 });
  expect(ok).toBeGreaterThan(20);
});
