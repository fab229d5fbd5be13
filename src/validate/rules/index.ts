// Every rule table, merged: the one place a new upstream rule set is registered.
import { BMO_RULES } from './bmo';
import { EKSA_RULES } from './eksa';
import { ObjectRule, RuleTable } from './rule';

const TABLES: readonly RuleTable[] = [BMO_RULES, EKSA_RULES];

const MERGED = new Map<string, ObjectRule[]>();
for (const t of TABLES) {
  for (const [gk, rules] of Object.entries(t)) MERGED.set(gk, [...(MERGED.get(gk) ?? []), ...rules]);
}

export function rulesFor(groupKind: string): readonly ObjectRule[] {
  return MERGED.get(groupKind) ?? [];
}
