// Request paths of the Kubernetes REST API:
//   /api/v1[/namespaces/<ns>]/<resource>[/<name>[/<subresource>]]
//   /apis/<group>/<version>[/namespaces/<ns>]/<resource>[/<name>[/<subresource>]]
// `/api/v1/namespaces/<name>[/status]` addresses the Namespace itself.

export interface ResourcePath {
  readonly group: string;
  readonly version: string;
  /** Undefined for cluster-scoped paths and cross-namespace lists. */
  readonly namespace?: string;
  /** Undefined for the group/version discovery document. */
  readonly resource?: string;
  readonly name?: string;
  readonly subresource?: string;
}

/** Parses a resource path; undefined when the path is not under /api or /apis. */
export function parseResourcePath(pathname: string): ResourcePath | undefined {
  const segs = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  let group: string;
  let version: string;
  let rest: string[];
  if (segs[0] === 'api' && segs.length >= 2) {
    group = '';
    version = segs[1];
    rest = segs.slice(2);
  } else if (segs[0] === 'apis' && segs.length >= 3) {
    group = segs[1];
    version = segs[2];
    rest = segs.slice(3);
  } else {
    return undefined;
  }
  if (rest.length === 0) return { group, version };
  if (rest[0] === 'namespaces' && rest.length >= 3 && rest[2] !== 'status' && rest[2] !== 'finalize') {
    if (rest.length > 5) return undefined;
    return { group, version, namespace: rest[1], resource: rest[2], name: rest[3], subresource: rest[4] };
  }
  if (rest.length > 3) return undefined;
  return { group, version, resource: rest[0], name: rest[1], subresource: rest[2] };
}
