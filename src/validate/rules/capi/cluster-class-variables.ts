// ClusterClass variable definitions (internal/topology/variables/clusterclass_variable_validation.go
// at v1.13.5): names unique, defined, not "builtin", without "."; metadata labels/annotations;
// the schema's type; properties and additionalProperties exclusive; default, example and enum
// values valid against the schema (its CEL rules included); x-kubernetes-validations rules
// that compile, with a valid message, reason and fieldPath.
import { templateMetadataFindings } from './template-metadata';
import { Finding, error } from '../../../core/finding';
import { KubeObject } from '../../../core/kube-object';
import { compileCel } from '../../cel/environment';
import { SchemaRegistry } from '../../schema';
import { get } from '../rule';

const VALID_TYPES = ['array', 'boolean', 'integer', 'number', 'object', 'string'];
const REASONS = ['FieldValueDuplicate', 'FieldValueForbidden', 'FieldValueInvalid', 'FieldValueRequired'];

/** The ClusterClass's inline variables: `[index, variable]`. */
export function classVariables(cc: KubeObject): Array<[number, any]> {
  const l = get(cc, 'spec', 'variables');
  return Array.isArray(l) ? l.map((v, i) => [i, v] as [number, any]).filter(([, v]) => v && typeof v === 'object') : [];
}

/** A variable's openAPIV3Schema. */
export const variableSchemaOf = (v: any) => get(v, 'schema', 'openAPIV3Schema');

const rel = (base: string, f: string) => (f ? (f.startsWith('[') ? `${base}${f}` : `${base}.${f}`) : base);

/** A value against a variable schema: schema-layer findings re-homed under `field` with `rule`. */
export function valueAgainstSchema(schema: any, value: unknown, field: string, rule: string): Finding[] {
  return SchemaRegistry.default().valueFindings(schema, value, rule).map(f => ({ ...f, rule, field: rel(field, f.field) }));
}

function schemaShapeFindings(schema: any, field: string): Finding[] {
  const out: Finding[] = [];
  const walk = (s: any, at: string) => {
    if (!s || typeof s !== 'object') return;
    if (s.type !== undefined && !VALID_TYPES.includes(s.type)) {
      out.push(error('capi/cc-variables', `${at}.type`, `Unsupported value: ${JSON.stringify(s.type)}`, `supported values: ${VALID_TYPES.map(t => `"${t}"`).join(', ')}`));
    }
    if (s.properties && s.additionalProperties) out.push(error('capi/cc-variables', at, 'Forbidden: additionalProperties and properties are mutually exclusive'));
    (Array.isArray(s['x-kubernetes-validations']) ? s['x-kubernetes-validations'] : []).forEach((r: any, i: number) => {
      const rf = `${at}.x-kubernetes-validations[${i}]`;
      if (typeof r?.rule !== 'string' || !r.rule) {
        out.push(error('capi/cc-variables', `${rf}.rule`, 'Required value: rule is not specified'));
        return;
      }
      const c = compileCel(r.rule);
      if (!c.ok && c.error.startsWith('does not parse')) out.push(error('capi/cc-variables', `${rf}.rule`, `Invalid value: ${JSON.stringify(r.rule)}: compilation failed: ${c.error}`));
      if (r.message !== undefined) {
        if (typeof r.message === 'string' && r.message.trim() === '') out.push(error('capi/cc-variables', `${rf}.message`, 'Invalid value: "": message must be non-empty if specified'));
        else if (typeof r.message === 'string' && r.message.length > 2048) out.push(error('capi/cc-variables', `${rf}.message`, 'Invalid value: message must have a maximum length of 2048 characters'));
        else if (typeof r.message === 'string' && /[\n\r]/.test(r.message)) out.push(error('capi/cc-variables', `${rf}.message`, 'Invalid value: message must not contain line breaks'));
      } else if (/\n/.test(r.rule)) {
        out.push(error('capi/cc-variables', `${rf}.message`, 'Required value: message must be specified if rule contains line breaks'));
      }
      if (r.reason !== undefined && !REASONS.includes(r.reason)) {
        out.push(error('capi/cc-variables', `${rf}.reason`, `Unsupported value: ${JSON.stringify(r.reason)}`, `supported values: ${REASONS.map(x => `"${x}"`).join(', ')}`));
      }
      if (r.fieldPath !== undefined && (typeof r.fieldPath !== 'string' || r.fieldPath.trim() === '')) {
        out.push(error('capi/cc-variables', `${rf}.fieldPath`, 'Invalid value: fieldPath must be non-empty if specified'));
      }
    });
    for (const [k, v] of Object.entries(s.properties ?? {})) walk(v, `${at}.properties[${k}]`);
    if (s.items) walk(s.items, `${at}.items`);
    if (s.additionalProperties && typeof s.additionalProperties === 'object') walk(s.additionalProperties, `${at}.additionalProperties`);
  };
  walk(schema, field);
  return out;
}

/** default, example and every enum value of a schema (and of its nested properties) against the schema. */
function schemaValueFindings(schema: any, field: string): Finding[] {
  const out: Finding[] = [];
  const walk = (s: any, at: string) => {
    if (!s || typeof s !== 'object') return;
    if (s.default !== undefined) {
      out.push(...valueAgainstSchema(s, s.default, `${at}.default`, 'capi/cc-variables').map(f => ({ ...f, hint: f.hint ?? 'a default must be valid against its own schema' })));
    }
    if (s.example !== undefined) out.push(...valueAgainstSchema(s, s.example, `${at}.example`, 'capi/cc-variables'));
    if (Array.isArray(s.enum)) {
      const { enum: _, ...withoutEnum } = s;
      s.enum.forEach((e: unknown, i: number) => out.push(...valueAgainstSchema(withoutEnum, e, `${at}.enum[${i}]`, 'capi/cc-variables')));
    }
    for (const [k, v] of Object.entries(s.properties ?? {})) walk(v, `${at}.properties[${k}]`);
    if (s.items) walk(s.items, `${at}.items`);
  };
  walk(schema, field);
  return out;
}

export function clusterClassVariableFindings(cc: KubeObject): Finding[] {
  const out: Finding[] = [];
  const seen = new Set<string>();
  for (const [i, v] of classVariables(cc)) {
    const field = `spec.variables[${i}]`;
    const name = v.name;
    if (typeof name !== 'string' || name === '') {
      out.push(error('capi/cc-variables', `${field}.name`, 'Required value: variable name must be defined'));
    } else {
      if (name === 'builtin') out.push(error('capi/cc-variables', `${field}.name`, 'Invalid value: "builtin": "builtin" is a reserved variable name'));
      if (name.includes('.')) out.push(error('capi/cc-variables', `${field}.name`, `Invalid value: ${JSON.stringify(name)}: variable name cannot contain "."`));
      if (seen.has(name)) out.push(error('capi/cc-variables', `${field}.name`, `Invalid value: ${JSON.stringify(name)}: variable name must be unique. Variable with name ${JSON.stringify(name)} is defined more than once`));
      seen.add(name);
    }
    out.push(...templateMetadataFindings(v.deprecatedV1Beta1Metadata, `${field}.deprecatedV1Beta1Metadata`).map(f => ({ ...f, rule: 'capi/cc-variables' })));
    const schema = variableSchemaOf(v);
    if (!schema || typeof schema !== 'object') continue;
    const sf = `${field}.schema.openAPIV3Schema`;
    const shape = schemaShapeFindings(schema, sf);
    out.push(...shape);
    if (!shape.length) out.push(...schemaValueFindings(schema, sf));
  }
  return out;
}
