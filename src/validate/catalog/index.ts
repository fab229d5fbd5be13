// The whole rule catalog: one file per upstream project (see entry.ts). A project's file owns
// its rule id families (`capi/*`, …); tests keep the catalog, the rules and their cases in step.
import { ProjectCatalog } from './entry';

export * from './entry';

export const CATALOG: readonly ProjectCatalog[] = [];
