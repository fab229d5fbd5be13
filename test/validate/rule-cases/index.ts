// Every rule case, one file per upstream project (the same split as src/validate/catalog/).
import { BAREMETAL_OPERATOR_CASES } from './baremetal-operator';
import { RuleCase } from './case';
import { CLUSTER_API_CASES } from './cluster-api';
import { CLUSTER_API_PROVIDER_METAL3_CASES } from './cluster-api-provider-metal3';
import { GENERIC_CASES } from './generic';
import { IP_ADDRESS_MANAGER_CASES } from './ip-address-manager';

export type { RuleCase };

/** Sorted by project name, as the catalog. */
export const RULE_CASES: readonly RuleCase[] = [
  ...BAREMETAL_OPERATOR_CASES,
  ...CLUSTER_API_CASES,
  ...CLUSTER_API_PROVIDER_METAL3_CASES,
  ...GENERIC_CASES,
  ...IP_ADDRESS_MANAGER_CASES,
];
