// What waits are made of: an object's own readiness rule (readiness/rules.ts, data per kind),
// or an object being gone (its finalizers named while it waits).
import { WaitItem } from './wait';
import { apiVersionOf } from '../../core/gvk';
import { KubeObject } from '../../core/kube-object';
import { ObjectRef, describeRef } from '../../core/object-ref';
import { readinessOf } from '../readiness/rules';
import { ReadinessStatus, current, inProgress } from '../readiness/types';

/** Current once the object's readiness rule says so; `derived`: created by a controller, "not created yet" until then. */
export function objectReady(ref: ObjectRef, opts: { derived?: boolean; blockedBy?: () => string[] | undefined } = {}): WaitItem {
  let obj: KubeObject | undefined;
  return {
    label: describeRef(ref),
    ref,
    start: (cache, changed) => cache.subscribe(apiVersionOf(ref), ref.kind, ref.namespace, ref.name, o => {
      obj = o;
      changed();
    }),
    evaluate: () => (obj ? readinessOf(obj) : { status: ReadinessStatus.NOT_FOUND, message: opts.derived ? 'not created yet' : 'not found' }),
    blockedBy: opts.blockedBy,
  };
}

/** Current once the object no longer exists; while it does, the finalizers it waits for. */
export function objectGone(ref: ObjectRef): WaitItem {
  let obj: KubeObject | undefined;
  return {
    label: describeRef(ref),
    ref,
    start: (cache, changed) => cache.subscribe(apiVersionOf(ref), ref.kind, ref.namespace, ref.name, o => {
      obj = o;
      changed();
    }),
    evaluate: () => {
      if (!obj) return current('deleted');
      const fin: string[] = obj.metadata?.finalizers ?? [];
      const state = obj.status?.provisioning?.state;
      return inProgress(fin.length ? `waiting for finalizers ${fin.join(', ')}${state ? ` (${state})` : ''}` : 'deleting');
    },
  };
}
