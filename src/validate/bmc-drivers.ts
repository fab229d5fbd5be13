// The BMC driver table of baremetal-operator v0.13.x (the version CAPM3 v1.13 pins), as data.
// Facts from upstream-rules.md §1.2; the transport suffixes +http/+https apply to the
// Redfish family only.

export interface BmcDriver {
  /** Scheme without transport suffix, e.g. `redfish-virtualmedia`. */
  readonly scheme: string;
  /** Whether `+http` / `+https` variants exist. */
  readonly transportSuffixes: boolean;
  /** Ironic port used when the address has none. */
  readonly defaultPort?: number;
  /** BMO rejects the host without spec.bootMACAddress (v0.13.x). */
  readonly needsMac: boolean;
  readonly supportsSecureBoot: boolean;
  readonly supportsHardwareRaid: boolean;
  /** Boots through virtual media: no provisioning network needed. */
  readonly virtualMedia: boolean;
}

export const BMC_DRIVERS: readonly BmcDriver[] = [
  { scheme: 'ipmi', transportSuffixes: false, defaultPort: 623, needsMac: false, supportsSecureBoot: false, supportsHardwareRaid: false, virtualMedia: false },
  { scheme: 'libvirt', transportSuffixes: false, needsMac: true, supportsSecureBoot: false, supportsHardwareRaid: false, virtualMedia: false },
  { scheme: 'redfish', transportSuffixes: true, needsMac: true, supportsSecureBoot: true, supportsHardwareRaid: true, virtualMedia: false },
  { scheme: 'ilo5-redfish', transportSuffixes: true, needsMac: true, supportsSecureBoot: true, supportsHardwareRaid: true, virtualMedia: false },
  { scheme: 'idrac-redfish', transportSuffixes: true, needsMac: true, supportsSecureBoot: true, supportsHardwareRaid: true, virtualMedia: false },
  { scheme: 'redfish-virtualmedia', transportSuffixes: true, needsMac: false, supportsSecureBoot: true, supportsHardwareRaid: true, virtualMedia: true },
  { scheme: 'ilo5-virtualmedia', transportSuffixes: true, needsMac: false, supportsSecureBoot: true, supportsHardwareRaid: true, virtualMedia: true },
  { scheme: 'idrac-virtualmedia', transportSuffixes: true, needsMac: false, supportsSecureBoot: true, supportsHardwareRaid: true, virtualMedia: true },
  { scheme: 'redfish-uefihttp', transportSuffixes: true, needsMac: true, supportsSecureBoot: true, supportsHardwareRaid: true, virtualMedia: false },
];

/** Schemes that once existed, with the BMO release that removed them. */
export const REMOVED_BMC_SCHEMES: Readonly<Record<string, string>> = {
  'irmc': 'v0.13.0',
  'ilo4': 'v0.12.0',
  'ilo4-virtualmedia': 'v0.12.0',
  'ilo5': 'v0.12.0',
  'idrac': 'v0.6.0',
  'ibmc': 'v0.6.0',
};

/** Looks a scheme up (case-insensitive), honouring +http/+https. */
export function findDriver(scheme: string): { driver: BmcDriver; transport: 'http' | 'https' } | undefined {
  const s = scheme.toLowerCase();
  const m = /^(.*)\+(https?)$/.exec(s);
  const base = m ? m[1] : s;
  const driver = BMC_DRIVERS.find(d => d.scheme === base);
  if (!driver || (m && !driver.transportSuffixes)) return undefined;
  return { driver, transport: m ? (m[2] as 'http' | 'https') : 'https' };
}

export function knownSchemes(): string[] {
  const out: string[] = [];
  for (const d of BMC_DRIVERS) {
    out.push(d.scheme);
    if (d.transportSuffixes) out.push(`${d.scheme}+http`, `${d.scheme}+https`);
  }
  return out;
}
