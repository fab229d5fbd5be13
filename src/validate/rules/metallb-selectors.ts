// MetalLB's selector list checks (internal/config/config.go `validateLabelSelectorDuplicate`,
// `validateLabelSelectorMatchExpressions`, `validateDuplicate`): each selector must convert to a
// labels.Selector, no value may repeat within a match expression, no expression within a selector,
// and no selector within the list; selectors are compared after sorting each expression's values.
import { Finding, error } from '../../core/finding';
import { LabelSelector, LabelSelectorRequirement, labelSelectorProblems } from '../../core/selectors';

const requirementKey = (e: LabelSelectorRequirement) => JSON.stringify([e?.key, e?.operator, [...(e?.values ?? [])].map(String).sort()]);

function selectorKey(s: LabelSelector): string {
  const labels = Object.entries(s?.matchLabels ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([labels, (s?.matchExpressions ?? []).map(requirementKey)]);
}

/** "duplicate definition of <list> <value>" for plain string lists (pool names, peers, communities). */
export function duplicateRule(list: unknown, field: string, what: string): Finding[] {
  if (!Array.isArray(list)) return [];
  const seen = new Set<unknown>();
  for (const [i, v] of list.entries()) {
    if (seen.has(v)) return [error('metallb/duplicate', `${field}[${i}]`, `duplicate definition of ${what} ${JSON.stringify(v)}`, 'list each entry once')];
    seen.add(v);
  }
  return [];
}

export function selectorListRules(list: unknown, field: string): Finding[] {
  if (!Array.isArray(list)) return [];
  const out: Finding[] = [];
  const name = field.split('.').pop();
  const seen = new Set<string>();
  list.forEach((sel: LabelSelector, i) => {
    const at = `${field}[${i}]`;
    for (const [f, m] of labelSelectorProblems(sel)) out.push(error('metallb/selector', `${at}.${f}`, m));
    const exprs = new Set<string>();
    (sel?.matchExpressions ?? []).forEach((e, j) => {
      const values = (e?.values ?? []).map(String);
      const dup = values.find((v, k) => values.indexOf(v) !== k);
      if (dup !== undefined) {
        out.push(error('metallb/selector', `${at}.matchExpressions[${j}].values`, `duplicate definition of match expression value in label selector ${JSON.stringify(dup)}`, 'list each value once'));
      }
      const k = requirementKey(e);
      if (exprs.has(k)) out.push(error('metallb/selector', `${at}.matchExpressions[${j}]`, `duplicate definition of match expressions (key ${JSON.stringify(e?.key)})`, 'remove the repeated expression'));
      exprs.add(k);
    });
    const key = selectorKey(sel);
    if (seen.has(key)) out.push(error('metallb/selector', at, `duplicate definition of ${name}`, 'remove the repeated selector (values are compared in any order)'));
    seen.add(key);
  });
  return out;
}
