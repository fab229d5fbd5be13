// Rule cases of baremetal-operator v0.13.2 (catalog/baremetal-operator.ts), most from its own
// webhook tests (TestValidateCreate, TestValidateUpdate) and provisioner/controller tests.
import { RuleCase } from './case';
import { HARDWARE_DETAILS, bmh, bmhAt, hfs, ppi, secret } from './fixtures-metal3';

const REPO = 'metal3-io/baremetal-operator';
const create = (name: string) => `${REPO} internal/webhooks/metal3.io/v1alpha1/baremetalhost_validation_test.go TestValidateCreate/${name}`;
const update = (name: string) => `${REPO} internal/webhooks/metal3.io/v1alpha1/baremetalhost_validation_test.go TestValidateUpdate/${name}`;
const raidTest = `${REPO} pkg/provisioner/ironic/raid_test.go TestBuildTargetRAIDCfg`;
const inspectDisabled = { 'inspect.metal3.io': 'disabled' };

export const BAREMETAL_OPERATOR_CASES: RuleCase[] = [
  // names
  { rule: 'bmo/name', title: 'a name with ~', expect: 'reject', objects: [bmh({}, { name: 'test~' })], message: /cannot contain characters other than/, source: create('invalidName') },
  { rule: 'bmo/name', title: 'a UUID name', expect: 'reject', objects: [bmh({}, { name: '07564256-96ae-4315-ab03-8d34ece60fbb' })], message: /cannot be a UUID/, source: create('invalidName2') },
  { rule: 'bmo/name', title: '32 hex digits parse as a UUID too', expect: 'reject', objects: [bmh({}, { name: '0756425696ae4315ab038d34ece60fbb' })], message: /cannot be a UUID/, source: 'ours' },
  { rule: 'bmo/name', title: 'a host name', expect: 'accept', objects: [bmh()], source: create('valid') },

  // BMC address
  { rule: 'bmo/bmc-address', title: 'userinfo that is not userinfo', expect: 'reject', objects: [bmhAt('[@]host.example.com')], message: /failed to parse BMC address information/, source: create('invalidDNSNameinvalidformat') },
  { rule: 'bmo/bmc-address', title: 'an invalid bracketed IPv6 literal', expect: 'reject', objects: [bmhAt('ipmi://[fe80::fc33:62ff:fe33:8xff]:6223')], message: /failed to parse BMC address information: .*invalid host/, source: create('invalidDNSNameinvalidipv6') },
  { rule: 'bmo/bmc-address', title: 'a bracketed IPv6 literal with a port', expect: 'accept', objects: [bmhAt('ipmi://[fe80::fc33:62ff:fe83:8a76]:6233')], source: create('validDNSName3') },
  { rule: 'bmo/bmc-address-host', title: 'a leading hyphen', expect: 'reject', objects: [bmhAt('ipmi://-host.example.com.org')], message: /BMC address hostname\/IP : \[-host.example.com.org\] is invalid/, source: create('invalidDNSNameinvalidhyphenuse') },
  { rule: 'bmo/bmc-address-host', title: 'a + in the host name', expect: 'reject', objects: [bmhAt('ipmi://host+1.example.com.org')], message: /\[host\+1.example.com.org\] is invalid/, source: create('invalidDNSNameinvalidcharacter') },
  { rule: 'bmo/bmc-address-host', title: 'a dotted host name with a port', expect: 'accept', objects: [bmhAt('ipmi://host-0.example.com.org:6223')], source: create('validDNSName') },
  { rule: 'bmo/bmc-address-host', title: 'a single-label host name', expect: 'accept', objects: [bmhAt('ipmi://baremetalhost')], source: create('validDNSName2') },
  { rule: 'bmo/bmc-type', title: 'an unregistered scheme', expect: 'reject', objects: [bmhAt('test:127.0.1.1')], message: /Unknown BMC type 'test' for address test:127.0.1.1/, source: create('unsupportBMCType') },
  { rule: 'bmo/bmc-type', title: 'a misspelt scheme', expect: 'reject', objects: [bmhAt('ipm:host.example.com:6223')], message: /Unknown BMC type 'ipm'/, source: create('invalidDNSNameinvalidbmc') },
  { rule: 'bmo/bmc-type', title: 'redfish', expect: 'accept', objects: [bmhAt('redfish://bmc.example.com')], source: create('supportBMCType') },
  { rule: 'bmo/bmc-address-unusable', title: 'a scheme without a host', expect: 'reject', objects: [bmhAt('redfish://')], message: /has no host/, source: 'ours' },
  { rule: 'bmo/bmc-address-unusable', title: 'a port above 65535', expect: 'reject', objects: [bmhAt('ipmi://10.0.0.1:70000')], message: /port 70000 is out of range/, source: 'ours' },
  { rule: 'bmo/bmc-address-unusable', title: 'a host and a port', expect: 'accept', objects: [bmhAt('ipmi://10.0.0.1:623')], source: 'ours' },
  { rule: 'bmo/bmc-incomplete', title: 'a credentials Secret but no address', expect: 'reject', objects: [bmhAt('')], message: /Missing BMC connection detail 'Address'/, source: 'ours' },
  { rule: 'bmo/bmc-incomplete', title: 'an address but no credentials Secret', expect: 'reject', objects: [bmh({ bmc: { address: 'ipmi://10.0.0.1', credentialsName: '' } })], message: /The BMC secret reference is empty/, source: 'ours' },
  { rule: 'bmo/bmc-incomplete', title: 'neither: an unmanaged host', expect: 'accept', objects: [bmh({ bootMACAddress: undefined, bmc: { address: '', credentialsName: '' } })], source: 'ours' },

  // boot MAC
  { rule: 'bmo/boot-mac-required', title: 'libvirt without a MAC', expect: 'reject', objects: [bmhAt('libvirt://127.0.1.1', { bootMACAddress: undefined })], message: /BMC driver libvirt requires a BootMACAddress value/, source: create('BootMACAddressRequiredWithoutBootMACAddress') },
  { rule: 'bmo/boot-mac-required', title: 'virtual media with inspection disabled', expect: 'reject', objects: [bmhAt('idrac-virtualmedia+https://192.168.1.1/redfish/v1/Systems/System.Embedded.1', { bootMACAddress: undefined }, { annotations: inspectDisabled })], message: /idrac-virtualmedia\+https requires a BootMACAddress value/, source: create('BootMACAddressRequiredForVirtualMediaWithInspectionDisabled') },
  { rule: 'bmo/boot-mac-required', title: 'virtual media without a MAC', expect: 'accept', objects: [bmhAt('idrac-virtualmedia+https://192.168.1.1/redfish/v1/Systems/System.Embedded.1', { bootMACAddress: undefined })], source: create('BootMACAddressNotRequiredForVirtualMedia') },
  { rule: 'bmo/boot-mac-required', title: 'libvirt with a MAC', expect: 'accept', objects: [bmhAt('libvirt://127.0.1.1', { bootMACAddress: '00:00:00:00:00:00' })], source: create('BootMACAddressRequiredWithBootMACAddress') },
  { rule: 'bmo/boot-mac-format', title: 'five octets', expect: 'reject', objects: [bmh({ bootMACAddress: '00:00:00:00:00' })], message: /address 00:00:00:00:00: invalid MAC address/, source: create('InvalidBootMACAddress') },
  { rule: 'bmo/boot-mac-format', title: 'six octets with hyphens fail the CRD pattern', expect: 'reject', objects: [bmh({ bootMACAddress: '0c-c4-7a-6b-00-01' })], message: /CRD pattern wants colon-separated octets/, source: 'ours' },
  { rule: 'bmo/boot-mac-format', title: 'an EUI-64 MAC (net.ParseMAC takes 8 octets; the CRD pattern is unanchored)', expect: 'accept', objects: [bmh({ bootMACAddress: '00:11:22:33:44:55:66:77' })], source: 'ours' },
  { rule: 'bmo/boot-mac-format', title: 'six colon-separated octets', expect: 'accept', objects: [bmh({ bootMACAddress: '00:00:00:00:00:00' })], source: create('UEFISecureBootWithSupportBMC') },

  // driver capabilities
  { rule: 'bmo/secure-boot', title: 'UEFISecureBoot on libvirt', expect: 'reject', objects: [bmhAt('libvirt://127.0.1.1', { bootMACAddress: '00:00:00:00:00:00', bootMode: 'UEFISecureBoot' })], message: /BMC driver libvirt does not support secure boot/, source: create('BootMACAddressRequired') },
  { rule: 'bmo/secure-boot', title: 'UEFISecureBoot on redfish', expect: 'accept', objects: [bmhAt('redfish://bmc.example.com', { bootMode: 'UEFISecureBoot' })], source: create('UEFISecureBootWithSupportBMC') },
  { rule: 'bmo/firmware', title: 'firmware settings on ipmi', expect: 'reject', objects: [bmhAt('ipmi://127.0.1.1', { firmware: { virtualizationEnabled: true } })], message: /firmware settings for ipmi are not supported/, source: create('FirmwareWithUnsupportBMC') },
  { rule: 'bmo/firmware', title: 'no firmware settings', expect: 'accept', objects: [bmhAt('ipmi://127.0.1.1')], source: create('supportBMCType') },

  // RAID
  { rule: 'bmo/raid', title: 'hardware and software volumes together', expect: 'reject', objects: [bmhAt('redfish://bmc.example.com', { raid: { hardwareRAIDVolumes: [{ level: '1' }], softwareRAIDVolumes: [{ level: '1' }] } })], message: /can not be set at the same time/, source: create('invalidRAID') },
  { rule: 'bmo/raid', title: 'physicalDisks without a controller', expect: 'reject', objects: [bmhAt('redfish://127.0.0.1', { raid: { hardwareRAIDVolumes: [{ level: '1', physicalDisks: ['Disk-1', 'Disk-2'] }] } })], message: /'physicalDisks' specified without 'controller' in hardware RAID volume 0/, source: create('\'physicalDisks\' in HardwareRAID without \'controller\'.') },
  { rule: 'bmo/raid', title: 'numberOfPhysicalDisks 3 with two disks', expect: 'reject', objects: [bmhAt('redfish://127.0.0.1', { raid: { hardwareRAIDVolumes: [{ level: '1', controller: 'Controller-1', physicalDisks: ['Disk-1', 'Disk-2'], numberOfPhysicalDisks: 3 }] } })], message: /the 'numberOfPhysicalDisks'\[3\] and number of 'physicalDisks'\[2\] is not same for volume 0/, source: create('\'numberOfPhysicalDisks\' not same as length of \'physicalDisks\'') },
  { rule: 'bmo/raid', title: 'hardware RAID on redfish', expect: 'accept', objects: [bmhAt('redfish://bmc.example.com', { raid: { hardwareRAIDVolumes: [{ level: '1' }] } })], source: create('RAIDWithSupportBMC') },
  { rule: 'bmo/raid-driver', title: 'hardware RAID on ipmi', expect: 'reject', objects: [bmhAt('ipmi://127.0.1.1', { raid: { hardwareRAIDVolumes: [{ level: '1' }] } })], message: /BMC driver ipmi does not support configuring RAID/, source: create('RAIDWithUnsupportBMC') },
  { rule: 'bmo/raid-driver', title: 'hardware RAID on redfish', expect: 'accept', objects: [bmhAt('redfish://bmc.example.com', { raid: { hardwareRAIDVolumes: [{ level: '1' }] } })], source: create('RAIDWithSupportBMC') },
  { rule: 'bmo/raid-volume-names', title: 'two volumes named v1', expect: 'reject', objects: [bmh({ raid: { hardwareRAIDVolumes: [{ level: '1', name: 'v1' }, { level: '0', name: 'v1' }] } })], message: /the names\(v1\) of volume\[1\] and volume\[0\] are repeated/, source: raidTest },
  { rule: 'bmo/raid-volume-names', title: 'distinct names', expect: 'accept', objects: [bmh({ raid: { hardwareRAIDVolumes: [{ level: '1', name: 'v1' }, { level: '0', name: 'v2' }] } })], source: raidTest },
  { rule: 'bmo/software-raid', title: 'a first software volume of RAID-0', expect: 'reject', objects: [bmh({ raid: { softwareRAIDVolumes: [{ level: '0' }, { level: '1' }] } })], message: /the level in first volume of software raid must be RAID1/, source: raidTest },
  { rule: 'bmo/software-raid', title: 'a first software volume of RAID-1', expect: 'accept', objects: [bmh({ raid: { softwareRAIDVolumes: [{ level: '1' }, { level: '0' }] } })], source: raidTest },
  { rule: 'bmo/raid-root-hints', title: 'software RAID with rootDeviceHints', expect: 'reject', severity: 'warning', objects: [bmh({ raid: { softwareRAIDVolumes: [{ level: '1' }] }, rootDeviceHints: { deviceName: '/dev/sda' } })], message: /the first volume of raid will not be set to root/, source: 'ours' },
  { rule: 'bmo/raid-root-hints', title: 'software RAID without hints', expect: 'accept', objects: [bmh({ raid: { softwareRAIDVolumes: [{ level: '1' }] } })], source: 'ours' },

  // root device hints
  { rule: 'bmo/root-device-hints', title: 'a bare device name', expect: 'reject', objects: [bmh({ rootDeviceHints: { deviceName: 'sda' } })], message: /device name of root device hint must be a \/dev\/ path, not "sda"/, source: create('invalidRootDeviceHintNoPath') },
  { rule: 'bmo/root-device-hints', title: 'a by-uuid link', expect: 'reject', objects: [bmh({ rootDeviceHints: { deviceName: '/dev/disk/by-uuid/cdaacd2b-8d26-4e08-8d3b-8e9ed9b8e9a8' } })], message: /must be path in \/dev\/ or \/dev\/disk\/by-path\//, source: create('invalidRootDeviceHintByUUID') },
  { rule: 'bmo/root-device-hints', title: '/dev/sda', expect: 'accept', objects: [bmh({ rootDeviceHints: { deviceName: '/dev/sda' } })], source: create('validRootDeviceHint') },
  { rule: 'bmo/root-device-hints', title: 'a by-path link', expect: 'accept', objects: [bmh({ rootDeviceHints: { deviceName: '/dev/disk/by-path/pci-0000:01:00.0-scsi-0:2:0:0' } })], source: create('validRootDeviceHintByPath') },

  // image
  { rule: 'bmo/image', title: 'a relative URL', expect: 'reject', objects: [bmh({ image: { url: 'test1', checksum: 'be254ebfd73e66ca91f6d91f5050aa2ee1ec4813ee65ba472f608ed340cbff09' } })], message: /image URL test1 is invalid: parse "test1": invalid URI for request/, source: create('invalidImageURL') },
  { rule: 'bmo/image', title: 'an empty URL', expect: 'reject', objects: [bmh({ image: { url: '', checksum: 'be254ebfd73e66ca91f6d91f5050aa2ee1ec4813ee65ba472f608ed340cbff09' } })], message: /image URL {2}is invalid: parse "": empty url/, source: create('emptyImageURL') },
  { rule: 'bmo/image', title: 'an https URL', expect: 'accept', objects: [bmh({ image: { url: 'https://example.com/image', checksum: 'be254ebfd73e66ca91f6d91f5050aa2ee1ec4813ee65ba472f608ed340cbff09' } })], source: create('validImageURL') },
  { rule: 'bmo/image', title: 'a file:/// URL (no scheme allowlist at the tag)', expect: 'accept', objects: [bmh({ image: { url: 'file:///images/x.qcow2', checksum: 'abc' } })], source: 'ours' },
  { rule: 'bmo/image-checksum', title: 'no checksum', expect: 'reject', objects: [bmh({ image: { url: 'https://example.com/image' } })], message: /checksum is required for normal images/, source: create('imageNoChecksum') },
  { rule: 'bmo/image-checksum', title: 'a live ISO without checksum', expect: 'accept', objects: [bmh({ image: { url: 'https://example.com/image', format: 'live-iso' } })], source: create('validImageLiveISO') },
  { rule: 'bmo/image-checksum', title: 'an oci:// image with a checksum (only exempted, not forbidden)', expect: 'accept', objects: [bmh({ image: { url: 'oci://registry.example.com/os:1', checksum: 'abc', checksumType: 'sha256' } })], source: 'ours' },

  // secrets, power
  { rule: 'bmo/secret-namespace', title: 'userData in another namespace', expect: 'reject', objects: [bmh({ userData: { name: 'test-secret', namespace: 'different-namespace' } })], message: /userData: cross-namespace Secret references are not allowed/, source: create('crossNamespaceUserData') },
  { rule: 'bmo/secret-namespace', title: 'networkData in another namespace', expect: 'reject', objects: [bmh({ networkData: { name: 'test-secret', namespace: 'different-namespace' } })], message: /networkData: cross-namespace/, source: create('crossNamespaceNetworkData') },
  { rule: 'bmo/secret-namespace', title: 'Secrets in the host\'s namespace', expect: 'accept', objects: [bmh({ userData: { name: 'u', namespace: 'test-namespace' }, networkData: { name: 'n', namespace: 'test-namespace' }, metaData: { name: 'm', namespace: 'test-namespace' } })], source: create('sameNamespaceSecrets') },
  { rule: 'bmo/power', title: 'offline with power-off disabled', expect: 'reject', objects: [bmh({ disablePowerOff: true, online: false })], message: /online set to false and have power off disabled/, source: create('disablePowerOffErr') },
  { rule: 'bmo/power', title: 'online with power-off disabled', expect: 'accept', objects: [bmh({ disablePowerOff: true, online: true })], source: create('disablePowerOff') },

  // annotations
  { rule: 'bmo/inspection', title: 'inspect.metal3.io: enabled', expect: 'reject', objects: [bmh({}, { annotations: { 'inspect.metal3.io': 'enabled' } })], message: /invalid value for the inspect.metal3.io annotation, allowed are "disabled" or ""/, source: create('invalidValueInspectAnnotation') },
  { rule: 'bmo/inspection', title: 'annotation disabled, inspectionMode agent', expect: 'reject', objects: [bmh({ inspectionMode: 'agent' }, { annotations: inspectDisabled })], message: /contradicting values/, source: create('inspectionModeAndAnnotationConflict') },
  { rule: 'bmo/inspection', title: 'annotation and inspectionMode both disabled', expect: 'accept', objects: [bmh({ inspectionMode: 'disabled' }, { annotations: inspectDisabled })], source: create('inspectionModeAndAnnotationConsistent') },
  { rule: 'bmo/inspection', title: 'an empty annotation with inspectionMode agent', expect: 'accept', objects: [bmh({ inspectionMode: 'agent' }, { annotations: { 'inspect.metal3.io': '' } })], source: create('inspectionModeAgentAndAnnotationEmptyConsistent') },
  { rule: 'bmo/hardware-details', title: 'hardware details while inspection is enabled', expect: 'reject', objects: [bmh({}, { annotations: { 'inspect.metal3.io/hardwaredetails': HARDWARE_DETAILS } })], message: /when hardware details are provided, inspection must be disabled/, source: create('inspectionNotDisabledHardwareDetailsAnnotation') },
  { rule: 'bmo/hardware-details', title: 'an unknown field', expect: 'reject', objects: [bmh({}, { annotations: { ...inspectDisabled, 'inspect.metal3.io/hardwaredetails': HARDWARE_DETAILS.replace('"systemVendor"', '"INVALIDField"') } })], message: /json: unknown field "INVALIDField"/, source: create('invalidFieldHardwareDetailsAnnotation') },
  { rule: 'bmo/hardware-details', title: 'truncated JSON', expect: 'reject', objects: [bmh({}, { annotations: { ...inspectDisabled, 'inspect.metal3.io/hardwaredetails': HARDWARE_DETAILS.slice(0, -1) } })], message: /unexpected EOF/, source: create('invalidJsonHardwareDetailsAnnotation') },
  { rule: 'bmo/hardware-details', title: 'hardware details with inspectionMode disabled', expect: 'accept', objects: [bmh({ inspectionMode: 'disabled' }, { annotations: { 'inspect.metal3.io/hardwaredetails': HARDWARE_DETAILS } })], source: create('hardwareDetailsWithInspectionModeDisabled') },
  { rule: 'bmo/hardware-details', title: 'an empty value is skipped', expect: 'accept', objects: [bmh({}, { annotations: { 'inspect.metal3.io/hardwaredetails': '' } })], source: 'ours' },
  { rule: 'bmo/status-annotation', title: 'an unknown field', expect: 'reject', objects: [bmh({}, { annotations: { 'baremetalhost.metal3.io/status': '{"InvalidField":"NotOK"}' } })], message: /error decoding status annotation: json: unknown field "InvalidField"/, source: create('invalidFieldStatusAnnotation') },
  { rule: 'bmo/status-annotation', title: 'operationalStatus NotOK', expect: 'reject', objects: [bmh({}, { annotations: { 'baremetalhost.metal3.io/status': '{"operationalStatus":"NotOK"}' } })], message: /invalid operationalStatus 'NotOK' in the baremetalhost.metal3.io\/status annotation/, source: create('invalidOpstatusStatusAnnotation') },
  { rule: 'bmo/status-annotation', title: 'errorType No Error', expect: 'reject', objects: [bmh({}, { annotations: { 'baremetalhost.metal3.io/status': '{"errorType":"No Error"}' } })], message: /invalid errorType 'No Error'/, source: create('invalidErrtypeStatusAnnotation') },
  { rule: 'bmo/status-annotation', title: 'truncated JSON', expect: 'reject', objects: [bmh({}, { annotations: { 'baremetalhost.metal3.io/status': '{"operationalStatus":"OK"' } })], message: /error decoding status annotation: unexpected EOF/, source: create('invalidFormatStatusAnnotation') },
  { rule: 'bmo/status-annotation', title: 'operationalStatus OK', expect: 'accept', objects: [bmh({}, { annotations: { 'baremetalhost.metal3.io/status': '{"operationalStatus": "OK"}' } })], source: create('validStatusAnnotation') },
  { rule: 'bmo/status-annotation', title: 'an empty value is skipped', expect: 'accept', objects: [bmh({}, { annotations: { 'baremetalhost.metal3.io/status': '' } })], source: 'ours' },
  { rule: 'bmo/reboot', title: 'mode medium on reboot.metal3.io', expect: 'reject', objects: [bmh({}, { annotations: { 'reboot.metal3.io': '{"mode":"medium"}' } })], message: /invalid mode in the reboot.metal3.io annotation, allowed are "hard", "soft" or ""/, source: create('invalidValueRebootAnnotationPrefix') },
  { rule: 'bmo/reboot', title: 'mode medium on reboot.metal3.io/my-key', expect: 'reject', objects: [bmh({}, { annotations: { 'reboot.metal3.io/my-key': '{"mode":"medium"}' } })], message: /invalid mode/, source: create('invalidValueRebootAnnotationWithKey') },
  { rule: 'bmo/reboot', title: 'mode hard with force', expect: 'accept', objects: [bmh({}, { annotations: { 'reboot.metal3.io/my-key': '{"mode":"hard","force":true}' } })], source: 'ours' },

  // credentials and network data Secrets in the set
  { rule: 'bmo/credentials', title: 'a password of whitespace', expect: 'reject', objects: [bmh(), secret('test1', { username: 'admin', password: '\n' })], message: /Missing BMC connection detail 'password'/, source: `${REPO} pkg/hardwareutils/bmc/credentials_test.go TestMissingPassword` },
  { rule: 'bmo/credentials', title: 'username and password', expect: 'accept', objects: [bmh(), secret('test1', { username: 'admin', password: 'secret' })], source: `${REPO} pkg/hardwareutils/bmc/credentials_test.go TestValidCredentials` },
  { rule: 'bmo/network-data', title: 'a network data Secret without nmstate', expect: 'reject', severity: 'warning', objects: [bmh({ preprovisioningNetworkDataName: 'nd' }), secret('nd', { networkData: 'x' })], message: /has no nmstate key/, source: 'ours' },
  { rule: 'bmo/network-data', title: 'a network data Secret with nmstate', expect: 'accept', objects: [bmh({ preprovisioningNetworkDataName: 'nd' }), secret('nd', { nmstate: 'interfaces: []' })], source: 'ours' },

  // update
  { rule: 'bmo/externally-provisioned', title: 'externallyProvisioned true → false', expect: 'reject', against: [bmh({ externallyProvisioned: true })], objects: [bmh({ externallyProvisioned: false })], message: /externallyProvisioned can not be changed from true to false/, source: update('rejectDisablingExternallyProvisioned') },
  { rule: 'bmo/externally-provisioned', title: 'externallyProvisioned stays true', expect: 'accept', against: [bmh({ externallyProvisioned: true })], objects: [bmh({ externallyProvisioned: true })], source: create('validExternallyProvisioned') },

  // HostFirmwareSettings, PreprovisioningImage
  { rule: 'bmo/firmware-settings-password', title: 'SysPassword', expect: 'reject', objects: [hfs({ SysPassword: 'Pa%$word', ProcVirtualization: 'Disabled' })], message: /"SysPassword": cannot set Password field/, source: `${REPO} internal/controller/metal3.io/hostfirmwaresettings_test.go TestValidateHostFirmwareSettings` },
  { rule: 'bmo/firmware-settings-password', title: 'ordinary settings', expect: 'accept', objects: [hfs({ ProcVirtualization: 'Disabled', NetworkBootRetryCount: 20 })], source: `${REPO} internal/controller/metal3.io/hostfirmwaresettings_test.go TestValidateHostFirmwareSettings` },
  { rule: 'bmo/preprovisioning-image-format', title: 'no acceptFormats', expect: 'reject', objects: [ppi({ architecture: 'x86_64' })], message: /No acceptable image format supported/, source: 'ours' },
  { rule: 'bmo/preprovisioning-image-format', title: 'iso accepted', expect: 'accept', objects: [ppi({ architecture: 'x86_64', acceptFormats: ['iso'] })], source: 'ours' },
];
