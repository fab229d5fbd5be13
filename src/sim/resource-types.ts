// The kinds the simulated API server serves: the core kinds an applier meets, the pinned CRDs
// (optional) and every CustomResourceDefinition applied to the server while it runs.
import { KIND_EXTRAS, PrinterColumn } from './printer-columns';
import { sortVersions } from './version-order';
import { Finding } from '../core/finding';
import { parseApiVersion } from '../core/gvk';
import { KubeObject } from '../core/kube-object';
import { SchemaRegistry } from '../validate/schema';

/** One served group/version/resource. */
export interface ResourceType {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  readonly listKind: string;
  readonly plural: string;
  readonly singular: string;
  readonly namespaced: boolean;
  readonly statusSubresource: boolean;
  readonly shortNames: readonly string[];
  readonly categories: readonly string[];
  readonly columns: readonly PrinterColumn[];
  /** Built-in (compiled-in) kinds: list items carry no apiVersion/kind and there is no generation. */
  readonly builtin: boolean;
  /** The version objects of this group/resource are stored in. */
  readonly storageVersion: string;
  /** Structural schema used for pruning, defaulting and apply merge; undefined = schemaless. */
  readonly schema?: any;
  /** Where the kind comes from: `builtin`, `pinned` or `crd/<name>`. */
  readonly source: string;
}

export function apiVersionOf(rt: { group: string; version: string }): string {
  return rt.group ? `${rt.group}/${rt.version}` : rt.version;
}

/** `plural` or `plural.group` as the server names a resource in messages. */
export function groupResource(rt: ResourceType): { group: string; resource: string } {
  return { group: rt.group, resource: rt.plural };
}

const EVENT_SCHEMA = { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true };

interface BuiltinDef {
  group: string;
  version: string;
  kind: string;
  plural: string;
  namespaced: boolean;
  status: boolean;
  shortNames: string[];
  schemaless?: boolean;
}

const BUILTINS: BuiltinDef[] = [
  { group: '', version: 'v1', kind: 'Namespace', plural: 'namespaces', namespaced: false, status: true, shortNames: ['ns'] },
  { group: '', version: 'v1', kind: 'Secret', plural: 'secrets', namespaced: true, status: false, shortNames: [] },
  { group: '', version: 'v1', kind: 'ConfigMap', plural: 'configmaps', namespaced: true, status: false, shortNames: ['cm'] },
  { group: '', version: 'v1', kind: 'Service', plural: 'services', namespaced: true, status: true, shortNames: ['svc'] },
  { group: '', version: 'v1', kind: 'Event', plural: 'events', namespaced: true, status: false, shortNames: ['ev'], schemaless: true },
  { group: 'apiextensions.k8s.io', version: 'v1', kind: 'CustomResourceDefinition', plural: 'customresourcedefinitions', namespaced: false, status: true, shortNames: ['crd', 'crds'] },
];

function key(group: string, version: string, plural: string): string {
  return `${group}/${version}/${plural}`;
}

export interface ResourceTypesOptions {
  /** Serve every pinned CRD from the start. @default true */
  readonly pinned?: boolean;
}

export class ResourceTypes {
  private readonly types = new Map<string, ResourceType>();
  /** CRD name → the types it registered. */
  private readonly crdTypes = new Map<string, ResourceType[]>();
  /** Validation for CRDs applied at run time; pinned and built-in kinds use the default registry. */
  private readonly local = new SchemaRegistry();
  private readonly pinnedRegistry = SchemaRegistry.default();
  private readonly pinnedCrds: KubeObject[] = [];

  constructor(options: ResourceTypesOptions = {}) {
    for (const b of BUILTINS) {
      const schema = b.schemaless ? EVENT_SCHEMA : this.pinnedRegistry.structuralSchema(apiVersionOf(b), b.kind);
      this.add({
        group: b.group,
        version: b.version,
        kind: b.kind,
        listKind: `${b.kind}List`,
        plural: b.plural,
        singular: b.kind.toLowerCase(),
        namespaced: b.namespaced,
        statusSubresource: b.status,
        shortNames: b.shortNames,
        categories: [],
        columns: [],
        builtin: true,
        storageVersion: b.version,
        schema,
        source: 'builtin',
      });
    }
    if (options.pinned ?? true) this.loadPinned();
  }

  get(group: string, version: string, plural: string): ResourceType | undefined {
    return this.types.get(key(group, version, plural));
  }

  forKind(apiVersion: string, kind: string): ResourceType | undefined {
    const { group, version } = parseApiVersion(apiVersion);
    for (const t of this.types.values()) if (t.group === group && t.version === version && t.kind === kind) return t;
    return undefined;
  }

  /** The type of a group/kind at its storage version (any served version when none is marked). */
  forGroupKind(group: string, kind: string): ResourceType | undefined {
    const all = [...this.types.values()].filter(t => t.group === group && t.kind === kind);
    return all.find(t => t.version === t.storageVersion) ?? all[0];
  }

  all(): ResourceType[] {
    return [...this.types.values()];
  }

  /** Groups with their versions, highest priority first, groups sorted by name (core first). */
  groupVersions(): Array<{ group: string; versions: string[] }> {
    const m = new Map<string, Set<string>>();
    for (const t of this.types.values()) {
      if (!m.has(t.group)) m.set(t.group, new Set());
      m.get(t.group)!.add(t.version);
    }
    return [...m.entries()]
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .map(([group, vs]) => ({ group, versions: sortVersions([...vs]) }));
  }

  resourcesIn(group: string, version: string): ResourceType[] {
    return [...this.types.values()].filter(t => t.group === group && t.version === version)
      .sort((a, b) => (a.plural < b.plural ? -1 : 1));
  }

  /** Schema findings for an object of this type (empty for schemaless kinds). */
  validate(rt: ResourceType, obj: KubeObject): Finding[] {
    if (rt.schema === EVENT_SCHEMA) return [];
    const reg = rt.source.startsWith('crd/') ? this.local : this.pinnedRegistry;
    return reg.validate(obj);
  }

  /** CRD objects standing for the pinned kinds (so `kubectl get crd` lists them). */
  pinnedCrdObjects(): KubeObject[] {
    return this.pinnedCrds;
  }

  /** Serves the versions of an (established) CRD; replaces what the same CRD served before. */
  registerCrd(crd: KubeObject): ResourceType[] {
    const name = crd.metadata?.name ?? '';
    this.unregisterCrd(name);
    const spec = crd.spec ?? {};
    const names = spec.names ?? {};
    const served = (spec.versions ?? []).filter((v: any) => v.served);
    const storage = (spec.versions ?? []).find((v: any) => v.storage)?.name ?? served[0]?.name;
    this.local.addCrd(crd);
    const extras = KIND_EXTRAS[`${spec.group}/${names.kind}`] ?? {};
    const out: ResourceType[] = [];
    for (const v of served) {
      const rt: ResourceType = {
        group: spec.group,
        version: v.name,
        kind: names.kind,
        listKind: names.listKind ?? `${names.kind}List`,
        plural: names.plural,
        singular: names.singular ?? String(names.kind).toLowerCase(),
        namespaced: spec.scope !== 'Cluster',
        statusSubresource: Boolean(v.subresources?.status),
        shortNames: names.shortNames ?? [],
        categories: names.categories ?? [],
        columns: (v.additionalPrinterColumns as PrinterColumn[] | undefined) ?? extras.columns ?? [],
        builtin: false,
        storageVersion: storage,
        schema: v.schema?.openAPIV3Schema ?? { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true },
        source: `crd/${name}`,
      };
      this.add(rt);
      out.push(rt);
    }
    this.crdTypes.set(name, out);
    return out;
  }

  unregisterCrd(name: string): void {
    for (const rt of this.crdTypes.get(name) ?? []) {
      const k = key(rt.group, rt.version, rt.plural);
      if (this.types.get(k) === rt) this.types.delete(k);
    }
    this.crdTypes.delete(name);
  }

  private add(rt: ResourceType): void {
    this.types.set(key(rt.group, rt.version, rt.plural), rt);
  }

  private loadPinned(): void {
    const byGroupKind = new Map<string, ReturnType<SchemaRegistry['kinds']>>();
    for (const k of this.pinnedRegistry.kinds()) {
      if (k.source === 'builtin') continue;
      const gk = `${k.group}/${k.kind}`;
      if (!byGroupKind.has(gk)) byGroupKind.set(gk, []);
      byGroupKind.get(gk)!.push(k);
    }
    for (const [gk, versions] of byGroupKind) {
      const first = versions[0];
      const extras = KIND_EXTRAS[gk] ?? {};
      const storage = versions.find(v => v.storage)?.version ?? first.version;
      const crdVersions: any[] = [];
      for (const v of versions) {
        const schema = this.pinnedRegistry.structuralSchema(`${v.group}/${v.version}`, v.kind);
        this.add({
          group: v.group,
          version: v.version,
          kind: v.kind,
          listKind: `${v.kind}List`,
          plural: v.plural,
          singular: v.kind.toLowerCase(),
          namespaced: v.namespaced,
          statusSubresource: v.statusSubresource,
          shortNames: extras.shortNames ?? [],
          categories: extras.categories ?? [],
          columns: extras.columns ?? [],
          builtin: false,
          storageVersion: storage,
          schema,
          source: 'pinned',
        });
        crdVersions.push({
          name: v.version,
          served: true,
          storage: v.version === storage,
          ...(v.deprecated ? { deprecated: true } : {}),
          schema: { openAPIV3Schema: schema },
          ...(v.statusSubresource ? { subresources: { status: {} } } : {}),
        });
      }
      this.pinnedCrds.push({
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'CustomResourceDefinition',
        metadata: { name: `${first.plural}.${first.group}`, annotations: { 'sim.cdk8s-capi.io/source': first.source } },
        spec: {
          group: first.group,
          names: {
            kind: first.kind,
            listKind: `${first.kind}List`,
            plural: first.plural,
            singular: first.kind.toLowerCase(),
            ...(extras.shortNames ? { shortNames: [...extras.shortNames] } : {}),
            ...(extras.categories ? { categories: [...extras.categories] } : {}),
          },
          scope: first.namespaced ? 'Namespaced' : 'Cluster',
          versions: crdVersions,
        },
      });
    }
  }
}
