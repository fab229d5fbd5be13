// MachineDeployment and MachineSet webhooks (internal/webhooks/machinedeployment.go,
// machineset.go at v1.13.5), after their defaulting: names as label values (MachineDeployment),
// bootstrap, selector vs template labels, clusterName on both levels, version, rollout and
// remediation int-or-percent values (MachineDeployment), machine naming, taints, template
// metadata and the skip-preflight-checks annotation. v1beta1 objects are read in their layout.
import { intOrPercentProblem } from './int-or-percent';
import { Layout, dotted, layoutOf } from './layout';
import { nameTemplateProblems } from './name-template';
import { taintFindings } from './taints';
import { templateMetadataFindings } from './template-metadata';
import { versionFindings } from './versions';
import { Finding, error, warning } from '../../../core/finding';
import { KubeObject } from '../../../core/kube-object';
import { checkLabelValue } from '../../../core/names';
import { labelSelectorMatches, labelSelectorProblems } from '../../../core/selectors';
import { get } from '../rule';

export const CLUSTER_NAME_LABEL = 'cluster.x-k8s.io/cluster-name';
export const SKIP_PREFLIGHT_ANNOTATION = 'machineset.cluster.x-k8s.io/skip-preflight-checks';
const PREFLIGHT_CHECKS = ['All', 'ControlPlaneIsStable', 'ControlPlaneVersionSkew', 'KubeadmVersionSkew', 'KubernetesVersionSkew'];
export const AUTOSCALER_MIN = 'cluster.x-k8s.io/cluster-api-autoscaler-node-group-min-size';
export const AUTOSCALER_MAX = 'cluster.x-k8s.io/cluster-api-autoscaler-node-group-max-size';

type Which = 'MachineDeployment' | 'MachineSet';
const PREFIX: Record<Which, string> = { MachineDeployment: 'md', MachineSet: 'ms' };
/** The label the defaulting webhook adds when the selector is empty. */
const OWN_LABEL: Record<Which, string> = { MachineDeployment: 'cluster.x-k8s.io/deployment-name', MachineSet: 'cluster.x-k8s.io/set-name' };

/** `metadata.name` must be a label value (MachineDeployment; Cluster uses the same). */
export function labelValueName(obj: KubeObject, rule: string): Finding[] {
  const name = obj.metadata?.name;
  if (typeof name !== 'string') return [];
  const p = checkLabelValue(name);
  return p ? [error(rule, 'metadata.name', `${JSON.stringify(name)} must be a valid label value: ${p}`)] : [];
}

/**
 * maxSurge / maxUnavailable: each int-or-percent; both *integer* 0 refused. `defaulted`: a
 * MachineDeployment's defaulting first sets an absent maxSurge to 1 and maxUnavailable to 0
 * (ClusterClass and topology classes are checked as written).
 */
export function rolloutFindings(strategy: any, field: string, defaulted = true): Finding[] {
  const type = strategy?.type || 'RollingUpdate';
  const ru = strategy?.rollingUpdate;
  const out: Finding[] = [];
  for (const k of ['maxSurge', 'maxUnavailable']) {
    const p = intOrPercentProblem(ru?.[k]);
    if (p) out.push(error('capi/rollout', `${field}.rollingUpdate.${k}`, `Invalid value: ${JSON.stringify(ru[k])}: ${p}`, 'e.g. 1 or "25%"'));
  }
  const defaults = defaulted && type === 'RollingUpdate';
  const surge = ru?.maxSurge ?? (defaults ? 1 : undefined);
  const unavailable = ru?.maxUnavailable ?? (defaults ? 0 : undefined);
  if (surge === 0 && unavailable === 0) {
    out.push(error('capi/rollout', `${field}.rollingUpdate`, 'Invalid value: 0: maxUnavailable and maxSurge cannot both be 0',
      'on bare metal without a spare host use maxSurge: 0, maxUnavailable: 1 ("0%" for both is accepted: the controller then uses maxUnavailable 1)'));
  }
  return out;
}

/** An int-or-percent field (remediation maxInFlight, MHC unhealthyLessThanOrEqualTo). */
export function intOrPercentFinding(rule: string, v: unknown, field: string): Finding[] {
  const p = intOrPercentProblem(v);
  return p ? [error(rule, field, `Invalid value: ${JSON.stringify(v)}: ${p}`, 'e.g. 2 or "50%"')] : [];
}

function skipPreflightFindings(obj: KubeObject): Finding[] {
  const v = obj.metadata?.annotations?.[SKIP_PREFLIGHT_ANNOTATION];
  if (typeof v !== 'string' || v === '') return [];
  const invalid = v.split(',').map(s => s.trim()).filter(s => !PREFLIGHT_CHECKS.includes(s));
  if (!invalid.length) return [];
  return [error('capi/skip-preflight-checks', `metadata.annotations[${SKIP_PREFLIGHT_ANNOTATION}]`,
    `Invalid value: ${JSON.stringify(invalid)}: skipped preflight check(s) must be among: [${PREFLIGHT_CHECKS.join(' ')}]`)];
}

/** MachineDeployment defaulting of replicas from the autoscaler annotations fails on an unparsable value. */
function autoscalerAnnotationFindings(obj: KubeObject): Finding[] {
  const a = obj.metadata?.annotations ?? {};
  if (obj.spec?.replicas !== undefined || !(AUTOSCALER_MIN in a) || !(AUTOSCALER_MAX in a)) return [];
  const out: Finding[] = [];
  for (const k of [AUTOSCALER_MIN, AUTOSCALER_MAX]) {
    const v = a[k];
    if (typeof v !== 'string' || !/^[+-]?\d+$/.test(v) || Math.abs(Number(v)) >= 2 ** 31) {
      out.push(error('capi/autoscaler-annotations', `metadata.annotations[${k}]`,
        `failed to caculate MachineDeployment replicas value: could not parse the value of the ${JSON.stringify(k)} annotation (${JSON.stringify(v)})`,
        'a whole number; replicas default to the min size when both annotations are set'));
    }
  }
  return out;
}

function machineNamingFindings(obj: KubeObject, layout: Layout, which: Which): Finding[] {
  const template = get(obj, ...layout.machineNaming, 'template');
  if (typeof template !== 'string' || template === '') return [];
  return nameTemplateProblems(template, { 'cluster.name': 'cluster', 'machineSet.name': 'machineset' }, true)
    .map(p => error('capi/machine-naming', `${dotted(layout.machineNaming)}.template`, `Invalid value: ${JSON.stringify(template)}: ${p}`,
      `fields: {{ .cluster.name }}, {{ .machineSet.name }}, {{ .random }} (required); ${which} machine names must be DNS-1123 subdomains`));
}

function selectorFindings(obj: KubeObject, which: Which): Finding[] {
  const spec = obj.spec ?? {};
  const rule = `capi/${PREFIX[which]}-selector`;
  const out: Finding[] = [];
  for (const [f, m] of labelSelectorProblems(spec.selector)) out.push(error(rule, `spec.selector.${f}`, m));
  if (out.length) return out;
  // Defaulting adds the cluster-name label to selector and template labels (and, for an empty
  // selector, the owner's name label to both), so compare after it.
  const clusterName = spec.clusterName;
  const empty = !Object.keys(spec.selector?.matchLabels ?? {}).length && !(spec.selector?.matchExpressions ?? []).length;
  const extra: Record<string, string> = {
    ...(empty && typeof obj.metadata?.name === 'string' ? { [OWN_LABEL[which]]: obj.metadata.name } : {}),
    ...(clusterName ? { [CLUSTER_NAME_LABEL]: clusterName } : {}),
  };
  const selector = { ...(spec.selector ?? {}), matchLabels: { ...(spec.selector?.matchLabels ?? {}), ...extra } };
  const templateLabels = { ...(get(spec, 'template', 'metadata', 'labels') ?? {}), ...extra };
  if (!labelSelectorMatches(selector, templateLabels)) {
    out.push(error(rule, 'spec.template.metadata.labels', `must match spec.selector ${JSON.stringify(spec.selector?.matchLabels ?? {})}`,
      `the template labels ${JSON.stringify(get(spec, 'template', 'metadata', 'labels') ?? {})} are not selected`));
  }
  return out;
}

export function machineSetLikeRules(obj: KubeObject, which: Which): Finding[] {
  const layout = layoutOf(obj);
  if (!layout) return [];
  const p = PREFIX[which];
  const out = which === 'MachineDeployment' ? labelValueName(obj, 'capi/md-name') : [];
  const spec = obj.spec ?? {};
  const tspec = get(spec, 'template', 'spec') ?? {};
  if (spec.clusterName && tspec.clusterName !== undefined && tspec.clusterName !== spec.clusterName) {
    out.push(error(`capi/${p}-cluster-name`, 'spec.template.spec.clusterName', 'spec.clusterName and spec.template.spec.clusterName must be set to the same value',
      `got ${JSON.stringify(spec.clusterName)} and ${JSON.stringify(tspec.clusterName)}`));
  }
  if (!get(tspec, 'bootstrap', 'configRef') && !get(tspec, 'bootstrap', 'dataSecretName')) {
    out.push(error(`capi/${p}-bootstrap`, 'spec.template.spec.bootstrap', 'Required value: expected either spec.template.spec.bootstrap.dataSecretName or spec.template.spec.bootstrap.configRef to be populated'));
  }
  out.push(...versionFindings(tspec.version, 'spec.template.spec.version'));
  if (which === 'MachineDeployment' && typeof spec.replicas === 'number' && spec.replicas < 0) {
    out.push(warning('capi/md-replicas', 'spec.replicas', `${spec.replicas} machines cannot be created`, 'a whole number ≥ 0 (the API server and the CAPI webhook accept a negative count)'));
  }
  out.push(...selectorFindings(obj, which));
  if (which === 'MachineDeployment') {
    out.push(...rolloutFindings(get(obj, ...layout.rolloutStrategy), dotted(layout.rolloutStrategy)));
    out.push(...intOrPercentFinding('capi/remediation-max-in-flight', get(obj, ...layout.maxInFlight), dotted(layout.maxInFlight)));
    out.push(...autoscalerAnnotationFindings(obj));
  }
  out.push(...skipPreflightFindings(obj));
  out.push(...machineNamingFindings(obj, layout, which));
  out.push(...taintFindings(tspec.taints, 'spec.template.spec.taints', true));
  out.push(...templateMetadataFindings(get(spec, 'template', 'metadata'), 'spec.template.metadata'));
  return out;
}
