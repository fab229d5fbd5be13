import { parse } from 'yaml';
import {
  ALLOW_PLAINTEXT_CREDENTIALS_CONTEXT, Architecture, BareMetalHostEnrollment, BareMetalHostProps, BmcCredentials,
  BmcCredentialsStrategy, BootMode, HostRole, ValidationError,
} from '../../src';
import { expectValid, find, newChart, synth } from '../util';

const node = (n: number, extra: Partial<BareMetalHostProps> = {}): BareMetalHostProps => ({
  name: `node${n}`,
  bmcAddress: `redfish-virtualmedia://192.168.200.${74 + n}/redfish/v1/Systems/1`,
  bootMacAddress: `0c:c4:7a:6b:00:0${n}`,
  ...extra,
});

function errorOf(fn: () => unknown): ValidationError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ValidationError) return e;
    throw new Error(`expected a ValidationError, got ${e}`);
  }
  throw new Error('expected a ValidationError, nothing was thrown');
}

describe('BareMetalHostEnrollment', () => {
  test('renders the reference chapter\'s Secret + BareMetalHost, with placeholders in stringData', () => {
    const chart = newChart();
    new BareMetalHostEnrollment(chart, 'hosts', {
      disableCertificateVerification: true,
      hosts: [node(1, { role: HostRole.CONTROL_PLANE, credentials: BmcCredentials.fromEnv('BMC_NODE1_USERNAME', 'BMC_NODE1_PASSWORD') })],
    });
    const objects = synth(chart);
    expectValid(objects);
    expect(objects.map(o => `${o.kind}/${o.metadata!.name}`)).toEqual(['Secret/node1-credentials', 'BareMetalHost/node1']);
    const secret = find(objects, 'Secret');
    expect(secret.stringData).toEqual({ username: '${BMC_NODE1_USERNAME}', password: '${BMC_NODE1_PASSWORD}' });
    expect(secret.data).toBeUndefined();
    expect(secret.type).toBe('Opaque');
    const bmh = find(objects, 'BareMetalHost');
    expect(bmh.metadata!.labels).toEqual({ 'cluster-role': 'control-plane' });
    expect(bmh.metadata!.namespace).toBe('default');
    expect(bmh.spec).toEqual({
      architecture: 'x86_64',
      online: true,
      bootMACAddress: '0c:c4:7a:6b:00:01',
      bmc: { address: 'redfish-virtualmedia://192.168.200.75/redfish/v1/Systems/1', credentialsName: 'node1-credentials', disableCertificateVerification: true },
    });
    expect(objects).toMatchSnapshot();
  });

  test('defaults credentials to env placeholders derived from the host name', () => {
    const chart = newChart();
    const e = new BareMetalHostEnrollment(chart, 'hosts', { hosts: [node(1, { name: 'edge-node.1' })] });
    expect(e.hosts[0].credentialsStrategy).toBe(BmcCredentialsStrategy.ENV_PLACEHOLDERS);
    expect(find(synth(chart), 'Secret').stringData).toEqual({ username: '${BMC_EDGE_NODE_1_USERNAME}', password: '${BMC_EDGE_NODE_1_PASSWORD}' });
  });

  test('fromExistingSecret emits no Secret and references the given name', () => {
    const chart = newChart();
    new BareMetalHostEnrollment(chart, 'hosts', { credentials: BmcCredentials.fromExistingSecret('shared-bmc'), hosts: [node(1), node(2)] });
    const objects = synth(chart);
    expectValid(objects);
    expect(objects.map(o => o.kind)).toEqual(['BareMetalHost', 'BareMetalHost']);
    expect(objects.map(o => o.spec.bmc.credentialsName)).toEqual(['shared-bmc', 'shared-bmc']);
  });

  test('plaintext credentials are refused without the app opt-in', () => {
    const chart = newChart();
    const err = errorOf(() => new BareMetalHostEnrollment(chart, 'hosts', { hosts: [node(1, { credentials: BmcCredentials.plaintext('admin', 's3cr3t') })] }));
    expect(err.where).toBe('test/hosts/node1');
    expect(err.message).toContain('credentials: plaintext BMC credentials would be written');
    expect(err.message).toContain(ALLOW_PLAINTEXT_CREDENTIALS_CONTEXT);
  });

  test('plaintext credentials with the opt-in are base64-encoded in data', () => {
    const chart = newChart({ [ALLOW_PLAINTEXT_CREDENTIALS_CONTEXT]: true });
    new BareMetalHostEnrollment(chart, 'hosts', { hosts: [node(1, { credentials: BmcCredentials.plaintext('admin', 'pä$$:word') })] });
    const objects = synth(chart);
    expectValid(objects);
    const s = find(objects, 'Secret');
    expect(s.stringData).toBeUndefined();
    expect(Buffer.from(s.data.username, 'base64').toString('utf8')).toBe('admin');
    expect(Buffer.from(s.data.password, 'base64').toString('utf8')).toBe('pä$$:word');
  });

  test('empty plaintext values are rejected like BMO would', () => {
    const chart = newChart({ [ALLOW_PLAINTEXT_CREDENTIALS_CONTEXT]: true });
    expect(() => new BareMetalHostEnrollment(chart, 'hosts', { hosts: [node(1, { credentials: BmcCredentials.plaintext('', 'x') })] }))
      .toThrow(/username is empty/);
  });

  test('fails on invalid environment variable names', () => {
    expect(() => new BareMetalHostEnrollment(newChart(), 'hosts', { hosts: [node(1, { credentials: BmcCredentials.fromEnv('1USER', 'PASS') })] }))
      .toThrow(/environment variable name "1USER" is invalid/);
  });

  test('static networking adds an nmstate Secret and preprovisioningNetworkDataName', () => {
    const chart = newChart();
    new BareMetalHostEnrollment(chart, 'hosts', {
      hosts: [node(1, {
        network: {
          interfaceName: 'eth0',
          ipv4: { address: '192.168.125.200/24', gateway: '192.168.125.1' },
          ipv6: { address: 'fd00:dead:beef::200/64', gateway: 'fd00:dead:beef::1' },
          nameservers: ['192.168.125.1'],
        },
      })],
    });
    const objects = synth(chart);
    expectValid(objects);
    expect(find(objects, 'BareMetalHost').spec.preprovisioningNetworkDataName).toBe('node1-networkdata');
    const nmstate = parse(find(objects, 'Secret', 'node1-networkdata').stringData.nmstate);
    expect(nmstate.interfaces).toEqual([{
      'name': 'eth0',
      'type': 'ethernet',
      'state': 'up',
      'mac-address': '0c:c4:7a:6b:00:01',
      'ipv4': { enabled: true, dhcp: false, address: [{ 'ip': '192.168.125.200', 'prefix-length': 24 }] },
      'ipv6': { enabled: true, dhcp: false, autoconf: false, address: [{ 'ip': 'fd00:dead:beef::200', 'prefix-length': 64 }] },
    }]);
    expect(nmstate['dns-resolver']).toEqual({ config: { server: ['192.168.125.1'] } });
    expect(nmstate.routes.config).toEqual([
      { 'destination': '0.0.0.0/0', 'next-hop-address': '192.168.125.1', 'next-hop-interface': 'eth0', 'table-id': 254 },
      { 'destination': '::/0', 'next-hop-address': 'fd00:dead:beef::1', 'next-hop-interface': 'eth0', 'table-id': 254 },
    ]);
  });

  test('a VLAN puts the address on a vlan interface over the boot NIC', () => {
    const chart = newChart();
    new BareMetalHostEnrollment(chart, 'hosts', { hosts: [node(1, { network: { vlanId: 100, ipv4: { address: '10.0.100.5/24', gateway: '10.0.100.1' } } })] });
    const nmstate = parse(find(synth(chart), 'Secret', 'node1-networkdata').stringData.nmstate);
    expect(nmstate.interfaces.map((i: any) => [i.name, i.type])).toEqual([['eth0', 'ethernet'], ['eth0.100', 'vlan']]);
    expect(nmstate.interfaces[1].vlan).toEqual({ 'base-iface': 'eth0', 'id': 100 });
  });

  test.each([
    [{ ipv4: { address: '192.168.125.200' } }, /network.ipv4.*not an address with a prefix length/],
    [{ ipv4: { address: 'fd00::1/64' } }, /ipv6 address, expected ipv4/],
    [{ ipv4: { address: '10.0.0.5/24', gateway: '10.0.1.1' } }, /gateway 10.0.1.1 is outside 10.0.0.5\/24/],
    [{ nameservers: ['dns.example'] }, /nameservers\[0\].*not an IP address/],
    [{ vlanId: 4095 }, /VLAN id 4095 is out of range/],
    [{ interfaceName: 'this-name-is-too-long' }, /not a Linux interface name/],
  ])('fails on bad static network %j', (network, message) => {
    expect(() => new BareMetalHostEnrollment(newChart(), 'hosts', { hosts: [node(1, { network: network as any })] })).toThrow(message);
  });

  test('errors name the host, the prop and the upstream reason', () => {
    const err = errorOf(() => new BareMetalHostEnrollment(newChart(), 'hosts', { hosts: [node(1, { bmcAddress: 'ilo5://10.0.0.1' })] }));
    expect(err.where).toBe('test/hosts/node1');
    expect(err.message).toBe("test/hosts/node1: bmcAddress (spec.bmc.address): Unknown BMC type 'ilo5' for address ilo5://10.0.0.1 (the ilo5 driver was removed in baremetal-operator v0.12.0; use a Redfish scheme such as redfish-virtualmedia:// or idrac-virtualmedia://)");
  });

  test.each([
    [{ name: 'Node1' }, /name \(metadata.name\): Invalid value: "Node1"/],
    [{ name: '3f1c2b3a-1111-4222-8333-944455556666' }, /cannot be a UUID/],
    [{ bootMacAddress: '0c:c4:7a:6b:00' }, /bootMacAddress: address 0c:c4:7a:6b:00: invalid MAC address/],
    [{ bootMacAddress: '' }, /bootMacAddress: Required value/],
    [{ bmcAddress: '' }, /bmcAddress: Required value/],
    [{ bmcAddress: '[fe80::1]' }, /failed to parse BMC address information/],
    [{ bootMode: BootMode.UEFI_SECURE_BOOT, bmcAddress: 'ipmi://10.0.0.1' }, /bootMode \(spec.bootMode\): BMC driver ipmi does not support secure boot/],
    [{ rootDeviceHints: { deviceName: '/dev/disk/by-id/x' } }, /rootDeviceHints \(spec.rootDeviceHints.deviceName\): .*by-path/],
    [{ rootDeviceHints: { minSizeGigabytes: -1 } }, /minSizeGigabytes: -1 is not a whole number/],
    [{ image: { url: 'http://x/y.raw' } }, /image.checksum \(spec.image.checksum\): checksum is required/],
    [{ labels: { 'bad key!': 'x' } }, /labels\[bad key!\]: invalid label key/],
    [{ labels: { site: 'not ok' } }, /labels\[site\]: invalid label value "not ok"/],
    [{ role: 'etcd' as any }, /role: must be one of "control-plane", "worker" \(got string "etcd"\)/],
    [{ architecture: 'ppc64le' as any }, /architecture: must be one of "x86_64", "aarch64"/],
  ])('fails on %j', (extra, message) => {
    expect(() => new BareMetalHostEnrollment(newChart(), 'hosts', { hosts: [node(1, extra as any)] })).toThrow(message);
  });

  test('fails on a host without a name', () => {
    expect(() => new BareMetalHostEnrollment(newChart(), 'hosts', { hosts: [{ bmcAddress: '10.0.0.1', bootMacAddress: '0c:c4:7a:6b:00:01' } as any] }))
      .toThrow(/test\/hosts\/<unnamed>: name: every host needs a name/);
  });

  test('fails on duplicate host names and MACs', () => {
    expect(() => new BareMetalHostEnrollment(newChart(), 'hosts', { hosts: [node(1), node(1)] })).toThrow(/host node1 is enrolled twice/);
    expect(() => new BareMetalHostEnrollment(newChart(), 'hosts', { hosts: [node(1), node(2, { bootMacAddress: '0C:C4:7A:6B:00:01' })] }))
      .toThrow(/MAC 0C:C4:7A:6B:00:01 is already used by host node1/);
  });

  test('fails on an invalid role label key', () => {
    expect(() => new BareMetalHostEnrollment(newChart(), 'hosts', { roleLabelKey: '/role' })).toThrow(/roleLabelKey/);
  });

  test('group defaults apply unless a host overrides them; addHost after construction counts', () => {
    const chart = newChart();
    const e = new BareMetalHostEnrollment(chart, 'hosts', {
      namespace: 'edge-site-1',
      architecture: Architecture.AARCH64,
      bootMode: BootMode.UEFI,
      roleLabelKey: 'example.com/role',
      labels: { site: 'site-1' },
      hosts: [node(1, { role: HostRole.CONTROL_PLANE })],
    });
    e.addHost(node(2, { role: HostRole.WORKER, architecture: Architecture.X86_64, online: false, rootDeviceHints: { deviceName: '/dev/nvme0n1' } }));
    const objects = synth(chart);
    expectValid(objects);
    const [h1, h2] = objects.filter(o => o.kind === 'BareMetalHost');
    expect(h1.metadata!.namespace).toBe('edge-site-1');
    expect(h1.metadata!.labels).toEqual({ 'site': 'site-1', 'example.com/role': 'control-plane' });
    expect(h1.spec.architecture).toBe('aarch64');
    expect(h1.spec.bootMode).toBe('UEFI');
    expect(h2.spec.architecture).toBe('x86_64');
    expect(h2.spec.online).toBe(false);
    expect(h2.spec.rootDeviceHints).toEqual({ deviceName: '/dev/nvme0n1' });
    expect(e.hostsMatching({ 'example.com/role': 'worker' }).map(h => h.name)).toEqual(['node2']);
    expect(find(objects, 'Secret', 'node2-credentials').metadata!.namespace).toBe('edge-site-1');
  });

  test('MACs written with other separators are normalized to the form the CRD accepts', () => {
    const chart = newChart();
    new BareMetalHostEnrollment(chart, 'hosts', { hosts: [node(1, { bootMacAddress: '0C-C4-7A-6B-00-01' })] });
    expect(find(synth(chart), 'BareMetalHost').spec.bootMACAddress).toBe('0c:c4:7a:6b:00:01');
  });

  test('output is deterministic', () => {
    const make = () => {
      const chart = newChart();
      new BareMetalHostEnrollment(chart, 'hosts', { hosts: [node(1, { network: { ipv4: { address: '10.0.0.5/24', gateway: '10.0.0.1' } } }), node(2)] });
      return JSON.stringify(synth(chart));
    };
    expect(make()).toBe(make());
  });
});
