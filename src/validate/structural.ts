// Turns a Kubernetes structural schema (a CRD version's openAPIV3Schema) into a JSON Schema
// that ajv checks the way the API server does on a strict server-side apply:
// - unknown fields are errors wherever the server would prune them (no
//   x-kubernetes-preserve-unknown-fields, no additionalProperties);
// - x-kubernetes-int-or-string accepts an integer or a string;
// - nullable accepts null;
// - x-kubernetes-embedded-resource requires apiVersion and kind and allows metadata;
// - x-kubernetes-list-type set/map rejects duplicates (map: by its list-map-keys);
// - a `type` list (a built-in Quantity: string or number) accepts any of its types.
// Shared definitions (the built-in kinds' OpenAPI definitions, ObjectMeta) become ajv `$ref`s into
// the root's `$defs`, each converted once: compact, and a recursive definition (JSONSchemaProps)
// is not expanded forever.
// CEL rules (x-kubernetes-validations) are evaluated on the original structural schema by
// validate/cel/ (schema.ts runs them after this layer, as the API server does).

export const LIST_MAP_KEYWORD = 'x-cdk8s-capi-list-map-keys';

const COPIED = [
  'enum', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems',
  'minProperties', 'maxProperties', 'multipleOf', 'required',
];

/** The formats the CRDs use; mapped onto formats registered in schema.ts. */
const FORMATS: Record<string, string> = {
  'int32': 'int32',
  'int64': 'int64',
  'double': 'double',
  'float': 'double',
  'uri': 'k8s-uri',
  'date-time': 'k8s-date-time',
  'byte': 'k8s-byte',
};

/** Where a schema node is a shared definition (validate/builtin-kinds.ts). */
export interface SchemaDefinitions {
  /** The definition name of a node, if it is one (or a reference to one). */
  definitionOf(node: unknown): string | undefined;
  /** The schema of a definition. */
  schema(name: string): any;
}

interface Context {
  readonly definitions?: SchemaDefinitions;
  /** Definitions met so far, converted once each (undefined until then). */
  readonly defs: Map<string, any>;
  readonly queue: string[];
}

export function toAjvSchema(node: any, definitions?: SchemaDefinitions): any {
  const ctx: Context = { definitions, defs: new Map(), queue: [] };
  const out = convert(node, false, ctx, true);
  for (let name = ctx.queue.shift(); name !== undefined; name = ctx.queue.shift()) {
    ctx.defs.set(name, convert(definitions!.schema(name), false, ctx, true));
  }
  if (ctx.defs.size) out.$defs = Object.fromEntries([...ctx.defs.keys()].sort().map(n => [n, ctx.defs.get(n)]));
  return out;
}

function convert(node: any, valueValidationOnly: boolean, ctx: Context, top = false): any {
  if (node === null || typeof node !== 'object') return {};
  const definition = top ? undefined : ctx.definitions?.definitionOf(node);
  if (definition !== undefined) {
    if (!ctx.defs.has(definition)) {
      ctx.defs.set(definition, undefined);
      ctx.queue.push(definition);
    }
    return { $ref: `#/$defs/${definition}` };
  }
  const out: any = {};
  for (const k of COPIED) {
    if (node[k] !== undefined) out[k] = node[k];
  }
  if (node.exclusiveMinimum === true && node.minimum !== undefined) {
    delete out.minimum;
    out.exclusiveMinimum = node.minimum;
  }
  if (node.exclusiveMaximum === true && node.maximum !== undefined) {
    delete out.maximum;
    out.exclusiveMaximum = node.maximum;
  }
  if (typeof node.format === 'string' && FORMATS[node.format]) out.format = FORMATS[node.format];
  // Numbers without a format are int64 / double to the API server: finite and in range.
  else if (node.type === 'integer') out.format = 'int64';
  else if (node.type === 'number') out.format = 'double';

  const nullable = node.nullable === true;
  const preserve = node['x-kubernetes-preserve-unknown-fields'] === true;

  if (node['x-kubernetes-int-or-string'] === true) {
    out.anyOf = nullable
      ? [{ type: 'integer', format: 'int32' }, { type: 'string' }, { type: 'null' }]
      : [{ type: 'integer', format: 'int32' }, { type: 'string' }];
    return out;
  }
  if (node.type) out.type = nullable ? [...[node.type].flat(), 'null'] : node.type;
  if (nullable && Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];

  for (const k of ['allOf', 'anyOf', 'oneOf']) {
    if (Array.isArray(node[k])) out[k] = node[k].map((n: any) => convert(n, true, ctx));
  }
  if (node.not) out.not = convert(node.not, true, ctx);

  const isObject = node.type === 'object' || (!node.type && (node.properties || node.additionalProperties));
  if (node.properties) {
    out.properties = {};
    for (const [name, child] of Object.entries(node.properties)) out.properties[name] = convert(child, valueValidationOnly, ctx);
  }
  if (node['x-kubernetes-embedded-resource'] === true) {
    out.properties = { apiVersion: { type: 'string' }, kind: { type: 'string' }, metadata: { type: 'object' }, ...(out.properties ?? {}) };
    out.required = [...new Set([...(out.required ?? []), 'apiVersion', 'kind'])];
  }
  if (isObject && !valueValidationOnly) {
    if (node.additionalProperties && typeof node.additionalProperties === 'object') {
      out.additionalProperties = convert(node.additionalProperties, false, ctx);
    } else if (node.additionalProperties === true || preserve) {
      out.additionalProperties = true;
    } else {
      out.additionalProperties = false;
    }
  } else if (node.additionalProperties && typeof node.additionalProperties === 'object') {
    out.additionalProperties = convert(node.additionalProperties, valueValidationOnly, ctx);
  }

  if (node.items && typeof node.items === 'object' && !Array.isArray(node.items)) {
    out.items = convert(node.items, valueValidationOnly, ctx);
  }
  if (node['x-kubernetes-list-type'] === 'set') out.uniqueItems = true;
  if (node['x-kubernetes-list-type'] === 'map' && Array.isArray(node['x-kubernetes-list-map-keys'])) {
    out[LIST_MAP_KEYWORD] = node['x-kubernetes-list-map-keys'];
  }
  return out;
}
