// cluster-api-provider-rke2 v0.25.0 rules for RKE2ControlPlane, RKE2ControlPlaneTemplate,
// RKE2Config and RKE2ConfigTemplate, at v1beta1 and v1beta2: CAPRKE2 registers its webhooks for
// v1beta2 only, and the API server converts a v1beta1 request before calling them, so both are
// validated alike (the RKE2ConfigSpec has the same shape in both). The embedded RKE2ConfigSpec is
// checked as the webhook checks it and as the bootstrap controller renders it. The template
// webhooks validate little upstream; a template's spec fails when a machine is made from it, so
// its spec is checked here as the spec it becomes.
import { cniNoneRules } from './caprke2-cni-none';
import { CisVersions, configSpecRules } from './caprke2-config-spec';
import { cniRules, controlPlaneOwnRules, registrationAddressRules, rolloutRules } from './caprke2-control-plane';
import { machineTemplateRefRules } from './caprke2-machine-template-ref';
import { RuleContext, RuleTable, get } from './rule';
import { Finding } from '../../core/finding';
import { versionOf } from '../../core/gvk';
import { KubeObject } from '../../core/kube-object';

const SERVED = ['v1beta1', 'v1beta2'];
const served = (obj: KubeObject) => SERVED.includes(versionOf(obj) ?? '');

function controlPlaneRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  if (!served(obj)) return [];
  const spec = obj.spec ?? {};
  const versions: CisVersions = typeof spec.version === 'string' ? [{ version: spec.version, from: `${obj.kind} ${obj.metadata?.name}` }] : [];
  return [
    ...controlPlaneOwnRules(obj, ctx, versionOf(obj) === 'v1beta1'),
    ...cniNoneRules(obj, ctx),
    ...machineTemplateRefRules(obj, ctx, versionOf(obj) === 'v1beta1'),
    ...configSpecRules(spec, 'spec', ctx, { obj, controlPlane: true, versions }),
  ];
}

function controlPlaneTemplateRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  if (!served(obj)) return [];
  const spec = get(obj, 'spec', 'template', 'spec') ?? {};
  const base = 'spec.template.spec';
  return [
    ...registrationAddressRules(spec, base),
    ...cniRules(spec, base),
    ...rolloutRules(spec, base),
    // The Kubernetes version comes from the ClusterClass topology, not the template.
    ...configSpecRules(spec, base, ctx, { obj, controlPlane: true, versions: [] }),
  ];
}

function configRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  return served(obj) ? configSpecRules(obj.spec, 'spec', ctx, { obj, controlPlane: false }) : [];
}

function configTemplateRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  return served(obj) ? configSpecRules(get(obj, 'spec', 'template', 'spec'), 'spec.template.spec', ctx, { obj, controlPlane: false }) : [];
}

export const CAPRKE2_RULES: RuleTable = {
  'controlplane.cluster.x-k8s.io/RKE2ControlPlane': [controlPlaneRules],
  'controlplane.cluster.x-k8s.io/RKE2ControlPlaneTemplate': [controlPlaneTemplateRules],
  'bootstrap.cluster.x-k8s.io/RKE2Config': [configRules],
  'bootstrap.cluster.x-k8s.io/RKE2ConfigTemplate': [configTemplateRules],
};
