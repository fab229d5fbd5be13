// Cluster webhook (internal/webhooks/cluster.go at v1.13.5): the name as a label value, one of
// the refs or a topology, CIDR blocks, and — whenever a topology appears — the topology rules
// (cluster-topology.ts). References inside the set are checked for presence (a warning: the
// object may come from another file).
import { gateFinding } from './cluster-class';
import { clusterTopologyRules } from './cluster-topology';
import { layoutOf } from './layout';
import { labelValueName } from './machine-sets';
import { versionFindings } from './versions';
import { Finding, error, warning } from '../../../core/finding';
import { parseCidr } from '../../../core/ip';
import { KubeObject } from '../../../core/kube-object';
import { KIND_NS_NAME, kindNsName, lookup } from '../../object-index';
import { RuleContext, get, hasErrorsInRun } from '../rule';

export function clusterRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  const layout = layoutOf(obj);
  if (!layout) return [];
  const out = labelValueName(obj, 'capi/cluster-name');
  const spec = obj.spec ?? {};
  if (!spec.controlPlaneRef && !spec.infrastructureRef && !spec.topology) {
    out.push(error('capi/cluster-refs', 'spec', 'Forbidden: one of spec.controlPlaneRef, spec.infrastructureRef or spec.topology must be set'));
  }
  for (const which of ['pods', 'services']) {
    const blocks = get(spec, 'clusterNetwork', which, 'cidrBlocks');
    if (!Array.isArray(blocks)) continue;
    blocks.forEach((b, i) => {
      if (typeof b === 'string' && !parseCidr(b)) {
        out.push(error('capi/cidr', `spec.clusterNetwork.${which}.cidrBlocks[${i}]`, `Invalid value: ${JSON.stringify(b)}: invalid CIDR address: ${b}`, 'e.g. 10.96.0.0/12'));
      }
    });
  }
  // References inside the set: a missing object is a warning (it may live in another file).
  const ns = obj.metadata?.namespace ?? 'default';
  for (const ref of ['controlPlaneRef', 'infrastructureRef']) {
    const r = spec[ref];
    if (!r?.kind || !r?.name) continue;
    const group = r.apiGroup ?? (typeof r.apiVersion === 'string' ? r.apiVersion.split('/')[0] : undefined);
    const candidates = typeof r.kind === 'string' && typeof r.name === 'string' && typeof ns === 'string'
      ? lookup(ctx.objects, KIND_NS_NAME, kindNsName(r.kind, ns, r.name)) : ctx.objects;
    const found = candidates.some(o => o.kind === r.kind && o.metadata?.name === r.name && (o.metadata?.namespace ?? 'default') === ns
      && (!group || (o.apiVersion ?? '').startsWith(`${group}/`)));
    // One with schema errors is there (its errors are reported on it): not a missing reference.
    if (!found && ctx.objects.length > 1 && !hasErrorsInRun(ctx, r.kind, ns, r.name)) {
      out.push(warning('capi/ref', `spec.${ref}`, `${r.kind} ${ns}/${r.name} is not among the validated objects`, 'it must exist when the Cluster is applied'));
    }
  }
  if (spec.topology && typeof spec.topology === 'object') {
    // The v1beta1 topology layout differs (class names, variables); its gate and version are the same.
    if (layout.v1beta1) out.push(gateFinding('spec.topology', 'spec.topology'), ...versionFindings(spec.topology.version ?? '', 'spec.topology.version'));
    else out.push(...clusterTopologyRules(obj, ctx));
  }
  return out;
}
