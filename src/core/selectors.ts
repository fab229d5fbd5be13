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

/** Invalid keys and values of matchLabels (both selector readers check them alike). */
function matchLabelsProblems(labels: Record<string, string> | undefined): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(labels ?? {})) {
    const pk = checkQualifiedName(k);
    if (pk) out.push([`matchLabels[${k}]`, `invalid label key ${JSON.stringify(k)}: ${pk}`]);
    const pv = typeof v === 'string' ? checkLabelValue(v) : 'must be a string';
    if (pv) out.push([`matchLabels[${k}]`, `invalid label value ${JSON.stringify(v)}: ${pv}`]);
  }
  return out;
}

/** Problems with a selector, as `[relativeField, message]` pairs. */
export function labelSelectorProblems(sel: LabelSelector | undefined): Array<[string, string]> {
  if (!sel) return [];
  const out = matchLabelsProblems(sel.matchLabels);
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

/** Whether labels satisfy a metav1.LabelSelector (`metav1.LabelSelectorAsSelector`: In, NotIn, Exists,
 * DoesNotExist as written; all requirements ANDed; an empty selector matches all; an invalid one none). */
export function labelSelectorMatches(sel: LabelSelector | undefined, labels: Readonly<Record<string, string>>): boolean {
  if (!sel) return true;
  if (labelSelectorProblems(sel).length) return false;
  for (const [k, v] of Object.entries(sel.matchLabels ?? {})) if (labels[k] !== v) return false;
  return (sel.matchExpressions ?? []).every(e => requirementMatches(METAV1_OPERATORS[e.operator], e.key, e.values ?? [], labels));
}

const METAV1_OPERATORS: Readonly<Record<string, string>> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' };

/**
 * The operators of k8s.io/apimachinery `selection.Operator`, which CAPM3 passes a hostSelector
 * operator to after lowercasing it (`hostLabelSelectorForMachine`). `DoesNotExist` lowercases to
 * `doesnotexist`, which is none of them: the does-not-exist operator is `!`.
 */
export const HOST_SELECTOR_OPERATORS = ['in', 'notin', 'exists', '!', '=', '==', '!=', 'gt', 'lt'] as const;

/**
 * Why CAPM3 cannot build a host selector from this hostSelector, as `[relativeField, message]`
 * pairs in apimachinery's words (`labels.NewRequirement`). CAPM3 then fails host selection on every
 * reconcile: the machine never gets a host.
 */
export function hostSelectorProblems(sel: LabelSelector | undefined): Array<[string, string]> {
  if (!sel) return [];
  const out = matchLabelsProblems(sel.matchLabels);
  (sel.matchExpressions ?? []).forEach((e, i) => {
    const f = `matchExpressions[${i}]`;
    if (!e || typeof e.key !== 'string') return; // the schema reports a missing key
    const pk = checkQualifiedName(e.key);
    if (pk) out.push([`${f}.key`, `invalid label key ${JSON.stringify(e.key)}: ${pk}`]);
    const values = Array.isArray(e.values) ? e.values : [];
    const op = typeof e.operator === 'string' ? e.operator.toLowerCase() : '';
    switch (op) {
      case 'in':
      case 'notin':
        if (values.length === 0) out.push([`${f}.values`, 'for \'in\', \'notin\' operators, values set can\'t be empty']);
        break;
      case '=':
      case '==':
      case '!=':
        if (values.length !== 1) out.push([`${f}.values`, 'exact-match compatibility requires one single value']);
        break;
      case 'exists':
      case '!':
        if (values.length !== 0) out.push([`${f}.values`, 'values set must be empty for exists and does not exist']);
        break;
      case 'gt':
      case 'lt':
        if (values.length !== 1) out.push([`${f}.values`, 'for \'Gt\', \'Lt\' operators, exactly one value is required']);
        values.forEach((v, j) => {
          if (!GO_INT64.test(String(v)) || !inInt64(String(v))) out.push([`${f}.values[${j}]`, `${JSON.stringify(v)}: for 'Gt', 'Lt' operators, the value must be an integer`]);
        });
        break;
      default:
        out.push([`${f}.operator`, `Unsupported value: ${JSON.stringify(op)}: supported values: ${HOST_SELECTOR_OPERATORS.map(o => `"${o}"`).join(', ')}`]);
    }
    values.forEach((v, j) => {
      const pv = checkLabelValue(String(v));
      if (pv) out.push([`${f}.values[${j}]`, `invalid label value ${JSON.stringify(v)}: ${pv}`]);
    });
  });
  return out;
}

const GO_INT64 = /^[+-]?[0-9]+$/;
const inInt64 = (s: string) => BigInt(s) >= -(2n ** 63n) && BigInt(s) < 2n ** 63n;

/**
 * Whether CAPM3 would select a host with these labels through this hostSelector: operators
 * lowercased and read as apimachinery `selection` operators (`!` is does-not-exist, `gt`/`lt`
 * compare integers), all requirements ANDed, an empty selector selects every host, and a selector
 * CAPM3 cannot build (e.g. operator `DoesNotExist`) selects none.
 */
export function hostSelectorMatches(sel: LabelSelector | undefined, labels: Readonly<Record<string, string>>): boolean {
  if (!sel) return true;
  if (hostSelectorProblems(sel).length) return false;
  for (const [k, v] of Object.entries(sel.matchLabels ?? {})) if (labels[k] !== v) return false;
  return (sel.matchExpressions ?? []).every(e => requirementMatches(e.operator.toLowerCase(), e.key, e.values ?? [], labels));
}

/** apimachinery `Requirement.Matches` for a lowercased `selection` operator. */
function requirementMatches(op: string | undefined, key: string, values: readonly string[], labels: Readonly<Record<string, string>>): boolean {
  const has = Object.prototype.hasOwnProperty.call(labels, key);
  switch (op) {
    case 'in':
    case '=':
    case '==':
      return has && values.includes(labels[key]);
    case 'notin':
    case '!=':
      return !has || !values.includes(labels[key]);
    case 'exists':
      return has;
    case '!':
      return !has;
    case 'gt':
    case 'lt': {
      if (!has || !GO_INT64.test(labels[key]) || !inInt64(labels[key])) return false;
      const l = BigInt(labels[key]);
      const r = BigInt(values[0]);
      return op === 'gt' ? l > r : l < r;
    }
    default:
      return false;
  }
}

/**
 * Host selection as CAPM3 does it (`hostSelectorMatches`): every caller of this module passes a
 * Metal3 hostSelector except MachineDeployment selectors, which use `labelSelectorMatches`.
 */
export const selectorMatches = hostSelectorMatches;
