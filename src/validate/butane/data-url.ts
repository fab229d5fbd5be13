// `data:` URLs for inline file contents, encoded the way Butane encodes uncompressed text:
// `data:,` followed by the UTF-8 bytes percent-escaped with path-segment rules (letters,
// digits and `-_.~$&+=:@` stay as they are, everything else becomes %XX in upper case).
// Butane may instead pick base64 or gzip+base64 when that is shorter; Ignition decodes all
// three to the same bytes, and this form stays readable in a diff.

const KEEP = /[A-Za-z0-9\-_.~$&+=:@]/;

export function encodeDataUrl(text: string): string {
  let out = 'data:,';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += byte < 0x80 && KEEP.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * Decodes an RFC 2397 `data:` URL to its bytes, or returns an error message. Accepts the
 * forms Ignition accepts: optional media type and parameters, optional `;base64`.
 */
export function decodeDataUrl(url: string): { readonly data?: Buffer; readonly error?: string } {
  if (!/^data:/i.test(url)) return { error: 'not a data URL' };
  const comma = url.indexOf(',');
  if (comma < 0) return { error: 'data URL has no "," before its data' };
  const meta = url.slice(5, comma);
  const payload = url.slice(comma + 1);
  if (/;base64$/i.test(meta)) {
    const compact = payload.replace(/%[0-9A-Fa-f]{2}/g, m => String.fromCharCode(parseInt(m.slice(1), 16)));
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 !== 0) return { error: 'data URL is not valid base64' };
    return { data: Buffer.from(compact, 'base64') };
  }
  if (/%(?![0-9A-Fa-f]{2})/.test(payload)) return { error: 'data URL has an invalid %-escape' };
  const parts: Buffer[] = [];
  for (const m of payload.matchAll(/%([0-9A-Fa-f]{2})|[^%]+/g)) {
    parts.push(m[1] ? Buffer.from([parseInt(m[1], 16)]) : Buffer.from(m[0], 'utf8'));
  }
  return { data: Buffer.concat(parts) };
}

/**
 * Decodes base64 as go-yaml decodes a `!!binary` scalar (Go's padded standard encoding, line
 * breaks ignored); undefined when Go would refuse it.
 */
export function decodeGoBase64(text: string): Buffer | undefined {
  const compact = text.replace(/[\r\n]/g, '');
  if (compact.length % 4 !== 0 || !/^([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(compact)) return undefined;
  return Buffer.from(compact, 'base64');
}
