// The L1 objects of a construct as they synthesize, checked on that final JSON. cdk8s' toJson()
// applies escape-hatch edits (JSON patches, metadata.add*), Lazy values and objects added after
// construction, so what is checked is what is written. Checks run at construction (throwing a
// ValidationError in the props' vocabulary) and at every synth validation (node.addValidation),
// where they are skipped when the final JSON equals what passed last: a structural comparison
// costs little next to schema and Butane validation.
//
// toJson() itself is the expensive part of a validation that finds nothing new. A sealed object
// (deep-frozen props whose Lazy values, if any, follow a version) can change only through its
// escape hatches, so while it has no JSON patch, its metadata renders as before and its version is
// the same, its last rendering is still its final JSON.
import { ApiObject } from 'cdk8s';
import { IConstruct } from 'constructs';
import { deepFreeze } from './deep-freeze';
import { ValidationError } from './errors';
import { Finding, Severity } from './finding';
import type { ObjectFinding } from './finding';
import type { KubeObject } from './kube-object';

/** A check of one object's final JSON. */
export type ObjectCheck = (json: KubeObject) => Finding[];

export interface RenderedObjectsProps {
  /** The L1 objects, in output order. Called on every render, so objects added later count (the list may grow, never shrink). */
  readonly objects: () => readonly ApiObject[];
  /**
   * Schema and upstream-rule checks of the whole set (findings of other severities are ignored).
   * Runs only when the final JSON differs from what passed last.
   * @default - only the checks attached with `RenderedObjects.addObjectCheck`
   */
  readonly check?: (objects: readonly KubeObject[]) => readonly ObjectFinding[];
  /**
   * Checks that depend on more than this set (e.g. the hosts of another construct), run at every
   * synth validation on the same rendering.
   * @default - none
   */
  readonly checkAlways?: (objects: readonly KubeObject[]) => readonly ObjectFinding[];
}

const objectChecks = new WeakMap<ApiObject, ObjectCheck[]>();
const byOwner = new WeakMap<IConstruct, RenderedObjects>();
/** Sealed objects and what versions their Lazy values (undefined: none). */
const sealed = new WeakMap<ApiObject, (() => unknown) | undefined>();
/** Each object's last rendering for a check (shared, read-only), with its version then. */
const lastRendered = new WeakMap<ApiObject, { readonly json: KubeObject; readonly version: unknown }>();
/** Final JSON shared by the validations of one `RenderedObjects.validateAll` run (nothing else runs meanwhile). */
let sweep: Map<ApiObject, KubeObject> | undefined;

function renderForCheck(obj: ApiObject): KubeObject {
  const version = sealed.get(obj)?.();
  const json = obj.toJson() as KubeObject;
  lastRendered.set(obj, { json, version });
  return json;
}

/** cdk8s keeps the JSON patches in a private array: anything unexpected there counts as a patch. */
function hasNoPatches(obj: ApiObject): boolean {
  const patches = (obj as unknown as { patches?: unknown }).patches;
  return Array.isArray(patches) && patches.length === 0;
}

/** The last rendering of a sealed object when nothing can have changed it since, else undefined. */
function stillFinal(obj: ApiObject): KubeObject | undefined {
  const last = lastRendered.get(obj);
  if (!last || !sealed.has(obj) || !hasNoPatches(obj) || sealed.get(obj)?.() !== last.version) return undefined;
  return sameJson(obj.metadata.toJson(), last.json.metadata) ? last.json : undefined;
}

/** One object's final JSON for a check (shared, read-only): once per `validateAll` run. */
function finalJson(obj: ApiObject): KubeObject {
  let json = sweep?.get(obj);
  if (!json) {
    json = stillFinal(obj) ?? renderForCheck(obj);
    sweep?.set(obj, json);
  }
  return json;
}

/** `Kind/name field: message (hint)` — how a finding about one object of a set reads. */
export function describeObjectFinding({ object, finding: f }: ObjectFinding): string {
  const where = `${object.kind}/${object.metadata?.name ?? ''}${f.field ? ` ${f.field}` : ''}`;
  return `${where}: ${f.message}${f.hint ? ` (${f.hint})` : ''}`;
}

/** The finding with its field prefixed by the object's `Kind/name`. */
function qualified({ object, finding }: ObjectFinding): Finding {
  return { ...finding, field: `${object.kind}/${object.metadata?.name ?? ''}${finding.field ? ` ${finding.field}` : ''}` };
}

/** Deep equality of JSON data (key order ignored). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k) || !sameJson((a as any)[k], (b as any)[k])) return false;
  }
  return true;
}

/**
 * Renders a construct's L1 objects to their final JSON and validates it: at construction with
 * `checkNow()`, and at synth through a validation it registers on the owner (cdk8s reports it as
 * `[<construct path>] Kind/name field: message (fix)`).
 */
export class RenderedObjects {
  /**
   * Attaches a check to one L1 object: whichever RenderedObjects renders the object runs it on the
   * object's final JSON (e.g. a content-hashed template's name guard).
   */
  static addObjectCheck(obj: ApiObject, check: ObjectCheck): void {
    const list = objectChecks.get(obj);
    if (list) list.push(check);
    else objectChecks.set(obj, [check]);
  }

  /**
   * `node.validate()` of every construct under `scope` (what cdk8s runs before synth), as
   * `[path] message` lines; each L1 object is rendered at most once for all of them.
   */
  static validateAll(scope: IConstruct): string[] {
    const outer = sweep;
    sweep ??= new Map();
    try {
      return scope.node.findAll().flatMap(c => c.node.validate().map(m => `[${c.node.path}] ${m}`));
    } finally {
      sweep = outer;
    }
  }

  /**
   * The final JSON of one L1 object for a check (e.g. another construct's hosts): rendered once per
   * `validateAll` run and then shared, so never mutate it.
   */
  static finalJson(obj: ApiObject): KubeObject {
    return finalJson(obj);
  }

  /**
   * Deep-freezes the props an L1 object was built from and marks the object sealed: its JSON can
   * then change only through its escape hatches (JSON patches, metadata edits), which a synth
   * validation notices without rendering the object again. Only for props this library built
   * (copies of any caller input; freezing them must not freeze the caller's data).
   * @param version for props holding Lazy values: a value that changes (`!==`) whenever one of them
   * would produce something else
   * @returns the object
   */
  static seal<T extends ApiObject>(obj: T, props: object, version?: () => unknown): T {
    deepFreeze(props);
    sealed.set(obj, version);
    return obj;
  }

  /**
   * Whether everything but the metadata of a sealed object is still what its props say: it has no
   * JSON patch (metadata edits cannot reach the rest). False when unsure.
   */
  static unpatched(obj: ApiObject): boolean {
    return sealed.has(obj) && sealed.get(obj) === undefined && hasNoPatches(obj);
  }

  /** The final JSON that passed the checks last (shared: read it, never mutate it). */
  private passed?: KubeObject[];
  private covered = false;

  constructor(private readonly owner: IConstruct, private readonly props: RenderedObjectsProps) {
    byOwner.set(owner, this);
    owner.node.addValidation({ validate: () => this.validate() });
  }

  /** The final JSON, one toJson() per object: fresh data owned by the caller (never shared with the checks). */
  render(): KubeObject[] {
    return this.props.objects().map(o => o.toJson() as KubeObject);
  }

  /**
   * Renders and checks now (at construction); throws a ValidationError at the owner's path.
   * @param describe how a finding reads in the error (default: field prefixed by `Kind/name`)
   */
  checkNow(describe: (f: ObjectFinding) => Finding = qualified): void {
    const sources = this.props.objects();
    const objects = sources.map(renderForCheck);
    const errors = this.run(sources, objects);
    if (errors.length) throw ValidationError.fromFindings(this.owner.node.path, errors.map(describe));
    this.passed = objects;
  }

  /**
   * The synth-time validation (registered with node.addValidation): one message per error, naming
   * the object, the field and the fix. Nothing when an ancestor's RenderedObjects covers every
   * object of this one (it runs this one's object checks too).
   */
  validate(): string[] {
    if (this.coveredByAncestor()) return [];
    const sources = this.props.objects();
    const objects = sources.map(finalJson);
    const errors: ObjectFinding[] = [];
    if (!this.passed || !sameJson(objects, this.passed)) {
      const found = this.run(sources, objects);
      if (found.length === 0) this.passed = objects;
      errors.push(...found);
    }
    if (this.props.checkAlways) errors.push(...this.props.checkAlways(objects).filter(f => f.finding.severity === Severity.ERROR));
    return errors.map(describeObjectFinding);
  }

  /**
   * The final JSON as the last passing check saw it: after `node.validate()` found nothing, the
   * objects to write, without rendering them again. Shared data: never mutate it.
   * @internal
   */
  _validated(): readonly KubeObject[] {
    if (!this.passed) throw new Error(`${this.owner.node.path}: no validated rendering yet`);
    return this.passed;
  }

  private run(sources: readonly ApiObject[], objects: readonly KubeObject[]): ObjectFinding[] {
    const found: ObjectFinding[] = [...(this.props.check?.(objects) ?? [])];
    sources.forEach((source, i) => {
      for (const check of objectChecks.get(source) ?? []) found.push(...check(objects[i]).map(finding => ({ object: objects[i], finding })));
    });
    return found.filter(f => f.finding.severity === Severity.ERROR);
  }

  private coveredByAncestor(): boolean {
    // Once covered, always: an ancestor's set only grows.
    if (this.covered) return true;
    const mine = this.props.objects();
    const scopes = this.owner.node.scopes;
    for (let i = scopes.length - 2; i >= 0; i--) {
      const outer = byOwner.get(scopes[i]);
      if (outer) {
        const theirs = new Set(outer.props.objects());
        if (mine.every(o => theirs.has(o))) return (this.covered = true);
      }
    }
    return false;
  }
}
