// Kubernetes label selectors: validity (apimachinery LabelSelectorAsSelector) and matching.
import { checkLabelValue, checkQualifiedName } from './names';

export interface LabelSelectorRequirement {
  readonly key: string;
  readonly operator: string;
  readonly values?: string[];
}

export interface LabelSelector {
  readonly matchLabels?: Record<string, string>;
  readonly matchExpressions?: LabelSelectorRequirement[];
}

/** Problems with a selector, as `[relativeField, message]` pairs. */
export function labelSelectorProblems(sel: LabelSelector | undefined): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (!sel) return out;
  for (const [k, v] of Object.entries(sel.matchLabels ?? {})) {
    const pk = checkQualifiedName(k);
    if (pk) out.push([`matchLabels[${k}]`, `invalid label key ${JSON.stringify(k)}: ${pk}`]);
    const pv = typeof v === 'string' ? checkLabelValue(v) : 'must be a string';
    if (pv) out.push([`matchLabels[${k}]`, `invalid label value ${JSON.stringify(v)}: ${pv}`]);
  }
  (sel.matchExpressions ?? []).forEach((e, i) => {
    const f = `matchExpressions[${i}]`;
    if (!e || typeof e.key !== 'string' || !e.key) {
      out.push([`${f}.key`, 'key is required']);
      return;
    }
    const pk = checkQualifiedName(e.key);
    if (pk) out.push([`${f}.key`, `invalid label key ${JSON.stringify(e.key)}: ${pk}`]);
    const values = e.values ?? [];
    switch (e.operator) {
      case 'In':
      case 'NotIn':
        if (values.length === 0) out.push([`${f}.values`, `must be specified when operator is ${e.operator}`]);
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (values.length > 0) out.push([`${f}.values`, `may not be specified when operator is ${e.operator}`]);
        break;
      default:
        out.push([`${f}.operator`, `${e.operator === undefined ? 'operator is required' : `not a valid selector operator: ${JSON.stringify(e.operator)}`} (In, NotIn, Exists, DoesNotExist)`]);
    }
    values.forEach((v, j) => {
      const pv = checkLabelValue(String(v));
      if (pv) out.push([`${f}.values[${j}]`, `invalid label value ${JSON.stringify(v)}: ${pv}`]);
    });
  });
  return out;
}

/** Whether labels satisfy a selector (all requirements ANDed; an empty selector matches all). */
export function selectorMatches(sel: LabelSelector | undefined, labels: Readonly<Record<string, string>>): boolean {
  if (!sel) return true;
  for (const [k, v] of Object.entries(sel.matchLabels ?? {})) if (labels[k] !== v) return false;
  for (const e of sel.matchExpressions ?? []) {
    const has = Object.prototype.hasOwnProperty.call(labels, e.key);
    const op = e.operator.toLowerCase();
    const values = e.values ?? [];
    if ((op === 'in' || op === '=' || op === '==') && !(has && values.includes(labels[e.key]))) return false;
    if ((op === 'notin' || op === '!=') && has && values.includes(labels[e.key])) return false;
    if (op === 'exists' && !has) return false;
    if (op === 'doesnotexist' && has) return false;
  }
  return true;
}
