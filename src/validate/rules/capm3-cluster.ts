// Metal3Cluster and Metal3ClusterTemplate (CAPM3 v1.13.2 `internal/webhooks/v1beta2`): the
// control-plane endpoint, and what became of v1beta1's `noCloudProvider`.
import { get } from './rule';
import { Finding, error, warning } from '../../core/finding';
import { versionOf } from '../../core/gvk';
import { KubeObject } from '../../core/kube-object';

export function metal3ClusterRules(obj: KubeObject): Finding[] {
  const out: Finding[] = [];
  const host = get(obj, 'spec', 'controlPlaneEndpoint', 'host');
  if (typeof host !== 'string' || !host) {
    out.push(error('capm3/endpoint', 'spec.controlPlaneEndpoint.host', 'is required', 'the API VIP (or load balancer) address the control plane is reached on'));
  }
  out.push(...cloudProviderRules(obj));
  return out;
}

/**
 * v1beta1 `noCloudProvider` is dropped when CAPM3 v1.13 converts to v1beta2; only
 * `cloudProviderEnabled` (default false) is read. Warn where the dropped field asked for
 * something else than what CAPM3 will do.
 */
function cloudProviderRules(obj: KubeObject): Finding[] {
  if (versionOf(obj) !== 'v1beta1') return [];
  const noCloud = get(obj, 'spec', 'noCloudProvider');
  if (typeof noCloud !== 'boolean') return [];
  const enabled = get(obj, 'spec', 'cloudProviderEnabled');
  const effective = typeof enabled === 'boolean' ? enabled : false;
  if (noCloud !== effective) return [];
  const why = typeof enabled === 'boolean'
    ? `contradicts cloudProviderEnabled: ${enabled}, which is what CAPM3 v1.13 uses`
    : 'is ignored by CAPM3 v1.13 (dropped when converted to v1beta2), and cloudProviderEnabled defaults to false';
  return [warning('capm3/cloud-provider', 'spec.noCloudProvider', `noCloudProvider: ${noCloud} ${why}`,
    `set cloudProviderEnabled: ${!noCloud} and drop noCloudProvider`)];
}

/**
 * Metal3ClusterTemplate: `Metal3ClusterSpec.IsValid` wants host and port. No defaulting webhook
 * fills the port for templates (only Metal3Cluster gets 6443).
 */
export function clusterTemplateEndpointProblems(obj: KubeObject): string[] {
  const ep = get(obj, 'spec', 'template', 'spec', 'controlPlaneEndpoint');
  const missing: string[] = [];
  if (typeof ep?.host !== 'string' || !ep.host) missing.push('ControlPlaneEndpoint.Host');
  if (typeof ep?.port !== 'number' || ep.port === 0) missing.push('ControlPlaneEndpoint.Port');
  return missing;
}

export function metal3ClusterTemplateRules(obj: KubeObject): Finding[] {
  const missing = clusterTemplateEndpointProblems(obj);
  if (!missing.length) return [];
  return [error('capm3/cluster-template-endpoint', 'spec.template.spec.controlPlaneEndpoint', `missing fields from Spec: [${missing.join(' ')}]`,
    'set host (the API VIP) and port (e.g. 6443): no defaulting webhook fills them in a template')];
}

/** On update the webhook validates the stored template too: an invalid one blocks every update. */
export function metal3ClusterTemplateUpdateRules(oldObj: KubeObject): Finding[] {
  const missing = clusterTemplateEndpointProblems(oldObj);
  if (!missing.length) return [];
  return [error('capm3/cluster-template-endpoint', 'spec.template.spec.controlPlaneEndpoint',
    `the stored Metal3ClusterTemplate is invalid (missing fields from Spec: [${missing.join(' ')}]), and CAPM3 refuses every update of it`,
    'delete and re-create the template')];
}
