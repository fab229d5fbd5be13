// Which objects of an upgrade roll machines (pure): a control plane whose version or machine
// template changes, a MachineDeployment whose machine template changes. With the rollout
// strategy they declare, so the host check knows whether a spare host is needed.
import { stableStringify } from '../core/hash';
import { KubeObject } from '../validate/schema';

export enum RolloutKind {
  CONTROL_PLANE = 'control-plane',
  WORKERS = 'workers',
}

export interface Rollout {
  readonly kind: RolloutKind;
  /** The object in the new set. */
  readonly object: KubeObject;
  readonly replicas: number;
  /** Extra machines allowed during the rollout (a spare host each on bare metal). */
  readonly maxSurge: number;
  readonly maxUnavailable: number;
  /** Where maxSurge is set, for findings. */
  readonly surgeField: string;
  readonly fromVersion?: string;
  readonly toVersion?: string;
  /** Infrastructure template (e.g. Metal3MachineTemplate) the new machines are made from. */
  readonly templateRef?: { readonly kind: string; readonly name: string };
  readonly templateChanged: boolean;
}

function groupOf(o: KubeObject): string {
  const av = o.apiVersion ?? '';
  return av.includes('/') ? av.slice(0, av.lastIndexOf('/')) : '';
}

const nsOf = (o: KubeObject) => o.metadata?.namespace ?? 'default';
const idOf = (o: KubeObject) => `${groupOf(o)}/${o.kind}/${nsOf(o)}/${o.metadata?.name}`;

export const CONTROL_PLANE_KINDS = new Set(['controlplane.cluster.x-k8s.io/RKE2ControlPlane', 'controlplane.cluster.x-k8s.io/KubeadmControlPlane']);
export const isControlPlane = (o: KubeObject) => CONTROL_PLANE_KINDS.has(`${groupOf(o)}/${o.kind}`);
export const isMachineDeployment = (o: KubeObject) => `${groupOf(o)}/${o.kind}` === 'cluster.x-k8s.io/MachineDeployment';

/** int-or-string as upstream reads it (a percentage of `total`). */
export function intOrPercent(v: unknown, total: number, dflt: number, roundUp: boolean): number {
  if (v === undefined || v === null) return dflt;
  if (typeof v === 'number') return v;
  const m = /^(\d+)%$/.exec(String(v));
  if (m) return roundUp ? Math.ceil((Number(m[1]) * total) / 100) : Math.floor((Number(m[1]) * total) / 100);
  return /^\d+$/.test(String(v)) ? Number(v) : dflt;
}

/** The control plane's machine template reference (v1beta2 and v1beta1 shapes). */
export function controlPlaneTemplateRef(cp: KubeObject): { kind: string; name: string } | undefined {
  const r = cp.spec?.machineTemplate?.spec?.infrastructureRef ?? cp.spec?.machineTemplate?.infrastructureRef ?? cp.spec?.infrastructureRef;
  return r?.name ? { kind: r.kind, name: r.name } : undefined;
}

export function machineDeploymentTemplateRef(md: KubeObject): { kind: string; name: string } | undefined {
  const r = md.spec?.template?.spec?.infrastructureRef;
  return r?.name ? { kind: r.kind, name: r.name } : undefined;
}

function controlPlaneRollout(o: KubeObject, n: KubeObject): Rollout | undefined {
  const oldRef = controlPlaneTemplateRef(o);
  const newRef = controlPlaneTemplateRef(n);
  const templateChanged = oldRef?.name !== newRef?.name;
  if (o.spec?.version === n.spec?.version && !templateChanged) return undefined;
  const replicas = n.spec?.replicas ?? 1;
  const rolling = n.spec?.rolloutStrategy?.rollingUpdate ?? {};
  // Control planes accept maxSurge 0 or 1 (default 1); CAPRKE2 reads a percentage as 0.
  const surge = typeof rolling.maxSurge === 'number' ? rolling.maxSurge : /^\d+$/.test(String(rolling.maxSurge ?? '1')) ? Number(rolling.maxSurge ?? 1) : 0;
  return {
    kind: RolloutKind.CONTROL_PLANE,
    object: n,
    replicas,
    maxSurge: surge,
    maxUnavailable: 0,
    surgeField: 'spec.rolloutStrategy.rollingUpdate.maxSurge',
    fromVersion: o.spec?.version,
    toVersion: n.spec?.version,
    templateRef: newRef,
    templateChanged,
  };
}

function machineDeploymentRollout(o: KubeObject, n: KubeObject): Rollout | undefined {
  if (stableStringify(o.spec?.template) === stableStringify(n.spec?.template)) return undefined;
  const replicas = n.spec?.replicas ?? 1;
  const v1beta2 = n.spec?.rollout?.strategy?.rollingUpdate;
  const rolling = v1beta2 ?? n.spec?.strategy?.rollingUpdate ?? {};
  return {
    kind: RolloutKind.WORKERS,
    object: n,
    replicas,
    maxSurge: intOrPercent(rolling.maxSurge, replicas, 1, true),
    maxUnavailable: intOrPercent(rolling.maxUnavailable, replicas, 0, false),
    surgeField: v1beta2 ? 'spec.rollout.strategy.rollingUpdate.maxSurge' : 'spec.strategy.rollingUpdate.maxSurge',
    fromVersion: o.spec?.template?.spec?.version,
    toVersion: n.spec?.template?.spec?.version,
    templateRef: machineDeploymentTemplateRef(n),
    templateChanged: machineDeploymentTemplateRef(o)?.name !== machineDeploymentTemplateRef(n)?.name,
  };
}

/** Control planes first, then MachineDeployments, each only when its machines must be replaced. */
export function rolloutsOf(oldSet: readonly KubeObject[], newSet: readonly KubeObject[]): Rollout[] {
  const old = new Map(oldSet.map(o => [idOf(o), o]));
  const out: Rollout[] = [];
  for (const n of newSet.filter(isControlPlane)) {
    const o = old.get(idOf(n));
    const r = o && controlPlaneRollout(o, n);
    if (r) out.push(r);
  }
  for (const n of newSet.filter(isMachineDeployment)) {
    const o = old.get(idOf(n));
    const r = o && machineDeploymentRollout(o, n);
    if (r) out.push(r);
  }
  return out;
}
