// The request semantics of the simulated API server, independent of HTTP: what GET, LIST,
// WATCH, POST, PUT, PATCH (merge, JSON, server-side apply) and DELETE do to stored objects.
// The HTTP layer and the in-process controllers both go through this class, so controllers'
// writes get resourceVersions, managedFields and watch events exactly like a client's.
import { parse as parseYaml } from 'yaml';
import { BuiltinContext, prepareBuiltinCreate, prepareBuiltinUpdate } from './builtin-kinds';
import {
  alreadyExists, ApiError, badRequest, conflict, expired, forbidden, invalid, MODIFIED_CONFLICT,
  notFound, StatusCause, timeoutError, unsupportedMediaType,
} from './errors';
import { deepEqual } from './fieldset';
import { managerFromUserAgent, Scope, serverSideApply, trackUpdate, WriteContext } from './managed-fields';
import { generatedName, validateMetadata } from './object-meta';
import { jsonPatch, mergePatch } from './patch';
import { uuidFrom } from './random';
import { apiVersionOf, groupResource, ResourceType, ResourceTypes } from './resource-types';
import { applyDefaults, prune, rootSchema } from './schema-walk';
import { matchesFields, matchesRequirements, parseFieldSelector, parseLabelSelector } from './selectors';
import { EventType, ObjectStore, StoreEvent } from './storage';
import { rfc3339 } from './timestamps';
import { Clock } from '../core/clock';
import { Finding } from '../core/finding';

/** How to treat fields the schema does not declare (the `fieldValidation` parameter). */
export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

export interface RequestOptions {
  /** `fieldManager` query parameter. */
  readonly fieldManager?: string;
  /** Used to derive the manager name when fieldManager is absent. */
  readonly userAgent?: string;
  /** `dryRun=All`: run every step but do not persist. */
  readonly dryRun?: boolean;
  /** @default Warn (the server's default when the parameter is absent) */
  readonly fieldValidation?: FieldValidation;
  /** `force` (server-side apply only). */
  readonly force?: boolean;
  /** Whether `force` was present at all (it is forbidden for non-apply patches). */
  readonly forceGiven?: boolean;
  /** `status` for the status subresource. */
  readonly subresource?: string;
}

export interface WriteResult {
  readonly object: any;
  /** True when the request created the object (201). */
  readonly created: boolean;
  readonly warnings: string[];
}

export interface ListOptions {
  readonly labelSelector?: string;
  readonly fieldSelector?: string;
  readonly limit?: number;
  readonly continue?: string;
}

export interface DeleteOptions {
  readonly propagationPolicy?: string;
  readonly preconditions?: { uid?: string; resourceVersion?: string };
  readonly dryRun?: boolean;
  readonly orphanDependents?: boolean;
}

export interface WatchOptions {
  readonly labelSelector?: string;
  readonly fieldSelector?: string;
  readonly resourceVersion?: string;
  readonly sendInitialEvents?: boolean;
  readonly allowWatchBookmarks?: boolean;
}

/** What a watch delivers: an event, or the end of the stream (after an ERROR event). */
export type WatchSink = (type: EventType | 'BOOKMARK' | 'ERROR', object: any) => void;

export const PATCH_TYPES = {
  json: 'application/json-patch+json',
  merge: 'application/merge-patch+json',
  strategic: 'application/strategic-merge-patch+json',
  apply: 'application/apply-patch+yaml',
} as const;

const PROTECTED_NAMESPACES = ['default', 'kube-system', 'kube-public'];

export interface ApiEngineOptions {
  readonly store: ObjectStore;
  readonly types: ResourceTypes;
  readonly clock: Clock;
  readonly random: () => number;
}

export function storeKey(rt: ResourceType): string {
  return `${rt.group}/${rt.plural}`;
}

function supportedFieldLabels(rt: ResourceType): string[] {
  const base = rt.namespaced ? ['metadata.name', 'metadata.namespace'] : ['metadata.name'];
  if (rt.builtin && rt.kind === 'Secret') return [...base, 'type'];
  if (rt.builtin && rt.kind === 'Namespace') return [...base, 'status.phase'];
  if (rt.builtin && rt.kind === 'Event') return [...base, 'involvedObject.kind', 'involvedObject.name', 'involvedObject.namespace', 'involvedObject.uid', 'reason', 'type'];
  return base;
}

function causeFor(f: Finding): StatusCause {
  const reason = f.rule === 'schema/required' ? 'FieldValueRequired'
    : f.rule === 'schema/enum' ? 'FieldValueNotSupported'
      : f.rule === 'schema/type' ? 'FieldValueTypeInvalid'
        : f.rule === 'schema/duplicate' ? 'FieldValueDuplicate' : 'FieldValueInvalid';
  const message = f.rule === 'schema/enum' && f.hint ? `${f.message}: ${f.hint}` : f.message;
  return { reason, message, field: f.field };
}

/** Whether an object is finished being deleted (deletion requested, nothing left to finalize). */
function deletable(rt: ResourceType, obj: any): boolean {
  if (!obj.metadata?.deletionTimestamp) return false;
  if ((obj.metadata.finalizers ?? []).length > 0) return false;
  if (rt.builtin && rt.kind === 'Namespace' && (obj.spec?.finalizers ?? []).length > 0) return false;
  return true;
}

/** A view without resourceVersion and managedFields times (shallow copies, nothing cloned). */
function withoutVolatile(obj: any): any {
  const { resourceVersion: _rv, ...metadata } = obj.metadata;
  if (Array.isArray(metadata.managedFields)) metadata.managedFields = metadata.managedFields.map(({ time: _t, ...e }: any) => e);
  return { ...obj, metadata };
}

function sameIgnoringManagedFields(a: any, b: any): boolean {
  const strip = (o: any) => ({ ...o, metadata: { ...o.metadata, managedFields: undefined, resourceVersion: undefined } });
  return deepEqual(JSON.parse(JSON.stringify(strip(a))), JSON.parse(JSON.stringify(strip(b))));
}

/** Whether two values are the same JSON (undefined fields and values as JSON drops them). */
function sameJson(a: any, b: any): boolean {
  if (a === undefined || b === undefined) return a === b;
  // Structurally equal is the same JSON; only a difference needs JSON's normalisation to confirm.
  return deepEqual(a, b) || deepEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));
}

function specPart(obj: any, scope: Scope): any {
  const c = { ...obj };
  delete c.metadata;
  if (scope !== 'all') delete c.status;
  return c;
}

export class ApiEngine {
  readonly store: ObjectStore;
  readonly types: ResourceTypes;
  readonly clock: Clock;
  readonly random: () => number;
  private readonly builtinCtx: BuiltinContext;

  constructor(options: ApiEngineOptions) {
    this.store = options.store;
    this.types = options.types;
    this.clock = options.clock;
    this.random = options.random;
    this.builtinCtx = {
      random: this.random,
      usedClusterIps: () => new Set(this.store.list('/services').map(s => s.spec?.clusterIP).filter(Boolean)),
      usedNodePorts: () => new Set(this.store.list('/services').flatMap(s => (s.spec?.ports ?? []).map((p: any) => p.nodePort)).filter(Boolean)),
    };
  }

  /**
   * The object as a client of `rt`'s version sees it. Stored objects are deep-frozen, so this
   * is a shallow view (callers copy before changing anything).
   */
  present(rt: ResourceType, stored: any): any {
    const apiVersion = apiVersionOf(rt);
    if (stored.apiVersion === apiVersion && stored.kind === rt.kind) return stored;
    return { ...stored, apiVersion, kind: rt.kind };
  }

  get(rt: ResourceType, namespace: string, name: string): any {
    const o = this.store.get(storeKey(rt), rt.namespaced ? namespace : '', name);
    if (!o) throw notFound(groupResource(rt), name);
    return this.present(rt, o);
  }

  /** The stored object or undefined (no error). */
  find(rt: ResourceType, namespace: string, name: string): any | undefined {
    const o = this.store.get(storeKey(rt), rt.namespaced ? namespace : '', name);
    return o ? this.present(rt, o) : undefined;
  }

  list(rt: ResourceType, namespace: string | undefined, opts: ListOptions = {}): any {
    const labels = parseLabelSelector(opts.labelSelector);
    const fields = parseFieldSelector(opts.fieldSelector, supportedFieldLabels(rt));
    const rv = this.store.currentRv();
    let start = '';
    if (opts.continue) {
      let token: any;
      try {
        token = JSON.parse(Buffer.from(opts.continue, 'base64').toString('utf8'));
      } catch {
        throw badRequest('continue key is not valid: illegal base64 data');
      }
      if (typeof token?.start !== 'string' || typeof token?.rv !== 'number') throw badRequest('continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)');
      if (token.rv < this.store.oldestResumableRv()) {
        throw expired('The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter.');
      }
      start = token.start;
    }
    const all = this.store.list(storeKey(rt), rt.namespaced ? namespace : undefined)
      .filter(o => `${o.metadata.namespace ?? ''}/${o.metadata.name}` > start)
      .filter(o => matchesRequirements(o.metadata.labels, labels) && matchesFields(o, fields));
    const limit = opts.limit && opts.limit > 0 ? opts.limit : all.length;
    const page = all.slice(0, limit);
    const metadata: any = { resourceVersion: String(rv) };
    if (page.length < all.length) {
      const last = page[page.length - 1];
      metadata.continue = Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv, start: `${last.metadata.namespace ?? ''}/${last.metadata.name}` })).toString('base64');
      metadata.remainingItemCount = all.length - page.length;
    }
    const items = page.map(o => {
      const p = this.present(rt, o);
      if (!rt.builtin) return p;
      // Built-in kinds are typed lists on the wire: items carry no apiVersion/kind.
      const { apiVersion: _a, kind: _k, ...rest } = p;
      return rest;
    });
    return { apiVersion: apiVersionOf(rt), kind: rt.listKind, metadata, items };
  }

  create(rt: ResourceType, namespace: string, body: any, opts: RequestOptions = {}): WriteResult {
    if (opts.subresource) throw new ApiError(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');
    // Admission changes the object deeply (defaults, pruning): it works on a copy of the body.
    const obj = this.checkBody(rt, namespace, undefined, structuredClone(body));
    const warnings: string[] = [];
    if (!obj.metadata.name && obj.metadata.generateName) obj.metadata.name = generatedName(obj.metadata.generateName, this.random);
    const name = obj.metadata.name ?? '';
    if (obj.metadata.resourceVersion) throw badRequest('resourceVersion should not be set on objects to be created');
    this.checkNamespaceForCreate(rt, namespace, name);
    if (name && this.store.get(storeKey(rt), rt.namespaced ? namespace : '', name)) throw alreadyExists(groupResource(rt), name);
    const manager = this.managerFor(opts);
    const prepared = this.prepareCreate(rt, obj, opts, warnings);
    prepared.metadata.managedFields = trackUpdate(undefined, prepared, this.writeContext(rt, manager, opts));
    return this.persistCreate(rt, prepared, opts, warnings);
  }

  update(rt: ResourceType, namespace: string, name: string, body: any, opts: RequestOptions = {}): WriteResult {
    const old = this.stored(rt, namespace, name);
    const obj = this.checkBody(rt, namespace, name, body);
    const rv = obj.metadata.resourceVersion;
    if (!rv && !rt.builtin) {
      throw invalid(rt.kind, rt.group, name, [{ reason: 'FieldValueInvalid', message: 'Invalid value: 0x0: must be specified for an update', field: 'metadata.resourceVersion' }]);
    }
    if (rv && rv !== old.metadata.resourceVersion) throw conflict(groupResource(rt), name, MODIFIED_CONFLICT);
    return this.commitUpdate(rt, old, obj, opts, undefined);
  }

  patch(rt: ResourceType, namespace: string, name: string, contentType: string, body: string, opts: RequestOptions = {}): WriteResult {
    const type = contentType.split(';')[0].trim().toLowerCase();
    if (type === PATCH_TYPES.apply) return this.apply(rt, namespace, name, body, opts);
    if (opts.forceGiven) {
      throw new ApiError(422, 'Invalid', 'PatchOptions.meta.k8s.io "" is invalid: force: Forbidden: may not be specified for non-apply patch',
        { group: 'meta.k8s.io', kind: 'PatchOptions', causes: [{ reason: 'FieldValueForbidden', message: 'Forbidden: may not be specified for non-apply patch', field: 'force' }] });
    }
    const accepted: string[] = [PATCH_TYPES.json, PATCH_TYPES.merge, PATCH_TYPES.apply];
    if (rt.builtin) accepted.push(PATCH_TYPES.strategic);
    if (!accepted.includes(type)) throw unsupportedMediaType(type, accepted);
    const old = this.stored(rt, namespace, name);
    let parsed: any;
    try {
      parsed = JSON.parse(body);
    } catch (e) {
      throw badRequest(`error decoding patch: ${(e as Error).message}`);
    }
    const current = this.present(rt, old);
    // Strategic merge patch on built-ins is served with merge-patch semantics (our built-ins have no merge-keyed lists that matter).
    const next = type === PATCH_TYPES.json ? jsonPatch(current, parsed) : mergePatch(current, parsed);
    if (next?.metadata?.resourceVersion && next.metadata.resourceVersion !== old.metadata.resourceVersion) {
      throw conflict(groupResource(rt), name, MODIFIED_CONFLICT);
    }
    const obj = this.checkBody(rt, namespace, name, next);
    return this.commitUpdate(rt, old, obj, opts, undefined);
  }

  delete(rt: ResourceType, namespace: string, name: string, opts: DeleteOptions = {}, manager = 'sim-apiserver'): { object: any; deletedNow: boolean } {
    const old = this.stored(rt, namespace, name);
    const pre = opts.preconditions ?? {};
    if (pre.uid && pre.uid !== old.metadata.uid) {
      throw conflict(groupResource(rt), name, `Precondition failed: UID in precondition: ${pre.uid}, UID in object meta: ${old.metadata.uid}`);
    }
    if (pre.resourceVersion && pre.resourceVersion !== old.metadata.resourceVersion) {
      throw conflict(groupResource(rt), name, `Precondition failed: ResourceVersion in precondition: ${pre.resourceVersion}, ResourceVersion in object meta: ${old.metadata.resourceVersion}`);
    }
    if (rt.builtin && rt.kind === 'Namespace' && PROTECTED_NAMESPACES.includes(name)) {
      throw forbidden(groupResource(rt), name, 'this namespace may not be deleted');
    }
    const policy = opts.propagationPolicy ?? (opts.orphanDependents ? 'Orphan' : 'Background');
    if (!['Background', 'Foreground', 'Orphan'].includes(policy)) {
      throw invalid('DeleteOptions', 'meta.k8s.io', '', [{ reason: 'FieldValueNotSupported', message: `Unsupported value: "${policy}": supported values: "Foreground", "Background", "Orphan"`, field: 'propagationPolicy' }]);
    }
    const next = structuredClone(old);
    const finalizers: string[] = [...(next.metadata.finalizers ?? [])];
    const add = policy === 'Foreground' ? 'foregroundDeletion' : policy === 'Orphan' ? 'orphan' : undefined;
    const hasDependents = add ? this.hasDependents(old.metadata.uid) : false;
    if (add && hasDependents && !finalizers.includes(add)) finalizers.push(add);
    if (rt.builtin && rt.kind === 'Namespace') next.status = { ...(next.status ?? {}), phase: 'Terminating' };
    if (finalizers.length > 0) next.metadata.finalizers = finalizers;
    const nsFinalizing = rt.builtin && rt.kind === 'Namespace' && (next.spec?.finalizers ?? []).length > 0;
    if (finalizers.length === 0 && !nsFinalizing) {
      if (opts.dryRun) return { object: this.present(rt, old), deletedNow: true };
      const last = this.store.remove(storeKey(rt), old.metadata.namespace ?? '', name);
      return { object: this.present(rt, last), deletedNow: true };
    }
    if (!next.metadata.deletionTimestamp) {
      next.metadata.deletionTimestamp = rfc3339(this.clock.now());
      next.metadata.deletionGracePeriodSeconds = 0;
      if (next.metadata.generation) next.metadata.generation += 1;
    }
    if (deepEqual(next, old)) return { object: this.present(rt, old), deletedNow: false };
    next.metadata.managedFields = trackUpdate(old, next, this.writeContext(rt, manager, { subresource: undefined }));
    if (opts.dryRun) return { object: this.present(rt, next), deletedNow: false };
    return { object: this.present(rt, this.store.put(storeKey(rt), next, true)), deletedNow: false };
  }

  /**
   * Starts a watch. Returns a function that stops it. A resourceVersion older than the
   * retained history yields one ERROR event (410 Expired) and no more.
   */
  watch(rt: ResourceType, namespace: string | undefined, opts: WatchOptions, sink: WatchSink): () => void {
    const labels = parseLabelSelector(opts.labelSelector);
    const fields = parseFieldSelector(opts.fieldSelector, supportedFieldLabels(rt));
    const gr = storeKey(rt);
    const ns = rt.namespaced ? namespace : undefined;
    const matches = (o: any) => o && (ns === undefined || (o.metadata?.namespace ?? '') === ns)
      && matchesRequirements(o.metadata?.labels, labels) && matchesFields(o, fields);
    const deliver = (e: StoreEvent) => {
      if (e.gr !== gr) return;
      const now = e.type !== 'DELETED' && matches(e.object);
      const before = e.previous !== undefined && matches(e.previous);
      if (e.type === 'DELETED') {
        if (before) sink('DELETED', this.present(rt, e.object));
      } else if (now && before) {
        sink('MODIFIED', this.present(rt, e.object));
      } else if (now) {
        sink('ADDED', this.present(rt, e.object));
      } else if (before) {
        // Left the selection: watchers see it as deleted.
        sink('DELETED', this.present(rt, e.object));
      }
    };
    const rvParam = opts.resourceVersion;
    const initial = rvParam === undefined || rvParam === '' || rvParam === '0' || opts.sendInitialEvents === true;
    if (!initial) {
      const from = Number(rvParam);
      if (!Number.isInteger(from) || from < 0) throw badRequest(`invalid resource version: ${rvParam}`);
      if (from > this.store.currentRv()) {
        sink('ERROR', timeoutError(`Too large resource version: ${from}, current: ${this.store.currentRv()}`,
          [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }]).toStatus());
        return () => undefined;
      }
      const events = this.store.eventsSince(from);
      if (events === 'expired') {
        sink('ERROR', expired(`too old resource version: ${from} (${this.store.oldestResumableRv()})`).toStatus());
        return () => undefined;
      }
      for (const e of events) deliver(e);
    } else {
      for (const o of this.store.list(gr, ns)) if (matches(o)) sink('ADDED', this.present(rt, o));
      if (opts.sendInitialEvents && opts.allowWatchBookmarks) {
        sink('BOOKMARK', this.bookmark(rt, { 'k8s.io/initial-events-end': 'true' }));
      }
    }
    return this.store.subscribe(deliver);
  }

  /** A BOOKMARK object: only kind, apiVersion and the current resourceVersion. */
  bookmark(rt: ResourceType, annotations?: Record<string, string>): any {
    return {
      kind: rt.kind,
      apiVersion: apiVersionOf(rt),
      metadata: { resourceVersion: String(this.store.currentRv()), creationTimestamp: null, ...(annotations ? { annotations } : {}) },
    };
  }

  // ---- internals ----

  private stored(rt: ResourceType, namespace: string, name: string): any {
    const o = this.store.get(storeKey(rt), rt.namespaced ? namespace : '', name);
    if (!o) throw notFound(groupResource(rt), name);
    return o;
  }

  private hasDependents(uid: string): boolean {
    for (const gr of this.store.resources()) {
      for (const o of this.store.list(gr)) {
        if ((o.metadata?.ownerReferences ?? []).some((r: any) => r.uid === uid)) return true;
      }
    }
    return false;
  }

  private managerFor(opts: RequestOptions): string {
    if (opts.fieldManager !== undefined) {
      if (opts.fieldManager.length > 128) {
        throw invalid('PatchOptions', 'meta.k8s.io', '', [{ reason: 'FieldValueTooLong', message: 'Too long: may not be more than 128 bytes', field: 'fieldManager' }]);
      }
      return opts.fieldManager;
    }
    return managerFromUserAgent(opts.userAgent);
  }

  private scopeFor(rt: ResourceType, subresource?: string): Scope {
    if (subresource === 'status') return 'status';
    return rt.statusSubresource ? 'main' : 'all';
  }

  private writeContext(rt: ResourceType, manager: string, opts: { subresource?: string }): WriteContext {
    return {
      schema: rootSchema(rt.schema, rt.builtin ? rt.kind : undefined),
      scope: this.scopeFor(rt, opts.subresource),
      manager,
      apiVersion: apiVersionOf(rt),
      time: rfc3339(this.clock.now()),
      subresource: opts.subresource,
    };
  }

  /**
   * Checks apiVersion/kind/name/namespace of a request body against the URL; returns a copy of
   * its top level and metadata (callers that change anything deeper copy first: the update
   * path copies once in commitUpdate, so a controller's no-op status write copies nothing).
   */
  private checkBody(rt: ResourceType, namespace: string, name: string | undefined, body: any): any {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('the object provided is unrecognized (must be of type ' + rt.kind + ')');
    const obj = { ...body };
    const want = apiVersionOf(rt);
    if (obj.apiVersion !== undefined && obj.apiVersion !== want) {
      throw badRequest(`the API version in the data (${obj.apiVersion}) does not match the expected API version (${want})`);
    }
    if (obj.kind !== undefined && obj.kind !== rt.kind) {
      throw badRequest(`the kind in the data (${obj.kind}) does not match the expected kind (${rt.kind})`);
    }
    obj.apiVersion = want;
    obj.kind = rt.kind;
    obj.metadata = obj.metadata && typeof obj.metadata === 'object' ? { ...obj.metadata } : {};
    if (name !== undefined) {
      if (obj.metadata.name !== undefined && obj.metadata.name !== name) {
        throw badRequest(`the name of the object (${obj.metadata.name}) does not match the name on the URL (${name})`);
      }
      obj.metadata.name = name;
    }
    if (rt.namespaced) {
      if (obj.metadata.namespace && obj.metadata.namespace !== namespace) {
        throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
      }
      obj.metadata.namespace = namespace;
    } else {
      delete obj.metadata.namespace;
    }
    return obj;
  }

  private checkNamespaceForCreate(rt: ResourceType, namespace: string, name: string): void {
    if (!rt.namespaced) return;
    const ns = this.store.get('/namespaces', '', namespace);
    if (!ns) throw notFound({ group: '', resource: 'namespaces' }, namespace);
    if (ns.metadata.deletionTimestamp) {
      throw forbidden(groupResource(rt), name, `unable to create new content in namespace ${namespace} because it is being terminated`,
        [{ reason: 'NamespaceTerminating', message: `namespace ${namespace} is being terminated`, field: 'metadata.namespace' }]);
    }
  }

  /** Drops undeclared fields: an error under fieldValidation=Strict, a warning under Warn. */
  private pruneUnknown(rt: ResourceType, obj: any, opts: RequestOptions, warnings: string[], applying: boolean): void {
    const unknown: string[] = [];
    prune(obj, rootSchema(rt.schema, rt.builtin ? rt.kind : undefined), '', unknown);
    const mode = opts.fieldValidation ?? 'Warn';
    if (unknown.length > 0 && mode === 'Strict') {
      if (applying) {
        // Server-side apply types the applied configuration first; an undeclared field fails
        // there and is reported without a reason (HTTP 500), as the real server does.
        const nn = `${obj.metadata?.namespace ?? ''}/${obj.metadata?.name ?? ''}`;
        throw new ApiError(500, '', `failed to create typed patch object (${nn}; ${rt.group}/${rt.version}, Kind=${rt.kind}): .${unknown[0]}: field not declared in schema`);
      }
      throw badRequest(`${rt.kind} in version "${rt.version}" cannot be handled as a ${rt.kind}: strict decoding error: ${unknown.map(u => `unknown field "${u}"`).join(', ')}`);
    }
    if (mode === 'Warn') for (const u of unknown) warnings.push(`unknown field "${u}"`);
  }

  /** Prune, default, validate (schema + metadata); throws 400/422. */
  private admit(rt: ResourceType, obj: any, opts: RequestOptions, warnings: string[], oldMeta?: any): void {
    this.pruneUnknown(rt, obj, opts, warnings, false);
    const schema = rootSchema(rt.schema, rt.builtin ? rt.kind : undefined);
    applyDefaults(obj, schema);
    const causes: StatusCause[] = validateMetadata(rt.kind, rt.group, obj.metadata, oldMeta);
    const m = obj.metadata;
    const forValidation = { ...obj, metadata: { name: m.name, namespace: m.namespace, labels: m.labels, annotations: m.annotations } };
    for (const f of this.types.validate(rt, forValidation)) if (f.severity === 'error') causes.push(causeFor(f));
    if (causes.length > 0) throw invalid(rt.kind, rt.group, obj.metadata.name ?? '', causes);
  }

  private prepareCreate(rt: ResourceType, obj: any, opts: RequestOptions, warnings: string[]): any {
    const meta = obj.metadata;
    delete meta.deletionTimestamp;
    delete meta.deletionGracePeriodSeconds;
    delete meta.managedFields;
    delete meta.selfLink;
    meta.uid = uuidFrom(this.random);
    meta.creationTimestamp = rfc3339(this.clock.now());
    if (rt.statusSubresource && !rt.builtin) delete obj.status;
    const causes = rt.builtin ? prepareBuiltinCreate(rt.kind, rt.group, obj, this.builtinCtx) : [];
    if (causes.length > 0) throw invalid(rt.kind, rt.group, meta.name ?? '', causes);
    if (!rt.builtin || rt.kind === 'CustomResourceDefinition') meta.generation = 1;
    else delete meta.generation;
    this.admit(rt, obj, opts, warnings);
    return obj;
  }

  private persistCreate(rt: ResourceType, obj: any, opts: RequestOptions, warnings: string[]): WriteResult {
    if (opts.dryRun) return { object: this.present(rt, obj), created: true, warnings };
    const stored = this.store.put(storeKey(rt), obj, true);
    return { object: this.present(rt, stored), created: true, warnings };
  }

  private apply(rt: ResourceType, namespace: string, name: string, body: string, opts: RequestOptions): WriteResult {
    if (!opts.fieldManager) {
      throw new ApiError(422, 'Invalid', 'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch',
        { group: 'meta.k8s.io', kind: 'PatchOptions', causes: [{ reason: 'FieldValueRequired', message: 'Required value: is required for apply patch', field: 'fieldManager' }] });
    }
    const manager = this.managerFor(opts);
    let parsed: any;
    try {
      parsed = parseApplyBody(body);
    } catch (e) {
      throw badRequest(`error decoding YAML: ${(e as Error).message}`);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('the object provided is unrecognized (must be of type map)');
    if (!parsed.apiVersion || !parsed.kind) {
      throw badRequest(`invalid object type: ${parsed.apiVersion ?? ''}, Kind=${parsed.kind ?? ''}`);
    }
    if (parsed.metadata?.managedFields !== undefined) throw badRequest('metadata.managedFields must be nil');
    const obj = this.checkBody(rt, namespace, name, parsed);
    const old = this.store.get(storeKey(rt), rt.namespaced ? namespace : '', name);
    const ctx = this.writeContext(rt, manager, opts);
    const warnings: string[] = [];
    this.pruneUnknown(rt, obj, opts, warnings, true);
    if (!old) {
      if (opts.subresource) throw notFound(groupResource(rt), name);
      if (obj.metadata.resourceVersion) throw conflict(groupResource(rt), name, MODIFIED_CONFLICT);
      this.checkNamespaceForCreate(rt, namespace, name);
      const applied = serverSideApply(undefined, obj, ctx, opts.force === true);
      const created = applied.object;
      created.apiVersion = obj.apiVersion;
      created.kind = obj.kind;
      created.metadata = { ...created.metadata, name, ...(rt.namespaced ? { namespace } : {}) };
      const prepared = this.prepareCreate(rt, created, opts, warnings);
      prepared.metadata.managedFields = applied.managedFields;
      return this.persistCreate(rt, prepared, opts, warnings);
    }
    if (obj.metadata.resourceVersion && obj.metadata.resourceVersion !== old.metadata.resourceVersion) {
      throw conflict(groupResource(rt), name, MODIFIED_CONFLICT);
    }
    const live = this.present(rt, old);
    const result = serverSideApply(live, obj, ctx, opts.force === true);
    return this.commitUpdate(rt, old, result.object, opts, result.managedFields, warnings);
  }

  /** The shared update path of PUT, PATCH and apply. */
  private commitUpdate(rt: ResourceType, old: any, candidate: any, opts: RequestOptions, managed: any[] | undefined,
    warnings: string[] = []): WriteResult {
    const scope = this.scopeFor(rt, opts.subresource);
    if (scope === 'status' && !managed && sameJson(candidate.status, old.status)) {
      // The status endpoint writes only status: the same status is no write (the common
      // controller resync case), decided without copying the object.
      return { object: this.present(rt, old), created: false, warnings };
    }
    let obj: any;
    if (scope === 'status') {
      // Only the status of the request counts: the rest is the stored object.
      obj = { ...structuredClone(old), apiVersion: candidate.apiVersion, kind: candidate.kind };
      if (candidate.status !== undefined) obj.status = structuredClone(candidate.status);
      else delete obj.status;
    } else {
      obj = structuredClone(candidate);
    }
    if (scope === 'main') {
      if (old.status !== undefined) obj.status = structuredClone(old.status);
      else delete obj.status;
    }
    const meta = obj.metadata = { ...obj.metadata };
    for (const k of ['uid', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'generation', 'name', 'namespace']) {
      if (old.metadata[k] !== undefined) meta[k] = old.metadata[k];
      else delete meta[k];
    }
    delete meta.selfLink;
    // The status endpoint ignores metadata changes.
    if (scope === 'status') obj.metadata = structuredClone(old.metadata);
    const oldPresented = this.present(rt, old);
    if (!managed && sameIgnoringManagedFields(obj, oldPresented)) {
      // Nothing changes: no write, no new resourceVersion (the common controller resync case).
      return { object: oldPresented, created: false, warnings };
    }
    if (rt.builtin) {
      const causes = prepareBuiltinUpdate(rt.kind, rt.group, obj, old, this.builtinCtx);
      if (causes.length > 0) throw invalid(rt.kind, rt.group, meta.name, causes);
    }
    this.admit(rt, obj, opts, warnings, old.metadata);
    if (obj.metadata.generation !== undefined && !deepEqual(specPart(obj, scope === 'all' ? 'all' : 'main'), specPart(this.present(rt, old), scope === 'all' ? 'all' : 'main'))) {
      obj.metadata.generation = old.metadata.generation + 1;
    }
    const ctx = this.writeContext(rt, this.managerFor(opts), opts);
    obj.metadata.managedFields = managed ?? trackUpdate(this.present(rt, old), obj, ctx);
    if (obj.metadata.managedFields.length === 0) delete obj.metadata.managedFields;
    obj.metadata.resourceVersion = old.metadata.resourceVersion;
    // Status first: when a write changes anything it is usually the status, found without walking the spec.
    if (deepEqual(obj.status, oldPresented.status) && deepEqual(withoutVolatile(obj), withoutVolatile(oldPresented))) {
      return { object: oldPresented, created: false, warnings };
    }
    if (opts.dryRun) return { object: this.present(rt, obj), created: false, warnings };
    if (deletable(rt, obj)) {
      // As in the real registry, the emptying update is not stored: the object is deleted as it was.
      const last = this.store.remove(storeKey(rt), old.metadata.namespace ?? '', old.metadata.name);
      return { object: this.present(rt, last), created: false, warnings };
    }
    const stored = this.store.put(storeKey(rt), obj, true);
    return { object: this.present(rt, stored), created: false, warnings };
  }
}

/** Apply bodies are YAML (JSON is a subset). */
function parseApplyBody(body: string): any {
  const trimmed = body.trim();
  if (trimmed.startsWith('{')) return JSON.parse(trimmed);
  return parseYaml(body);
}
