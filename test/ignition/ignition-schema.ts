// Ajv validators for the pinned Ignition 3.3 JSON schema. The schema is draft-04; the
// keywords it uses (type arrays, required, allOf, local $ref) mean the same in Ajv's default
// draft, so only the `$schema` marker is dropped. The "closed" variant also rejects keys the
// schema does not know (the upstream schema allows any), to catch misspelled output keys.
import Ajv, { ValidateFunction } from 'ajv';
import { SchemaRegistry } from '../../src/validate/schema';

function upstream(): any {
  const schema = SchemaRegistry.default().extraSchemas['ignition-v3_3'];
  if (!schema) throw new Error('ignition-v3_3 schema missing from imports/crd-schemas.json (run npx projen import)');
  const { $schema: _drop, ...rest } = JSON.parse(JSON.stringify(schema));
  return rest;
}

/** Merges `allOf` object parts and closes every object schema that lists its properties. */
function close(node: any, root: any): any {
  if (Array.isArray(node)) return node.map(n => close(n, root));
  if (!node || typeof node !== 'object') return node;
  let out: any = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === 'properties' || k === 'definitions'
    ? Object.fromEntries(Object.entries(v as object).map(([pk, pv]) => [pk, close(pv, root)]))
    : close(v, root)]));
  if (Array.isArray(out.allOf)) {
    const parts = out.allOf.map((p: any) => (p.$ref ? resolve(root, p.$ref) : p)).map((p: any) => close(p, root));
    const { allOf: _a, ...restOf } = out;
    out = {
      ...restOf,
      type: 'object',
      properties: Object.assign({}, ...parts.map((p: any) => p.properties ?? {})),
      required: parts.flatMap((p: any) => p.required ?? []),
    };
  }
  if (out.properties && out.type === 'object') out.additionalProperties = false;
  return out;
}

function resolve(root: any, ref: string): any {
  return ref.replace(/^#\//, '').split('/').reduce((n, k) => n[k], root);
}

let cache: { open: ValidateFunction; closed: ValidateFunction } | undefined;

export function ignitionValidators(): { open: ValidateFunction; closed: ValidateFunction } {
  if (!cache) {
    const schema = upstream();
    const ajv = new Ajv({ allErrors: true, strict: false });
    cache = { open: ajv.compile(schema), closed: new Ajv({ allErrors: true, strict: false }).compile(close(schema, schema)) };
  }
  return cache;
}

/** Errors of both validators, as readable strings (empty when the config is valid). */
export function ignitionSchemaErrors(config: unknown): string[] {
  const { open, closed } = ignitionValidators();
  const errs: string[] = [];
  for (const [name, v] of [['schema', open], ['closed schema', closed]] as const) {
    if (!v(config)) errs.push(...(v.errors ?? []).map(e => `${name}: ${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`));
  }
  return errs;
}
