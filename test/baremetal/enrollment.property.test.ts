// Property: whatever the props, enrollment either throws a ValidationError or yields objects
// that pass the CRD schemas and every upstream rule. Never a TypeError, never invalid output.
import * as fc from 'fast-check';
import { ALLOW_PLAINTEXT_CREDENTIALS_CONTEXT, BareMetalHostEnrollment, BmcCredentials, BootMode, HostRole, ValidationError } from '../../src';
import { errorLines, newChart, synth } from '../util';

const hex2 = fc.integer({ min: 0, max: 255 }).map(n => n.toString(16).padStart(2, '0'));
// Mostly-valid generators (weights) so both the error and the success paths are exercised.
const mostly = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>) => fc.oneof({ arbitrary: good, weight: 12 }, { arbitrary: bad, weight: 1 });
const mac = mostly(
  fc.oneof(
    fc.array(hex2, { minLength: 6, maxLength: 6 }).map(a => a.join(':')),
    fc.array(hex2, { minLength: 6, maxLength: 6 }).map(a => a.join('-').toUpperCase()),
  ),
  fc.string(),
);
const ip4 = fc.ipV4();
const scheme = mostly(fc.constantFrom('ipmi', 'redfish', 'redfish+http', 'redfish-virtualmedia', 'idrac-virtualmedia+https', 'ilo5-virtualmedia'), fc.constantFrom('irmc', 'foo', '', 'libvirt'));
const bmcAddress = mostly(
  fc.oneof(
    fc.tuple(scheme, ip4, fc.option(fc.integer({ min: 1, max: 65535 })), fc.constantFrom('', '/redfish/v1/Systems/1')).map(([s, h, p, path]) => `${s ? `${s}://` : ''}${h}${p !== null ? `:${p}` : ''}${path}`),
    fc.tuple(scheme, fc.ipV6()).map(([s, h]) => (s ? `${s}://[${h}]` : `[${h}]`)),
    fc.domain().map(d => `redfish-virtualmedia://${d}/redfish/v1/Systems/1`),
  ),
  fc.oneof(fc.string(), fc.tuple(ip4, fc.integer({ min: 65536, max: 99999 })).map(([h, p]) => `${h}:${p}`)),
);
const name = mostly(fc.stringMatching(/^[a-z][a-z0-9-]{0,20}[a-z0-9]$/), fc.string({ maxLength: 70 }));
const labelValue = mostly(fc.stringMatching(/^[a-z0-9]{1,10}$/), fc.string({ maxLength: 70 }));
const envVar = mostly(fc.stringMatching(/^[A-Z_][A-Z0-9_]{0,8}$/), fc.string({ maxLength: 8 }));
const credentials = fc.oneof(
  fc.constant(undefined),
  fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]$/).map(n => BmcCredentials.fromExistingSecret(n)),
  fc.tuple(envVar, envVar).map(([u, p]) => BmcCredentials.fromEnv(u, p)),
  fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([u, p]) => BmcCredentials.plaintext(u, p)),
);
const network = fc.option(fc.record({
  ipv4: fc.option(fc.record({
    address: fc.tuple(ip4, mostly(fc.integer({ min: 0, max: 32 }), fc.integer({ min: 33, max: 40 }))).map(([a, p]) => `${a}/${p}`),
    gateway: fc.option(ip4, { nil: undefined }),
  }, { requiredKeys: ['address'] }), { nil: undefined }),
  nameservers: fc.option(fc.array(mostly(ip4, fc.string({ maxLength: 5 })), { maxLength: 2 }), { nil: undefined }),
  vlanId: fc.option(mostly(fc.integer({ min: 1, max: 4094 }), fc.integer({ min: -1, max: 5000 })), { nil: undefined }),
}, { requiredKeys: [] }), { nil: undefined, freq: 3 });

const host = fc.record({
  name,
  bmcAddress,
  bootMacAddress: mac,
  credentials,
  role: fc.option(fc.constantFrom(HostRole.CONTROL_PLANE, HostRole.WORKER), { nil: undefined }),
  bootMode: fc.option(fc.constantFrom(BootMode.UEFI, BootMode.UEFI_SECURE_BOOT, BootMode.LEGACY), { nil: undefined }),
  labels: fc.option(fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), labelValue, { maxKeys: 2 }), { nil: undefined }),
  network,
  rootDeviceHints: fc.option(fc.record({
    deviceName: mostly(fc.constantFrom('/dev/sda', '/dev/nvme0n1', '/dev/disk/by-path/pci-0'), fc.constantFrom('sda', '/dev/disk/by-id/x')),
    minSizeGigabytes: mostly(fc.integer({ min: 0, max: 500 }), fc.integer({ min: -2, max: -1 })),
  }, { requiredKeys: [] }), { nil: undefined }),
}, { requiredKeys: ['name', 'bmcAddress', 'bootMacAddress'] });

test('random hosts: ValidationError or schema- and rule-valid objects', () => {
  let valid = 0;
  fc.assert(fc.property(fc.array(host, { minLength: 1, maxLength: 3 }), fc.boolean(), (hosts, optIn) => {
    const chart = newChart(optIn ? { [ALLOW_PLAINTEXT_CREDENTIALS_CONTEXT]: true } : {});
    try {
      new BareMetalHostEnrollment(chart, 'hosts', { hosts: hosts as any });
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      expect(e.message).toMatch(/^test\/hosts\/.*: /s);
      expect(e.findings.length).toBeGreaterThan(0);
      return;
    }
    valid++;
    expect(errorLines(synth(chart))).toEqual([]);
  }), { numRuns: 400, seed: 42 });
  // The generators must actually reach the success path, or the property proves nothing.
  expect(valid).toBeGreaterThan(20);
});
