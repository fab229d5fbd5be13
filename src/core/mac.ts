// MAC addresses as BareMetalHost.bootMACAddress needs them: Go's net.ParseMAC must accept
// the value and the CRD pattern wants colon-separated hex octets, so only the
// `aa:bb:cc:dd:ee:ff` form satisfies both.
const COLON_MAC = /^[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}$/;

/** Returns a problem description, or undefined when the MAC is valid. */
export function checkMac(mac: string): string | undefined {
  if (!mac) return 'MAC address is empty';
  if (COLON_MAC.test(mac)) return undefined;
  if (/^[0-9a-fA-F]{2}([-.][0-9a-fA-F]{2}){5}$/.test(mac) || /^[0-9a-fA-F]{4}\.[0-9a-fA-F]{4}\.[0-9a-fA-F]{4}$/.test(mac)) {
    return `address ${mac}: use colon-separated octets (${normalizeMac(mac)}); the BareMetalHost CRD pattern rejects other separators`;
  }
  return `address ${mac}: invalid MAC address (expected six colon-separated hex octets, e.g. 0c:c4:7a:12:34:56)`;
}

/** Lowercase, colon-separated form of a 6-octet MAC written with ':', '-' or '.' separators. */
export function normalizeMac(mac: string): string {
  const hex = mac.replace(/[:.-]/g, '').toLowerCase();
  return hex.match(/.{2}/g)!.join(':');
}
