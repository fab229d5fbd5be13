// Every rule table, merged: the one place a new upstream rule set is registered.
import { BMO_RULES } from './bmo';
import { CAPI_RULES } from './capi';
import { CAPM3_RULES } from './capm3';
import { CAPRKE2_RULES } from './caprke2';
import { EKSA_RULES } from './eksa';
import { HELM_RULES } from './helm';
import { METALLB_RULES } from './metallb';
import { ObjectRule, RuleTable } from './rule';

const TABLES: readonly RuleTable[] = [BMO_RULES, CAPM3_RULES, CAPRKE2_RULES, CAPI_RULES, METALLB_RULES, EKSA_RULES, HELM_RULES];

const MERGED = new Map<string, ObjectRule[]>();
for (const t of TABLES) {
  for (const [gk, rules] of Object.entries(t)) MERGED.set(gk, [...(MERGED.get(gk) ?? []), ...rules]);
}

export function rulesFor(groupKind: string): readonly ObjectRule[] {
  return MERGED.get(groupKind) ?? [];
}
