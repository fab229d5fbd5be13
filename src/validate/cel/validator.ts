// CRD `x-kubernetes-validations` evaluated as the API server does
// (apiextensions-apiserver pkg/apiserver/schema/cel/validation.go): every rule on every value
// its schema node applies to (`self`), null values skipped; the rule's message, or its
// messageExpression, or "failed rule: <rule>"; reason Invalid/Required/Forbidden/Duplicate;
// fieldPath appended to the value's path. Transition rules (those that read `oldSelf`) run only
// on an update, against the old value at the same place — correlated through properties, map
// keys and the keys of `x-kubernetes-list-type: map` lists, as upstream correlates them — except
// `optionalOldSelf` rules, which also run without one (oldSelf is then optional.none()).
// Rules compile once per schema node (a CRD version's schema is loaded once), so a fleet pays
// the compilation once.
import { isCelError } from '@bufbuild/cel';
import { Compiled, OPTIONAL_NONE, compileCel, optionalOf } from './environment';
import { toCel } from './values';
import { Finding, error, warning } from '../../core/finding';
import { safeJson } from '../../core/safe-json';

interface Rule {
  readonly rule: string;
  readonly message?: string;
  readonly messageExpression?: string;
  readonly reason?: string;
  readonly fieldPath?: string;
  readonly optionalOldSelf?: boolean;
}

interface CompiledRule {
  readonly source: Rule;
  readonly compiled: Compiled;
  readonly message?: Compiled;
}

/** Which rules to run: a create (no old object) or the transition rules of an update. */
export enum CelMode {
  /** Every rule that does not read oldSelf, and optionalOldSelf rules with oldSelf = none. */
  CREATE = 'create',
  /** Only the rules that read oldSelf, each against the correlated old value. */
  UPDATE = 'update',
}

/** Where findings go: `rule` is the finding's rule id (e.g. `cel/metallb.io/BGPPeer`). */
export interface CelTarget {
  readonly rule: string;
}

const compiledRules = new WeakMap<object, CompiledRule[]>();
const hasRules = new WeakMap<object, boolean>();

function rulesOf(schema: any): CompiledRule[] {
  let c = compiledRules.get(schema);
  if (!c) {
    const list: Rule[] = Array.isArray(schema['x-kubernetes-validations']) ? schema['x-kubernetes-validations'] : [];
    c = list.filter(r => r && typeof r.rule === 'string').map(r => ({
      source: r,
      compiled: compileCel(r.rule),
      message: typeof r.messageExpression === 'string' && r.messageExpression ? compileCel(r.messageExpression) : undefined,
    }));
    compiledRules.set(schema, c);
  }
  return c;
}

/** Whether a schema node or anything under it has rules (cached: most of a schema has none). */
function containsRules(schema: any): boolean {
  if (!schema || typeof schema !== 'object') return false;
  const known = hasRules.get(schema);
  if (known !== undefined) return known;
  hasRules.set(schema, false); // cycles (none in CRDs, but a hand-built schema may have one)
  const children: any[] = [
    ...Object.values(schema.properties ?? {}),
    schema.items,
    typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined,
    ...(Array.isArray(schema.allOf) ? schema.allOf : []),
  ];
  const yes = Array.isArray(schema['x-kubernetes-validations']) && schema['x-kubernetes-validations'].length > 0
    || children.some(containsRules);
  hasRules.set(schema, yes);
  return yes;
}

/** Every rule of a schema, with its path (for tests and the documentation). */
export function rulesIn(schema: any, path = ''): Array<{ path: string; rule: Rule; compiled: Compiled }> {
  if (!containsRules(schema)) return [];
  const out = rulesOf(schema).map(r => ({ path, rule: r.source, compiled: r.compiled }));
  for (const [k, v] of Object.entries(schema.properties ?? {})) out.push(...rulesIn(v, `${path}.${k}`));
  if (schema.items) out.push(...rulesIn(schema.items, `${path}[*]`));
  if (typeof schema.additionalProperties === 'object') out.push(...rulesIn(schema.additionalProperties, `${path}[*]`));
  for (const a of Array.isArray(schema.allOf) ? schema.allOf : []) out.push(...rulesIn(a, path));
  return out;
}

const join = (base: string, name: string) => (base ? `${base}.${name}` : name);
const keyPath = (base: string, key: string) => (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(key) ? join(base, key) : `${base}[${key}]`);

/** A rule's fieldPath (`.spec.x`, `['a.b']`) appended to the value's path, as upstream normalizes it. */
function withFieldPath(base: string, fieldPath: string | undefined): string {
  if (!fieldPath) return base;
  let out = base;
  for (const m of fieldPath.matchAll(/\.([^.[\]]+)|\[\s*'((?:[^'\\]|\\.)*)'\s*\]/g)) {
    out = m[1] !== undefined ? join(out, m[1]) : keyPath(out, m[2].replace(/\\(.)/g, '$1'));
  }
  return out;
}

function detailOf(r: CompiledRule, bindings: Record<string, unknown>): string {
  if (r.message?.ok) {
    const m = r.message.program(bindings);
    if (typeof m === 'string' && m.trim() && !m.includes('\n')) return m.trim();
  }
  return r.source.message?.trim() || `failed rule: ${r.source.rule.trim()}`;
}

function failure(target: CelTarget, path: string, value: unknown, r: CompiledRule, detail: string): Finding {
  const field = withFieldPath(path, r.source.fieldPath);
  const hint = `rule: ${r.source.rule.trim()}`;
  switch (r.source.reason) {
    case 'FieldValueRequired':
      return error(target.rule, field, `Required value: ${detail}`, hint);
    case 'FieldValueForbidden':
      return error(target.rule, field, `Forbidden: ${detail}`, hint);
    case 'FieldValueDuplicate':
      return error(target.rule, field, `Duplicate value: ${detail}`, hint);
    default:
      return error(target.rule, field, `Invalid value: ${safeJson(value, 80)}: ${detail}`, hint);
  }
}

/** What a walk carries unchanged: where findings go and which rules run. */
interface Walk {
  readonly target: CelTarget;
  readonly mode: CelMode;
  readonly out: Finding[];
}

type Old = { value: unknown } | undefined;

function evaluate(w: Walk, schema: any, value: unknown, old: Old, path: string, root: boolean): void {
  const { target, mode, out } = w;
  const rules = rulesOf(schema);
  if (!rules.length) return;
  let self: unknown;
  let oldSelf: unknown;
  for (const r of rules) {
    if (!r.compiled.ok) {
      if (mode === CelMode.CREATE) {
        out.push(warning(target.rule, path, `rule not evaluated: it ${r.compiled.error}`, `rule: ${r.source.rule.trim()}`));
      }
      continue;
    }
    const transition = r.compiled.usesOldSelf;
    if (mode === CelMode.CREATE && transition && !r.source.optionalOldSelf) continue;
    if (mode === CelMode.UPDATE && (!transition || (!old && !r.source.optionalOldSelf))) continue;
    if (mode === CelMode.UPDATE && !old) continue; // optionalOldSelf without an old value: the create pass ran it
    self ??= toCel(value, schema, root);
    const bindings: Record<string, unknown> = { self };
    if (transition) {
      if (old) oldSelf ??= toCel(old.value, schema, root);
      bindings.oldSelf = r.source.optionalOldSelf ? (old ? optionalOf(oldSelf) : OPTIONAL_NONE) : oldSelf;
    }
    const result = r.compiled.program(bindings);
    if (result === true) continue;
    if (isCelError(result)) {
      out.push(error(target.rule, path, `Invalid value: ${safeJson(value, 80)}: ${result.message} evaluating rule: ${r.source.message?.trim() || r.source.rule.trim()}`));
      continue;
    }
    out.push(failure(target, path, value, r, detailOf(r, bindings)));
  }
}

/** Items of a list-map correlate by their keys; other lists do not correlate (upstream makeMapList). */
function oldItem(schema: any, oldList: unknown, item: unknown): { value: unknown } | undefined {
  const keys = schema['x-kubernetes-list-map-keys'];
  if (schema['x-kubernetes-list-type'] !== 'map' || !Array.isArray(keys) || !Array.isArray(oldList) || !item || typeof item !== 'object') return undefined;
  const want = JSON.stringify(keys.map(k => (item as any)[k]));
  const found = oldList.find(o => o && typeof o === 'object' && JSON.stringify(keys.map(k => o[k])) === want);
  return found === undefined ? undefined : { value: found };
}

function walk(w: Walk, schema: any, value: unknown, old: Old, path: string, root: boolean): void {
  if (value === null || value === undefined || !containsRules(schema)) return;
  evaluate(w, schema, value, old, path, root);
  for (const a of Array.isArray(schema.allOf) ? schema.allOf : []) walk(w, a, value, old, path, root);
  if (Array.isArray(value)) {
    if (!schema.items) return;
    value.forEach((item, i) => walk(w, schema.items, item, old && oldItem(schema, old.value, item), `${path}[${i}]`, false));
    return;
  }
  if (typeof value !== 'object') return;
  // A granular map (the default) correlates its fields; an atomic one does not.
  const oldMap = old && schema['x-kubernetes-map-type'] !== 'atomic' && old.value && typeof old.value === 'object' && !Array.isArray(old.value)
    ? old.value as Record<string, unknown> : undefined;
  const oldOf = (k: string) => (oldMap && k in oldMap ? { value: oldMap[k] } : undefined);
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const child = schema.properties?.[k];
    if (child) {
      walk(w, child, v, oldOf(k), join(path, k), Boolean(child['x-kubernetes-embedded-resource']));
    } else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
      walk(w, schema.additionalProperties, v, oldOf(k), keyPath(path, k), false);
    }
  }
}

/**
 * The findings of the CEL rules of a resource's schema: on a create (`old` undefined) every rule
 * that does not read oldSelf; on an update only the transition rules. `root`: the value is a
 * resource (apiVersion, kind and metadata.name/generateName are visible to the rules).
 */
export function celFindings(target: CelTarget, schema: any, obj: unknown, old?: { value: unknown }, root = true): Finding[] {
  const out: Finding[] = [];
  walk({ target, mode: old ? CelMode.UPDATE : CelMode.CREATE, out }, schema, obj, old, '', root);
  return out;
}
