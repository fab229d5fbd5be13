// The built-in kinds of the pinned Kubernetes OpenAPI v3 documents (api/openapi-spec/v3 at the
// release tag), reduced to what the validator needs: for every resource that can be created
// (a collection path with a POST), its group/version/kind, plural, scope and status subresource,
// and the schema definitions it reaches, stored once however many kinds share them.
//
// Built-in kinds are not validated by these schemas on the server: they are decoded into Go
// types (strictly, under fieldValidation=Strict) and checked by Go code. The definitions are
// normalised so that the validator's structural-schema semantics match that decoding:
// - `allOf: [{$ref}]` wrappers become `{$ref}`; `$ref` names the definition (no `#/components/schemas/`);
// - `default` is kept only where it is a declarative default the server applies (`+default=`,
//   e.g. a port's protocol "TCP"); the zero values (`{}`, `""`, `0`, `false`) the generator writes
//   for non-pointer fields are not defaults the server applies, and on a required field one would
//   hide the Required error Go validation reports;
// - IntOrString (format int-or-string) is `x-kubernetes-int-or-string`; Quantity is a string or a
//   number, the string matching the decoder's expression (apimachinery resource/quantity.go
//   `ParseQuantity`, "quantities must match the regular expression …");
// - Time and MicroTime accept null (metav1.Time `UnmarshalJSON` decodes null to the zero time);
// - RawExtension, FieldsV1 and untyped definitions (apiextensions JSON) hold any value:
//   x-kubernetes-preserve-unknown-fields (an object type without fields is an empty Go struct,
//   which takes none);
// - prose (by strip-schema.ts, as for CRDs) and merge metadata (x-kubernetes-patch-*,
//   x-kubernetes-unions) are dropped.
// Recursive definitions (apiextensions JSONSchemaProps) are listed, so that the run time keeps
// references to them as references instead of expanding them forever.
import { stripSchema } from './strip-schema';

/** One creatable built-in kind. */
export interface BuiltinKindEntry {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  readonly plural: string;
  readonly namespaced: boolean;
  readonly statusSubresource: boolean;
  /** The name of its definition in `definitions`. */
  readonly definition: string;
}

/** The `builtins` section of imports/crd-schemas.json. */
export interface BuiltinSection {
  /** Where the documents come from, e.g. `kubernetes/kubernetes@v1.28.4`. */
  readonly source: string;
  /** The definition of ObjectMeta, used as `metadata` of every kind (CRDs included). */
  readonly objectMeta: string;
  /** Definitions that reach themselves: referenced, never expanded. */
  readonly recursive: string[];
  readonly definitions: Record<string, any>;
  readonly kinds: BuiltinKindEntry[];
}

export interface OpenApiDocument {
  /** `v1` for the core group, else `<group>/<version>`. */
  readonly groupVersion: string;
  readonly file: string;
  readonly doc: any;
}

const REF_PREFIX = '#/components/schemas/';
export const OBJECT_META = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';
const INT_OR_STRING = 'io.k8s.apimachinery.pkg.util.intstr.IntOrString';
const QUANTITY = 'io.k8s.apimachinery.pkg.api.resource.Quantity';
const TIMES = ['io.k8s.apimachinery.pkg.apis.meta.v1.Time', 'io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime'];
/** Objects without declared fields that hold any JSON (an empty Go struct, by contrast, takes no field). */
const FREE_FORM = ['io.k8s.apimachinery.pkg.runtime.RawExtension', 'io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1'];
/** apimachinery v1.28.4 pkg/api/resource/quantity.go `splitREString`: what `ParseQuantity` accepts first. */
const QUANTITY_PATTERN = '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$';
const DROPPED = new Set(['x-kubernetes-patch-strategy', 'x-kubernetes-patch-merge-key', 'x-kubernetes-unions', 'x-kubernetes-group-version-kind', 'example']);

export class OpenApiError extends Error {}

/** Derives the built-in kinds and their definitions from the documents (see the file comment). */
export function builtinSection(docs: readonly OpenApiDocument[], source: string): BuiltinSection {
  const raw = new Map<string, { schema: any; file: string }>();
  for (const d of docs) {
    for (const [name, schema] of Object.entries<any>(d.doc?.components?.schemas ?? {})) {
      const seen = raw.get(name);
      // A definition shared by several documents (ObjectMeta, …) must be the same in each.
      if (seen && JSON.stringify(normalise(seen.schema, name)) !== JSON.stringify(normalise(schema, name))) {
        throw new OpenApiError(`${d.file}: definition ${name} differs from the one in ${seen.file}`);
      }
      if (!seen) raw.set(name, { schema, file: d.file });
    }
  }
  const kinds = docs.flatMap(d => kindsOf(d)).sort((a, b) => `${a.group}/${a.version}/${a.kind}`.localeCompare(`${b.group}/${b.version}/${b.kind}`));
  const definitions: Record<string, any> = {};
  const pending = [OBJECT_META, ...kinds.map(k => k.definition)];
  while (pending.length) {
    const name = pending.pop()!;
    if (definitions[name]) continue;
    const found = raw.get(name);
    if (!found) throw new OpenApiError(`definition ${name} is referenced but not in the documents`);
    definitions[name] = normalise(found.schema, name);
    pending.push(...refsOf(definitions[name]));
  }
  const sorted = Object.fromEntries(Object.keys(definitions).sort().map(n => [n, definitions[n]]));
  return { source, objectMeta: OBJECT_META, recursive: recursiveDefinitions(sorted), definitions: sorted, kinds };
}

/** The creatable kinds of one document: `…/<plural>` or `…/namespaces/{namespace}/<plural>` with a POST. */
function kindsOf(d: OpenApiDocument): BuiltinKindEntry[] {
  const prefix = d.groupVersion === 'v1' ? '/api/v1/' : `/apis/${d.groupVersion}/`;
  const paths: Record<string, any> = d.doc?.paths ?? {};
  const out: BuiltinKindEntry[] = [];
  for (const [path, ops] of Object.entries(paths)) {
    if (!path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    const m = /^(namespaces\/\{namespace\}\/)?([a-z0-9.-]+)$/.exec(rest);
    const post = ops?.post;
    if (!m || post?.['x-kubernetes-action'] !== 'post') continue;
    const gvk = post['x-kubernetes-group-version-kind'];
    const ref: unknown = Object.values<any>(post.requestBody?.content ?? {})[0]?.schema?.$ref;
    if (!gvk || typeof ref !== 'string' || !ref.startsWith(REF_PREFIX)) {
      throw new OpenApiError(`${d.file}: POST ${path} has no kind or request schema`);
    }
    const [, namespaced, plural] = m;
    if ((gvk.group ? `${gvk.group}/${gvk.version}` : gvk.version) !== d.groupVersion) {
      throw new OpenApiError(`${d.file}: POST ${path} creates ${gvk.group}/${gvk.version} ${gvk.kind}, not a kind of ${d.groupVersion}`);
    }
    out.push({
      group: gvk.group,
      version: gvk.version,
      kind: gvk.kind,
      plural,
      namespaced: Boolean(namespaced),
      statusSubresource: Boolean(paths[`${path}/{name}/status`]?.put),
      definition: ref.slice(REF_PREFIX.length),
    });
  }
  return out;
}

function isZeroValue(v: unknown): boolean {
  return v === '' || v === 0 || v === false || (Array.isArray(v) && v.length === 0) || (v !== null && typeof v === 'object' && Object.keys(v).length === 0);
}

function refName(ref: unknown, where: string): string {
  if (typeof ref !== 'string' || !ref.startsWith(REF_PREFIX)) throw new OpenApiError(`${where}: unsupported $ref ${JSON.stringify(ref)}`);
  return ref.slice(REF_PREFIX.length);
}

/** One definition in the validator's form (see the file comment). */
function normalise(schema: any, name: string): any {
  if (name === INT_OR_STRING) return { 'x-kubernetes-int-or-string': true };
  if (name === QUANTITY) return { type: ['string', 'number'], pattern: QUANTITY_PATTERN };
  const out = node(stripSchema(schema), name);
  if (TIMES.includes(name)) out.nullable = true;
  if (FREE_FORM.includes(name)) out['x-kubernetes-preserve-unknown-fields'] = true;
  return out;
}

function node(n: any, where: string): any {
  if (n === null || typeof n !== 'object' || Array.isArray(n)) return n;
  const out: any = {};
  for (const [k, v] of Object.entries<any>(n)) {
    if (DROPPED.has(k)) continue;
    if (k === '$ref') {out.$ref = refName(v, where);} else if (k === 'allOf') {
      if (!Array.isArray(v) || v.length !== 1 || Object.keys(v[0]).join() !== '$ref') throw new OpenApiError(`${where}: allOf other than one $ref`);
      out.$ref = refName(v[0].$ref, where);
    } else if (k === 'default') {
      if (!isZeroValue(v)) out.default = v;
    } else if (k === 'properties') {
      // Property names are data (JSONSchemaProps has properties named `$ref` and `description`).
      out.properties = Object.fromEntries(Object.entries<any>(v).map(([p, child]) => [p, node(child, `${where}.${p}`)]));
    } else if (k === 'items' || (k === 'additionalProperties' && typeof v === 'object')) {
      out[k] = node(v, `${where}[]`);
    } else if (k === 'oneOf' || k === 'anyOf') {
      out[k] = v.map((x: any) => node(x, where));
    } else if (k === 'format' && v === 'int-or-string') {
      throw new OpenApiError(`${where}: int-or-string outside ${INT_OR_STRING}`);
    } else {
      out[k] = v;
    }
  }
  // No type and nothing else: any JSON value (apiextensions JSON, JSONSchemaPropsOrArray, …).
  if (out.type === undefined && !out.properties && out.additionalProperties === undefined && !out.items && !out.$ref && !out.oneOf && !out.anyOf) {
    out['x-kubernetes-preserve-unknown-fields'] = true;
  }
  return out;
}

/** The definition names a normalised schema references. */
export function refsOf(schema: any): string[] {
  const out: string[] = [];
  const walk = (n: any) => {
    if (n === null || typeof n !== 'object') return;
    if (Array.isArray(n)) return n.forEach(walk);
    if (typeof n.$ref === 'string') out.push(n.$ref);
    if (n.properties) Object.values(n.properties).forEach(walk);
    for (const k of ['items', 'additionalProperties', 'oneOf', 'anyOf']) walk(n[k]);
  };
  walk(schema);
  return out;
}

/** Definitions from which a chain of references leads back to themselves. */
function recursiveDefinitions(defs: Record<string, any>): string[] {
  const edges = new Map(Object.keys(defs).map(n => [n, [...new Set(refsOf(defs[n]))]]));
  const reaches = (from: string, to: string): boolean => {
    const seen = new Set<string>();
    const stack = [...edges.get(from)!];
    while (stack.length) {
      const n = stack.pop()!;
      if (n === to) return true;
      if (seen.has(n)) continue;
      seen.add(n);
      stack.push(...(edges.get(n) ?? []));
    }
    return false;
  };
  return Object.keys(defs).filter(n => reaches(n, n));
}
