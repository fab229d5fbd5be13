// HostFirmwareSettings: no webhook at baremetal-operator v0.13.2. Its controller
// (`hostfirmwaresettings_controller.go` validateHostFirmwareSettings) refuses, whatever the host,
// a setting whose name contains "Password"; the rest of its checks need the host's status and
// FirmwareSchema, read from the BMC.
import { get } from './rule';
import { Finding, error } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';

export function hostFirmwareSettingsRules(obj: KubeObject): Finding[] {
  const settings = get(obj, 'spec', 'settings');
  if (!settings || typeof settings !== 'object') return [];
  return Object.keys(settings).filter(name => name.includes('Password')).map(name =>
    error('bmo/firmware-settings-password', `spec.settings[${name}]`, `${JSON.stringify(name)}: cannot set Password field`,
      'baremetal-operator refuses every setting named …Password… (the settings are not applied); set BIOS passwords outside Metal3'));
}
