// OpenAPI v3 discovery: the root index (/openapi/v3) and one document per group/version.
// kubectl reads these before `apply` to learn that the server accepts the `fieldValidation`
// parameter (so validation happens server side) and for `kubectl explain`; the documents
// carry the paths with x-kubernetes-group-version-kind and each kind's schema.
import { createHash } from 'node:crypto';
import { apiVersionOf, ResourceType, ResourceTypes } from './resource-types';

function gvPath(group: string, version: string): string {
  return group ? `apis/${group}/${version}` : `api/${version}`;
}

function hashOf(rts: ResourceType[]): string {
  const h = createHash('sha256');
  for (const rt of rts) h.update(`${rt.plural}|${rt.kind}|${rt.source}|${rt.namespaced}|`);
  return h.digest('hex').slice(0, 32).toUpperCase();
}

export function openApiV3Root(types: ResourceTypes): any {
  const paths: Record<string, any> = {};
  for (const g of types.groupVersions()) {
    for (const v of g.versions) {
      const p = gvPath(g.group, v);
      paths[p] = { serverRelativeURL: `/openapi/v3/${p}?hash=${hashOf(types.resourcesIn(g.group, v))}` };
    }
  }
  return { paths };
}

const QUERY_PARAMS = ['dryRun', 'fieldManager', 'fieldValidation', 'force', 'pretty'];

function schemaName(rt: ResourceType): string {
  const g = rt.group ? rt.group.split('.').reverse().join('.') : 'io.k8s.api.core';
  return `${g}.${rt.version}.${rt.kind}`;
}

function operation(rt: ResourceType, action: string, ref: string): any {
  return {
    'operationId': `${action}${rt.kind}`,
    'x-kubernetes-action': action,
    'x-kubernetes-group-version-kind': { group: rt.group, version: rt.version, kind: rt.kind },
    'parameters': QUERY_PARAMS.map(name => ({ name, in: 'query', schema: { type: name === 'force' ? 'boolean' : 'string', uniqueItems: true } })),
    'responses': { 200: { description: 'OK', content: { 'application/json': { schema: { $ref: ref } } } } },
  };
}

/** The document for `api/v1` or `apis/<group>/<version>`; undefined when not served. */
export function openApiV3Document(types: ResourceTypes, path: string): any | undefined {
  const segs = path.split('/').filter(Boolean);
  let group: string;
  let version: string;
  if (segs[0] === 'api' && segs.length === 2) {
    group = '';
    version = segs[1];
  } else if (segs[0] === 'apis' && segs.length === 3) {
    group = segs[1];
    version = segs[2];
  } else {
    return undefined;
  }
  const rts = types.resourcesIn(group, version);
  if (rts.length === 0) return undefined;
  const prefix = `/${gvPath(group, version)}`;
  const paths: Record<string, any> = {};
  const schemas: Record<string, any> = {};
  for (const rt of rts) {
    const name = schemaName(rt);
    const ref = `#/components/schemas/${name}`;
    schemas[name] = {
      ...(rt.schema ?? { type: 'object' }),
      'x-kubernetes-group-version-kind': [{ group: rt.group, version: rt.version, kind: rt.kind }],
    };
    const base = rt.namespaced ? `${prefix}/namespaces/{namespace}/${rt.plural}` : `${prefix}/${rt.plural}`;
    paths[base] = { get: operation(rt, 'list', ref), post: operation(rt, 'post', ref) };
    paths[`${base}/{name}`] = {
      get: operation(rt, 'get', ref), put: operation(rt, 'put', ref), patch: operation(rt, 'patch', ref), delete: operation(rt, 'delete', ref),
    };
    if (rt.statusSubresource) {
      paths[`${base}/{name}/status`] = { get: operation(rt, 'get', ref), put: operation(rt, 'put', ref), patch: operation(rt, 'patch', ref) };
    }
  }
  return {
    openapi: '3.0.0',
    info: { title: 'Kubernetes', version: apiVersionOf({ group, version }) },
    paths,
    components: { schemas },
  };
}
