// Which objects of an upgrade roll machines (pure): a control plane whose version or machine
// template changes, a MachineDeployment whose machine template changes. With the rollout
// strategy they declare (core/rollout.ts), so the host check knows whether a spare host is needed.
import { groupKindOf, isKind } from '../core/gvk';
import { stableStringify } from '../core/hash';
import { KubeObject } from '../core/kube-object';
import { objectKey } from '../core/object-key';
import { RolloutStrategy, controlPlaneStrategy, machineDeploymentStrategy } from '../core/rollout';

export enum RolloutKind {
  CONTROL_PLANE = 'control-plane',
  WORKERS = 'workers',
}

export interface Rollout {
  readonly kind: RolloutKind;
  /** The object in the new set. */
  readonly object: KubeObject;
  /** How its machines are replaced (core/rollout.ts). */
  readonly strategy: RolloutStrategy;
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

export const CONTROL_PLANE_KINDS = new Set(['controlplane.cluster.x-k8s.io/RKE2ControlPlane', 'controlplane.cluster.x-k8s.io/KubeadmControlPlane']);
export const isControlPlane = (o: KubeObject) => CONTROL_PLANE_KINDS.has(groupKindOf(o));
export const isMachineDeployment = (o: KubeObject) => isKind(o, 'cluster.x-k8s.io', 'MachineDeployment');

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
  const s = controlPlaneStrategy(n);
  return {
    kind: RolloutKind.CONTROL_PLANE,
    object: n,
    strategy: s,
    replicas: s.replicas,
    maxSurge: s.maxSurge,
    maxUnavailable: s.maxUnavailable,
    surgeField: s.surgeField,
    fromVersion: o.spec?.version,
    toVersion: n.spec?.version,
    templateRef: newRef,
    templateChanged,
  };
}

function machineDeploymentRollout(o: KubeObject, n: KubeObject): Rollout | undefined {
  if (stableStringify(o.spec?.template) === stableStringify(n.spec?.template)) return undefined;
  const s = machineDeploymentStrategy(n);
  return {
    kind: RolloutKind.WORKERS,
    object: n,
    strategy: s,
    replicas: s.replicas,
    maxSurge: s.maxSurge,
    maxUnavailable: s.maxUnavailable,
    surgeField: s.surgeField,
    fromVersion: o.spec?.template?.spec?.version,
    toVersion: n.spec?.template?.spec?.version,
    templateRef: machineDeploymentTemplateRef(n),
    templateChanged: machineDeploymentTemplateRef(o)?.name !== machineDeploymentTemplateRef(n)?.name,
  };
}

/** Control planes first, then MachineDeployments, each only when its machines must be replaced. */
export function rolloutsOf(oldSet: readonly KubeObject[], newSet: readonly KubeObject[]): Rollout[] {
  const old = new Map(oldSet.map(o => [objectKey(o), o]));
  const out: Rollout[] = [];
  for (const n of newSet.filter(isControlPlane)) {
    const o = old.get(objectKey(n));
    const r = o && controlPlaneRollout(o, n);
    if (r) out.push(r);
  }
  for (const n of newSet.filter(isMachineDeployment)) {
    const o = old.get(objectKey(n));
    const r = o && machineDeploymentRollout(o, n);
    if (r) out.push(r);
  }
  return out;
}
