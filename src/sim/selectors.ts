// Label and field selectors: the query-string syntax of LIST/WATCH (`a=b,c in (x,y),!d`)
// and the structured LabelSelector (matchLabels + matchExpressions) controllers evaluate.
import { badRequest } from './errors';

export type Operator = 'exists' | 'doesnotexist' | 'in' | 'notin' | 'gt' | 'lt';

/** One ANDed requirement. */
export interface Requirement {
  readonly key: string;
  readonly op: Operator;
  readonly values: readonly string[];
}

export type Labels = Readonly<Record<string, string>> | undefined;

export function matchesRequirements(labels: Labels, reqs: readonly Requirement[]): boolean {
  const l = labels ?? {};
  return reqs.every(r => {
    const has = Object.prototype.hasOwnProperty.call(l, r.key);
    switch (r.op) {
      case 'exists': return has;
      case 'doesnotexist': return !has;
      case 'in': return has && r.values.includes(l[r.key]);
      case 'notin': return !has || !r.values.includes(l[r.key]);
      case 'gt':
      case 'lt': {
        if (!has || !/^-?\d+$/.test(l[r.key]) || !/^-?\d+$/.test(r.values[0] ?? '')) return false;
        const a = Number(l[r.key]);
        const b = Number(r.values[0]);
        return r.op === 'gt' ? a > b : a < b;
      }
    }
  });
}

const KEY = /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

function checkKey(k: string, whole: string): void {
  if (!KEY.test(k) || k.length > 316) throw badRequest(`unable to parse requirement: invalid label key "${k}" in "${whole}"`);
}

function checkValue(v: string, whole: string): void {
  if (!VALUE.test(v) || v.length > 63) throw badRequest(`unable to parse requirement: invalid label value: "${v}" in "${whole}"`);
}

/** Splits at commas that are not inside parentheses. */
function splitTop(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur);
      cur = '';
    } else {
      cur += ch;
    }
  }
  out.push(cur);
  return out;
}

/** Parses the labelSelector query parameter; a syntax error is a 400 as from the real server. */
export function parseLabelSelector(selector: string | undefined | null): Requirement[] {
  if (!selector || !selector.trim()) return [];
  const out: Requirement[] = [];
  for (const rawPart of splitTop(selector)) {
    const part = rawPart.trim();
    if (!part) throw badRequest(`unable to parse requirement: found '', expected: identifier in "${selector}"`);
    let m = /^(\S+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(part);
    if (m) {
      checkKey(m[1], selector);
      const values = m[3].split(',').map(v => v.trim());
      for (const v of values) checkValue(v, selector);
      out.push({ key: m[1], op: m[2] as Operator, values });
      continue;
    }
    m = /^!\s*(\S+)$/.exec(part);
    if (m) {
      checkKey(m[1], selector);
      out.push({ key: m[1], op: 'doesnotexist', values: [] });
      continue;
    }
    m = /^([^=!<>\s]+)\s*(==|=|!=|<|>)\s*(\S*)$/.exec(part);
    if (m) {
      checkKey(m[1], selector);
      if (m[2] === '<' || m[2] === '>') {
        if (!/^-?\d+$/.test(m[3])) throw badRequest(`unable to parse requirement: for 'Gt', 'Lt' operators, the value must be an integer in "${selector}"`);
        out.push({ key: m[1], op: m[2] === '>' ? 'gt' : 'lt', values: [m[3]] });
        continue;
      }
      checkValue(m[3], selector);
      out.push({ key: m[1], op: m[2] === '!=' ? 'notin' : 'in', values: [m[3]] });
      continue;
    }
    if (/^[^\s=!<>()]+$/.test(part)) {
      checkKey(part, selector);
      out.push({ key: part, op: 'exists', values: [] });
      continue;
    }
    throw badRequest(`unable to parse requirement: couldn't parse the selector string "${selector}"`);
  }
  return out;
}

/** A metav1.LabelSelector (or CAPM3 HostSelector) object. */
export interface LabelSelectorObject {
  readonly matchLabels?: Record<string, string>;
  readonly matchExpressions?: ReadonlyArray<{ key: string; operator: string; values?: string[] }>;
}

const OPERATORS: Record<string, Operator> = {
  'in': 'in',
  'notin': 'notin',
  'exists': 'exists',
  'doesnotexist': 'doesnotexist',
  '=': 'in',
  '==': 'in',
  '!=': 'notin',
  'gt': 'gt',
  'lt': 'lt',
};

/**
 * Requirements of a structured selector. Operators are compared lowercased, which accepts
 * both metav1 spelling (In, NotIn, Exists, DoesNotExist) and CAPM3's hostSelector forms.
 * Returns an error message for an unknown operator.
 */
export function selectorRequirements(sel: LabelSelectorObject | undefined): Requirement[] | string {
  const out: Requirement[] = [];
  for (const [k, v] of Object.entries(sel?.matchLabels ?? {}).sort()) out.push({ key: k, op: 'in', values: [v] });
  for (const e of sel?.matchExpressions ?? []) {
    const op = OPERATORS[String(e.operator).toLowerCase()];
    if (!op) return `"${e.operator}" is not a valid label selector operator`;
    out.push({ key: e.key, op, values: e.values ?? [] });
  }
  return out;
}

/** Whether a LabelSelector object selects these labels (an empty selector selects everything). */
export function selectorMatches(sel: LabelSelectorObject | undefined, labels: Labels): boolean {
  const reqs = selectorRequirements(sel);
  if (typeof reqs === 'string') return false;
  return matchesRequirements(labels, reqs);
}

/** The string form of a LabelSelector object, as CAPI writes `status.selector`. */
export function selectorString(sel: LabelSelectorObject | undefined): string {
  const reqs = selectorRequirements(sel);
  if (typeof reqs === 'string') return '';
  return reqs.map(r => {
    switch (r.op) {
      case 'exists': return r.key;
      case 'doesnotexist': return `!${r.key}`;
      case 'in': return r.values.length === 1 ? `${r.key}=${r.values[0]}` : `${r.key} in (${r.values.join(',')})`;
      case 'notin': return r.values.length === 1 ? `${r.key}!=${r.values[0]}` : `${r.key} notin (${r.values.join(',')})`;
      case 'gt': return `${r.key}>${r.values[0]}`;
      case 'lt': return `${r.key}<${r.values[0]}`;
    }
  }).join(',');
}

/** One fieldSelector term. */
export interface FieldRequirement {
  readonly field: string;
  readonly value: string;
  readonly negate: boolean;
}

/**
 * Parses the fieldSelector parameter. `supported` lists the field labels the kind allows;
 * anything else is rejected with the server's "field label not supported" 400.
 */
export function parseFieldSelector(selector: string | undefined | null, supported: readonly string[]): FieldRequirement[] {
  if (!selector || !selector.trim()) return [];
  const out: FieldRequirement[] = [];
  for (const raw of selector.split(',')) {
    const part = raw.trim();
    const m = /^([^=!]+?)\s*(==|=|!=)\s*(.*)$/.exec(part);
    if (!m) throw badRequest(`invalid selector: '${selector}'; can't understand '${part}'`);
    if (!supported.includes(m[1])) throw badRequest(`field label not supported: ${m[1]}`);
    out.push({ field: m[1], value: m[3], negate: m[2] === '!=' });
  }
  return out;
}

export function fieldValue(obj: any, field: string): string {
  let cur = obj;
  for (const seg of field.split('.')) cur = cur?.[seg];
  return cur === undefined || cur === null ? '' : String(cur);
}

export function matchesFields(obj: any, reqs: readonly FieldRequirement[]): boolean {
  return reqs.every(r => (fieldValue(obj, r.field) === r.value) !== r.negate);
}
