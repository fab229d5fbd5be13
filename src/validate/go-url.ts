// Go's net/url.ParseRequestURI, as far as it decides whether a string is accepted: CAPM3's and
// baremetal-operator's image checks call it on image and checksum URLs. It accepts an absolute
// URI (`http://host/x`, `file:///x`, an opaque `scheme:rest`) or an absolute path (`/x`), and
// refuses relative references, bad ports, bad escapes and control characters. The WHATWG URL
// parser disagrees on exactly these cases, so Go's grammar is restated here.
import * as ipaddr from 'ipaddr.js';

/** Go's url.getScheme: the scheme, or '' when the text does not start with one. */
function goScheme(raw: string): { scheme: string; rest: string } | { error: string } {
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (/[A-Za-z]/.test(c)) continue;
    if (/[0-9+.-]/.test(c)) {
      if (i === 0) return { scheme: '', rest: raw };
      continue;
    }
    if (c === ':') {
      if (i === 0) return { error: 'missing protocol scheme' };
      return { scheme: raw.slice(0, i), rest: raw.slice(i + 1) };
    }
    return { scheme: '', rest: raw };
  }
  return { scheme: '', rest: raw };
}

/** A `%` not followed by two hex digits (Go's EscapeError). */
function badEscape(s: string): string | undefined {
  const m = /%(?![0-9A-Fa-f]{2})/.exec(s);
  return m ? `invalid URL escape "${s.slice(m.index, m.index + 3)}"` : undefined;
}

const VALID_PORT = /^(:[0-9]*)?$/;
// Characters Go refuses unescaped in a host (shouldEscape in encodeHost mode, ASCII only).
const BAD_HOST_CHAR = /[ `{}|\\^#]/;
const USERINFO = /^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/;

function hostProblem(host: string): string | undefined {
  let rest = host;
  if (host.startsWith('[')) {
    const end = host.lastIndexOf(']');
    if (end < 0) return 'missing \']\' in host';
    const port = host.slice(end + 1);
    if (!VALID_PORT.test(port)) return `invalid port "${port}" after host`;
    // Go 1.25 checks the bracketed literal with netip.ParseAddr (a zone after %25 aside).
    const literal = host.slice(1, end).split('%25')[0];
    if (!ipaddr.IPv6.isValid(literal) && !ipaddr.IPv4.isValidFourPartDecimal(literal)) return `invalid host: ParseAddr(${JSON.stringify(literal)})`;
    rest = host.slice(0, end);
  } else {
    const i = host.lastIndexOf(':');
    if (i >= 0 && !VALID_PORT.test(host.slice(i))) return `invalid port "${host.slice(i)}" after host`;
  }
  const bad = BAD_HOST_CHAR.exec(rest);
  if (bad) return `invalid character "${bad[0]}" in host name`;
  // %-escapes in a host may only encode non-ASCII bytes (or %25, the IPv6 zone separator).
  for (const m of rest.matchAll(/%([0-9A-Fa-f])([0-9A-Fa-f])?/g)) {
    if (m[2] === undefined) return badEscape(m[0]);
    if (parseInt(m[1], 16) < 8 && m[0] !== '%25') return `invalid URL escape "${m[0]}"`;
  }
  return badEscape(rest);
}

/**
 * Why Go's `url.ParseRequestURI(raw)` fails, in Go's words (without the `parse "…": ` prefix),
 * or undefined when it succeeds.
 */
export function parseRequestUriProblem(raw: string): string | undefined {
  if (/[\u0000-\u001f\u007f]/.test(raw)) return 'net/url: invalid control character in URL';
  if (raw === '') return 'empty url';
  if (raw === '*') return undefined;
  const s = goScheme(raw);
  if ('error' in s) return s.error;
  const scheme = s.scheme;
  let rest = s.rest;
  // A query is cut off; ParseRequestURI keeps a '#' as part of the path.
  const q = rest.indexOf('?');
  if (q >= 0) rest = rest.slice(0, q);
  if (!rest.startsWith('/')) {
    // Rootless text after a scheme is an opaque URI (`mailto:x`); without one it is relative.
    return scheme ? undefined : 'invalid URI for request';
  }
  if (scheme && rest.startsWith('//')) {
    const after = rest.slice(2);
    const slash = after.indexOf('/');
    const authority = slash >= 0 ? after.slice(0, slash) : after;
    rest = slash >= 0 ? after.slice(slash) : '';
    const at = authority.lastIndexOf('@');
    const host = at >= 0 ? authority.slice(at + 1) : authority;
    const hp = hostProblem(host);
    if (hp) return hp;
    if (at >= 0) {
      const userinfo = authority.slice(0, at);
      if (!USERINFO.test(userinfo)) return 'net/url: invalid userinfo';
      const ue = badEscape(userinfo);
      if (ue) return ue;
    }
  }
  return badEscape(rest);
}

/** Whether Go's `url.ParseRequestURI` accepts the text. */
export function isRequestUri(raw: string): boolean {
  return parseRequestUriProblem(raw) === undefined;
}
