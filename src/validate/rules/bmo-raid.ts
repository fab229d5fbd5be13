// BareMetalHost spec.raid: the webhook's checks (baremetal-operator v0.13.2 `validateRAID`,
// `validateBMCAccess`) and those the Ironic provisioner makes when it builds the RAID
// configuration (`pkg/provisioner/ironic/raid.go`), which fail the host's preparation.
import { get } from './rule';
import { Finding, error, warning } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';
import { ParsedBmcAddress } from '../bmc-address';

export function raidRules(obj: KubeObject, parsed?: ParsedBmcAddress): Finding[] {
  const out: Finding[] = [];
  const hw: any[] = asArray(get(obj, 'spec', 'raid', 'hardwareRAIDVolumes'));
  const sw: any[] = asArray(get(obj, 'spec', 'raid', 'softwareRAIDVolumes'));
  if (hw.length && sw.length) {
    out.push(error('bmo/raid', 'spec.raid', 'hardwareRAIDVolumes and softwareRAIDVolumes can not be set at the same time', 'keep one of them'));
  }
  if (hw.length && parsed && !parsed.driver.supportsHardwareRaid) {
    out.push(error('bmo/raid-driver', 'spec.raid.hardwareRAIDVolumes', `BMC driver ${parsed.scheme} does not support configuring RAID`, 'use a Redfish-based BMC address, or software RAID'));
  }
  const names = new Map<string, number>();
  hw.forEach((v, i) => {
    const disks: unknown[] = asArray(v?.physicalDisks);
    if (disks.length && !v.controller) {
      out.push(error('bmo/raid', `spec.raid.hardwareRAIDVolumes[${i}].controller`, `'physicalDisks' specified without 'controller' in hardware RAID volume ${i}`, 'name the RAID controller the disks are on'));
    }
    if (disks.length && typeof v.numberOfPhysicalDisks === 'number' && v.numberOfPhysicalDisks !== disks.length) {
      out.push(error('bmo/raid', `spec.raid.hardwareRAIDVolumes[${i}].numberOfPhysicalDisks`,
        `the 'numberOfPhysicalDisks'[${v.numberOfPhysicalDisks}] and number of 'physicalDisks'[${disks.length}] is not same for volume ${i}`, 'they must be equal'));
    }
    if (typeof v?.name === 'string' && v.name) {
      const first = names.get(v.name);
      if (first !== undefined) {
        out.push(error('bmo/raid-volume-names', `spec.raid.hardwareRAIDVolumes[${i}].name`, `the names(${v.name}) of volume[${i}] and volume[${first}] are repeated`, 'give every volume its own name'));
      } else {
        names.set(v.name, i);
      }
    }
  });
  if (sw.length && !hw.length && sw[0]?.level !== '1') {
    out.push(error('bmo/software-raid', 'spec.raid.softwareRAIDVolumes[0].level', `${JSON.stringify(sw[0]?.level)}: the level in first volume of software raid must be RAID1`,
      'the first software RAID volume holds the root device: level "1"'));
  }
  const hints = get(obj, 'spec', 'rootDeviceHints');
  if ((hw.length || sw.length) && hints && typeof hints === 'object' && Object.keys(hints).length) {
    out.push(warning('bmo/raid-root-hints', 'spec.rootDeviceHints',
      'rootDeviceHints is used, the first volume of raid will not be set to root',
      'the OS goes where the hints point, not on the RAID volume; drop rootDeviceHints to install on the first RAID volume'));
  }
  return out;
}

function asArray(v: unknown): any[] {
  return Array.isArray(v) ? v : [];
}
