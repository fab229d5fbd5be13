// Legacy (non-aggregated) discovery documents, built from the served resource types:
// /api, /api/v1, /apis, /apis/<group>, /apis/<group>/<version>, and /version. Clients asking
// for aggregated discovery get these too; client-go and kubectl fall back to them.
import { ResourceTypes } from './resource-types';

const VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

/** The Kubernetes version the simulator claims to be. */
export const SIM_KUBE_VERSION = { major: '1', minor: '32', gitVersion: 'v1.32.0-cdk8s-capi-sim' };

export function versionInfo(): any {
  return {
    ...SIM_KUBE_VERSION,
    gitCommit: '0000000000000000000000000000000000000000',
    gitTreeState: 'clean',
    buildDate: '2025-01-01T00:00:00Z',
    goVersion: 'go1.23.0',
    compiler: 'gc',
    platform: `${process.platform}/${process.arch === 'x64' ? 'amd64' : process.arch}`,
  };
}

export function apiVersions(hostPort: string): any {
  return {
    kind: 'APIVersions',
    versions: ['v1'],
    serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: hostPort }],
  };
}

function groupDoc(name: string, versions: string[]): any {
  const vs = versions.map(v => ({ groupVersion: `${name}/${v}`, version: v }));
  return { name, versions: vs, preferredVersion: vs[0] };
}

export function apiGroupList(types: ResourceTypes): any {
  return {
    kind: 'APIGroupList',
    apiVersion: 'v1',
    groups: types.groupVersions().filter(g => g.group !== '').map(g => groupDoc(g.group, g.versions)),
  };
}

/** undefined when the group is not served. */
export function apiGroup(types: ResourceTypes, group: string): any | undefined {
  const g = types.groupVersions().find(x => x.group === group);
  return g ? { kind: 'APIGroup', apiVersion: 'v1', ...groupDoc(g.group, g.versions) } : undefined;
}

/** undefined when the group/version is not served. */
export function apiResourceList(types: ResourceTypes, group: string, version: string): any | undefined {
  const rts = types.resourcesIn(group, version);
  if (rts.length === 0) return undefined;
  const resources: any[] = [];
  for (const rt of rts) {
    resources.push({
      name: rt.plural,
      singularName: rt.singular,
      namespaced: rt.namespaced,
      kind: rt.kind,
      verbs: VERBS,
      ...(rt.shortNames.length ? { shortNames: [...rt.shortNames] } : {}),
      ...(rt.categories.length ? { categories: [...rt.categories] } : {}),
    });
    if (rt.statusSubresource) {
      resources.push({ name: `${rt.plural}/status`, singularName: '', namespaced: rt.namespaced, kind: rt.kind, verbs: ['get', 'patch', 'update'] });
    }
    if (rt.builtin && rt.kind === 'Namespace') {
      resources.push({ name: 'namespaces/finalize', singularName: '', namespaced: false, kind: 'Namespace', verbs: ['update'] });
    }
  }
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: group ? `${group}/${version}` : version, resources };
}
