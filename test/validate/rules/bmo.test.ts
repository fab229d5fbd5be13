import { KubeObject } from '../../../src/core/kube-object';
import { EmbeddedTexts } from '../../../src/validate/embedded-texts';
import { bareMetalHostRules } from '../../../src/validate/rules/bmo';
import { validateObject } from '../../../src/validate/validate';

function bmh(spec: Record<string, any> = {}, metadata: Record<string, any> = {}): KubeObject {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { name: 'node1', namespace: 'default', ...metadata },
    spec: {
      online: true,
      bootMACAddress: '0c:c4:7a:6b:00:01',
      bmc: { address: 'redfish-virtualmedia://192.168.200.75/redfish/v1/Systems/1', credentialsName: 'node1-credentials' },
      ...spec,
    },
  };
}

function creds(stringData: Record<string, string>): KubeObject {
  return { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'node1-credentials', namespace: 'default' }, stringData };
}

function rules(obj: KubeObject, objects: KubeObject[] = [obj]) {
  return bareMetalHostRules(obj, { objects, texts: new EmbeddedTexts() }).map(f => `${f.rule} ${f.field}: ${f.message}${f.hint ? ` (${f.hint})` : ''}`);
}

describe('BareMetalHost rules', () => {
  test('a host like the reference chapter\'s passes schema and every rule', () => {
    const host = bmh({ architecture: 'x86_64' }, { labels: { 'cluster-role': 'control-plane' } });
    expect(validateObject(host, [host, creds({ username: 'u', password: 'p' })])).toEqual([]);
  });

  test('fails on a name with characters BMO forbids', () => {
    expect(rules(bmh({}, { name: 'node+1' }))).toEqual([expect.stringMatching(/^bmo\/name metadata.name: .*\[A-Za-z0-9._-\]/)]);
    expect(rules(bmh({}, { name: 'node:1' }))).toHaveLength(1);
    // BMO allows '_' but the API server's DNS-1123 name rule does not: the metadata rule catches it
    expect(rules(bmh({}, { name: 'node_1' }))).toEqual([]);
    expect(validateObject(bmh({}, { name: 'node_1' })).map(f => f.rule)).toEqual(['meta/name']);
  });

  test('fails on a UUID name', () => {
    expect(rules(bmh({}, { name: '3f1c2b3a-1111-4222-8333-944455556666' }))).toEqual([expect.stringMatching(/cannot be a UUID/)]);
  });

  test('fails on an invalid BMC address', () => {
    expect(rules(bmh({ bmc: { address: 'irmc://10.0.0.1', credentialsName: 'c' } }))).toEqual([expect.stringMatching(/^bmo\/bmc-type spec.bmc.address: Unknown BMC type 'irmc'/)]);
    expect(rules(bmh({ bmc: { address: 'ipmi://bad_host', credentialsName: 'c' } }))).toEqual([expect.stringMatching(/^bmo\/bmc-address-host spec.bmc.address: failed to parse BMC address information: BMC address hostname\/IP : \[bad_host\] is invalid/)]);
    expect(rules(bmh({ bmc: { address: 'redfish://[fe80::1', credentialsName: 'c' } }))).toEqual([expect.stringMatching(/^bmo\/bmc-address spec.bmc.address: failed to parse BMC address information/)]);
  });

  test('half the BMC details: the controller refuses the host (neither is an unmanaged host)', () => {
    expect(rules(bmh({ bmc: { address: '', credentialsName: 'c' } }))).toEqual(["bmo/bmc-incomplete spec.bmc.address: Missing BMC connection detail 'Address' (the BMC URL, e.g. redfish-virtualmedia://192.168.200.75/redfish/v1/Systems/1)"]);
    expect(rules(bmh({ bmc: { address: 'ipmi://10.0.0.1', credentialsName: '' } }))).toEqual([expect.stringMatching(/^bmo\/bmc-incomplete spec.bmc.credentialsName: The BMC secret reference is empty/)]);
    expect(rules(bmh({ bootMACAddress: undefined, bmc: { address: '', credentialsName: '' } }))).toEqual([]);
  });

  test('fails without bootMACAddress for drivers that need one (redfish on BMO v0.13, libvirt)', () => {
    for (const address of ['redfish://10.0.0.1/redfish/v1/Systems/1', 'libvirt://10.0.0.1', 'redfish-uefihttp://10.0.0.1']) {
      expect(rules(bmh({ bootMACAddress: undefined, bmc: { address, credentialsName: 'c' } }))).toEqual([expect.stringMatching(/bmo\/boot-mac-required .*requires a BootMACAddress value/)]);
    }
  });

  test('virtual-media drivers do not need a MAC while inspection is enabled, but do once it is disabled', () => {
    const noMac = bmh({ bootMACAddress: undefined });
    expect(rules(noMac)).toEqual([]);
    expect(rules(bmh({ bootMACAddress: undefined, inspectionMode: 'disabled' }))).toEqual([expect.stringMatching(/redfish-virtualmedia requires a BootMACAddress/)]);
    expect(rules(bmh({ bootMACAddress: undefined }, { annotations: { 'inspect.metal3.io': 'disabled' } }))).toEqual([expect.stringMatching(/requires a BootMACAddress/)]);
  });

  test('fails on a MAC BMO or the CRD would reject', () => {
    expect(rules(bmh({ bootMACAddress: '00:00:00:00:00' }))).toEqual([expect.stringMatching(/bmo\/boot-mac-format .*invalid MAC address/)]);
    expect(rules(bmh({ bootMACAddress: '0c-c4-7a-6b-00-01' }))).toEqual([expect.stringMatching(/CRD pattern wants colon-separated octets \(write 0c:c4:7a:6b:00:01\)/)]);
  });

  test('EUI-64 and 20-octet MACs pass: net.ParseMAC takes them and the CRD pattern is unanchored', () => {
    const eui64 = bmh({ bootMACAddress: '00:11:22:33:44:55:66:77' });
    expect(validateObject(eui64, [eui64])).toEqual([]);
    const ib = bmh({ bootMACAddress: Array.from({ length: 20 }, (_, i) => (i + 16).toString(16)).join(':') });
    expect(validateObject(ib, [ib])).toEqual([]);
    expect(rules(bmh({ bootMACAddress: '00:11:22:33:44:55:66' }))).toEqual([expect.stringMatching(/bmo\/boot-mac-format .*invalid MAC address/)]);
  });

  test('fails on secure boot with a driver that lacks it', () => {
    expect(rules(bmh({ bootMode: 'UEFISecureBoot', bmc: { address: 'ipmi://10.0.0.1', credentialsName: 'c' } }))).toEqual([expect.stringMatching(/BMC driver ipmi does not support secure boot/)]);
    expect(rules(bmh({ bootMode: 'UEFISecureBoot' }))).toEqual([]);
  });

  test('RAID: hardware and software together, hardware RAID on IPMI, controller, disk count, software root volume', () => {
    expect(rules(bmh({ raid: { hardwareRAIDVolumes: [{ level: '1' }], softwareRAIDVolumes: [{ level: '1' }] } }))).toEqual([expect.stringMatching(/can not be set at the same time/)]);
    expect(rules(bmh({ raid: { hardwareRAIDVolumes: [{ level: '1' }] }, bmc: { address: '10.0.0.1', credentialsName: 'c' } }))).toEqual([expect.stringMatching(/^bmo\/raid-driver .*ipmi does not support configuring RAID/)]);
    expect(rules(bmh({ raid: { hardwareRAIDVolumes: [{ level: '1', physicalDisks: ['a', 'b'] }] } }))).toEqual([expect.stringMatching(/'physicalDisks' specified without 'controller' in hardware RAID volume 0/)]);
    expect(rules(bmh({ raid: { hardwareRAIDVolumes: [{ level: '1', controller: 'c', physicalDisks: ['a', 'b'], numberOfPhysicalDisks: 3 }] } }))).toEqual([expect.stringMatching(/'numberOfPhysicalDisks'\[3\] and number of 'physicalDisks'\[2\] is not same/)]);
    expect(rules(bmh({ raid: { hardwareRAIDVolumes: [{ level: '1', name: 'v' }, { level: '0', name: 'v' }] } }))).toEqual([expect.stringMatching(/^bmo\/raid-volume-names .*the names\(v\) of volume\[1\] and volume\[0\] are repeated/)]);
    expect(rules(bmh({ raid: { softwareRAIDVolumes: [{ level: '0' }] } }))).toEqual([expect.stringMatching(/^bmo\/software-raid .*must be RAID1/)]);
  });

  test('RAID with rootDeviceHints: a warning (baremetal-operator only logs that the first volume is not the root)', () => {
    const f = bareMetalHostRules(bmh({ raid: { softwareRAIDVolumes: [{ level: '1' }] }, rootDeviceHints: { deviceName: '/dev/sda' } }), { objects: [], texts: new EmbeddedTexts() });
    expect(f).toEqual([expect.objectContaining({ severity: 'warning', rule: 'bmo/raid-root-hints' })]);
  });

  test('root device hint device names', () => {
    expect(rules(bmh({ rootDeviceHints: { deviceName: '/dev/sda' } }))).toEqual([]);
    expect(rules(bmh({ rootDeviceHints: { deviceName: '/dev/disk/by-path/pci-0000:01:00.0-scsi-0:2:0:0' } }))).toEqual([]);
    expect(rules(bmh({ rootDeviceHints: { deviceName: 'sda' } }))).toEqual([expect.stringMatching(/device name of root device hint must be a \/dev\/ path, not "sda"/)]);
    expect(rules(bmh({ rootDeviceHints: { deviceName: '/dev/disk/by-id/wwn-0x5000' } }))).toEqual([expect.stringMatching(/must be path in \/dev\/ or \/dev\/disk\/by-path\//)]);
  });

  test('image: Go\'s url.ParseRequestURI (any scheme, file:///, absolute paths), checksum unless live-iso or oci://', () => {
    expect(rules(bmh({ image: { url: 'http://img/x.raw', checksum: 'http://img/x.raw.sha256', checksumType: 'sha256' } }))).toEqual([]);
    for (const url of ['unix:///x', 'file://host/x', 'file:///images/x.qcow2', '/images/x.qcow2', 'ftp://mirror/x']) {
      expect(rules(bmh({ image: { url, checksum: 'a' } }))).toEqual([]);
    }
    expect(rules(bmh({ image: { url: 'test1', checksum: 'a' } }))).toEqual(['bmo/image spec.image.url: image URL test1 is invalid: parse "test1": invalid URI for request (an absolute URL (http(s)://, file:///…, oci://…) or an absolute path)']);
    expect(rules(bmh({ image: { url: 'http://:invalid/x', checksum: 'a' } }))).toEqual([expect.stringMatching(/invalid port ":invalid" after host/)]);
    expect(rules(bmh({ image: { url: 'http://img/x.raw' } }))).toEqual([expect.stringMatching(/^bmo\/image-checksum .*checksum is required for normal images/)]);
    expect(rules(bmh({ image: { url: 'http://img/x.iso', format: 'live-iso' } }))).toEqual([]);
    expect(rules(bmh({ image: { url: 'oci://registry/x:1' } }))).toEqual([]);
    expect(rules(bmh({ image: { url: 'oci://registry/x:1', checksum: 'abc', checksumType: 'sha256' } }))).toEqual([]);
  });

  test('firmware, cross-namespace secrets, power-off', () => {
    expect(rules(bmh({ firmware: { sriovEnabled: true } }))).toEqual(['bmo/firmware spec.firmware: firmware settings for redfish are not supported (use a HostFirmwareSettings resource)']);
    expect(rules(bmh({ firmware: null }))).toEqual([]);
    expect(rules(bmh({ userData: { name: 'u', namespace: 'other' } }))).toEqual([expect.stringMatching(/userData: cross-namespace Secret references are not allowed/)]);
    expect(rules(bmh({ disablePowerOff: true, online: false }))).toEqual([expect.stringMatching(/online set to false and have power off disabled/)]);
  });

  test('inspection, hardware-details, reboot and status annotations', () => {
    expect(rules(bmh({}, { annotations: { 'inspect.metal3.io': 'yes' } }))).toEqual([expect.stringMatching(/allowed are "disabled" or ""/)]);
    expect(rules(bmh({ inspectionMode: 'agent' }, { annotations: { 'inspect.metal3.io': 'disabled' } }))).toEqual([expect.stringMatching(/contradicting values/)]);
    expect(rules(bmh({}, { annotations: { 'inspect.metal3.io/hardwaredetails': '{}' } }))).toEqual([expect.stringMatching(/when hardware details are provided, inspection must be disabled/)]);
    expect(rules(bmh({}, { annotations: { 'inspect.metal3.io': 'disabled', 'inspect.metal3.io/hardwaredetails': '{bad' } }))).toEqual([expect.stringMatching(/error decoding the inspect.metal3.io\/hardwaredetails annotation: invalid JSON/)]);
    expect(rules(bmh({}, { annotations: { 'inspect.metal3.io': 'disabled', 'inspect.metal3.io/hardwaredetails': '{"cpu": {"count": "four"}}' } }))).toEqual([expect.stringMatching(/cannot unmarshal string into Go struct field cpu.count of type int/)]);
    expect(rules(bmh({}, { annotations: { 'inspect.metal3.io': 'disabled', 'inspect.metal3.io/hardwaredetails': '{"ramMebibytes": 4096, "cpu": {"arch": "x86_64"}}' } }))).toEqual([]);
    expect(rules(bmh({}, { annotations: { 'reboot.metal3.io/x': '{"mode":"warm"}' } }))).toEqual([expect.stringMatching(/invalid mode in the reboot.metal3.io annotation/)]);
    expect(rules(bmh({}, { annotations: { 'reboot.metal3.io/x': '{"mode":"soft","force":true,"other":1}' } }))).toEqual([]);
    expect(rules(bmh({}, { annotations: { 'reboot.metal3.io': '' } }))).toEqual([]);
    expect(rules(bmh({}, { annotations: { 'baremetalhost.metal3.io/status': 'nope' } }))).toEqual([expect.stringMatching(/error decoding status annotation: invalid JSON/)]);
    expect(rules(bmh({}, { annotations: { 'baremetalhost.metal3.io/status': '{"operationalStatus":"OK","bogus":1}' } }))).toEqual([expect.stringMatching(/json: unknown field "bogus"/)]);
  });

  test('empty status, hardware-details and reboot annotations are skipped, as baremetal-operator does', () => {
    expect(rules(bmh({}, { annotations: { 'baremetalhost.metal3.io/status': '', 'inspect.metal3.io/hardwaredetails': '', 'reboot.metal3.io': '' } }))).toEqual([]);
  });

  test('credentials Secret in the same set needs non-empty username and password', () => {
    const host = bmh({ bmc: { address: '10.0.0.1', credentialsName: 'node1-credentials' } });
    expect(rules(host, [host, creds({ username: 'admin' })])).toEqual([expect.stringMatching(/Missing BMC connection detail 'password'/)]);
    const b64 = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'node1-credentials', namespace: 'default' }, data: { username: '', password: 'cA==' } };
    expect(rules(host, [host, b64])).toEqual([expect.stringMatching(/Missing BMC connection detail 'username'/)]);
    expect(rules(host, [host, creds({ username: 'a', password: 'b' })])).toEqual([]);
    // a Secret in another namespace is not the one BMO reads
    const elsewhere = { ...creds({}), metadata: { name: 'node1-credentials', namespace: 'other' } };
    expect(rules(host, [host, elsewhere])).toEqual([]);
  });

  test('preprovisioning network data Secret needs the nmstate key (warning)', () => {
    const host = bmh({ preprovisioningNetworkDataName: 'nd' });
    const nd = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'nd', namespace: 'default' }, stringData: { networkData: 'x' } };
    const f = bareMetalHostRules(host, { objects: [host, nd], texts: new EmbeddedTexts() });
    expect(f).toEqual([expect.objectContaining({ severity: 'warning', rule: 'bmo/network-data' })]);
  });
});
