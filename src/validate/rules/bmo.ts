// baremetal-operator v0.13.2: the BareMetalHost webhook (`internal/webhooks/metal3.io/v1alpha1`,
// run on create and again on every update), the controller checks that fail a host
// deterministically, and what its controllers refuse in HostFirmwareSettings and
// PreprovisioningImage (which have no webhook). Catalogued in catalog/baremetal-operator.ts.
import { annotationRules, inspectionDisabled } from './bmo-annotations';
import { bmcRules, parsedAddress } from './bmo-bmc';
import { bootMacRules } from './bmo-boot-mac';
import { hostFirmwareSettingsRules } from './bmo-firmware-settings';
import { bmhImageRules } from './bmo-image';
import { preprovisioningImageRules } from './bmo-preprovisioning-image';
import { raidRules } from './bmo-raid';
import { bareMetalHostUpdateRules } from './bmo-update';
import { RuleContext, RuleTable, UpdateRuleTable, get } from './rule';
import { Finding, error, warning } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';
import { KIND_NS_NAME, kindNsName, lookup } from '../object-index';

const NAME_CHARS = /^[A-Za-z0-9._-]+$/;
/** What github.com/google/uuid Parse accepts of a name made of [A-Za-z0-9._-]: dashed or 32 hex digits. */
const UUID = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[0-9a-fA-F]{32})$/;

function nameRules(obj: KubeObject): Finding[] {
  const name = obj.metadata?.name;
  if (typeof name !== 'string' || !name) return [];
  if (!NAME_CHARS.test(name)) {
    return [error('bmo/name', 'metadata.name', `BareMetalHost resource name cannot contain characters other than [A-Za-z0-9._-] (got ${JSON.stringify(name)})`, 'a host name such as node1')];
  }
  if (UUID.test(name)) return [error('bmo/name', 'metadata.name', `BareMetalHost resource name cannot be a UUID (got ${JSON.stringify(name)})`, 'use a host name such as node1')];
  return [];
}

function rootDeviceRules(obj: KubeObject): Finding[] {
  const name = get(obj, 'spec', 'rootDeviceHints', 'deviceName');
  if (typeof name !== 'string' || !name) return [];
  if (!name.startsWith('/dev/')) {
    return [error('bmo/root-device-hints', 'spec.rootDeviceHints.deviceName', `device name of root device hint must be a /dev/ path, not "${name}"`, 'e.g. /dev/sda')];
  }
  const rest = name.slice('/dev/'.length).replace(/^disk\/by-path\//, '');
  if (rest.includes('/')) {
    return [error('bmo/root-device-hints', 'spec.rootDeviceHints.deviceName', `device name of root device hint must be path in /dev/ or /dev/disk/by-path/, not "${name}"`,
      'by-id and by-uuid links are not supported; use /dev/sdX, /dev/nvmeXnY or /dev/disk/by-path/…, or hints such as serialNumber/wwn')];
  }
  return [];
}

function secretNamespaceRules(obj: KubeObject): Finding[] {
  const out: Finding[] = [];
  const ns = obj.metadata?.namespace ?? 'default';
  for (const ref of ['userData', 'networkData', 'metaData']) {
    const refNs = get(obj, 'spec', ref, 'namespace');
    if (refNs && refNs !== ns) {
      out.push(error('bmo/secret-namespace', `spec.${ref}.namespace`, `${ref}: cross-namespace Secret references are not allowed (${JSON.stringify(refNs)})`, `leave it empty or write the host's namespace ${ns}`));
    }
  }
  return out;
}

function powerRules(obj: KubeObject): Finding[] {
  if (get(obj, 'spec', 'disablePowerOff') === true && get(obj, 'spec', 'online') === false) {
    return [error('bmo/power', 'spec.online', 'node can\'t simultaneously have online set to false and have power off disabled', 'set online: true, or drop disablePowerOff')];
  }
  return [];
}

function secretValue(secret: KubeObject, key: string): string | undefined {
  const s = secret.stringData?.[key];
  if (typeof s === 'string') return s;
  const d = secret.data?.[key];
  return typeof d === 'string' ? Buffer.from(d, 'base64').toString('utf8') : undefined;
}

function findSecret(ctx: RuleContext, name: string, namespace: string): KubeObject | undefined {
  return lookup(ctx.objects, KIND_NS_NAME, kindNsName('Secret', namespace, name))
    .find(o => o.apiVersion === 'v1' && o.kind === 'Secret' && o.metadata?.name === name && (o.metadata?.namespace ?? 'default') === namespace);
}

/** Cross-object: the credentials Secret, when it is part of the same set (`Credentials.Validate` after TrimSpace). */
function credentialsRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  const name = get(obj, 'spec', 'bmc', 'credentialsName');
  if (typeof name !== 'string' || !name) return [];
  const secret = findSecret(ctx, name, obj.metadata?.namespace ?? 'default');
  if (!secret) return [];
  const out: Finding[] = [];
  for (const key of ['username', 'password']) {
    const v = secretValue(secret, key);
    if (v === undefined || v.trim() === '') {
      out.push(error('bmo/credentials', 'spec.bmc.credentialsName', `Missing BMC connection detail '${key}' in credentials Secret ${name}`,
        'the Secret needs non-empty username and password keys (surrounding whitespace is trimmed)'));
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
  const address = parsedAddress(obj);
  return [
    ...nameRules(obj),
    ...bmcRules(obj, address),
    ...bootMacRules(obj.spec, address.parsed, inspectionDisabled(obj)),
    ...raidRules(obj, address.parsed),
    ...rootDeviceRules(obj),
    ...bmhImageRules(get(obj, 'spec', 'image')),
    ...secretNamespaceRules(obj),
    ...powerRules(obj),
    ...annotationRules(obj),
    ...credentialsRules(obj, ctx),
    ...networkDataRules(obj, ctx),
  ];
}

export const BMO_RULES: RuleTable = {
  'metal3.io/BareMetalHost': [bareMetalHostRules],
  'metal3.io/HostFirmwareSettings': [hostFirmwareSettingsRules],
  'metal3.io/PreprovisioningImage': [preprovisioningImageRules],
};

/** Checks of an update against the stored object (`validate --against`). */
export const BMO_UPDATE_RULES: UpdateRuleTable = {
  'metal3.io/BareMetalHost': [bareMetalHostUpdateRules],
};
