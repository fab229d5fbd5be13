// Cluster API v1beta2 webhook rules for Cluster and MachineDeployment (upstream-rules.md §4),
// applied after CAPI's own defaulting so hand-written manifests are judged as the server would.
import * as semver from 'semver';
import { RuleContext, RuleTable, get } from './rule';
import { Finding, error, warning } from '../../core/finding';
import { versionOf } from '../../core/gvk';
import { parseCidr } from '../../core/ip';
import { KubeObject } from '../../core/kube-object';
import { checkLabelValue } from '../../core/names';
import { labelSelectorProblems, selectorMatches } from '../../core/selectors';

export const CLUSTER_NAME_LABEL = 'cluster.x-k8s.io/cluster-name';

function labelValueName(obj: KubeObject, rule: string): Finding[] {
  const name = obj.metadata?.name;
  if (typeof name !== 'string') return [];
  const p = checkLabelValue(name);
  return p ? [error(rule, 'metadata.name', `${JSON.stringify(name)} must be a valid label value: ${p}`)] : [];
}

/** `v1.36.3+rke2r1` style: a leading v and semver after it (build metadata allowed). */
export function checkMachineVersion(v: unknown): string | undefined {
  if (typeof v !== 'string' || !v.startsWith('v') || !semver.valid(v.slice(1))) {
    return `${JSON.stringify(v)} must be a valid semantic version with a leading "v" (e.g. v1.36.3+rke2r1)`;
  }
  return undefined;
}

function clusterRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  if (versionOf(obj) !== 'v1beta2') return [];
  const out = labelValueName(obj, 'capi/cluster-name');
  const spec = obj.spec ?? {};
  if (!spec.controlPlaneRef && !spec.infrastructureRef && !spec.topology) {
    out.push(error('capi/cluster-refs', 'spec', 'at least one of spec.controlPlaneRef, spec.infrastructureRef or spec.topology must be set'));
  }
  for (const which of ['pods', 'services']) {
    const blocks = get(spec, 'clusterNetwork', which, 'cidrBlocks');
    if (!Array.isArray(blocks)) continue;
    blocks.forEach((b, i) => {
      if (typeof b === 'string' && !parseCidr(b)) {
        out.push(error('capi/cidr', `spec.clusterNetwork.${which}.cidrBlocks[${i}]`, `${JSON.stringify(b)} is not a valid CIDR block`, 'e.g. 10.96.0.0/12'));
      }
    });
  }
  const topoVersion = get(spec, 'topology', 'version');
  if (topoVersion !== undefined) {
    const p = checkMachineVersion(topoVersion);
    if (p) out.push(error('capi/version', 'spec.topology.version', p));
  }
  // References inside the set: a missing object is a warning (it may live in another file).
  const ns = obj.metadata?.namespace ?? 'default';
  for (const ref of ['controlPlaneRef', 'infrastructureRef']) {
    const r = spec[ref];
    if (!r?.kind || !r?.name) continue;
    const found = ctx.objects.some(o => o.kind === r.kind && o.metadata?.name === r.name && (o.metadata?.namespace ?? 'default') === ns
      && (!r.apiGroup || (o.apiVersion ?? '').startsWith(`${r.apiGroup}/`)));
    if (!found && ctx.objects.length > 1) {
      out.push(warning('capi/ref', `spec.${ref}`, `${r.kind} ${ns}/${r.name} is not among the validated objects`, 'it must exist when the Cluster is applied'));
    }
  }
  return out;
}

function rolloutProblems(spec: any): Finding[] {
  const ru = get(spec, 'rollout', 'strategy', 'rollingUpdate');
  const type = get(spec, 'rollout', 'strategy', 'type') ?? 'RollingUpdate';
  if (type !== 'RollingUpdate') return [];
  const surge = ru?.maxSurge ?? 1;
  const unavailable = ru?.maxUnavailable ?? 0;
  const zero = (v: unknown) => v === 0 || v === '0' || v === '0%';
  if (zero(surge) && zero(unavailable)) {
    return [error('capi/rollout', 'spec.rollout.strategy.rollingUpdate', 'maxSurge and maxUnavailable cannot both be 0', 'on bare metal without a spare host use maxSurge: 0, maxUnavailable: 1')];
  }
  return [];
}

function machineDeploymentRules(obj: KubeObject): Finding[] {
  if (versionOf(obj) !== 'v1beta2') return [];
  const out = labelValueName(obj, 'capi/md-name');
  const spec = obj.spec ?? {};
  const clusterName = spec.clusterName;
  const tspec = get(spec, 'template', 'spec') ?? {};
  if (clusterName && tspec.clusterName !== undefined && tspec.clusterName !== clusterName) {
    out.push(error('capi/md-cluster-name', 'spec.template.spec.clusterName', 'spec.clusterName and spec.template.spec.clusterName must be set to the same value',
      `got ${JSON.stringify(clusterName)} and ${JSON.stringify(tspec.clusterName)}`));
  }
  if (!get(tspec, 'bootstrap', 'configRef') && !get(tspec, 'bootstrap', 'dataSecretName')) {
    out.push(error('capi/md-bootstrap', 'spec.template.spec.bootstrap', 'configRef or dataSecretName is required'));
  }
  if (tspec.version !== undefined) {
    // The defaulting webhook prepends a missing "v" before validation; the message quotes what was written.
    const v = typeof tspec.version === 'string' && !tspec.version.startsWith('v') ? `v${tspec.version}` : tspec.version;
    if (checkMachineVersion(v)) {
      out.push(error('capi/version', 'spec.template.spec.version', `${JSON.stringify(tspec.version)} is not a valid semantic version`,
        'e.g. v1.36.3+rke2r1 (a missing leading "v" is added by the defaulting webhook)'));
    }
  }
  if (typeof spec.replicas === 'number' && spec.replicas < 0) {
    out.push(error('capi/md-replicas', 'spec.replicas', `${spec.replicas} machines cannot be created`, 'a whole number ≥ 0'));
  }
  for (const [f, m] of labelSelectorProblems(spec.selector)) out.push(error('capi/md-selector', `spec.selector.${f}`, m));
  // Defaulting adds the cluster-name label to selector and template labels, so compare after it.
  const defaulted = (labels: Record<string, string> | undefined) =>
    (clusterName ? { ...(labels ?? {}), [CLUSTER_NAME_LABEL]: clusterName } : (labels ?? {}));
  const selector = spec.selector && { ...spec.selector, matchLabels: defaulted(spec.selector.matchLabels) };
  const templateLabels = defaulted(get(spec, 'template', 'metadata', 'labels'));
  if (selector && Object.keys(spec.selector).length && !selectorMatches(selector, templateLabels)) {
    out.push(error('capi/md-selector', 'spec.template.metadata.labels', 'must match spec.selector',
      `selector ${JSON.stringify(spec.selector.matchLabels ?? {})} does not select the template labels ${JSON.stringify(get(spec, 'template', 'metadata', 'labels') ?? {})}`));
  }
  out.push(...rolloutProblems(spec));
  return out;
}

export const CAPI_RULES: RuleTable = {
  'cluster.x-k8s.io/Cluster': [clusterRules],
  'cluster.x-k8s.io/MachineDeployment': [machineDeploymentRules],
};
