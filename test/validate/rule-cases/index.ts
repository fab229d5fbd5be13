// Every rule case, one file per upstream project (the same split as src/validate/catalog/).
import { RuleCase } from './case';

export type { RuleCase };

export const RULE_CASES: readonly RuleCase[] = [];
