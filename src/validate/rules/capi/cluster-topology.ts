// A Cluster's spec.topology, validated whenever it appears (upstream only with the
// ClusterTopology gate, off by default: we add a warning naming it). cluster.go validateTopology
// and Default at v1.13.5: version (a missing "v" is defaulted), class metadata, rollout, taints,
// the upgrade-concurrency annotation; against a ClusterClass of the same input
// (ValidateClusterForClusterClass): kubernetesVersions, MachineDeployment classes, health
// checks, autoscaler annotations, and the variables (internal/topology/variables: undefined,
// required, values against their schemas). A class not in the input is a warning, as upstream
// warns on create.
import { gateFinding } from './cluster-class';
import { classVariables, valueAgainstSchema, variableSchemaOf } from './cluster-class-variables';
import { healthCheckOf, healthCheckValueFindings } from './machine-health-check';
import { AUTOSCALER_MAX, AUTOSCALER_MIN, intOrPercentFinding, rolloutFindings } from './machine-sets';
import { taintFindings } from './taints';
import { templateMetadataFindings } from './template-metadata';
import { versionFindings } from './versions';
import { Finding, error, warning } from '../../../core/finding';
import { isKind } from '../../../core/gvk';
import { KubeObject } from '../../../core/kube-object';
import { RuleContext, get, hasErrorsInRun } from '../rule';

export const CONCURRENCY_ANNOTATION = 'topology.cluster.x-k8s.io/upgrade-concurrency';

/** The ClusterClass a topology Cluster names, among `objects` (classRef.namespace defaults to the Cluster's). */
export function classOf(cluster: KubeObject, objects: readonly KubeObject[]): KubeObject | undefined {
  const ref = get(cluster, 'spec', 'topology', 'classRef');
  if (!ref?.name) return undefined;
  const ns = ref.namespace || cluster.metadata?.namespace || 'default';
  return objects.find(o => isKind(o, 'cluster.x-k8s.io', 'ClusterClass') && o.metadata?.name === ref.name && (o.metadata?.namespace ?? 'default') === ns);
}

export function topologyMds(cluster: KubeObject): any[] {
  const l = get(cluster, 'spec', 'topology', 'workers', 'machineDeployments');
  return Array.isArray(l) ? l : [];
}

const mdField = (i: number) => `spec.topology.workers.machineDeployments[${i}]`;
const defined = (hc: any) => Boolean(hc && typeof hc === 'object' && (hc.checks || hc.remediation));

function standaloneFindings(cluster: KubeObject): Finding[] {
  const topo = cluster.spec.topology;
  const out: Finding[] = [gateFinding('spec.topology', 'spec.topology')];
  out.push(...versionFindings(topo.version ?? '', 'spec.topology.version'));
  out.push(...templateMetadataFindings(get(topo, 'controlPlane', 'metadata'), 'spec.topology.controlPlane.metadata'));
  out.push(...taintFindings(get(topo, 'controlPlane', 'taints'), 'spec.topology.controlPlane.taints', false));
  topologyMds(cluster).forEach((md, i) => {
    out.push(...templateMetadataFindings(md?.metadata, `${mdField(i)}.metadata`));
    if (md?.rollout?.strategy) out.push(...rolloutFindings(md.rollout.strategy, `${mdField(i)}.rollout.strategy`, false));
    out.push(...taintFindings(md?.taints, `${mdField(i)}.taints`, false));
    if (md?.replicas !== undefined && Object.keys(md?.metadata?.annotations ?? {}).some(k => k === AUTOSCALER_MIN || k === AUTOSCALER_MAX)) {
      out.push(error('capi/topology-replicas', `${mdField(i)}.replicas`,
        `Invalid value: ${md.replicas}: cannot be set for cluster ${JSON.stringify(cluster.metadata?.name)} in namespace ${JSON.stringify(cluster.metadata?.namespace ?? 'default')} if the same MachineDeploymentTopology has autoscaler annotations`,
        'let the autoscaler own the replica count: remove replicas, or the annotations'));
    }
  });
  const c = cluster.metadata?.annotations?.[CONCURRENCY_ANNOTATION];
  if (c !== undefined) {
    const field = `metadata.annotations[${CONCURRENCY_ANNOTATION}]`;
    if (typeof c !== 'string' || !/^[+-]?\d+$/.test(c)) out.push(error('capi/topology-concurrency', field, `Invalid value: ${JSON.stringify(c)}: could not parse the value of the annotation`, 'a whole number ≥ 1'));
    else if (Number(c) < 1) out.push(error('capi/topology-concurrency', field, `Invalid value: ${JSON.stringify(c)}: value cannot be less than 1`));
  }
  return out;
}

function healthCheckFindings(cluster: KubeObject, cc: KubeObject): Finding[] {
  const out: Finding[] = [];
  const cp = get(cluster, 'spec', 'topology', 'controlPlane', 'healthCheck');
  const base = 'spec.topology.controlPlane.healthCheck';
  if (defined(cp)) {
    if (!get(cc, 'spec', 'controlPlane', 'machineInfrastructure', 'templateRef')) {
      out.push(error('capi/topology-health-check', base, 'Forbidden: can be only set if spec.controlPlane.machineInfrastructure is set in ClusterClass',
        `ClusterClass ${cc.metadata?.name} has no controlPlane.machineInfrastructure`));
    }
    out.push(...healthCheckValueFindings(healthCheckOf(cp, base)));
  }
  if (cp?.enabled === true && !defined(cp) && !defined(get(cc, 'spec', 'controlPlane', 'healthCheck'))) {
    out.push(error('capi/topology-health-check', `${base}.enabled`, 'Forbidden: cannot be set to true as healthCheck definition is not available in the Cluster topology or the ClusterClass'));
  }
  const classes: any[] = Array.isArray(get(cc, 'spec', 'workers', 'machineDeployments')) ? get(cc, 'spec', 'workers', 'machineDeployments') : [];
  topologyMds(cluster).forEach((md, i) => {
    const hc = md?.healthCheck;
    const f = `${mdField(i)}.healthCheck`;
    if (defined(hc)) {
      out.push(...healthCheckValueFindings(healthCheckOf(hc, f)));
      out.push(...intOrPercentFinding('capi/remediation-max-in-flight', hc.remediation?.maxInFlight, `${f}.remediation.maxInFlight`));
    }
    const mdClass = classes.find(c => c?.class === md?.class);
    if (mdClass && hc?.enabled === true && !defined(hc) && !defined(mdClass.healthCheck)) {
      out.push(error('capi/topology-health-check', `${f}.enabled`, 'Forbidden: cannot be set to true as healthCheck definition is not available in the Cluster topology or the ClusterClass'));
    }
  });
  return out;
}

/** Whether the class's variable definitions are all inline (an external discoverVariables extension may add more). */
const inlineDefinitionsOnly = (cc: KubeObject) => !(Array.isArray(get(cc, 'spec', 'patches')) && cc.spec.patches.some((p: any) => p?.external?.discoverVariablesExtension));

function variableFindings(cluster: KubeObject, cc: KubeObject): Finding[] {
  if (!inlineDefinitionsOnly(cc)) return [];
  const defs = new Map(classVariables(cc).map(([, v]) => [v.name, v] as const));
  const out: Finding[] = [];
  const checkValues = (list: unknown, field: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((v: any, i: number) => {
      const f = `${field}[${i}]`;
      const def = defs.get(v?.name);
      if (!def) {
        out.push(error('capi/topology-variables', `${f}.name`, `Invalid value: ${JSON.stringify(v?.name)}: variable is not defined`,
          `ClusterClass ${cc.metadata?.name} defines: ${[...defs.keys()].join(', ') || 'no variables'}`));
        return;
      }
      const schema = variableSchemaOf(def);
      if (schema && typeof schema === 'object' && v.value !== undefined) out.push(...valueAgainstSchema(schema, v.value, `${f}.value`, 'capi/topology-variables'));
    });
  };
  const top = get(cluster, 'spec', 'topology', 'variables');
  checkValues(top, 'spec.topology.variables');
  checkValues(get(cluster, 'spec', 'topology', 'controlPlane', 'variables', 'overrides'), 'spec.topology.controlPlane.variables.overrides');
  topologyMds(cluster).forEach((md, i) => checkValues(md?.variables?.overrides, `${mdField(i)}.variables.overrides`));
  const set = new Set((Array.isArray(top) ? top : []).map((v: any) => v?.name));
  for (const [name, def] of defs) {
    // A required variable with a schema default is created by the defaulting webhook.
    if (def.required === true && !set.has(name) && variableSchemaOf(def)?.default === undefined) {
      out.push(error('capi/topology-variables', 'spec.topology.variables', `Required value: required variable ${JSON.stringify(name)} must be set`,
        `ClusterClass ${cc.metadata?.name} requires it; set it under spec.topology.variables (overrides do not count)`));
    }
  }
  return out;
}

function withClassFindings(cluster: KubeObject, cc: KubeObject): Finding[] {
  const out: Finding[] = [];
  const versions = get(cc, 'spec', 'kubernetesVersions');
  const topoVersion = get(cluster, 'spec', 'topology', 'version');
  const v = typeof topoVersion === 'string' && !topoVersion.startsWith('v') ? `v${topoVersion}` : topoVersion;
  if (Array.isArray(versions) && versions.length && !versions.includes(v)) {
    out.push(error('capi/topology-version', 'spec.topology.version', `Invalid value: ${JSON.stringify(topoVersion)}: version must match one of the versions defined in the ClusterClass`,
      `ClusterClass ${cc.metadata?.name} lists ${versions.join(', ')}`));
  }
  const classes = new Set((Array.isArray(get(cc, 'spec', 'workers', 'machineDeployments')) ? cc.spec.workers.machineDeployments : []).map((c: any) => c?.class));
  topologyMds(cluster).forEach((md, i) => {
    if (typeof md?.class === 'string' && !classes.has(md.class)) {
      out.push(error('capi/topology-md-class', `${mdField(i)}.class`,
        `Invalid value: ${JSON.stringify(md.class)}: MachineDeploymentClass with name ${JSON.stringify(md.class)} does not exist in ClusterClass ${JSON.stringify(cc.metadata?.name)}`,
        `classes: ${[...classes].join(', ') || 'none'}`));
    }
    const mdc = (cc.spec?.workers?.machineDeployments ?? []).find((c: any) => c?.class === md?.class);
    if (md?.replicas !== undefined && Object.keys(mdc?.metadata?.annotations ?? {}).some(k => k === AUTOSCALER_MIN || k === AUTOSCALER_MAX)) {
      out.push(error('capi/topology-replicas', `${mdField(i)}.replicas`,
        `Invalid value: ${md.replicas}: cannot be set for cluster ${JSON.stringify(cluster.metadata?.name)} in namespace ${JSON.stringify(cluster.metadata?.namespace ?? 'default')} if the source class ${JSON.stringify(md.class)} of this MachineDeploymentTopology has autoscaler annotations`));
    }
  });
  out.push(...healthCheckFindings(cluster, cc));
  out.push(...variableFindings(cluster, cc));
  return out;
}

export function clusterTopologyRules(cluster: KubeObject, ctx: RuleContext): Finding[] {
  const out = standaloneFindings(cluster);
  const ref = get(cluster, 'spec', 'topology', 'classRef');
  if (!ref?.name) return out;
  const cc = classOf(cluster, ctx.objects);
  if (!cc) {
    const ns = ref.namespace || cluster.metadata?.namespace || 'default';
    if (hasErrorsInRun(ctx, 'ClusterClass', ns, ref.name)) {
      out.push(warning('capi/topology-class', 'spec.topology.classRef', `Cluster refers to ClusterClass ${ns}/${ref.name}, which has schema errors (reported on it): the topology has not been validated against it`,
        'fix the ClusterClass, then validate again to check classes, versions and variables'));
      return out;
    }
    out.push(warning('capi/topology-class', 'spec.topology.classRef', `Cluster refers to ClusterClass ${ns}/${ref.name}, but this ClusterClass is not among the validated objects: the topology has not been fully validated`,
      'validate the ClusterClass together with the Cluster to check classes, versions and variables'));
    return out;
  }
  out.push(...withClassFindings(cluster, cc));
  return out;
}
