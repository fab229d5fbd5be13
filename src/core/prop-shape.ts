// The shapes of construct props, checked before anything is built. TypeScript callers get them
// from the types; plain-JS, JSON-fed or cast callers do not, and without this a string where a
// map belongs becomes labels {"0": "x"}, a string where a list belongs becomes three SANs, and a
// misspelt prop silently falls back to its default. Each construct declares its props' shape once.
import { ValidationError } from './errors';
import { Finding, error } from './finding';
import { safeJson } from './safe-json';

export type PropShape =
  | { readonly kind: 'string' }
  | { readonly kind: 'number'; readonly integer?: boolean }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'enum'; readonly values: readonly string[] }
  | { readonly kind: 'list'; readonly item: PropShape }
  | { readonly kind: 'record'; readonly value: PropShape }
  | { readonly kind: 'object'; readonly props: Readonly<Record<string, PropShape>> }
  | { readonly kind: 'instance'; readonly test: (v: unknown) => boolean; readonly what: string }
  | { readonly kind: 'any' };

export const str: PropShape = { kind: 'string' };
export const num: PropShape = { kind: 'number' };
export const int: PropShape = { kind: 'number', integer: true };
export const bool: PropShape = { kind: 'boolean' };
export const any: PropShape = { kind: 'any' };
export const list = (item: PropShape): PropShape => ({ kind: 'list', item });
export const record = (value: PropShape): PropShape => ({ kind: 'record', value });
export const obj = (props: Record<string, PropShape>): PropShape => ({ kind: 'object', props });
/** A TypeScript string enum (its values). */
export const oneOf = (e: Record<string, string>): PropShape => ({ kind: 'enum', values: Object.values(e) });
export const instance = (test: (v: unknown) => boolean, what: string): PropShape => ({ kind: 'instance', test, what });

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Problems of `value` against `shape`, reported at `prop` (undefined values are "not set" and fine). */
export function propShapeProblems(value: unknown, shape: PropShape, prop: string): Finding[] {
  if (value === undefined) return [];
  const bad = (expected: string, hint?: string) => [error('props', prop, `must be ${expected} (got ${describe(value)})`, hint)];
  switch (shape.kind) {
    case 'any':
      return [];
    case 'string':
      return typeof value === 'string' ? [] : bad('a string');
    case 'boolean':
      return typeof value === 'boolean' ? [] : bad('true or false');
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return bad(shape.integer ? 'a whole number' : 'a number');
      return shape.integer && !Number.isInteger(value) ? bad('a whole number') : [];
    case 'enum':
      return shape.values.includes(value as string) ? [] : bad(`one of ${shape.values.map(v => JSON.stringify(v)).join(', ')}`);
    case 'instance':
      return shape.test(value) ? [] : bad(shape.what);
    case 'list':
      if (!Array.isArray(value)) return bad('a list');
      return value.flatMap((v, i) => (v === undefined ? bad(`a list without holes (item ${i} is undefined)`) : propShapeProblems(v, shape.item, `${prop}[${i}]`)));
    case 'record':
      if (!isPlainObject(value)) return bad('a map (an object of key: value)');
      return Object.entries(value).flatMap(([k, v]) => propShapeProblems(v, shape.value, `${prop}[${k}]`));
    case 'object': {
      if (!isPlainObject(value)) return bad('an object');
      const known = Object.keys(shape.props);
      const out: Finding[] = [];
      for (const [k, v] of Object.entries(value)) {
        const sub = shape.props[k];
        const at = prop ? `${prop}.${k}` : k;
        if (!sub) out.push(error('props', at, `unknown prop ${JSON.stringify(k)}`, `known: ${known.join(', ')}`));
        else out.push(...propShapeProblems(v, sub, at));
      }
      return out;
    }
  }
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return `a list ${safeJson(v, 60)}`;
  if (typeof v === 'object') return `${(v as object).constructor && (v as object).constructor !== Object ? `a ${(v as object).constructor.name} ` : 'an object '}${safeJson(v, 60)}`;
  if (typeof v === 'number' || typeof v === 'bigint') return `${typeof v} ${String(v)}`;
  return `${typeof v} ${safeJson(v, 60)}`;
}

/** Throws a ValidationError at `where` listing every shape problem of `props`. */
export function checkPropShape(where: string, props: unknown, shape: PropShape): void {
  if (props === null || typeof props !== 'object' || Array.isArray(props)) {
    throw new ValidationError(where, 'props', `must be an object (got ${props === null ? 'null' : Array.isArray(props) ? 'a list' : typeof props})`);
  }
  const problems = propShapeProblems(props, shape, '');
  if (problems.length) throw ValidationError.fromFindings(where, problems);
}
