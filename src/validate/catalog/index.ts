// The whole rule catalog: one file per upstream project (see entry.ts). A project's file owns
// its rule id families (`capi/*`, …); tests keep the catalog, the rules and their cases in step.
import { EKS_ANYWHERE } from './eks-anywhere';
import { ProjectCatalog } from './entry';
import { TINKERBELL } from './tinkerbell';

export * from './entry';

/** Sorted by project name (eases merging the per-project files). */
export const CATALOG: readonly ProjectCatalog[] = [
  EKS_ANYWHERE,
  TINKERBELL,
];
