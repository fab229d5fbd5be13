// Server-side apply and field ownership (metadata.managedFields), following the
// structured-merge-diff model at field granularity:
// - apply merges the applied configuration into the live object (structs and granular maps
//   field by field, list-map items by key, sets by value, atomic values replaced) and removes
//   what the manager applied before but no longer applies, unless someone else owns it;
// - applying a field another manager owns with a different value is a conflict (409) unless
//   forced, which transfers ownership;
// - non-apply writes (create, update, patch) give the writer ownership of what it changed.
import { applyConflict, StatusCause } from './errors';
import { deepEqual, FieldSet, fieldSetOf, Path, pathString, removeAt, valueAt } from './fieldset';
import { isGranularObject, isPlainObject, itemsSchema, listMapKeys, listType, propertySchema, UNTYPED } from './schema-walk';

/** One metadata.managedFields entry. */
export interface ManagedFieldsEntry {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  time?: string;
  fieldsType: 'FieldsV1';
  fieldsV1: any;
  subresource?: string;
}

/** Which part of an object a request may touch: all of it, everything but status, or status only. */
export type Scope = 'all' | 'main' | 'status';

/** ObjectMeta fields the server owns; they never appear in managedFields. */
const SYSTEM_META = ['name', 'namespace', 'uid', 'resourceVersion', 'generation', 'creationTimestamp',
  'deletionTimestamp', 'deletionGracePeriodSeconds', 'managedFields', 'selfLink'];

function inScope(p: Path, scope: Scope): boolean {
  if (p[0] === 'f:apiVersion' || p[0] === 'f:kind') return false;
  if (p[0] === 'f:metadata' && (p.length === 1 || SYSTEM_META.includes(p[1].slice(2)))) return false;
  if (scope === 'main') return p[0] !== 'f:status';
  if (scope === 'status') return p[0] === 'f:status';
  return true;
}

/** The fields of `obj` that a request in `scope` manages. */
export function scopedFieldSet(obj: any, schema: any, scope: Scope): FieldSet {
  // What filtering every path through inScope keeps, decided on the top two levels (where
  // inScope looks) instead of rebuilding the set path by path on every write.
  const set = fieldSetOf(obj, schema);
  for (const pe of [...set.children.keys()]) if (!inScope([pe], scope) && pe !== 'f:metadata') set.children.delete(pe);
  const meta = set.children.get('f:metadata');
  if (meta) {
    meta.member = false;
    for (const pe of [...meta.children.keys()]) if (!inScope(['f:metadata', pe], scope)) meta.children.delete(pe);
    if (meta.isEmpty()) set.children.delete('f:metadata');
  }
  return set;
}

interface Entry {
  readonly raw: ManagedFieldsEntry;
  set: FieldSet;
}

function readEntries(obj: any): Entry[] {
  const mf: ManagedFieldsEntry[] = Array.isArray(obj?.metadata?.managedFields) ? obj.metadata.managedFields : [];
  return mf.map(e => ({ raw: { ...e }, set: FieldSet.fromFieldsV1(e.fieldsV1 ?? {}) }));
}

function writeEntries(entries: Entry[]): ManagedFieldsEntry[] {
  return entries.filter(e => !e.set.isEmpty()).map(e => ({ ...e.raw, fieldsType: 'FieldsV1', fieldsV1: e.set.toFieldsV1() }));
}

function sameIdentity(a: ManagedFieldsEntry, b: { manager: string; operation: string; apiVersion: string; subresource?: string }): boolean {
  if (a.manager !== b.manager || a.operation !== b.operation || (a.subresource ?? '') !== (b.subresource ?? '')) return false;
  return a.operation === 'Apply' || a.apiVersion === b.apiVersion;
}

/** How the server names a manager in conflict messages. */
function describeManager(e: ManagedFieldsEntry): string {
  return e.operation === 'Update' ? `"${e.manager}" using ${e.apiVersion}` : `"${e.manager}"`;
}

export interface WriteContext {
  readonly schema: any;
  readonly scope: Scope;
  readonly manager: string;
  readonly apiVersion: string;
  readonly time: string;
  /** `status` for the status subresource. */
  readonly subresource?: string;
}

/** Merges `applied` into `live` by the schema's merge rules. */
export function mergeApplied(live: any, applied: any, node: any): any {
  if (isPlainObject(applied) && isPlainObject(live) && isGranularObject(node)) {
    const out: any = { ...live };
    for (const k of Object.keys(applied)) out[k] = mergeApplied(live[k], applied[k], propertySchema(node, k) ?? UNTYPED);
    return out;
  }
  if (Array.isArray(applied) && Array.isArray(live)) {
    const lt = listType(node);
    if (lt === 'map') {
      const keys = listMapKeys(node);
      const items = itemsSchema(node);
      const out = live.map(x => structuredClone(x));
      for (const a of applied) {
        const i = out.findIndex(l => isPlainObject(l) && keys.every(k => deepEqual(l[k], a?.[k])));
        if (i >= 0) out[i] = mergeApplied(out[i], a, items);
        else out.push(structuredClone(a));
      }
      return out;
    }
    if (lt === 'set') {
      const out = [...live];
      for (const a of applied) if (!out.some(x => deepEqual(x, a))) out.push(a);
      return out;
    }
  }
  return structuredClone(applied);
}

/** Keeps only the part of an applied configuration a request in `scope` may set. */
function restrictToScope(applied: any, live: any, scope: Scope): any {
  const out = structuredClone(applied);
  const meta = { ...(out.metadata ?? {}) };
  for (const k of SYSTEM_META) if (k !== 'name' && k !== 'namespace') delete meta[k];
  out.metadata = meta;
  if (scope === 'main') delete out.status;
  if (scope === 'status') {
    const status = out.status !== undefined ? { status: out.status } : {};
    return { apiVersion: out.apiVersion, kind: out.kind, metadata: { name: meta.name, namespace: meta.namespace }, ...status };
  }
  void live;
  return out;
}

export interface ApplyResult {
  readonly object: any;
  readonly managedFields: ManagedFieldsEntry[];
}

/**
 * Server-side apply of `applied` by `ctx.manager` onto `live` (undefined: create).
 * Throws a 409 ApiError listing conflicts unless `force`.
 */
export function serverSideApply(live: any | undefined, applied: any, ctx: WriteContext, force: boolean): ApplyResult {
  const cfg = restrictToScope(applied, live, ctx.scope);
  const appliedSet = scopedFieldSet(cfg, ctx.schema, ctx.scope);
  const entries = readEntries(live);
  const identity = { manager: ctx.manager, operation: 'Apply', apiVersion: ctx.apiVersion, subresource: ctx.subresource };
  let mine = entries.find(e => sameIdentity(e.raw, identity));
  const others = entries.filter(e => e !== mine);

  if (live) {
    const conflicts: Array<{ entry: Entry; path: Path }> = [];
    for (const p of appliedSet.paths()) {
      if (appliedSet.hasChildren(p)) continue;
      const before = valueAt(live, p);
      if (before === undefined || deepEqual(before, valueAt(cfg, p))) continue;
      for (const o of others) if (o.set.has(p)) conflicts.push({ entry: o, path: p });
    }
    if (conflicts.length > 0 && !force) throw conflictError(conflicts);
    for (const c of conflicts) c.entry.set = c.entry.set.filter(p => !samePath(p, c.path));
  }

  const previous = mine?.set ?? new FieldSet();
  let merged = live ? mergeApplied(structuredClone(live), cfg, ctx.schema) : structuredClone(cfg);
  if (live) {
    // What this manager applied last time but not now goes away, unless another manager holds it.
    // Parents first: a list item nobody else holds goes as a whole.
    const dropped = previous.difference(appliedSet).paths().sort((a, b) => a.length - b.length);
    const owned = (p: Path) => appliedSet.hasPrefix(p) || others.some(o => o.set.hasPrefix(p));
    for (const p of dropped) {
      if (owned(p) || isItemKeyField(p)) continue;
      removeAt(merged, p, owned);
    }
    merged = restoreOutOfScope(merged, live, ctx.scope);
  }

  if (!mine) {
    mine = { raw: { manager: ctx.manager, operation: 'Apply', apiVersion: ctx.apiVersion, fieldsType: 'FieldsV1', fieldsV1: {} }, set: new FieldSet() };
    if (ctx.subresource) mine.raw.subresource = ctx.subresource;
    entries.push(mine);
  }
  mine.set = appliedSet;
  mine.raw.apiVersion = ctx.apiVersion;
  mine.raw.time = ctx.time;
  const result = dropVanished(entries, merged);
  return { object: merged, managedFields: writeEntries(result) };
}

/** A list-map item's key field: it stays as long as the item does. */
function isItemKeyField(p: Path): boolean {
  if (p.length < 2) return false;
  const item = p[p.length - 2];
  const field = p[p.length - 1];
  return item.startsWith('k:') && field.startsWith('f:') && Object.keys(JSON.parse(item.slice(2))).includes(field.slice(2));
}

function samePath(a: Path, b: Path): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function restoreOutOfScope(merged: any, live: any, scope: Scope): any {
  if (scope === 'main') {
    const out = { ...merged };
    if (live.status !== undefined) out.status = live.status;
    else delete out.status;
    return out;
  }
  if (scope === 'status') return { ...live, status: merged.status, metadata: live.metadata };
  return merged;
}

/** Ownership of fields that no longer exist is dropped. */
function dropVanished(entries: Entry[], obj: any): Entry[] {
  for (const e of entries) e.set = e.set.filterAlong([obj], (_n, [v]) => v !== undefined);
  return entries;
}

function conflictError(conflicts: Array<{ entry: Entry; path: Path }>): Error {
  const causes: StatusCause[] = conflicts.map(c => ({
    reason: 'FieldManagerConflict',
    message: `conflict with ${describeManager(c.entry.raw)}`,
    field: pathString(c.path),
  }));
  if (conflicts.length === 1) {
    return applyConflict(causes, `Apply failed with 1 conflict: conflict with ${describeManager(conflicts[0].entry.raw)}: ${pathString(conflicts[0].path)}`);
  }
  const byManager = new Map<string, string[]>();
  for (const c of conflicts) {
    const m = describeManager(c.entry.raw);
    if (!byManager.has(m)) byManager.set(m, []);
    byManager.get(m)!.push(pathString(c.path));
  }
  const lines: string[] = [];
  for (const m of [...byManager.keys()].sort()) {
    lines.push(`conflicts with ${m}:`);
    for (const p of byManager.get(m)!) lines.push(`- ${p}`);
  }
  return applyConflict(causes, `Apply failed with ${conflicts.length} conflicts: ${lines.join('\n')}`);
}

/**
 * Ownership after a non-apply write (create, update, patch) of `next` over `old`: the writer
 * gains what it changed, others lose it, and fields that disappeared are owned by nobody.
 */
export function trackUpdate(old: any | undefined, next: any, ctx: WriteContext): ManagedFieldsEntry[] {
  const entries = readEntries(old);
  const newSet = scopedFieldSet(next, ctx.schema, ctx.scope);
  const changed = old
    ? newSet.filterAlong([old, next], (n, [o, x]) => (!n.hasMembersBelow() ? !deepEqual(o, x) : o === undefined))
    : newSet;
  const identity = { manager: ctx.manager, operation: 'Update', apiVersion: ctx.apiVersion, subresource: ctx.subresource };
  let mine = entries.find(e => sameIdentity(e.raw, identity));
  for (const e of entries) if (e !== mine) e.set = e.set.difference(changed);
  if (!changed.isEmpty()) {
    if (!mine) {
      mine = { raw: { manager: ctx.manager, operation: 'Update', apiVersion: ctx.apiVersion, fieldsType: 'FieldsV1', fieldsV1: {} }, set: new FieldSet() };
      if (ctx.subresource) mine.raw.subresource = ctx.subresource;
      entries.push(mine);
    }
    mine.set = mine.set.union(changed);
    mine.raw.time = ctx.time;
  }
  return writeEntries(dropVanished(entries, next));
}

/** The default field manager for non-apply requests: the user agent's program name, as the server derives it. */
export function managerFromUserAgent(userAgent: string | undefined): string {
  if (!userAgent) return 'unknown';
  const first = userAgent.split('/')[0].trim();
  return first.slice(0, 128) || 'unknown';
}
