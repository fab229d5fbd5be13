// The infrastructure machine template an RKE2ControlPlane clones for each machine. CAPRKE2
// v0.25.0 reads it when it creates a machine (controlplane/internal/controllers/scale.go
// cloneConfigsAndGenerateMachine → CAPI's external.CreateFromTemplate), so a name that matches no
// template fails every scale-up. Reported when the manifests hold templates of that kind in the
// namespace but not the one named (a typo); a set without any may get them from elsewhere.
import { RuleContext, get, hasErrorsInRun } from './rule';
import { Finding, warning } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';

export function machineTemplateRefRules(obj: KubeObject, ctx: RuleContext, v1beta1: boolean): Finding[] {
  const field = v1beta1 ? 'spec.machineTemplate.infrastructureRef' : 'spec.machineTemplate.spec.infrastructureRef';
  const ref = v1beta1 ? get(obj, 'spec', 'machineTemplate', 'infrastructureRef') : get(obj, 'spec', 'machineTemplate', 'spec', 'infrastructureRef');
  if (!ref || typeof ref.kind !== 'string' || typeof ref.name !== 'string' || ctx.objects.length < 2) return [];
  const ns = obj.metadata?.namespace ?? 'default';
  const sameKind = ctx.objects.filter(o => o?.kind === ref.kind && (o.metadata?.namespace ?? 'default') === ns);
  if (!sameKind.length || sameKind.some(o => o.metadata?.name === ref.name) || hasErrorsInRun(ctx, ref.kind, ns, ref.name)) return [];
  const names = sameKind.map(o => String(o.metadata?.name)).sort();
  return [warning('caprke2/machine-template-ref', `${field}.name`,
    `${ref.kind} ${ns}/${ref.name} is not in these manifests, which hold ${names.map(n => `${ref.kind} ${n}`).join(', ')}: CAPRKE2 cannot clone the template, so no control-plane machine is created`,
    `name one of ${names.join(', ')}, or add the template`)];
}
