// Readiness as data: per kind, a rule turns the live object into current / in-progress /
// failed plus a message a person can act on.
import { KubeObject } from '../../core/kube-object';

export enum ReadinessStatus {
  /** Reconciled and ready; dependents may proceed. */
  CURRENT = 'current',
  /** Still converging (the message says on what). */
  IN_PROGRESS = 'in-progress',
  /** Reported an error; fails the run only if it persists (see the executor's failure window). */
  FAILED = 'failed',
  /** Not in the cluster (yet). */
  NOT_FOUND = 'not-found',
}

export interface Readiness {
  readonly status: ReadinessStatus;
  /** Human summary, e.g. `inspecting (provisioning.state)` or `registration error: …`. */
  readonly message: string;
  /** Short machine-friendly reason (a condition reason or a state). */
  readonly reason?: string;
}

export interface ReadinessRule {
  /** Rule name, for `status` output and tests. */
  readonly name: string;
  /** API group (core: ''), kind, and the versions it understands (undefined: all). */
  readonly group: string;
  readonly kind: string;
  readonly versions?: readonly string[];
  evaluate(obj: KubeObject): Readiness;
}

export function current(message: string, reason?: string): Readiness {
  return { status: ReadinessStatus.CURRENT, message, reason };
}

export function inProgress(message: string, reason?: string): Readiness {
  return { status: ReadinessStatus.IN_PROGRESS, message, reason };
}

export function failed(message: string, reason?: string): Readiness {
  return { status: ReadinessStatus.FAILED, message, reason };
}
