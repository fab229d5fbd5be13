// EKS Anywhere rules for the validate pipeline (upstream-rules.md §5): per-object field rules of
// the provider configs, plus the spec-level preflights of every Cluster in the set, reported on
// the object they concern. Schema and ObjectMeta are checked by the pipeline itself.
import { ObjectRule, RuleContext, RuleTable } from './rule';
import { Finding } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';
import { fluxConfigProblems, gitOpsConfigProblems } from '../eksa/checks/gitops-configs';
import { awsIamConfigProblems, oidcConfigProblems } from '../eksa/checks/identity-configs';
import { tinkerbellDatacenterProblems, tinkerbellMachineProblems } from '../eksa/checks/tinkerbell';
import { vsphereDatacenterProblems, vsphereMachineProblems } from '../eksa/checks/vsphere';
import {
  AWSIamConfigKind, ClusterKind, DockerDatacenterKind, EKSA_GROUP, FluxConfigKind, GitOpsConfigKind, OIDCConfigKind,
  PreflightFinding, TinkerbellDatacenterKind, TinkerbellMachineKind, TinkerbellTemplateKind, VSphereDatacenterKind,
  VSphereMachineKind, nameOf, namespaceOf,
} from '../eksa/eksa-spec';
import { collect } from '../eksa/preflights';

/** Spec-level findings of one object set, computed once per set (the pipeline passes the same array for each object). */
const CACHE = new WeakMap<readonly KubeObject[], Map<string, PreflightFinding[]>>();

function key(kind: string, name: string, namespace: string): string {
  return `${kind}/${namespace}/${name}`;
}

function specFindings(ctx: RuleContext): Map<string, PreflightFinding[]> {
  let byObject = CACHE.get(ctx.objects);
  if (!byObject) {
    byObject = new Map();
    const results = collect(ctx.objects, { schema: false, objectChecks: false });
    for (const f of results.flatMap(r => r.findings)) {
      if (!f.kind) continue;
      const k = key(f.kind, f.name, f.namespace ?? 'default');
      byObject.set(k, [...(byObject.get(k) ?? []), f]);
    }
    CACHE.set(ctx.objects, byObject);
  }
  return byObject;
}

function strip(f: PreflightFinding): Finding {
  return { severity: f.severity, rule: f.rule, field: f.field, message: f.message, hint: f.hint };
}

function rule(objectRules?: (obj: KubeObject, ctx: RuleContext) => Finding[]): ObjectRule {
  return (obj, ctx) => {
    const own = objectRules ? objectRules(obj, ctx) : [];
    const fromSpec = specFindings(ctx).get(key(String(obj.kind), nameOf(obj), namespaceOf(obj))) ?? [];
    return [...own, ...fromSpec.map(strip)];
  };
}

/** The datacenter name of the vSphere datacenter config in the set (for inventory path checks). */
function vsphereDatacenterName(obj: KubeObject, ctx: RuleContext): string {
  const dc = ctx.objects.find(o => o?.kind === VSphereDatacenterKind && String(o.apiVersion).startsWith(`${EKSA_GROUP}/`) && namespaceOf(o) === namespaceOf(obj));
  return typeof dc?.spec?.datacenter === 'string' ? dc.spec.datacenter : '';
}

const g = (kind: string) => `${EKSA_GROUP}/${kind}`;

export const EKSA_RULES: RuleTable = {
  [g(ClusterKind)]: [rule()],
  [g(DockerDatacenterKind)]: [rule()],
  [g(VSphereDatacenterKind)]: [rule(obj => vsphereDatacenterProblems(obj))],
  [g(VSphereMachineKind)]: [rule((obj, ctx) => vsphereMachineProblems(obj, vsphereDatacenterName(obj, ctx)))],
  [g(TinkerbellDatacenterKind)]: [rule(obj => tinkerbellDatacenterProblems(obj))],
  [g(TinkerbellMachineKind)]: [rule(obj => tinkerbellMachineProblems(obj))],
  [g(TinkerbellTemplateKind)]: [rule()],
  [g(FluxConfigKind)]: [rule(obj => fluxConfigProblems(obj))],
  [g(GitOpsConfigKind)]: [rule(obj => gitOpsConfigProblems(obj))],
  [g(OIDCConfigKind)]: [rule(obj => oidcConfigProblems(obj))],
  [g(AWSIamConfigKind)]: [rule(obj => awsIamConfigProblems(obj))],
};
