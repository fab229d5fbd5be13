// Label selectors as short text (`cluster-role=control-plane`, `tier in (a,b)`), and a
// defensive reading of hand-written selectors so odd YAML draws instead of throwing.
import { LabelSelector, LabelSelectorRequirement } from '../core/selectors';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The selector with only well-formed parts kept (validate reports the rest). */
export function readSelector(value: unknown): LabelSelector | undefined {
  if (!isRecord(value)) return undefined;
  const matchLabels: Record<string, string> = {};
  if (isRecord(value.matchLabels)) {
    for (const [k, v] of Object.entries(value.matchLabels)) matchLabels[k] = String(v);
  }
  const matchExpressions: LabelSelectorRequirement[] = [];
  if (Array.isArray(value.matchExpressions)) {
    for (const e of value.matchExpressions) {
      if (!isRecord(e) || typeof e.key !== 'string' || typeof e.operator !== 'string') continue;
      matchExpressions.push({ key: e.key, operator: e.operator, values: Array.isArray(e.values) ? e.values.map(String) : undefined });
    }
  }
  return { matchLabels, matchExpressions };
}

/** A plain label map (EKS-A hardwareSelector) as a selector. */
export function labelMapSelector(value: unknown): LabelSelector | undefined {
  if (!isRecord(value)) return undefined;
  return { matchLabels: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)])) };
}

/** kubectl-style text: `a=b,c in (x,y),!d`; `(everything)` for an empty selector. */
export function describeSelector(sel: LabelSelector | undefined): string {
  const parts: string[] = [];
  for (const k of Object.keys(sel?.matchLabels ?? {}).sort()) parts.push(`${k}=${sel!.matchLabels![k]}`);
  for (const e of sel?.matchExpressions ?? []) {
    const values = `(${(e.values ?? []).join(',')})`;
    switch (e.operator.toLowerCase()) {
      case 'in': parts.push(`${e.key} in ${values}`); break;
      case 'notin': parts.push(`${e.key} notin ${values}`); break;
      case 'exists': parts.push(e.key); break;
      case 'doesnotexist': parts.push(`!${e.key}`); break;
      default: parts.push(`${e.key} ${e.operator} ${values}`);
    }
  }
  return parts.length ? parts.join(',') : '(everything)';
}

/** Labels as `k=v` lines, sorted by key. */
export function labelLines(labels: unknown): string[] {
  if (!isRecord(labels)) return [];
  return Object.keys(labels).sort().map(k => `${k}=${String(labels[k])}`);
}
