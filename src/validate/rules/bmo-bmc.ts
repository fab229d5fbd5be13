// BareMetalHost spec.bmc as baremetal-operator v0.13.2 reads it: the webhook parses the address
// (`pkg/hardwareutils/bmc/access.go` GetParsedURL, NewAccessDetails) and asks the driver what it
// supports (`validateBMCAccess`); the controller then refuses a host with only half its BMC
// details (`buildAndValidateBMCCredentials`, `getBMCSecretAndSetOwner`).
import { get } from './rule';
import { Finding, error } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';
import { BmcAddressError, ParsedBmcAddress, parseBmcAddress } from '../bmc-address';

const RULE_OF_PROBLEM = {
  parse: 'bmo/bmc-address',
  host: 'bmo/bmc-address-host',
  type: 'bmo/bmc-type',
  unusable: 'bmo/bmc-address-unusable',
  empty: 'bmo/bmc-incomplete',
} as const;

export interface ParsedAddress {
  readonly parsed?: ParsedBmcAddress;
  readonly finding?: Finding;
}

/** The parsed address (when the webhook would get an AccessDetails), or why it does not parse. */
export function parsedAddress(obj: KubeObject): ParsedAddress {
  const address = get(obj, 'spec', 'bmc', 'address');
  if (typeof address !== 'string' || !address) return {};
  try {
    return { parsed: parseBmcAddress(address) };
  } catch (e) {
    if (!(e instanceof BmcAddressError)) throw e;
    return { finding: error(RULE_OF_PROBLEM[e.problem], 'spec.bmc.address', e.message, e.hint) };
  }
}

/** The driver name BuildBIOSSettings reports (`AccessDetails.Driver()`). */
function driverName(p: ParsedBmcAddress): string {
  if (p.driver.scheme === 'ipmi' || p.driver.scheme === 'libvirt') return 'ipmi';
  return p.driver.scheme.startsWith('idrac') ? 'idrac' : 'redfish';
}

export function bmcRules(obj: KubeObject, { parsed, finding }: ParsedAddress): Finding[] {
  const out: Finding[] = finding ? [finding] : [];
  const address = get(obj, 'spec', 'bmc', 'address');
  const secret = get(obj, 'spec', 'bmc', 'credentialsName');
  // Neither set: an unmanaged host, which the controller leaves alone.
  if (address === '' && typeof secret === 'string' && secret) {
    out.push(error('bmo/bmc-incomplete', 'spec.bmc.address', 'Missing BMC connection detail \'Address\'', 'the BMC URL, e.g. redfish-virtualmedia://192.168.200.75/redfish/v1/Systems/1'));
  }
  if (typeof address === 'string' && address && secret === '') {
    out.push(error('bmo/bmc-incomplete', 'spec.bmc.credentialsName', 'The BMC secret reference is empty', 'the name of a Secret with username and password'));
  }
  if (parsed && get(obj, 'spec', 'bootMode') === 'UEFISecureBoot' && !parsed.driver.supportsSecureBoot) {
    out.push(error('bmo/secure-boot', 'spec.bootMode', `BMC driver ${parsed.scheme} does not support secure boot`, 'use UEFI, or a Redfish-based BMC address'));
  }
  const firmware = get(obj, 'spec', 'firmware');
  if (parsed && firmware !== undefined && firmware !== null) {
    out.push(error('bmo/firmware', 'spec.firmware', `firmware settings for ${driverName(parsed)} are not supported`, 'use a HostFirmwareSettings resource'));
  }
  return out;
}
