// ClusterClass webhook (internal/webhooks/clusterclass.go at v1.13.5, v1beta2 layout): the
// ClusterTopology gate (off by default: a warning naming it), template references, MachineDeployment
// class rollout and health checks, naming templates, taints, class metadata and kubernetesVersions.
// Variables and patches are in cluster-class-variables.ts / cluster-class-patches.ts.
import { clusterClassPatchFindings } from './cluster-class-patches';
import { clusterClassVariableFindings } from './cluster-class-variables';
import { CLUSTER_TOPOLOGY_GATE, enableHint } from './feature-gates';
import { compareWithPre, parseTolerant } from './kube-semver';
import { healthCheckOf, healthCheckValueFindings } from './machine-health-check';
import { intOrPercentFinding, rolloutFindings } from './machine-sets';
import { nameTemplateProblems } from './name-template';
import { taintFindings } from './taints';
import { templateMetadataFindings } from './template-metadata';
import { Finding, error, warning } from '../../../core/finding';
import { versionOf } from '../../../core/gvk';
import { KubeObject } from '../../../core/kube-object';
import { RuleContext, get, hasErrorsInRun } from '../rule';

export const gateFinding = (field: string, what: string): Finding => warning('capi/topology-gate', field,
  `${what} can be set only if the ${CLUSTER_TOPOLOGY_GATE} feature flag is enabled (it is off by default at CAPI v1.13.5): a default install refuses it`,
  enableHint(CLUSTER_TOPOLOGY_GATE));

/** A ClusterClass's template references: `[field, ref]` for every templateRef it has. */
export function templateRefsOf(cc: KubeObject): Array<[string, any]> {
  const spec = cc.spec ?? {};
  const out: Array<[string, any]> = [
    ['spec.infrastructure.templateRef', get(spec, 'infrastructure', 'templateRef')],
    ['spec.controlPlane.templateRef', get(spec, 'controlPlane', 'templateRef')],
    ['spec.controlPlane.machineInfrastructure.templateRef', get(spec, 'controlPlane', 'machineInfrastructure', 'templateRef')],
  ];
  for (const [k, list] of [['machineDeployments', get(spec, 'workers', 'machineDeployments')], ['machinePools', get(spec, 'workers', 'machinePools')]] as const) {
    (Array.isArray(list) ? list : []).forEach((c: any, i: number) => {
      out.push([`spec.workers.${k}[${i}].bootstrap.templateRef`, get(c, 'bootstrap', 'templateRef')]);
      out.push([`spec.workers.${k}[${i}].infrastructure.templateRef`, get(c, 'infrastructure', 'templateRef')]);
    });
  }
  return out.filter(([, r]) => r && typeof r === 'object');
}

function templateRefFindings(cc: KubeObject): Finding[] {
  return templateRefsOf(cc).flatMap(([field, ref]) => (typeof ref.kind === 'string' && (ref.kind.length <= 'Template'.length || !ref.kind.endsWith('Template'))
    ? [error('capi/cc-template-ref', `${field}.kind`, `Invalid value: ${JSON.stringify(ref.kind)}: template kind must be of form "<name>Template"`,
      'ClusterClass references templates (e.g. Metal3MachineTemplate, RKE2ControlPlaneTemplate), not the objects themselves')]
    : []));
}

/** Referenced templates that are not among the validated objects (the ClusterClass controller cannot reconcile). */
function templateExistsFindings(cc: KubeObject, ctx: RuleContext): Finding[] {
  if (ctx.objects.length <= 1) return [];
  const ns = cc.metadata?.namespace ?? 'default';
  return templateRefsOf(cc).flatMap(([field, ref]) => {
    if (typeof ref.kind !== 'string' || typeof ref.name !== 'string') return [];
    const found = ctx.objects.some(o => o.kind === ref.kind && o.metadata?.name === ref.name && (o.metadata?.namespace ?? 'default') === ns
      && (!ref.apiVersion || o.apiVersion === ref.apiVersion));
    return found || hasErrorsInRun(ctx, ref.kind, ns, ref.name) ? [] : [warning('capi/cc-template-exists', field, `${ref.kind} ${ns}/${ref.name} is not among the validated objects`,
      'the ClusterClass controller reports "Could not find external object" until it exists')];
  });
}

function mdClasses(cc: KubeObject): any[] {
  const l = get(cc, 'spec', 'workers', 'machineDeployments');
  return Array.isArray(l) ? l : [];
}

const classField = (i: number) => `spec.workers.machineDeployments[${i}]`;

function healthCheckFindings(cc: KubeObject): Finding[] {
  const out: Finding[] = [];
  const cp = get(cc, 'spec', 'controlPlane', 'healthCheck');
  if (cp && typeof cp === 'object' && Object.keys(cp).length) {
    out.push(...healthCheckValueFindings(healthCheckOf(cp, 'spec.controlPlane.healthCheck')));
    if (!get(cc, 'spec', 'controlPlane', 'machineInfrastructure', 'templateRef')) {
      out.push(error('capi/cc-health-check', 'spec.controlPlane.healthCheck', 'Forbidden: can be only set if spec.controlPlane.machineInfrastructure is set',
        'a control plane without machines of its own (machineInfrastructure) has nothing to health-check'));
    }
  }
  mdClasses(cc).forEach((c, i) => {
    const hc = c?.healthCheck;
    if (!hc || typeof hc !== 'object' || !Object.keys(hc).length) return;
    out.push(...healthCheckValueFindings(healthCheckOf(hc, `${classField(i)}.healthCheck`)));
    out.push(...intOrPercentFinding('capi/remediation-max-in-flight', hc.remediation?.maxInFlight, `${classField(i)}.healthCheck.remediation.maxInFlight`));
  });
  return out;
}

function namingFindings(cc: KubeObject): Finding[] {
  const out: Finding[] = [];
  const check = (template: unknown, field: string, what: string, data: Record<string, string>) => {
    if (typeof template !== 'string' || template === '') return;
    for (const p of nameTemplateProblems(template, data, false)) {
      out.push(error('capi/cc-naming', field, `Invalid value: ${JSON.stringify(template)}: ${p.replace(/^invalid template/, `invalid ${what} name template`)}`));
    }
  };
  check(get(cc, 'spec', 'infrastructure', 'naming', 'template'), 'spec.infrastructure.naming.template', 'InfraCluster', { 'cluster.name': 'cluster' });
  check(get(cc, 'spec', 'controlPlane', 'naming', 'template'), 'spec.controlPlane.naming.template', 'ControlPlane', { 'cluster.name': 'cluster' });
  mdClasses(cc).forEach((c, i) => check(c?.naming?.template, `${classField(i)}.naming.template`, 'MachineDeployment',
    { 'cluster.name': 'cluster', 'machineDeployment.topologyName': 'mdtopology' }));
  return out;
}

function kubernetesVersionFindings(cc: KubeObject): Finding[] {
  const versions = get(cc, 'spec', 'kubernetesVersions');
  if (!Array.isArray(versions)) return [];
  const out: Finding[] = [];
  let prev: ReturnType<typeof parseTolerant>;
  let prevText = '';
  versions.forEach((v, i) => {
    const field = `spec.kubernetesVersions[${i}]`;
    const p = parseTolerant(v);
    if (!p) {
      out.push(error('capi/cc-kubernetes-versions', field, `Invalid value: ${JSON.stringify(v)}: version must be a valid semantic version`));
      return;
    }
    if (prev) {
      // Semver precedence; equal versions differing only in build metadata are not refused here.
      const c = compareWithPre(p, prev) || (String(v) === prevText ? 0 : 1);
      if (c <= 0) out.push(error('capi/cc-kubernetes-versions', field, `Invalid value: ${JSON.stringify(v)}: version must be greater than ${prevText}`, 'list the versions in ascending order, each once'));
      if (prev.minor !== p.minor && prev.minor + 1 !== p.minor) {
        out.push(error('capi/cc-kubernetes-versions', field, `Invalid value: ${JSON.stringify(v)}: expecting a version with minor ${prev.minor} or ${prev.minor + 1}, found version ${String(v).replace(/^v/, '')}`,
          'a Cluster upgrades through every listed minor: none may be skipped'));
      }
    }
    prev = p;
    prevText = String(v);
  });
  return out;
}

export function clusterClassRules(cc: KubeObject, ctx: RuleContext): Finding[] {
  if (versionOf(cc) !== 'v1beta2') return [];
  const out: Finding[] = [gateFinding('spec', 'ClusterClass')];
  out.push(...templateRefFindings(cc));
  out.push(...templateExistsFindings(cc, ctx));
  mdClasses(cc).forEach((c, i) => {
    if (c?.rollout?.strategy) out.push(...rolloutFindings(c.rollout.strategy, `${classField(i)}.rollout.strategy`, false));
    out.push(...taintFindings(c?.taints, `${classField(i)}.taints`, true));
    out.push(...templateMetadataFindings(c?.metadata, `${classField(i)}.metadata`));
  });
  out.push(...healthCheckFindings(cc));
  out.push(...namingFindings(cc));
  out.push(...taintFindings(get(cc, 'spec', 'controlPlane', 'taints'), 'spec.controlPlane.taints', false));
  out.push(...templateMetadataFindings(get(cc, 'spec', 'controlPlane', 'metadata'), 'spec.controlPlane.metadata'));
  out.push(...clusterClassVariableFindings(cc));
  out.push(...clusterClassPatchFindings(cc));
  out.push(...kubernetesVersionFindings(cc));
  return out;
}
