// Rollout arithmetic as upstream computes it, in one place for validation (host capacity),
// the upgrade preflights and the simulator's controllers:
// - MachineDeployment: CAPI's mdutil.ResolveFenceposts — intstr.GetScaledValueFromIntOrPercent,
//   maxSurge rounded up and maxUnavailable rounded down, and when both come to 0, maxUnavailable 1.
//   Defaults (CAPI webhook): RollingUpdate, maxSurge 1, maxUnavailable 0.
// - Control planes (CAPRKE2, like KCP): `replicas + maxSurge.IntValue()` machines at most, maxSurge
//   defaulting to 1; IntValue() of a string parses a plain number and reads anything else
//   (a percentage) as 0.
// - Spare hosts: on bare metal every surge machine needs a host of its own beyond the replicas.
import { KubeObject } from './kube-object';

/** intstr IntOrString.IntValue(): a number as it is, a numeric string parsed, any other string 0. */
export function intValue(v: unknown): number {
  if (typeof v === 'number') return Math.trunc(v);
  if (typeof v === 'string' && /^[+-]?\d+$/.test(v.trim())) return Number(v.trim());
  return 0;
}

/**
 * intstr.GetScaledValueFromIntOrPercent: a number as it is; `N%` of `total`, rounded up or down.
 * Undefined for anything else (upstream returns an error: a string that is not a percentage).
 */
export function scaledValue(v: unknown, total: number, roundUp: boolean): number | undefined {
  if (typeof v === 'number') return Math.trunc(v);
  if (typeof v !== 'string') return undefined;
  const m = /^(\d+)%$/.exec(v);
  if (!m) return undefined;
  const exact = (Number(m[1]) * total) / 100;
  return roundUp ? Math.ceil(exact) : Math.floor(exact);
}

export interface Fenceposts {
  readonly maxSurge: number;
  readonly maxUnavailable: number;
}

/** CAPI's ResolveFenceposts (an invalid value counts as its default, as validation would refuse it). */
export function resolveFenceposts(maxSurge: unknown, maxUnavailable: unknown, desired: number): Fenceposts {
  const surge = scaledValue(maxSurge ?? 1, desired, true) ?? 1;
  let unavailable = scaledValue(maxUnavailable ?? 0, desired, false) ?? 0;
  if (surge === 0 && unavailable === 0) unavailable = 1;
  return { maxSurge: surge, maxUnavailable: unavailable };
}

export enum RolloutOwner {
  CONTROL_PLANE = 'control-plane',
  MACHINE_DEPLOYMENT = 'machine-deployment',
}

/** How an owner of machines replaces them. */
export interface RolloutStrategy {
  readonly owner: RolloutOwner;
  readonly replicas: number;
  /** Machines above `replicas` while rolling (0 for OnDelete). */
  readonly maxSurge: number;
  readonly maxUnavailable: number;
  /** Where maxSurge is (or would be) set, for findings. */
  readonly surgeField: string;
}

/** `spec.replicas`, defaulting to 1 as CAPI does. */
export function replicasOf(o: KubeObject): number {
  const r = o.spec?.replicas;
  return typeof r === 'number' && Number.isFinite(r) ? r : 1;
}

/** A control plane's strategy (RKE2ControlPlane, KubeadmControlPlane). */
export function controlPlaneStrategy(cp: KubeObject): RolloutStrategy {
  const raw = cp.spec?.rolloutStrategy?.rollingUpdate?.maxSurge;
  return {
    owner: RolloutOwner.CONTROL_PLANE,
    replicas: replicasOf(cp),
    maxSurge: raw === undefined || raw === null ? 1 : intValue(raw),
    maxUnavailable: 0,
    surgeField: 'spec.rolloutStrategy.rollingUpdate.maxSurge',
  };
}

/** A MachineDeployment's strategy (v1beta2 `spec.rollout.strategy`, v1beta1 `spec.strategy`). */
export function machineDeploymentStrategy(md: KubeObject): RolloutStrategy {
  const v1beta2 = md.spec?.rollout?.strategy;
  const strategy = v1beta2 ?? md.spec?.strategy ?? {};
  const replicas = replicasOf(md);
  const prefix = v1beta2 ? 'spec.rollout.strategy' : 'spec.strategy';
  if ((strategy.type ?? 'RollingUpdate') !== 'RollingUpdate') {
    return { owner: RolloutOwner.MACHINE_DEPLOYMENT, replicas, maxSurge: 0, maxUnavailable: 0, surgeField: `${prefix}.rollingUpdate.maxSurge` };
  }
  const f = resolveFenceposts(strategy.rollingUpdate?.maxSurge, strategy.rollingUpdate?.maxUnavailable, replicas);
  return { owner: RolloutOwner.MACHINE_DEPLOYMENT, replicas, ...f, surgeField: `${prefix}.rollingUpdate.maxSurge` };
}

/**
 * Hosts a rollout needs beyond the replicas: one per surge machine. A MachineDeployment never
 * has more new machines than replicas, so at most `replicas` spares; a control plane `maxSurge`.
 */
export function spareHostsNeeded(s: RolloutStrategy): number {
  if (s.replicas <= 0 || s.maxSurge <= 0) return 0;
  return s.owner === RolloutOwner.MACHINE_DEPLOYMENT ? Math.min(s.maxSurge, s.replicas) : s.maxSurge;
}
