// Ignition 3.3 `Resource` rules (file contents, append, merge/replace configs, CAs, LUKS key
// files): compression, verification hash, HTTP headers; and what Butane does with a resource
// before Ignition sees it (inline text becomes a data: source, `compression` set by hand means
// "already compressed"). Field paths use Butane's YAML names.
import { Finding, error, warning } from '../../core/finding';

/** What the parser knows about a value beyond its plain form. */
export interface ReadInfo {
  /** The scalar at this field was tagged `!!binary` (go-yaml decodes it from base64). */
  binary(field: string): boolean;
}

export const NO_READ_INFO: ReadInfo = { binary: () => false };

const join = (base: string, key: string) => (key.startsWith('[') ? `${base}${key}` : `${base}.${key}`);

/** Hash functions Ignition verifies, with the hex length of their sums. */
const HASH_HEX_LENGTH: Readonly<Record<string, number>> = { sha256: 64, sha512: 128 };

/** `compression`: "" or "gzip"; with gzip, inline text must already be gzip data. */
export function checkCompression(v: Record<string, unknown>, field: string, info: ReadInfo): Finding[] {
  const c = v.compression;
  if (typeof c !== 'string') return [];
  if (c !== '' && c !== 'gzip') {
    return [error('butane/compression-invalid', join(field, 'compression'),
      `compression ${JSON.stringify(c)}: invalid compression method`, 'use "gzip" (the data is already gzip-compressed) or leave compression out')];
  }
  if (c === 'gzip' && typeof v.inline === 'string' && !info.binary(join(field, 'inline'))) {
    return [error('butane/compression-uncompressed', join(field, 'compression'),
      'compression "gzip" with inline text: Butane takes the text as already compressed and does not compress it, so Ignition fails to decompress it at boot',
      'drop compression (Butane compresses inline text itself when it helps), or give gzip data as inline: !!binary <base64>')];
  }
  return [];
}

/** `verification.hash`: `sha256-<64 hex>` or `sha512-<128 hex>`, and only with a source. */
export function checkVerification(v: Record<string, unknown>, field: string): Finding[] {
  const verification = v.verification as Record<string, unknown> | undefined;
  const hash = verification?.hash;
  if (typeof hash !== 'string') return [];
  const f = join(field, 'verification.hash');
  const out: Finding[] = [];
  // Butane turns inline (and local) contents into a data: source, so only "none of them" lacks one.
  if (v.source === undefined && v.inline === undefined && v.local === undefined) {
    out.push(error('butane/verification-no-source', f, 'source must be specified if verification is specified', 'add the source the hash verifies, or drop verification'));
  }
  const dash = hash.indexOf('-');
  if (dash < 0) {
    out.push(error('butane/verification-hash', f, `hash ${JSON.stringify(hash)}: malformed hash specifier`, 'write <function>-<hex sum>, e.g. sha256-e3b0c442…'));
    return out;
  }
  const fn = hash.slice(0, dash);
  const sum = hash.slice(dash + 1);
  const length = HASH_HEX_LENGTH[fn];
  if (length === undefined) {
    out.push(error('butane/verification-hash', f, `hash function ${JSON.stringify(fn)}: unrecognized hash function`, 'use sha256 or sha512'));
  } else if (sum.length !== length) {
    out.push(error('butane/verification-hash', f, `${fn} sum of ${sum.length} characters: incorrect size for hash sum`, `a ${fn} sum is ${length} hex characters`));
  }
  return out;
}

/** `http_headers`: only for http(s) sources; each with a name and a non-empty value. */
export function checkHttpHeaders(v: Record<string, unknown>, field: string): Finding[] {
  const headers = v.http_headers;
  if (!Array.isArray(headers) || headers.length === 0) return [];
  const out: Finding[] = [];
  const f = join(field, 'http_headers');
  const source = typeof v.source === 'string' ? v.source : undefined;
  if (source === undefined || source === '') {
    const why = v.inline !== undefined ? 'inline contents become a data: URL' : 'there is no source';
    out.push(error('butane/http-headers-scheme', f, `HTTP headers need an http(s) source (${why}): cannot use HTTP headers with this source scheme`, 'fetch the contents from an http or https source, or drop http_headers'));
  } else {
    const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(source)?.[1]?.toLowerCase();
    if (scheme !== 'http' && scheme !== 'https') {
      out.push(error('butane/http-headers-scheme', f, `source scheme ${JSON.stringify(scheme ?? '')}: cannot use HTTP headers with this source scheme`, 'HTTP headers only apply to http and https sources'));
    }
  }
  headers.forEach((h, i) => {
    if (!h || typeof h !== 'object') return;
    const header = h as Record<string, unknown>;
    if (header.name === undefined || header.name === '') {
      out.push(error('butane/http-header-invalid', `${f}[${i}].name`, "HTTP header name can't be empty", 'name the header, e.g. Authorization'));
    }
    if (header.value === '') {
      out.push(error('butane/http-header-invalid', `${f}[${i}].value`, 'empty value: unable to parse HTTP header', 'give the header a value, or drop it'));
    }
  });
  return out;
}

/** Every Ignition resource rule besides the source itself (which `checkContents` reads). */
export function checkResourceFields(v: Record<string, unknown>, field: string, info: ReadInfo = NO_READ_INFO): Finding[] {
  return [...checkCompression(v, field, info), ...checkVerification(v, field), ...checkHttpHeaders(v, field)];
}

/** `ignition.config.merge[]` and TLS certificate authorities must name a source. */
export function checkRequiredSource(v: Record<string, unknown>, field: string): Finding[] {
  if (v.source !== undefined && v.source !== '') return [];
  if (v.inline !== undefined || v.local !== undefined) return []; // Butane turns them into a data: source
  return [error('butane/source-required', field, 'source is required', 'give the config or certificate as inline text or a source URL')];
}

/** `ignition.proxy`: http(s) proxies; plain http for HTTPS resources is a warning. */
export function checkProxy(v: Record<string, unknown>, field: string): Finding[] {
  const out: Finding[] = [];
  for (const [key, httpOk] of [['http_proxy', true], ['https_proxy', false]] as const) {
    const url = v[key];
    if (typeof url !== 'string') continue;
    const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url)?.[1]?.toLowerCase();
    if (scheme !== 'http' && scheme !== 'https') {
      out.push(error('butane/proxy', join(field, key), `${JSON.stringify(url)}: proxies must be http(s)`, 'write the proxy as http://host:port or https://host:port'));
    } else if (scheme === 'http' && !httpOk) {
      out.push(warning('butane/proxy', join(field, key), `${JSON.stringify(url)}: insecure plaintext HTTP proxy specified for HTTPS resources`, 'use an https:// proxy if it offers one'));
    }
  }
  return out;
}
