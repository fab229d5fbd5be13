// Every rule case, one file per upstream project (the same split as src/validate/catalog/).
import { RuleCase } from './case';
import { CLUSTER_API_CASES } from './cluster-api';
import { GENERIC_CASES } from './generic';

export type { RuleCase };

/** Sorted by project name, as the catalog. */
export const RULE_CASES: readonly RuleCase[] = [
  ...CLUSTER_API_CASES,
  ...GENERIC_CASES,
];
