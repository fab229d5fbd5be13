// Condition helpers shared by the readiness rules (metav1 conditions and CAPI v1beta1 ones).
import { Readiness, inProgress } from './types';
import { KubeObject } from '../../core/kube-object';

export interface Condition {
  readonly type: string;
  readonly status: string;
  readonly reason?: string;
  readonly message?: string;
  readonly severity?: string;
}

export function conditions(obj: KubeObject, path: string[] = ['status', 'conditions']): Condition[] {
  let cur: any = obj;
  for (const p of path) cur = cur?.[p];
  return Array.isArray(cur) ? cur.filter(c => c && typeof c.type === 'string') : [];
}

export function condition(obj: KubeObject, type: string, path?: string[]): Condition | undefined {
  return conditions(obj, path).find(c => c.type === type);
}

export function isTrue(c: Condition | undefined): boolean {
  return c?.status === 'True';
}

export function describe(c: Condition | undefined, fallback: string): string {
  if (!c) return fallback;
  const detail = [c.reason, c.message].filter(Boolean).join(': ');
  return `${c.type}=${c.status}${detail ? ` (${detail})` : ''}`;
}

/** Controllers must have seen the latest spec before a status means anything (cluster-api#9299). */
export function generationGate(obj: KubeObject): Readiness | undefined {
  const observed = obj.status?.observedGeneration;
  const generation = obj.metadata?.generation;
  if (typeof observed === 'number' && typeof generation === 'number' && observed < generation) {
    return inProgress(`waiting for the controller to observe generation ${generation} (observed ${observed})`, 'ObservedGeneration');
  }
  return undefined;
}

/** No status at all yet: in progress, never current. */
export function noStatus(obj: KubeObject): Readiness | undefined {
  if (!obj.status || Object.keys(obj.status).length === 0) return inProgress('no status yet (controller has not reconciled it)', 'NoStatus');
  return undefined;
}
