// What a backed-up object keeps: what a person or a controller wrote into spec and metadata,
// without what the API server assigns (uid, resourceVersion, managedFields, timestamps,
// generation, owner uids) and without status — controllers rebuild status, except a
// BareMetalHost's, which travels in the `baremetalhost.metal3.io/status` annotation the way
// upstream carries it across a move (so a provisioned host is not inspected or wiped again).
import { PAUSE_MARKER_ANNOTATION, markerEntry, pauseTargetFor } from './pause';
import { KubeObject } from '../core/kube-object';

export const BMH_STATUS_ANNOTATION = 'baremetalhost.metal3.io/status';

const SERVER_METADATA = ['uid', 'resourceVersion', 'generation', 'creationTimestamp', 'managedFields', 'selfLink', 'deletionTimestamp', 'deletionGracePeriodSeconds'];

/** Annotations that describe the live object, not the desired one. */
const LIVE_ANNOTATIONS = ['kubectl.kubernetes.io/last-applied-configuration'];

/** An owner reference without its uid (restore fills in the new owner's). */
export interface BackedUpOwnerRef {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  readonly controller?: boolean;
  readonly blockOwnerDeletion?: boolean;
}

/** A copy fit for a backup file. */
export function stripForBackup(live: KubeObject): KubeObject {
  const o: any = structuredClone(live);
  const meta = o.metadata ?? {};
  for (const f of SERVER_METADATA) delete meta[f];
  delete meta.finalizers;
  if (Array.isArray(meta.ownerReferences)) {
    meta.ownerReferences = meta.ownerReferences.map((r: any) => {
      const out: any = { apiVersion: r.apiVersion, kind: r.kind, name: r.name };
      if (r.controller !== undefined) out.controller = r.controller;
      if (r.blockOwnerDeletion !== undefined) out.blockOwnerDeletion = r.blockOwnerDeletion;
      return out;
    });
    if (meta.ownerReferences.length === 0) delete meta.ownerReferences;
  }
  const annotations: Record<string, string> = { ...(meta.annotations ?? {}) };
  for (const a of LIVE_ANNOTATIONS) delete annotations[a];
  // A pause a run of ours left behind is not the object's state: back up the value before it.
  const own = markerEntry(live);
  if (own) {
    delete annotations[PAUSE_MARKER_ANNOTATION];
    const t = pauseTargetFor(live);
    if (t.how === 'spec.paused') {
      if (own.previous === undefined) delete o.spec?.paused;
      else o.spec.paused = own.previous;
    } else if (own.previous === undefined) {
      delete annotations[t.annotation!];
    } else {
      annotations[t.annotation!] = own.previous as string;
    }
  }
  if (o.kind === 'BareMetalHost' && o.status && Object.keys(o.status).length) {
    annotations[BMH_STATUS_ANNOTATION] = JSON.stringify(o.status);
  }
  if (Object.keys(annotations).length) meta.annotations = annotations;
  else delete meta.annotations;
  delete o.status;
  o.metadata = meta;
  return o;
}

/** The owner references of a backed-up object (without uids). */
export function ownerRefsOf(o: KubeObject): BackedUpOwnerRef[] {
  return Array.isArray(o.metadata?.ownerReferences) ? o.metadata!.ownerReferences as BackedUpOwnerRef[] : [];
}

/** The object without owner references (restore creates first, then links owners once they exist). */
export function withoutOwnerRefs(o: KubeObject): KubeObject {
  const copy: any = structuredClone(o);
  delete copy.metadata?.ownerReferences;
  return copy;
}
