// The whole rule catalog: one file per upstream project (see entry.ts). A project's file owns
// its rule id families (`capi/*`, …); tests keep the catalog, the rules and their cases in step.
import { CLUSTER_API_CATALOG } from './cluster-api';
import { ProjectCatalog } from './entry';
import { GENERIC_CATALOG } from './generic';

export * from './entry';

/** Sorted by project name (one line per project eases merging). */
export const CATALOG: readonly ProjectCatalog[] = [
  CLUSTER_API_CATALOG,
  GENERIC_CATALOG,
];
