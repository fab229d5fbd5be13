// URL parsing with the acceptance of Go's net/url, which eksctl uses: url.Parse (lenient) and
// url.ParseRequestURI (absolute URI or absolute path). Only what the EKS-A rules read: the
// scheme, the host and whether parsing fails, with Go's error wording.

export interface GoUrl {
  readonly scheme: string;
  /** The authority's host[:port] ('' without `//`). */
  readonly host: string;
}

export type GoUrlResult = GoUrl | { readonly error: string };

/** Go's getScheme: [a-zA-Z][a-zA-Z0-9+.-]* before the first ':'. */
function splitScheme(raw: string): { scheme: string; rest: string } | { error: string } {
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (/[a-zA-Z]/.test(c)) continue;
    if (/[0-9+.-]/.test(c)) {
      if (i === 0) return { scheme: '', rest: raw };
      continue;
    }
    if (c === ':') {
      if (i === 0) return { error: 'missing protocol scheme' };
      return { scheme: raw.slice(0, i).toLowerCase(), rest: raw.slice(i + 1) };
    }
    return { scheme: '', rest: raw };
  }
  return { scheme: '', rest: raw };
}

function parse(raw: string, viaRequest: boolean): GoUrlResult {
  if (/[\x00-\x1f\x7f]/.test(raw)) return { error: 'net/url: invalid control character in URL' };
  if (raw === '' && viaRequest) return { error: 'empty url' };
  const s = splitScheme(raw);
  if ('error' in s) return s;
  let rest = s.rest;
  const hash = rest.indexOf('#');
  if (!viaRequest && hash >= 0) rest = rest.slice(0, hash);
  const q = rest.indexOf('?');
  if (q >= 0) rest = rest.slice(0, q);
  if (!rest.startsWith('/')) {
    if (s.scheme) return { scheme: s.scheme, host: '' };
    if (viaRequest) return { error: 'invalid URI for request' };
    const colon = rest.indexOf(':');
    const slash = rest.indexOf('/');
    if (colon >= 0 && (slash < 0 || colon < slash)) return { error: 'first path segment in URL cannot contain colon' };
  }
  let host = '';
  if ((s.scheme || !viaRequest) && rest.startsWith('//') && !(viaRequest && rest.startsWith('///'))) {
    const authority = rest.slice(2).split('/')[0];
    host = authority.slice(authority.lastIndexOf('@') + 1);
    if (/\s/.test(host)) return { error: 'invalid character " " in host name' };
    const port = /^(?:\[[^\]]*\]|[^:]*):(.*)$/.exec(host)?.[1];
    if (port !== undefined && !/^\d*$/.test(port)) return { error: `invalid port ":${port}" after host` };
  }
  return { scheme: s.scheme, host };
}

/** Go's url.ParseRequestURI. */
export function parseRequestUri(raw: string): GoUrlResult {
  return parse(raw, true);
}

/** Go's url.Parse. */
export function parseUrl(raw: string): GoUrlResult {
  return parse(raw, false);
}
