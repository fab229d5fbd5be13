// Pausing and resuming reconciliation, the dangerous transition of upgrades and moves
// (applier-anchors.md §8 items 12–15, lesson 9): pause only what upstream needs paused,
// write down the previous value in the journal BEFORE pausing and in a marker annotation on
// the object itself, restore exactly that value afterwards, and never touch a BareMetalHost
// that CAPM3 paused (`baremetalhost.metal3.io/paused: metal3.io/capm3`).
import { Journal, PausedEntry } from './journal';
import { groupKindOf, parseApiVersion } from '../core/gvk';
import { KubeObject } from '../core/kube-object';
import { keyOf, parseObjectKey } from '../core/object-key';
import { ObjectRef, refOf } from '../core/object-ref';

export const CAPI_PAUSED_ANNOTATION = 'cluster.x-k8s.io/paused';
export const EKSA_PAUSED_ANNOTATION = 'anywhere.eks.amazonaws.com/paused';
export const BMH_PAUSED_ANNOTATION = 'baremetalhost.metal3.io/paused';
/** The value CAPM3 writes on hosts of a paused cluster; only CAPM3 may remove it. */
export const CAPM3_PAUSE_VALUE = 'metal3.io/capm3';
/** On an object we paused: `{"by": "<operation>", "previous": <value or null>}`, so any later run can undo it. */
export const PAUSE_MARKER_ANNOTATION = 'cdk8s-capi.io/paused';
/** Field manager of pause/resume patches (kept apart from the apply manager on purpose). */
export const PAUSE_FIELD_MANAGER = 'cdk8s-capi-pause';

export type PauseHow = PausedEntry['how'];

/** How an object is paused and the value that means paused. */
export interface PauseTarget {
  readonly how: PauseHow;
  readonly annotation?: string;
  readonly value: unknown;
}

/** The pause mechanism upstream honours for this kind. */
export function pauseTargetFor(o: KubeObject): PauseTarget {
  const gk = groupKindOf(o);
  if (gk === 'cluster.x-k8s.io/Cluster') return { how: 'spec.paused', value: true };
  if (gk === 'anywhere.eks.amazonaws.com/Cluster') return { how: 'annotation', annotation: EKSA_PAUSED_ANNOTATION, value: 'true' };
  if (gk === 'metal3.io/BareMetalHost') return { how: 'annotation', annotation: BMH_PAUSED_ANNOTATION, value: 'cdk8s-capi' };
  return { how: 'annotation', annotation: CAPI_PAUSED_ANNOTATION, value: '' };
}

/** The object's current pause value (undefined when not set). */
export function pauseValueOf(o: KubeObject, t: PauseTarget = pauseTargetFor(o)): unknown {
  if (t.how === 'spec.paused') return o.spec?.paused ?? undefined;
  return o.metadata?.annotations?.[t.annotation!];
}

/** Whether reconciliation of the object is paused (spec.paused true, or the annotation present). */
export function isPaused(o: KubeObject): boolean {
  const t = pauseTargetFor(o);
  const v = pauseValueOf(o, t);
  if (t.how === 'spec.paused') return v === true;
  if (t.annotation === EKSA_PAUSED_ANNOTATION) return v === 'true';
  return v !== undefined;
}

/** A BareMetalHost that CAPM3 paused because its cluster is paused: never ours to change. */
export function isCapm3Paused(o: KubeObject): boolean {
  return o.kind === 'BareMetalHost' && o.metadata?.annotations?.[BMH_PAUSED_ANNOTATION] === CAPM3_PAUSE_VALUE;
}

/** Our marker on a live object (a pause a run did not undo), as a journal entry. */
export function markerEntry(o: KubeObject): PausedEntry | undefined {
  const raw = o.metadata?.annotations?.[PAUSE_MARKER_ANNOTATION];
  if (typeof raw !== 'string') return undefined;
  let parsed: { by?: string; previous?: unknown };
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = {};
  }
  const t = pauseTargetFor(o);
  return {
    key: keyOf(refOf(o)),
    how: t.how,
    annotation: t.annotation,
    previous: parsed.previous ?? undefined,
    apiVersion: o.apiVersion,
    by: parsed.by,
  };
}

/** The merge patch that pauses (with our marker); written only after the journal entry. */
export function pausePatch(t: PauseTarget, by: string, previous: unknown): object {
  const marker = JSON.stringify({ by, previous: previous ?? null });
  const annotations: Record<string, unknown> = { [PAUSE_MARKER_ANNOTATION]: marker };
  if (t.how === 'annotation') annotations[t.annotation!] = t.value;
  return t.how === 'spec.paused'
    ? { metadata: { annotations }, spec: { paused: t.value } }
    : { metadata: { annotations } };
}

/** The merge patch that puts back exactly the previous value (null removes a field) and drops the marker. */
export function resumePatch(e: Pick<PausedEntry, 'how' | 'annotation' | 'previous'>): object {
  const annotations: Record<string, unknown> = { [PAUSE_MARKER_ANNOTATION]: null };
  if (e.how === 'annotation') annotations[e.annotation!] = e.previous ?? null;
  return e.how === 'spec.paused'
    ? { metadata: { annotations }, spec: { paused: e.previous ?? null } }
    : { metadata: { annotations } };
}

/** `group/Kind/namespace/name` + apiVersion → a ref the API can patch. */
export function refOfEntry(e: PausedEntry): ObjectRef {
  const { group, kind, namespace, name } = parseObjectKey(e.key);
  return { group, version: parseApiVersion(e.apiVersion).version, kind, namespace, name };
}

export enum PauseResult {
  PAUSED = 'paused',
  /** Paused by someone else already (left as it is, and left paused afterwards). */
  ALREADY_PAUSED = 'already-paused',
  /** A host CAPM3 paused: not touched. */
  CAPM3_OWNED = 'capm3-owned',
}

/** What the pauser needs from the API (KubeApi implements it). */
export interface PauseApi {
  get(ref: ObjectRef): Promise<KubeObject | undefined>;
  mergePatch(ref: ObjectRef, patch: object, fieldManager: string): Promise<KubeObject>;
}

export type PauseSink = (e: { readonly type: 'paused' | 'resumed'; readonly object: string; readonly how: string }) => void;

const describe = (r: ObjectRef) => `${r.kind} ${r.namespace ? `${r.namespace}/` : ''}${r.name}`;

/** Pauses and resumes with journal bookkeeping; `by` names the operation (upgrade, restore). */
export class Pauser {
  constructor(private readonly api: PauseApi, private readonly journal: Journal, private readonly by: string,
    private readonly onEvent: PauseSink = () => undefined) {}

  /** Pauses a live object. The journal entry is written before the object is touched. */
  async pause(live: KubeObject): Promise<PauseResult> {
    if (isCapm3Paused(live)) return PauseResult.CAPM3_OWNED;
    const own = markerEntry(live);
    const t = pauseTargetFor(live);
    if (isPaused(live) && !own) return PauseResult.ALREADY_PAUSED;
    const ref = refOf(live);
    // A marker means an earlier run paused it: its previous value is the one to keep.
    const previous = own ? own.previous : pauseValueOf(live, t);
    const by = own?.by ?? this.by;
    this.journal.recordPaused({ key: keyOf(ref), how: t.how, annotation: t.annotation, previous, apiVersion: live.apiVersion, by });
    await this.api.mergePatch(ref, pausePatch(t, by, previous), PAUSE_FIELD_MANAGER);
    this.onEvent({ type: 'paused', object: describe(ref), how: t.how === 'spec.paused' ? 'spec.paused' : t.annotation! });
    return PauseResult.PAUSED;
  }

  /**
   * For objects created paused (restore): records the entry for an object about to be applied
   * with `pausedBody(obj)`, so a crash between create and resume is recoverable.
   */
  recordCreatedPaused(obj: KubeObject, previous: unknown): void {
    const t = pauseTargetFor(obj);
    this.journal.recordPaused({ key: keyOf(refOf(obj)), how: t.how, annotation: t.annotation, previous, apiVersion: obj.apiVersion, by: this.by });
  }

  /** The object's body with the pause (and our marker) set, for creating it paused. */
  pausedBody(obj: KubeObject, previous: unknown): KubeObject {
    const t = pauseTargetFor(obj);
    const patch: any = pausePatch(t, this.by, previous);
    return {
      ...obj,
      metadata: { ...obj.metadata, annotations: { ...(obj.metadata?.annotations ?? {}), ...patch.metadata.annotations } },
      ...(patch.spec ? { spec: { ...(obj.spec ?? {}), ...patch.spec } } : {}),
    };
  }

  /** Restores the previous value; a vanished object just clears the entry. */
  async resume(e: PausedEntry): Promise<void> {
    const ref = refOfEntry(e);
    const live = await this.api.get(ref);
    if (live && !isCapm3Paused(live)) {
      await this.api.mergePatch(ref, resumePatch(e), PAUSE_FIELD_MANAGER);
      this.onEvent({ type: 'resumed', object: describe(ref), how: e.how === 'spec.paused' ? 'spec.paused' : e.annotation! });
    }
    this.journal.clearPaused(e.key);
  }

  /** Pauses this run (or an earlier one, per `by`) left behind: journal entries plus markers on the given live objects. */
  leftovers(live: readonly KubeObject[] = [], by?: string): PausedEntry[] {
    const out = new Map<string, PausedEntry>();
    for (const e of this.journal.paused) if (!by || !e.by || e.by === by) out.set(e.key, e);
    for (const o of live) {
      const m = markerEntry(o);
      if (m && (!by || m.by === by) && !out.has(m.key)) out.set(m.key, m);
    }
    return [...out.values()];
  }

  /** Resumes every entry given (all attempted; the first error is rethrown after). */
  async resumeAll(entries: readonly PausedEntry[]): Promise<void> {
    let first: unknown;
    for (const e of entries) {
      try {
        await this.resume(e);
      } catch (err) {
        first ??= err;
      }
    }
    if (first) throw first;
  }
}
