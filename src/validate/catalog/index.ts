// The whole rule catalog: one file per upstream project (see entry.ts). A project's file owns
// its rule id families (`capi/*`, …); tests keep the catalog, the rules and their cases in step.
import { ARGO_CD_CATALOG } from './argo-cd';
import { BAREMETAL_OPERATOR } from './baremetal-operator';
import { CLUSTER_API_CATALOG } from './cluster-api';
import { CLUSTER_API_PROVIDER_METAL3 } from './cluster-api-provider-metal3';
import { CAPRKE2_CATALOG } from './cluster-api-provider-rke2';
import { EKS_ANYWHERE } from './eks-anywhere';
import { ProjectCatalog } from './entry';
import { FLEET_CATALOG } from './fleet';
import { FLUX_CATALOG } from './flux';
import { GENERIC_CATALOG } from './generic';
import { HELM_CONTROLLER_CATALOG } from './helm-controller';
import { IGNITION_BUTANE_CATALOG } from './ignition-butane';
import { IP_ADDRESS_MANAGER } from './ip-address-manager';
import { METALLB_CATALOG } from './metallb';
import { RKE2_CATALOG } from './rke2';
import { TINKERBELL } from './tinkerbell';

export * from './entry';

/** Sorted by project name (one line per project eases merging). */
export const CATALOG: readonly ProjectCatalog[] = [
  ARGO_CD_CATALOG,
  BAREMETAL_OPERATOR,
  CLUSTER_API_CATALOG,
  CLUSTER_API_PROVIDER_METAL3,
  CAPRKE2_CATALOG,
  EKS_ANYWHERE,
  FLEET_CATALOG,
  FLUX_CATALOG,
  GENERIC_CATALOG,
  HELM_CONTROLLER_CATALOG,
  IGNITION_BUTANE_CATALOG,
  IP_ADDRESS_MANAGER,
  METALLB_CATALOG,
  RKE2_CATALOG,
  TINKERBELL,
];
