// An EKS Anywhere cluster spec as plain objects: the Cluster and the objects it references,
// the way eksctl reads a multi-document cluster config. Works on synthesized and hand-written
// YAML alike.
import { Finding } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';

export const EKSA_GROUP = 'anywhere.eks.amazonaws.com';
export const EKSA_API_VERSION = `${EKSA_GROUP}/v1alpha1`;

export const ClusterKind = 'Cluster';
export const DockerDatacenterKind = 'DockerDatacenterConfig';
export const VSphereDatacenterKind = 'VSphereDatacenterConfig';
export const VSphereMachineKind = 'VSphereMachineConfig';
export const TinkerbellDatacenterKind = 'TinkerbellDatacenterConfig';
export const TinkerbellMachineKind = 'TinkerbellMachineConfig';
export const TinkerbellTemplateKind = 'TinkerbellTemplateConfig';
export const FluxConfigKind = 'FluxConfig';
export const GitOpsConfigKind = 'GitOpsConfig';
export const OIDCConfigKind = 'OIDCConfig';
export const AWSIamConfigKind = 'AWSIamConfig';

/** Datacenter kind → the machine config kind of that provider (undefined: no machine configs). */
export const MACHINE_KIND_OF: Readonly<Record<string, string | undefined>> = {
  [DockerDatacenterKind]: undefined,
  [VSphereDatacenterKind]: VSphereMachineKind,
  [TinkerbellDatacenterKind]: TinkerbellMachineKind,
  CloudStackDatacenterConfig: 'CloudStackMachineConfig',
  NutanixDatacenterConfig: 'NutanixMachineConfig',
  SnowDatacenterConfig: 'SnowMachineConfig',
};

/** A finding about one object of the spec. */
export interface PreflightFinding extends Finding {
  /** Kind of the object the finding is about. */
  readonly kind: string;
  /** Name of that object. */
  readonly name: string;
  /** Namespace of that object, when it sets one. */
  readonly namespace?: string;
}

/** The Cluster plus everything of the file it references. */
export interface EksaSpec {
  readonly cluster: KubeObject;
  readonly name: string;
  /** The Cluster's namespace ('default' when unset). */
  readonly namespace: string;
  /** spec.datacenterRef.kind (the provider), '' when unset. */
  readonly datacenterKind: string;
  /** Every object of the file, for reference resolution. */
  readonly objects: readonly KubeObject[];
}

export function isEksaObject(o: KubeObject | undefined): o is KubeObject {
  return Boolean(o && typeof o === 'object' && typeof o.apiVersion === 'string' && o.apiVersion.startsWith(`${EKSA_GROUP}/`));
}

export function namespaceOf(o: KubeObject): string {
  const ns = o.metadata?.namespace;
  return typeof ns === 'string' && ns ? ns : 'default';
}

export function nameOf(o: KubeObject): string {
  const n = o.metadata?.name;
  return typeof n === 'string' ? n : '';
}

export function findClusters(objects: readonly KubeObject[]): KubeObject[] {
  return objects.filter(o => isEksaObject(o) && o.kind === ClusterKind);
}

export function specOf(cluster: KubeObject, objects: readonly KubeObject[]): EksaSpec {
  const kind = cluster.spec?.datacenterRef?.kind;
  return {
    cluster,
    name: nameOf(cluster),
    namespace: namespaceOf(cluster),
    datacenterKind: typeof kind === 'string' ? kind : '',
    objects,
  };
}

/** Objects of a kind and name in any namespace (namespace checks happen separately). */
export function findByKindName(objects: readonly KubeObject[], kind: string, name: string): KubeObject[] {
  return objects.filter(o => isEksaObject(o) && o.kind === kind && nameOf(o) === name);
}

/** The object a ref names: same namespace preferred, else the first of that kind/name. */
export function resolveRef(spec: EksaSpec, kind: string, name: string): KubeObject | undefined {
  const hits = findByKindName(spec.objects, kind, name);
  return hits.find(o => namespaceOf(o) === spec.namespace) ?? hits[0];
}

/** A ref as written: `{kind, name}` with strings (other types read as empty). */
export interface RefValue {
  readonly kind: string;
  readonly name: string;
}

export function refOf(value: unknown): RefValue | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  return { kind: typeof v.kind === 'string' ? v.kind : '', name: typeof v.name === 'string' ? v.name : '' };
}

/** Worker node groups as an array (anything else reads as none). */
export function workerGroups(cluster: KubeObject): any[] {
  const w = cluster.spec?.workerNodeGroupConfigurations;
  return Array.isArray(w) ? w : [];
}

/** Self-managed: managementCluster.name unset or equal to the cluster's own name. */
export function isSelfManaged(cluster: KubeObject): boolean {
  const m = cluster.spec?.managementCluster?.name;
  return !m || m === nameOf(cluster);
}

/** Machine configs the cluster references, with the role that references them. */
export interface MachineRef {
  readonly role: 'controlPlane' | 'etcd' | 'worker';
  /** Field path of the ref inside the Cluster. */
  readonly field: string;
  /** Worker group name (workers only). */
  readonly group?: string;
  readonly ref: RefValue;
}

export function machineRefs(cluster: KubeObject): MachineRef[] {
  const out: MachineRef[] = [];
  const cp = refOf(cluster.spec?.controlPlaneConfiguration?.machineGroupRef);
  if (cp) out.push({ role: 'controlPlane', field: 'spec.controlPlaneConfiguration.machineGroupRef', ref: cp });
  const etcd = refOf(cluster.spec?.externalEtcdConfiguration?.machineGroupRef);
  if (etcd) out.push({ role: 'etcd', field: 'spec.externalEtcdConfiguration.machineGroupRef', ref: etcd });
  workerGroups(cluster).forEach((w, i) => {
    const r = refOf(w?.machineGroupRef);
    if (r) out.push({ role: 'worker', field: `spec.workerNodeGroupConfigurations[${i}].machineGroupRef`, group: typeof w?.name === 'string' ? w.name : undefined, ref: r });
  });
  return out;
}

/** Binds findings to the object they are about. */
export function about(obj: KubeObject, findings: readonly Finding[]): PreflightFinding[] {
  const ns = obj.metadata?.namespace;
  return findings.map(f => ({ ...f, kind: String(obj.kind ?? ''), name: nameOf(obj), ...(typeof ns === 'string' && ns ? { namespace: ns } : {}) }));
}
