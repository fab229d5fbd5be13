// BareMetalHost spec.bootMACAddress as baremetal-operator v0.13.2 checks it (webhook
// `validateBMCAccess`): required for drivers that need it or when inspection is disabled, and
// accepted by Go's net.ParseMAC. The CRD pattern `[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}` is
// unanchored (the schema layer applies it), so colon-separated EUI-48, EUI-64 and 20-octet
// InfiniBand addresses all pass; other separators fail the pattern.
import { Finding, error } from '../../core/finding';
import { normalizeMac } from '../../core/mac';
import { ParsedBmcAddress } from '../bmc-address';

const CRD_PATTERN = /[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}/;

/** Go's net.ParseMAC: 6, 8 or 20 octets, all separated by ':' or all by '-', or dotted groups of four. */
export function goParseMacProblem(mac: string): string | undefined {
  const octets = (n: number) => n === 6 || n === 8 || n === 20;
  for (const sep of [':', '-']) {
    const parts = mac.split(sep);
    if (parts.length > 1 && octets(parts.length) && parts.every(p => /^[0-9a-fA-F]{2}$/.test(p))) return undefined;
  }
  const groups = mac.split('.');
  if (groups.length > 1 && octets(groups.length * 2) && groups.every(g => /^[0-9a-fA-F]{4}$/.test(g))) return undefined;
  return `address ${mac}: invalid MAC address`;
}

export function bootMacRules(spec: any, parsed: ParsedBmcAddress | undefined, inspectionDisabled: boolean): Finding[] {
  const mac = spec?.bootMACAddress;
  if (typeof mac === 'string' && mac) {
    const p = goParseMacProblem(mac);
    const sixOctets = /^[0-9a-fA-F]{2}([-.]?[0-9a-fA-F]{2}){5}$/.test(mac) || /^[0-9a-fA-F]{4}\.[0-9a-fA-F]{4}\.[0-9a-fA-F]{4}$/.test(mac);
    if (p) return [error('bmo/boot-mac-format', 'spec.bootMACAddress', p, sixOctets ? `write ${normalizeMac(mac)}` : 'colon-separated hex octets, e.g. 0c:c4:7a:12:34:56')];
    // net.ParseMAC takes '-' and '.' forms; the CRD pattern (schema/pattern) does not: say how to write it.
    if (!CRD_PATTERN.test(mac)) {
      return [error('bmo/boot-mac-format', 'spec.bootMACAddress', `address ${mac}: the BareMetalHost CRD pattern wants colon-separated octets`,
        sixOctets ? `write ${normalizeMac(mac)}` : 'colon-separated hex octets')];
    }
    return [];
  }
  if (parsed && (parsed.driver.needsMac || inspectionDisabled)) {
    return [error('bmo/boot-mac-required', 'spec.bootMACAddress', `BMC driver ${parsed.scheme} requires a BootMACAddress value`,
      inspectionDisabled ? 'inspection is disabled, so baremetal-operator cannot discover the MAC' : 'set the MAC of the NIC the host boots from')];
  }
  return [];
}
