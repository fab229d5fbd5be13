// Every rule case, one file per upstream project (the same split as src/validate/catalog/).
import { ARGO_CD_CASES } from './argo-cd';
import { BAREMETAL_OPERATOR_CASES } from './baremetal-operator';
import { RuleCase } from './case';
import { CLUSTER_API_CASES } from './cluster-api';
import { CLUSTER_API_PROVIDER_METAL3_CASES } from './cluster-api-provider-metal3';
import { CAPRKE2_CASES, CAPRKE2_CEL_CASES } from './cluster-api-provider-rke2';
import { EKS_ANYWHERE_CASES } from './eks-anywhere';
import { FLEET_CASES, FLEET_CEL_CASES } from './fleet';
import { FLUX_CASES, FLUX_CEL_CASES } from './flux';
import { GENERIC_CASES } from './generic';
import { HELM_CEL_CASES, HELM_CONTROLLER_CASES } from './helm-controller';
import { IGNITION_BUTANE_CASES } from './ignition-butane';
import { IP_ADDRESS_MANAGER_CASES } from './ip-address-manager';
import { METALLB_CASES, METALLB_CEL_CASES } from './metallb';
import { RKE2_CASES } from './rke2';
import { TINKERBELL_CASES } from './tinkerbell';

export type { RuleCase };

/** Sorted by project name, as the catalog. */
export const RULE_CASES: readonly RuleCase[] = [
  ...ARGO_CD_CASES,
  ...BAREMETAL_OPERATOR_CASES,
  ...CLUSTER_API_CASES,
  ...CLUSTER_API_PROVIDER_METAL3_CASES,
  ...CAPRKE2_CASES,
  ...CAPRKE2_CEL_CASES,
  ...EKS_ANYWHERE_CASES,
  ...FLEET_CASES,
  ...FLEET_CEL_CASES,
  ...FLUX_CASES,
  ...FLUX_CEL_CASES,
  ...GENERIC_CASES,
  ...HELM_CONTROLLER_CASES,
  ...HELM_CEL_CASES,
  ...IGNITION_BUTANE_CASES,
  ...IP_ADDRESS_MANAGER_CASES,
  ...METALLB_CASES,
  ...METALLB_CEL_CASES,
  ...RKE2_CASES,
  ...TINKERBELL_CASES,
];
