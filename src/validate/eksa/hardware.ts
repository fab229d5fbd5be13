// The Tinkerbell hardware inventory (one hardware.csv row per machine) and its rules
// (upstream-rules.md §5.4, pkg/providers/tinkerbell/hardware machine.go + validator.go).
import { isIp, isIpv4Netmask } from './cidr';
import { checkDns1123Subdomain, checkLabelValue, checkQualifiedName } from '../../core/names';

/** Label key the host role is written under in hardware.csv (`type=cp`, `type=worker`). */
export const HARDWARE_ROLE_LABEL = 'type';
export const HARDWARE_CONTROL_PLANE_LABEL = 'cp';
export const HARDWARE_WORKER_LABEL = 'worker';

/** One machine of a Tinkerbell hardware inventory (a hardware.csv row). */
export interface HardwareMachine {
  /** Host name (DNS-1123 subdomain). */
  readonly hostname: string;
  /** MAC of the NIC the machine network-boots from. */
  readonly mac: string;
  readonly ipAddress: string;
  readonly netmask: string;
  readonly gateway: string;
  readonly nameservers: string[];
  /** Labels the machine configs' hardwareSelectors match. */
  readonly labels: Record<string, string>;
  /** Install disk, e.g. /dev/sda or /dev/nvme0n1. */
  readonly disk: string;
  /** VLAN id. @default - untagged */
  readonly vlanId?: number;
  /** BMC IP. @default - no BMC */
  readonly bmcIp?: string;
  /** BMC username (or a `${VAR}` placeholder). @default - no BMC */
  readonly bmcUsername?: string;
  /** BMC password (or a `${VAR}` placeholder). @default - no BMC */
  readonly bmcPassword?: string;
  /** Where the row came from (`hardware.csv:4`), for messages. @default - unknown */
  readonly source?: string;
}

/** A problem with one machine: its index in the list, the hardware.csv column and the message. */
export interface HardwareProblem {
  readonly index: number;
  readonly column: string;
  readonly message: string;
  /** Stricter than eksctl: reported as a warning. @default false */
  readonly warning?: boolean;
}

const DISK = /^(\/dev\/[\w-]+)+$/;
const MAC_6 = /^[0-9a-fA-F]{2}([:-])[0-9a-fA-F]{2}(\1[0-9a-fA-F]{2}){4}$/;
const MAC_DOTTED = /^[0-9a-fA-F]{4}\.[0-9a-fA-F]{4}\.[0-9a-fA-F]{4}$/;
const MAC_LONG = /^[0-9a-fA-F]{2}([:-])[0-9a-fA-F]{2}(\1[0-9a-fA-F]{2}){6}$|^[0-9a-fA-F]{2}([:-])[0-9a-fA-F]{2}(\4[0-9a-fA-F]{2}){18}$/;

/** Go's net.ParseMAC acceptance (EUI-48, EUI-64 and 20-octet forms). */
export function isMac(value: string): boolean {
  return MAC_6.test(value) || MAC_DOTTED.test(value) || MAC_LONG.test(value);
}

/**
 * The `key=value|key=value` labels column as a map, or the first malformed pair. As eksctl reads
 * it (machine.go Labels.UnmarshalCSV): each pair split on every `=` must give exactly a key and
 * a value (`a=b=c` is malformed), both trimmed; key and value rules come after.
 */
export function parseHardwareLabels(text: string): Record<string, string> | { bad: string } {
  const labels: Record<string, string> = {};
  if (text === '') return labels;
  for (const pair of text.split('|')) {
    const kv = pair.trim().split('=');
    if (kv.length !== 2) return { bad: pair };
    labels[kv[0].trim()] = kv[1].trim();
  }
  return labels;
}

/** Every rule eksctl applies to a hardware inventory, as problems per machine and column. */
export function validateHardwareMachines(machines: readonly HardwareMachine[]): HardwareProblem[] {
  const out: HardwareProblem[] = [];
  machines.forEach((m, index) => {
    const add = (column: string, message: string, warn = false) => out.push({ index, column, message, ...(warn ? { warning: true } : {}) });
    if (!m.hostname) {add('hostname', 'hostname is required');} else {
      const p = checkDns1123Subdomain(m.hostname);
      if (p) add('hostname', `hostname ${JSON.stringify(m.hostname)} is invalid: ${p}`);
    }
    if (!m.mac) add('mac', 'mac is required');
    else if (!isMac(m.mac)) add('mac', `mac ${JSON.stringify(m.mac)} is not a valid MAC address`);
    if (!m.ipAddress) add('ip_address', 'ip_address is required');
    else if (!isIp(m.ipAddress)) add('ip_address', `ip_address ${JSON.stringify(m.ipAddress)} is not a valid IP`);
    if (!m.gateway) add('gateway', 'gateway is required');
    else if (!isIp(m.gateway)) add('gateway', `gateway ${JSON.stringify(m.gateway)} is not a valid IP`);
    // eksctl only requires a netmask (validator.go StaticMachineAssertions); Tinkerbell's DHCP hands out what is written.
    if (!m.netmask) {add('netmask', 'netmask is required');} else if (isIp(m.ipAddress) && !m.ipAddress.includes(':') && !isIpv4Netmask(m.netmask)) {
      add('netmask', `netmask ${JSON.stringify(m.netmask)} is not a dotted-quad IPv4 netmask such as 255.255.255.0: eksctl accepts any non-empty value, the machine gets it over DHCP as written`, true);
    }
    if (!m.nameservers.length) add('nameservers', 'nameservers is required');
    else if (m.nameservers.some(ns => ns.trim() === '')) add('nameservers', 'nameservers must not contain an empty entry (check for a stray "|")');
    for (const [k, v] of Object.entries(m.labels)) {
      const pk = checkQualifiedName(k);
      if (pk) add('labels', `label key ${JSON.stringify(k)} is invalid: ${pk}`);
      const pv = checkLabelValue(v);
      if (pv) add('labels', `label value ${JSON.stringify(v)} of ${k} is invalid: ${pv}`);
    }
    if (!DISK.test(m.disk)) add('disk', `disk ${JSON.stringify(m.disk)} is invalid: must be a block device path such as /dev/sda or /dev/nvme0n1 (/dev/disk/by-id/… links are not accepted)`);
    const bmcSet = [m.bmcIp, m.bmcUsername, m.bmcPassword].some(v => v !== undefined && v !== '');
    if (bmcSet) {
      if (!m.bmcIp) add('bmc_ip', 'bmc_ip is required when any bmc column is set');
      else if (!isIp(m.bmcIp)) add('bmc_ip', `bmc_ip ${JSON.stringify(m.bmcIp)} is not a valid IP`);
      if (!m.bmcUsername) add('bmc_username', 'bmc_username is required when any bmc column is set');
      if (!m.bmcPassword) add('bmc_password', 'bmc_password is required when any bmc column is set');
    }
    if (m.vlanId !== undefined && (!Number.isInteger(m.vlanId) || m.vlanId < 1 || m.vlanId > 4094)) {
      add('vlan_id', `vlan_id ${String(m.vlanId)} is invalid: must be a whole number from 1 to 4094`);
    }
  });
  const unique: Array<[string, (m: HardwareMachine) => string | undefined]> = [
    ['hostname', m => m.hostname || undefined],
    ['ip_address', m => m.ipAddress || undefined],
    ['mac', m => (m.mac ? m.mac.toLowerCase().replace(/[-.]/g, ':') : undefined)],
    ['bmc_ip', m => m.bmcIp || undefined],
  ];
  for (const [column, key] of unique) {
    const first = new Map<string, number>();
    machines.forEach((m, index) => {
      const k = key(m);
      if (k === undefined) return;
      const prior = first.get(k);
      if (prior === undefined) first.set(k, index);
      else out.push({ index, column, message: `duplicate ${column} ${k}: already used by ${machines[prior].hostname || `machine ${prior + 1}`}${machines[prior].source ? ` (${machines[prior].source})` : ''}` });
    });
  }
  return out;
}

/** Whether a machine carries every label of a selector. */
export function matchesSelector(labels: Readonly<Record<string, string>>, selector: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(selector);
  return keys.length > 0 && keys.every(k => labels[k] === selector[k]);
}
