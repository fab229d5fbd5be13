// baremetal-operator admission rules for BareMetalHost (upstream-rules.md §1.4, §1.5),
// restated over plain objects so they run on synthesized and hand-written manifests alike.
import { RuleContext, RuleTable, get } from './rule';
import { Finding, error, warning } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';
import { checkMac } from '../../core/mac';
import { BmcAddressError, ParsedBmcAddress, parseBmcAddress } from '../bmc-address';

const NAME_CHARS = /^[A-Za-z0-9._-]+$/;
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const IMAGE_SCHEMES = ['http', 'https', 'ftp', 'gopher', 'oci'];
const INSPECT_ANNOTATION = 'inspect.metal3.io';
const HARDWARE_DETAILS_ANNOTATION = 'inspect.metal3.io/hardwaredetails';
const STATUS_ANNOTATION = 'baremetalhost.metal3.io/status';

function inspectionDisabled(obj: KubeObject): boolean {
  return get(obj, 'spec', 'inspectionMode') === 'disabled' || obj.metadata?.annotations?.[INSPECT_ANNOTATION] === 'disabled';
}

function nameRules(obj: KubeObject): Finding[] {
  const name = obj.metadata?.name;
  if (typeof name !== 'string' || !name) return [];
  if (!NAME_CHARS.test(name)) {
    return [error('bmo/name', 'metadata.name', `BareMetalHost resource name cannot contain characters other than [A-Za-z0-9._-] (got ${JSON.stringify(name)})`)];
  }
  if (UUID.test(name)) return [error('bmo/name', 'metadata.name', `BareMetalHost resource name cannot be a UUID (got ${JSON.stringify(name)})`, 'use a host name such as node1')];
  return [];
}

function parsedAddress(obj: KubeObject): { parsed?: ParsedBmcAddress; finding?: Finding } {
  const address = get(obj, 'spec', 'bmc', 'address');
  if (typeof address !== 'string' || !address) return {};
  try {
    return { parsed: parseBmcAddress(address) };
  } catch (e) {
    if (!(e instanceof BmcAddressError)) throw e;
    return { finding: error('bmo/bmc-address', 'spec.bmc.address', e.message, e.hint) };
  }
}

function bmcRules(obj: KubeObject): Finding[] {
  const out: Finding[] = [];
  const { parsed, finding } = parsedAddress(obj);
  if (finding) out.push(finding);
  const mac = get(obj, 'spec', 'bootMACAddress');
  if (typeof mac === 'string' && mac) {
    const p = checkMac(mac);
    if (p) out.push(error('bmo/boot-mac-format', 'spec.bootMACAddress', p));
  } else if (parsed && (parsed.driver.needsMac || inspectionDisabled(obj))) {
    out.push(error('bmo/boot-mac-required', 'spec.bootMACAddress', `BMC driver ${parsed.scheme} requires a BootMACAddress value`,
      inspectionDisabled(obj) ? 'inspection is disabled, so baremetal-operator cannot discover the MAC' : 'set the MAC of the NIC the host boots from'));
  }
  if (parsed && get(obj, 'spec', 'bootMode') === 'UEFISecureBoot' && !parsed.driver.supportsSecureBoot) {
    out.push(error('bmo/secure-boot', 'spec.bootMode', `BMC driver ${parsed.driver.scheme} does not support secure boot`, 'use UEFI, or a Redfish-based BMC address'));
  }
  return out;
}

function raidRules(obj: KubeObject, parsed?: ParsedBmcAddress): Finding[] {
  const out: Finding[] = [];
  const hw: any[] | undefined = get(obj, 'spec', 'raid', 'hardwareRAIDVolumes');
  const sw: any[] | undefined = get(obj, 'spec', 'raid', 'softwareRAIDVolumes');
  if (hw?.length && sw?.length) {
    out.push(error('bmo/raid', 'spec.raid', 'hardwareRAIDVolumes and softwareRAIDVolumes can not be set at the same time'));
  }
  if (hw?.length && parsed && !parsed.driver.supportsHardwareRaid) {
    out.push(error('bmo/raid', 'spec.raid.hardwareRAIDVolumes', `BMC driver ${parsed.driver.scheme} does not support configuring RAID`));
  }
  (hw ?? []).forEach((v, i) => {
    const disks: unknown[] | undefined = v?.physicalDisks;
    if (disks?.length && !v.controller) {
      out.push(error('bmo/raid', `spec.raid.hardwareRAIDVolumes[${i}].controller`, 'physicalDisks needs a controller'));
    }
    if (disks?.length && v.numberOfPhysicalDisks !== undefined && v.numberOfPhysicalDisks !== disks.length) {
      out.push(error('bmo/raid', `spec.raid.hardwareRAIDVolumes[${i}].numberOfPhysicalDisks`,
        `numberOfPhysicalDisks is ${v.numberOfPhysicalDisks} but ${disks.length} physicalDisks are listed`, 'they must be equal'));
    }
  });
  if (sw?.length) {
    if (sw[0]?.level !== '1') {
      out.push(error('bmo/raid', 'spec.raid.softwareRAIDVolumes[0].level', `the first software RAID volume holds the root device and must be RAID-1 (got ${JSON.stringify(sw[0]?.level)})`));
    }
    if (get(obj, 'spec', 'rootDeviceHints') && Object.keys(get(obj, 'spec', 'rootDeviceHints')).length) {
      out.push(error('bmo/raid', 'spec.rootDeviceHints', 'rootDeviceHints can not be used together with software RAID', 'remove rootDeviceHints; the RAID-1 volume is the root device'));
    }
  }
  return out;
}

function rootDeviceRules(obj: KubeObject): Finding[] {
  const name = get(obj, 'spec', 'rootDeviceHints', 'deviceName');
  if (typeof name !== 'string' || !name) return [];
  if (!name.startsWith('/dev/')) {
    return [error('bmo/root-device-hints', 'spec.rootDeviceHints.deviceName', `Device Name of root device hint must be a /dev/ path, not "${name}"`, 'e.g. /dev/sda')];
  }
  const rest = name.slice('/dev/'.length);
  const ok = (/^[^/]+$/.test(rest)) || /^disk\/by-path\/[^/]+$/.test(rest);
  if (!ok) {
    return [error('bmo/root-device-hints', 'spec.rootDeviceHints.deviceName', `Device Name of root device hint must be path in /dev/ or /dev/disk/by-path/, not "${name}"`,
      'by-id and by-uuid links are not supported; use /dev/sdX, /dev/nvmeXnY or /dev/disk/by-path/…, or hints such as serialNumber/wwn')];
  }
  return [];
}

function imageRules(obj: KubeObject): Finding[] {
  const image = get(obj, 'spec', 'image');
  if (!image || typeof image !== 'object') return [];
  const out: Finding[] = [];
  const url = image.url;
  let scheme = '';
  if (typeof url === 'string' && url) {
    const m = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/[^/]/.exec(url);
    scheme = m ? m[1].toLowerCase() : '';
    if (!m) {
      out.push(error('bmo/image', 'spec.image.url', `image URL ${JSON.stringify(url)} is invalid: not an absolute URL`, `use one of ${IMAGE_SCHEMES.join(', ')}://…`));
    } else if (!IMAGE_SCHEMES.includes(scheme)) {
      out.push(error('bmo/image', 'spec.image.url', `invalid scheme in URL, ${JSON.stringify(scheme)} not allowed`, `allowed: ${IMAGE_SCHEMES.join(', ')}`));
    }
  }
  const oci = scheme === 'oci';
  if (oci && (image.checksum || image.checksumType)) {
    out.push(error('bmo/image', 'spec.image.checksum', 'checksum and checksumType must be empty for oci:// images'));
  } else if (!oci && image.format !== 'live-iso' && !image.checksum) {
    out.push(error('bmo/image', 'spec.image.checksum', 'checksum is required for normal images', 'set checksum (or a URL of the checksum file) and checksumType'));
  }
  return out;
}

function miscRules(obj: KubeObject): Finding[] {
  const out: Finding[] = [];
  const ns = obj.metadata?.namespace;
  if (get(obj, 'spec', 'firmware') !== undefined) {
    out.push(error('bmo/firmware', 'spec.firmware', 'spec.firmware is no longer supported', 'use a HostFirmwareSettings resource'));
  }
  for (const ref of ['userData', 'networkData', 'metaData']) {
    const refNs = get(obj, 'spec', ref, 'namespace');
    if (refNs && refNs !== (ns ?? 'default')) {
      out.push(error('bmo/secret-namespace', `spec.${ref}.namespace`, `${ref} secret must be in the same namespace as the host (${ns ?? 'default'}), not ${refNs}`));
    }
  }
  if (get(obj, 'spec', 'disablePowerOff') === true && get(obj, 'spec', 'online') === false) {
    out.push(error('bmo/power', 'spec.online', 'node can\'t simultaneously have online set to false and have power off disabled'));
  }
  const ann = obj.metadata?.annotations ?? {};
  const inspect = ann[INSPECT_ANNOTATION];
  if (inspect !== undefined && inspect !== 'disabled' && inspect !== '') {
    out.push(error('bmo/inspection', `metadata.annotations[${INSPECT_ANNOTATION}]`, `invalid value ${JSON.stringify(inspect)}`, 'only "disabled" or "" is allowed'));
  }
  const mode = get(obj, 'spec', 'inspectionMode');
  if (inspect === 'disabled' && mode && mode !== 'disabled') {
    out.push(error('bmo/inspection', 'spec.inspectionMode', `inspectionMode ${mode} contradicts the ${INSPECT_ANNOTATION}: disabled annotation`));
  }
  const details = ann[HARDWARE_DETAILS_ANNOTATION];
  if (details !== undefined) {
    if (!inspectionDisabled(obj)) {
      out.push(error('bmo/hardware-details', `metadata.annotations[${HARDWARE_DETAILS_ANNOTATION}]`, 'hardware details can only be provided while inspection is disabled'));
    }
    if (!isJsonObject(details)) out.push(error('bmo/hardware-details', `metadata.annotations[${HARDWARE_DETAILS_ANNOTATION}]`, 'value is not valid JSON'));
  }
  for (const [k, v] of Object.entries(ann)) {
    if (k === 'reboot.metal3.io' || k.startsWith('reboot.metal3.io/')) {
      if (v && (!isJsonObject(v) || !['hard', 'soft', '', undefined].includes(JSON.parse(v).mode))) {
        out.push(error('bmo/reboot', `metadata.annotations[${k}]`, `invalid reboot annotation ${JSON.stringify(v)}`, 'use "" or {"mode":"hard"|"soft"}'));
      }
    }
  }
  if (ann[STATUS_ANNOTATION] !== undefined && !isJsonObject(ann[STATUS_ANNOTATION])) {
    out.push(error('bmo/status-annotation', `metadata.annotations[${STATUS_ANNOTATION}]`, 'value is not valid JSON'));
  }
  return out;
}

function isJsonObject(s: string): boolean {
  try {
    const v = JSON.parse(s);
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  } catch {
    return false;
  }
}

function secretValue(secret: KubeObject, key: string): string | undefined {
  const s = secret.stringData?.[key];
  if (typeof s === 'string') return s;
  const d = secret.data?.[key];
  return typeof d === 'string' ? Buffer.from(d, 'base64').toString('utf8') : undefined;
}

function findSecret(ctx: RuleContext, name: string, namespace: string): KubeObject | undefined {
  return ctx.objects.find(o => o.apiVersion === 'v1' && o.kind === 'Secret' && o.metadata?.name === name && (o.metadata?.namespace ?? 'default') === namespace);
}

/** Cross-object: the credentials Secret, when it is part of the same set. */
function credentialsRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  const name = get(obj, 'spec', 'bmc', 'credentialsName');
  if (typeof name !== 'string' || !name) return [];
  const secret = findSecret(ctx, name, obj.metadata?.namespace ?? 'default');
  if (!secret) return [];
  const out: Finding[] = [];
  for (const key of ['username', 'password']) {
    const v = secretValue(secret, key);
    if (v === undefined || v === '') {
      out.push(error('bmo/credentials', 'spec.bmc.credentialsName', `Missing BMC connection detail '${key}' in credentials Secret ${name}`,
        'the Secret needs non-empty username and password keys'));
    }
  }
  return out;
}

function networkDataRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  const name = get(obj, 'spec', 'preprovisioningNetworkDataName');
  if (typeof name !== 'string' || !name) return [];
  const secret = findSecret(ctx, name, obj.metadata?.namespace ?? 'default');
  if (secret && secretValue(secret, 'nmstate') === undefined) {
    return [warning('bmo/network-data', 'spec.preprovisioningNetworkDataName', `Secret ${name} has no nmstate key`, 'the preprovisioning image reads the nmstate configuration from the key "nmstate"')];
  }
  return [];
}

export function bareMetalHostRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  const { parsed } = parsedAddress(obj);
  return [
    ...nameRules(obj),
    ...bmcRules(obj),
    ...raidRules(obj, parsed),
    ...rootDeviceRules(obj),
    ...imageRules(obj),
    ...miscRules(obj),
    ...credentialsRules(obj, ctx),
    ...networkDataRules(obj, ctx),
  ];
}

export const BMO_RULES: RuleTable = {
  'metal3.io/BareMetalHost': [bareMetalHostRules],
};
