// Every rule case, one file per upstream project (the same split as src/validate/catalog/).
import { RuleCase } from './case';
import { CAPRKE2_CASES } from './cluster-api-provider-rke2';
import { HELM_CONTROLLER_CASES } from './helm-controller';
import { IGNITION_BUTANE_CASES } from './ignition-butane';
import { METALLB_CASES } from './metallb';

export type { RuleCase };

/** Sorted by project name, as the catalog. */
export const RULE_CASES: readonly RuleCase[] = [
  ...IGNITION_BUTANE_CASES,
  ...CAPRKE2_CASES,
  ...HELM_CONTROLLER_CASES,
  ...METALLB_CASES,
];
