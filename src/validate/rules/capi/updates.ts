// Cluster API update-time webhook checks (`validate --against`): clusterName immutable on
// MachineDeployments, MachineSets, Machines and MachineHealthChecks; a Cluster's topology
// version (no decrease, at most one minor up unless the class lists kubernetesVersions or plans
// upgrades externally), unmanaged → managed, a class rebase that keeps template groups and
// kinds; a ClusterClass update that keeps its templates compatible and does not drop a
// MachineDeployment class, a health check or a Kubernetes version that a Cluster of the input
// still uses (upstream asks the API server for every Cluster of the class; we know those of the input).
import { classOf, topologyMds } from './cluster-topology';
import { compareWithoutPre, parseTolerant } from './kube-semver';
import { Finding, error } from '../../../core/finding';
import { groupKindOf, isKind } from '../../../core/gvk';
import { KubeObject } from '../../../core/kube-object';
import { get } from '../rule';

const UNSAFE_VERSION = 'unsafe.topology.cluster.x-k8s.io/disable-update-version-check';
const UNSAFE_CLASS = 'unsafe.topology.cluster.x-k8s.io/disable-update-class-name-check';

const groupOfRef = (ref: any) => (typeof ref?.apiVersion === 'string' && ref.apiVersion.includes('/') ? ref.apiVersion.split('/')[0] : '');

/** check.ClusterClassesAreCompatible: template refs keep their group and kind (MachineDeployment classes by class name). */
function compatibilityFindings(oldCc: KubeObject, newCc: KubeObject, prefix: string): Finding[] {
  const out: Finding[] = [];
  const cmp = (o: any, n: any, field: string) => {
    if (!o || !n) {
      if (field.includes('machineInfrastructure') && Boolean(o) !== Boolean(n)) {
        out.push(error('upgrade/immutable', `${prefix}${field}.kind`, `Forbidden: kind cannot be changed from ${JSON.stringify(o?.kind ?? '')} to ${JSON.stringify(n?.kind ?? '')} to prevent incompatible changes in the Clusters`));
      }
      return;
    }
    if (groupOfRef(o) !== groupOfRef(n)) {
      out.push(error('upgrade/immutable', `${prefix}${field}.apiVersion`, `Forbidden: group of apiVersion cannot be changed from ${JSON.stringify(groupOfRef(o))} to ${JSON.stringify(groupOfRef(n))} to prevent incompatible changes in the Clusters`));
    }
    if (o.kind !== n.kind) {
      out.push(error('upgrade/immutable', `${prefix}${field}.kind`, `Forbidden: kind cannot be changed from ${JSON.stringify(o.kind)} to ${JSON.stringify(n.kind)} to prevent incompatible changes in the Clusters`,
        'a different kind of template needs a new ClusterClass (and a Cluster rebase)'));
    }
  };
  for (const f of ['infrastructure', 'controlPlane']) cmp(get(oldCc, 'spec', f, 'templateRef'), get(newCc, 'spec', f, 'templateRef'), `spec.${f}.templateRef`);
  cmp(get(oldCc, 'spec', 'controlPlane', 'machineInfrastructure', 'templateRef'), get(newCc, 'spec', 'controlPlane', 'machineInfrastructure', 'templateRef'), 'spec.controlPlane.machineInfrastructure.templateRef');
  const oldClasses: any[] = get(oldCc, 'spec', 'workers', 'machineDeployments') ?? [];
  (get(newCc, 'spec', 'workers', 'machineDeployments') ?? []).forEach((c: any, i: number) => {
    const o = Array.isArray(oldClasses) ? oldClasses.find(x => x?.class === c?.class) : undefined;
    if (o) cmp(get(o, 'infrastructure', 'templateRef'), get(c, 'infrastructure', 'templateRef'), `spec.workers.machineDeployments[${i}].infrastructure.templateRef`);
  });
  return out;
}

function topologyVersionFindings(oldC: KubeObject, newC: KubeObject, newSet: readonly KubeObject[]): Finding[] {
  if (newC.metadata?.annotations?.[UNSAFE_VERSION] !== undefined) return [];
  const ov = get(oldC, 'spec', 'topology', 'version');
  const nv = get(newC, 'spec', 'topology', 'version');
  const o = parseTolerant(ov);
  const n = parseTolerant(nv);
  if (!o || !n || ov === nv) return [];
  if (compareWithoutPre(n, o) < 0) {
    return [error('upgrade/version', 'spec.topology.version', `Invalid value: ${JSON.stringify(nv)}: version cannot be decreased from ${JSON.stringify(String(ov).replace(/^v/, ''))} to ${JSON.stringify(String(nv).replace(/^v/, ''))}`)];
  }
  const cc = classOf(newC, newSet);
  const exempt = cc && ((get(cc, 'spec', 'kubernetesVersions') ?? []).length > 0 || get(cc, 'spec', 'upgrade', 'external', 'generateUpgradePlanExtension'));
  if (!exempt && compareWithoutPre(n, { major: o.major, minor: o.minor + 2, patch: 0, pre: '' }) >= 0) {
    return [error('upgrade/version', 'spec.topology.version', `Invalid value: ${JSON.stringify(nv)}: version cannot be increased from ${JSON.stringify(String(ov).replace(/^v/, ''))} to ${JSON.stringify(String(nv).replace(/^v/, ''))}`,
      `upgrade one minor at a time (next: v${o.major}.${o.minor + 1}.x)${cc ? '' : '; a ClusterClass listing kubernetesVersions lifts the limit (it is not among the validated objects)'}`)];
  }
  return [];
}

function clusterFindings(oldC: KubeObject, newC: KubeObject, newSet: readonly KubeObject[], oldSet: readonly KubeObject[]): Finding[] {
  const out: Finding[] = [];
  if (!get(newC, 'spec', 'topology')) return out;
  if (!get(oldC, 'spec', 'topology', 'classRef', 'name')) {
    if (newC.metadata?.annotations?.[UNSAFE_CLASS] === undefined) {
      out.push(error('upgrade/immutable', 'spec.topology.classRef', 'Forbidden: classRef cannot be set on an existing Cluster', 'a Cluster created without a topology stays unmanaged'));
    }
    return out;
  }
  out.push(...topologyVersionFindings(oldC, newC, newSet));
  const oldRef = get(oldC, 'spec', 'topology', 'classRef');
  const newRef = get(newC, 'spec', 'topology', 'classRef');
  if (oldRef.name !== newRef?.name || (oldRef.namespace ?? '') !== (newRef?.namespace ?? '')) {
    const oldCc = classOf(oldC, oldSet);
    const newCc = classOf(newC, newSet);
    if (oldCc && newCc) out.push(...compatibilityFindings(oldCc, newCc, '').map(f => ({ ...f, field: `spec.topology.classRef (ClusterClass ${newCc.metadata?.name} ${f.field})` })));
  }
  return out;
}

/** Clusters of the input that use a ClusterClass. */
function clustersUsing(cc: KubeObject, set: readonly KubeObject[]): KubeObject[] {
  return set.filter(o => isKind(o, 'cluster.x-k8s.io', 'Cluster') && classOf(o, [cc]) === cc);
}

function clusterClassFindings(oldCc: KubeObject, newCc: KubeObject, newSet: readonly KubeObject[]): Finding[] {
  const out = compatibilityFindings(oldCc, newCc, '');
  const clusters = clustersUsing(newCc, newSet);
  const newClasses = new Set((get(newCc, 'spec', 'workers', 'machineDeployments') ?? []).map((c: any) => c?.class));
  const removed = (get(oldCc, 'spec', 'workers', 'machineDeployments') ?? []).map((c: any) => c?.class).filter((c: unknown) => !newClasses.has(c));
  for (const c of clusters) {
    for (const md of topologyMds(c)) {
      if (removed.includes(md?.class)) {
        out.push(error('upgrade/class-in-use', 'spec.workers.machineDeployments', `Forbidden: MachineDeploymentClass ${JSON.stringify(md.class)} cannot be deleted because it is used by Cluster ${JSON.stringify(c.metadata?.name)}`,
          'move the Cluster\'s MachineDeployments to another class first'));
      }
    }
  }
  const defined = (hc: any) => Boolean(hc && (hc.checks || hc.remediation));
  if (defined(get(oldCc, 'spec', 'controlPlane', 'healthCheck')) && !defined(get(newCc, 'spec', 'controlPlane', 'healthCheck'))) {
    const users = clusters.filter(c => get(c, 'spec', 'topology', 'controlPlane', 'healthCheck', 'enabled') === true && !defined(get(c, 'spec', 'topology', 'controlPlane', 'healthCheck')));
    if (users.length) out.push(error('upgrade/class-in-use', 'spec.controlPlane.healthCheck', `Forbidden: healthCheck cannot be deleted because it is used by Cluster(s) ${JSON.stringify(users.map(c => c.metadata?.name).join(','))}`));
  }
  (get(newCc, 'spec', 'workers', 'machineDeployments') ?? []).forEach((c: any, i: number) => {
    const o = (get(oldCc, 'spec', 'workers', 'machineDeployments') ?? []).find((x: any) => x?.class === c?.class);
    if (!o || !defined(o.healthCheck) || defined(c.healthCheck)) return;
    const relies = (md: any) => md?.class === c.class && md?.healthCheck?.enabled === true && !defined(md.healthCheck);
    const users = clusters.filter(cl => topologyMds(cl).some(relies));
    if (users.length) out.push(error('upgrade/class-in-use', `spec.workers.machineDeployments[${i}].healthCheck`, `Forbidden: healthCheck cannot be deleted because it is used by Cluster(s) ${JSON.stringify(users.map(x => x.metadata?.name).join(','))}`));
  });
  const versions: unknown[] = get(newCc, 'spec', 'kubernetesVersions') ?? [];
  if (Array.isArray(versions) && versions.length) {
    for (const c of clusters) {
      const v = get(c, 'spec', 'topology', 'version');
      if (!versions.includes(v)) {
        out.push(error('upgrade/class-in-use', 'spec.kubernetesVersions', `Forbidden: Kubernetes Version ${v} is used by Cluster ${JSON.stringify(c.metadata?.name)} but not set in ClusterClass`));
      }
    }
  }
  return out;
}

const CLUSTER_NAME_KINDS = new Set(['cluster.x-k8s.io/MachineDeployment', 'cluster.x-k8s.io/MachineSet', 'cluster.x-k8s.io/Machine', 'cluster.x-k8s.io/MachineHealthCheck']);

/** The CAPI update checks of one object, old against new; the sets give the classes and Clusters around them. */
export function capiUpdateRules(oldO: KubeObject, newO: KubeObject, newSet: readonly KubeObject[], oldSet: readonly KubeObject[]): Finding[] {
  const gk = groupKindOf(newO);
  const out: Finding[] = [];
  if (CLUSTER_NAME_KINDS.has(gk) && get(oldO, 'spec', 'clusterName') !== get(newO, 'spec', 'clusterName')) {
    out.push(error('upgrade/immutable', 'spec.clusterName', 'Forbidden: field is immutable', `was ${JSON.stringify(get(oldO, 'spec', 'clusterName'))}`));
  }
  if (gk === 'cluster.x-k8s.io/Cluster') out.push(...clusterFindings(oldO, newO, newSet, oldSet));
  if (gk === 'cluster.x-k8s.io/ClusterClass') out.push(...clusterClassFindings(oldO, newO, newSet));
  return out;
}
