// JSON values as CEL sees them under a structural schema (apiextensions-apiserver
// UnstructuredToVal): integers are CEL ints (bigint), numbers doubles, objects maps whose
// declared property names are escaped as Kubernetes escapes them (`namespace` →
// `__namespace__`, `a-b` → `a__dash__b`), undeclared fields are absent unless the schema
// preserves unknown fields, and an object at a resource root (or an embedded resource) carries
// apiVersion, kind and metadata.name/generateName only.

const RESERVED = new Set([
  'true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if',
  'import', 'let', 'loop', 'package', 'namespace', 'return', 'var', 'void', 'while',
]);

/** A property name as a CEL field name (apiserver/pkg/cel escaping.go), or undefined when it cannot be one. */
export function escapeProperty(name: string): string | undefined {
  if (RESERVED.has(name)) return `__${name}__`;
  if (!/^[A-Za-z_./-][A-Za-z0-9_./-]*$/.test(name)) return undefined;
  return name.replace(/__|[./-]/g, m => ({ '__': '__underscores__', '.': '__dot__', '-': '__dash__', '/': '__slash__' } as Record<string, string>)[m]);
}

const isInt = (v: number) => Number.isInteger(v) && Number.isSafeInteger(v);

/** A JSON value whose schema says nothing (preserved unknown fields): the JSON shape decides. */
function dynamic(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return isInt(v) ? BigInt(v) : v;
  if (Array.isArray(v)) return v.map(dynamic);
  if (typeof v === 'object') return new Map(Object.entries(v as object).map(([k, x]) => [k, dynamic(x)]));
  return v;
}

/** `value` (JSON) as a CEL input under `schema`; `root` adds the resource root's apiVersion/kind/metadata. */
export function toCel(value: unknown, schema: any, root = false): unknown {
  if (value === null || value === undefined) return null;
  if (!schema || typeof schema !== 'object') return dynamic(value);
  if (schema['x-kubernetes-int-or-string'] === true) return typeof value === 'number' && isInt(value) ? BigInt(value) : value;
  switch (schema.type) {
    case 'integer':
      return typeof value === 'number' && isInt(value) ? BigInt(value) : value;
    case 'number':
    case 'string':
    case 'boolean':
      return value;
    case 'array':
      return Array.isArray(value) ? value.map(v => toCel(v, schema.items)) : value;
    default:
      break;
  }
  if (typeof value !== 'object' || Array.isArray(value)) return dynamic(value);
  const obj = value as Record<string, unknown>;
  const out = new Map<string, unknown>();
  if (schema.properties) {
    for (const [k, v] of Object.entries(obj)) {
      const child = schema.properties[k];
      if (!child) {
        if (schema['x-kubernetes-preserve-unknown-fields'] === true) out.set(k, dynamic(v));
        continue;
      }
      const name = escapeProperty(k);
      if (name !== undefined && v !== null && v !== undefined) out.set(name, toCel(v, child));
    }
  } else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    for (const [k, v] of Object.entries(obj)) out.set(k, toCel(v, schema.additionalProperties));
  } else {
    return dynamic(value);
  }
  if (root || schema['x-kubernetes-embedded-resource'] === true) {
    for (const k of ['apiVersion', 'kind']) if (typeof obj[k] === 'string') out.set(k, obj[k]);
    const md = obj.metadata as Record<string, unknown> | undefined;
    if (md && typeof md === 'object') {
      out.set('metadata', new Map(['name', 'generateName'].filter(k => typeof md[k] === 'string').map(k => [k, md[k]])));
    }
  }
  return out;
}
