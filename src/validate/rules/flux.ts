// Flux kustomize-controller v1.9.4 (fluxcd/kustomize-controller): what it fails on in a
// Kustomization the CRD accepts.
import { dependsOnCycleRules } from './flux-depends-on';
import { substituteVarNameRules } from './flux-substitute';
import { RuleTable } from './rule';

export const FLUX_RULES: RuleTable = {
  'kustomize.toolkit.fluxcd.io/Kustomization': [substituteVarNameRules, dependsOnCycleRules],
};
