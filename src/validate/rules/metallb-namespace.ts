// MetalLB's webhooks accept its objects only in the namespace MetalLB itself runs in (checked on
// create: "resource must be created in %s namespace"), and MetalLB only reads its configuration
// from there. That namespace is the install's, not a fixed name: when the manifest set installs
// MetalLB through a helm-controller HelmChart we know it (its targetNamespace); otherwise we only
// know the default of MetalLB's manifests and chart, metallb-system, and say so as a warning.
import { RuleContext, get } from './rule';
import { Finding, error, warning } from '../../core/finding';
import { isKind } from '../../core/gvk';
import { KubeObject } from '../../core/kube-object';
import { METALLB_NAMESPACE } from '../pool-addresses';

/** The namespace a HelmChart of the set installs MetalLB into, with the chart's name. */
export function installedNamespace(objects: readonly KubeObject[]): { namespace: string; chart: string } | undefined {
  for (const o of objects) {
    if (!isKind(o, 'helm.cattle.io', 'HelmChart')) continue;
    const chart = get(o, 'spec', 'chart');
    if (typeof chart !== 'string' || !/(^|\/)metallb$/.test(chart)) continue;
    const target = get(o, 'spec', 'targetNamespace');
    return { namespace: typeof target === 'string' && target ? target : (o.metadata?.namespace ?? 'default'), chart: `HelmChart ${o.metadata?.name}` };
  }
  return undefined;
}

export function namespaceRule(obj: KubeObject, ctx: RuleContext): Finding[] {
  // kubectl puts an object without a namespace into the default namespace.
  const ns = obj.metadata?.namespace ?? 'default';
  const written = obj.metadata?.namespace === undefined ? 'none, so the default namespace' : JSON.stringify(ns);
  const installed = installedNamespace(ctx.objects);
  if (installed) {
    return ns === installed.namespace ? [] : [error('metallb/namespace', 'metadata.namespace',
      `resource must be created in ${installed.namespace} namespace, where ${installed.chart} installs MetalLB (got ${written})`,
      'MetalLB only reads its configuration from its own namespace')];
  }
  return ns === METALLB_NAMESPACE ? [] : [warning('metallb/namespace', 'metadata.namespace',
    `MetalLB's webhook accepts this only in the namespace MetalLB runs in, ${METALLB_NAMESPACE} by default (got ${written})`,
    `use ${METALLB_NAMESPACE}, unless MetalLB is installed into ${ns}`)];
}
