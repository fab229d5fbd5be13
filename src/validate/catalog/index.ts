// The whole rule catalog: one file per upstream project (see entry.ts). A project's file owns
// its rule id families (`capi/*`, …); tests keep the catalog, the rules and their cases in step.
import { CAPRKE2_CATALOG } from './cluster-api-provider-rke2';
import { ProjectCatalog } from './entry';
import { HELM_CONTROLLER_CATALOG } from './helm-controller';
import { IGNITION_BUTANE_CATALOG } from './ignition-butane';
import { METALLB_CATALOG } from './metallb';

export * from './entry';

/** Sorted by project name (one line per project eases merging). */
export const CATALOG: readonly ProjectCatalog[] = [
  IGNITION_BUTANE_CATALOG,
  CAPRKE2_CATALOG,
  HELM_CONTROLLER_CATALOG,
  METALLB_CATALOG,
];
