// Every rule case, one file per upstream project (the same split as src/validate/catalog/).
import { RuleCase } from './case';
import { EKS_ANYWHERE_CASES } from './eks-anywhere';
import { TINKERBELL_CASES } from './tinkerbell';

export type { RuleCase };

/** Sorted by project name, as the catalog. */
export const RULE_CASES: readonly RuleCase[] = [
  ...EKS_ANYWHERE_CASES,
  ...TINKERBELL_CASES,
];
