// Structural-schema walking shared by pruning, defaulting and server-side apply: which schema
// applies to a child value, and how lists and maps merge (x-kubernetes-list-type,
// x-kubernetes-list-map-keys, x-kubernetes-map-type).

/** ObjectMeta as the API server treats it (merge semantics included). */
export const META_SCHEMA: any = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    generateName: { type: 'string' },
    namespace: { type: 'string' },
    selfLink: { type: 'string' },
    uid: { type: 'string' },
    resourceVersion: { type: 'string' },
    generation: { type: 'integer' },
    creationTimestamp: { type: 'string', nullable: true },
    deletionTimestamp: { type: 'string', nullable: true },
    deletionGracePeriodSeconds: { type: 'integer' },
    labels: { type: 'object', additionalProperties: { type: 'string' } },
    annotations: { type: 'object', additionalProperties: { type: 'string' } },
    finalizers: { 'type': 'array', 'items': { type: 'string' }, 'x-kubernetes-list-type': 'set' },
    ownerReferences: {
      'type': 'array',
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': ['uid'],
      'items': {
        type: 'object',
        properties: {
          apiVersion: { type: 'string' },
          kind: { type: 'string' },
          name: { type: 'string' },
          uid: { type: 'string' },
          controller: { type: 'boolean' },
          blockOwnerDeletion: { type: 'boolean' },
        },
      },
    },
    managedFields: { type: 'array', items: { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true } },
  },
};

/** A schemaless subtree: everything kept, maps granular, lists atomic. */
export const UNTYPED: any = { 'x-kubernetes-preserve-unknown-fields': true };

/** Merge overlays for built-in kinds whose list semantics come from Go struct tags, not a CRD. */
const BUILTIN_OVERLAYS: Record<string, (s: any) => any> = {
  Service: s => withPath(s, ['spec', 'ports'], p => ({ ...p, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['port', 'protocol'] })),
};

function withPath(schema: any, path: string[], f: (n: any) => any): any {
  if (!schema) return schema;
  if (path.length === 0) return f(schema);
  const [head, ...rest] = path;
  const props = schema.properties ?? {};
  if (!props[head]) return schema;
  return { ...schema, properties: { ...props, [head]: withPath(props[head], rest, f) } };
}

/** The root schema of a kind, with apiVersion/kind/metadata as the server adds them. */
export function rootSchema(schema: any, kind?: string): any {
  let s = schema ?? UNTYPED;
  if (kind && BUILTIN_OVERLAYS[kind]) s = BUILTIN_OVERLAYS[kind](s);
  return {
    ...s,
    type: 'object',
    properties: { ...(s.properties ?? {}), apiVersion: { type: 'string' }, kind: { type: 'string' }, metadata: META_SCHEMA },
  };
}

export function isPreserve(node: any): boolean {
  return node?.['x-kubernetes-preserve-unknown-fields'] === true;
}

/** The schema for `key` inside an object node; undefined when the key is unknown (pruned). */
export function propertySchema(node: any, key: string): any | undefined {
  if (!node) return UNTYPED;
  if (node['x-kubernetes-embedded-resource'] === true) {
    if (key === 'apiVersion' || key === 'kind') return { type: 'string' };
    if (key === 'metadata') return META_SCHEMA;
  }
  const p = node.properties?.[key];
  if (p) return p;
  if (node.additionalProperties && typeof node.additionalProperties === 'object') return node.additionalProperties;
  if (node.additionalProperties === true || isPreserve(node)) return UNTYPED;
  return undefined;
}

export function itemsSchema(node: any): any {
  return node?.items && typeof node.items === 'object' && !Array.isArray(node.items) ? node.items : UNTYPED;
}

export type ListType = 'atomic' | 'set' | 'map';

export function listType(node: any): ListType {
  const t = node?.['x-kubernetes-list-type'];
  return t === 'set' || t === 'map' ? t : 'atomic';
}

export function listMapKeys(node: any): string[] {
  return Array.isArray(node?.['x-kubernetes-list-map-keys']) ? node['x-kubernetes-list-map-keys'] : [];
}

/** Whether an object node merges field by field (false: replaced whole). */
export function isGranularObject(node: any): boolean {
  if (node?.['x-kubernetes-map-type'] === 'atomic') return false;
  if (node?.['x-kubernetes-int-or-string'] === true) return false;
  return true;
}

export function isPlainObject(v: unknown): v is Record<string, any> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Fields the server drops because the schema does not declare them; their dotted paths go to `unknown`. */
export function prune(value: any, node: any, path: string, unknown: string[]): void {
  if (!node || (isPreserve(node) && !node.properties && !node.additionalProperties)) return;
  if (isPlainObject(value)) {
    if (node['x-kubernetes-int-or-string'] === true) return;
    for (const k of Object.keys(value)) {
      const child = propertySchema(node, k);
      const p = path ? `${path}.${k}` : k;
      if (child === undefined) {
        unknown.push(p);
        delete value[k];
      } else {
        prune(value[k], child, p, unknown);
      }
    }
  } else if (Array.isArray(value)) {
    const items = itemsSchema(node);
    value.forEach((v, i) => prune(v, items, `${path}[${i}]`, unknown));
  }
}

/** Fills schema defaults for absent fields, recursively, as the API server does on write. */
export function applyDefaults(value: any, node: any): void {
  if (!node) return;
  if (isPlainObject(value)) {
    for (const [k, child] of Object.entries<any>(node.properties ?? {})) {
      if (value[k] === undefined && child && child.default !== undefined) value[k] = structuredClone(child.default);
      if (value[k] !== undefined) applyDefaults(value[k], child);
    }
    if (node.additionalProperties && typeof node.additionalProperties === 'object') {
      for (const k of Object.keys(value)) {
        if (!node.properties?.[k]) applyDefaults(value[k], node.additionalProperties);
      }
    }
  } else if (Array.isArray(value)) {
    const items = itemsSchema(node);
    for (const v of value) applyDefaults(v, items);
  }
}
