// Argo CD v3.5.1 (argoproj/argo-cd): what its application controller refuses in an Application
// (or an ApplicationSet's template) that the CRD accepts.
import { appSetTemplateRules } from './argocd-appset-template';
import { applicationDestinationRules, applicationSetDestinationRules } from './argocd-destination';
import { RuleTable } from './rule';

export const ARGOCD_RULES: RuleTable = {
  'argoproj.io/Application': [applicationDestinationRules],
  'argoproj.io/ApplicationSet': [applicationSetDestinationRules, appSetTemplateRules],
};
