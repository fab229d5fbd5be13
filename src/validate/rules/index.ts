// Every rule table, merged: the one place a new upstream rule set is registered.
import { ARGOCD_RULES } from './argocd';
import { BMO_RULES, BMO_UPDATE_RULES } from './bmo';
import { CAPI_RULES } from './capi';
import { CAPM3_RULES, CAPM3_UPDATE_RULES } from './capm3';
import { CAPRKE2_RULES } from './caprke2';
import { EKSA_RULES } from './eksa';
import { FLEET_RULES } from './fleet';
import { FLUX_RULES } from './flux';
import { HELM_RULES } from './helm';
import { IPAM_RULES, IPAM_UPDATE_RULES } from './ipam';
import { METALLB_RULES } from './metallb';
import { RKE2_RULES } from './rke2';
import { ObjectRule, RuleTable, UpdateRule, UpdateRuleTable } from './rule';

const TABLES: readonly RuleTable[] = [
  BMO_RULES, CAPM3_RULES, CAPRKE2_RULES, CAPI_RULES, IPAM_RULES, METALLB_RULES, EKSA_RULES, HELM_RULES,
  RKE2_RULES, ARGOCD_RULES, FLEET_RULES, FLUX_RULES,
];
const UPDATE_TABLES: readonly UpdateRuleTable[] = [BMO_UPDATE_RULES, CAPM3_UPDATE_RULES, IPAM_UPDATE_RULES];

function merge<R>(tables: ReadonlyArray<Readonly<Record<string, readonly R[]>>>): Map<string, R[]> {
  const merged = new Map<string, R[]>();
  for (const t of tables) {
    for (const [gk, rules] of Object.entries(t)) merged.set(gk, [...(merged.get(gk) ?? []), ...rules]);
  }
  return merged;
}

const MERGED = merge(TABLES);
const MERGED_UPDATE = merge(UPDATE_TABLES);

export function rulesFor(groupKind: string): readonly ObjectRule[] {
  return MERGED.get(groupKind) ?? [];
}

/** The update-time rules of a kind (the stored object against the new one). */
export function updateRulesFor(groupKind: string): readonly UpdateRule[] {
  return MERGED_UPDATE.get(groupKind) ?? [];
}
