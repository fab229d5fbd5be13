// cluster-api-provider-metal3 v1.13.2: its webhooks (all in `internal/webhooks/v1beta2`; v1beta1
// objects are converted and then validated the same way) and the controller checks that fail
// deterministically on the spec, for every CAPM3 kind we pin. Catalogued in
// catalog/cluster-api-provider-metal3.ts.
import { metal3ClusterRules, metal3ClusterTemplateRules, metal3ClusterTemplateUpdateRules } from './capm3-cluster';
import { metal3DataClaimRules, metal3DataClaimUpdateRules, metal3DataRules, metal3DataUpdateRules } from './capm3-data';
import { metal3DataTemplateRules } from './capm3-data-template';
import { hostSelectorRules } from './capm3-host-selector';
import { imageRules } from './capm3-image';
import { RuleTable, UpdateRuleTable, get } from './rule';
import { Finding, error } from '../../core/finding';
import { versionOf } from '../../core/gvk';
import { KubeObject } from '../../core/kube-object';

function machineTemplateRules(obj: KubeObject): Finding[] {
  const spec = get(obj, 'spec', 'template', 'spec');
  return [
    ...imageRules(spec, 'spec.template.spec', versionOf(obj)),
    ...hostSelectorRules(get(spec, 'hostSelector'), 'spec.template.spec.hostSelector'),
  ];
}

function machineRules(obj: KubeObject): Finding[] {
  const out = [...imageRules(get(obj, 'spec'), 'spec', versionOf(obj)), ...hostSelectorRules(get(obj, 'spec', 'hostSelector'), 'spec.hostSelector')];
  const ns = obj.metadata?.namespace ?? 'default';
  for (const ref of ['userData', 'metaData', 'networkData']) {
    const refNs = get(obj, 'spec', ref, 'namespace');
    if (refNs && refNs !== ns) {
      out.push(error('capm3/namespace', `spec.${ref}.namespace`, `${JSON.stringify(refNs)}: cross-namespace secret references are not allowed`, `leave it empty or write the Metal3Machine's namespace ${ns}`));
    }
  }
  return out;
}

const G = 'infrastructure.cluster.x-k8s.io';

export const CAPM3_RULES: RuleTable = {
  [`${G}/Metal3Cluster`]: [metal3ClusterRules],
  [`${G}/Metal3ClusterTemplate`]: [metal3ClusterTemplateRules],
  [`${G}/Metal3MachineTemplate`]: [machineTemplateRules],
  [`${G}/Metal3Machine`]: [machineRules],
  [`${G}/Metal3DataTemplate`]: [metal3DataTemplateRules],
  [`${G}/Metal3Data`]: [metal3DataRules],
  [`${G}/Metal3DataClaim`]: [metal3DataClaimRules],
};

/** Checks of an update against the stored object (`validate --against`). */
export const CAPM3_UPDATE_RULES: UpdateRuleTable = {
  [`${G}/Metal3ClusterTemplate`]: [metal3ClusterTemplateUpdateRules],
  [`${G}/Metal3Data`]: [metal3DataUpdateRules],
  [`${G}/Metal3DataClaim`]: [metal3DataClaimUpdateRules],
};
