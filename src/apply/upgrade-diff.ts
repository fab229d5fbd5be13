// What an apply would change, object by object and field by field: new manifests against old
// ones, or the server's dry-run result against the live object. Fields the server or the
// controllers own (uid, resourceVersion, managedFields, status...) are never part of the diff,
// and Secret values are never printed.
import { isKind } from '../core/gvk';
import { stableStringify } from '../core/hash';
import { KubeObject } from '../core/kube-object';
import { effectiveNamespace, objectKey } from '../core/object-key';

/** Metadata the API server sets; never a difference worth showing. */
const SERVER_METADATA = ['uid', 'resourceVersion', 'generation', 'creationTimestamp', 'managedFields', 'selfLink', 'deletionTimestamp', 'deletionGracePeriodSeconds'];

export enum FieldChangeType {
  ADDED = 'added',
  REMOVED = 'removed',
  CHANGED = 'changed',
}

export interface FieldChange {
  /** `spec.version`, `metadata.labels[cluster-role]`, `spec.x[0].y` */
  readonly path: string;
  readonly type: FieldChangeType;
  readonly before?: unknown;
  readonly after?: unknown;
}

export enum ChangeAction {
  CREATE = 'create',
  UPDATE = 'update',
  UNCHANGED = 'unchanged',
  /** In the old set (or live) but not in the new manifests: apply leaves it in place. */
  NOT_IN_NEW = 'not-in-new',
}

export interface ObjectChange {
  /** `group/Kind/namespace/name` (version ignored). */
  readonly key: string;
  readonly kind: string;
  readonly namespace?: string;
  readonly name: string;
  readonly action: ChangeAction;
  readonly fields: readonly FieldChange[];
}


/** A copy without server-set metadata and status (what a person wrote, or what apply would send). */
export function withoutServerFields(o: KubeObject): KubeObject {
  const copy: any = structuredClone(o);
  delete copy.status;
  if (copy.metadata) {
    for (const f of SERVER_METADATA) delete copy.metadata[f];
    if (copy.metadata.annotations && Object.keys(copy.metadata.annotations).length === 0) delete copy.metadata.annotations;
    if (copy.metadata.labels && Object.keys(copy.metadata.labels).length === 0) delete copy.metadata.labels;
  }
  return copy;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const SIMPLE_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

function join(path: string, k: string | number): string {
  if (typeof k === 'number') return `${path}[${k}]`;
  if (!SIMPLE_KEY.test(k)) return `${path}[${k}]`;
  return path ? `${path}.${k}` : k;
}

/** Field-level differences between two plain JSON values. */
export function diffValues(before: unknown, after: unknown, path = ''): FieldChange[] {
  if (stableStringify(before) === stableStringify(after)) return [];
  if (before === undefined) return [{ path, type: FieldChangeType.ADDED, after }];
  if (after === undefined) return [{ path, type: FieldChangeType.REMOVED, before }];
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap(k => diffValues(before[k], after[k], join(path, k)));
  }
  // Lists of objects of the same length compare element by element; anything else as a whole.
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length && before.every(isObject) && after.every(isObject)) {
    return before.flatMap((b, i) => diffValues(b, after[i], join(path, i)));
  }
  return [{ path, type: FieldChangeType.CHANGED, before, after }];
}

const isSecret = (o: KubeObject) => isKind(o, '', 'Secret');

/** Diff of one object; Secret values are hidden. */
export function diffObject(before: KubeObject | undefined, after: KubeObject | undefined): FieldChange[] {
  const b = before ? withoutServerFields(before) : undefined;
  const a = after ? withoutServerFields(after) : undefined;
  const fields = diffValues(b, a);
  if ((before && isSecret(before)) || (after && isSecret(after))) {
    return fields.map(f => (/^(data|stringData)\b/.test(f.path)
      ? { path: f.path, type: f.type, ...(f.before !== undefined ? { before: HIDDEN } : {}), ...(f.after !== undefined ? { after: HIDDEN } : {}) }
      : f));
  }
  return fields;
}

/** Stands in for Secret values in diffs. */
export const HIDDEN = '(hidden)';

/**
 * Every object of both sets: created, updated (with fields), unchanged, or not in the new set.
 * New-set order first. Objects are matched by their key (core/object-key.ts); the applier's
 * callers pass objects whose namespaces are already the ones the cluster uses.
 */
export function diffSets(oldSet: readonly KubeObject[], newSet: readonly KubeObject[]): ObjectChange[] {
  const nsOf = (o: KubeObject) => effectiveNamespace({ kind: o.kind, namespace: o.metadata?.namespace });
  // A manifest without a namespace lands in the default one: not a difference.
  const filled = (o: KubeObject) => (nsOf(o) && !o.metadata?.namespace ? { ...o, metadata: { ...o.metadata, namespace: nsOf(o) } } : o);
  const k = objectKey;
  const old = new Map(oldSet.map(o => [k(o), filled(o)]));
  const seen = new Set<string>();
  const out: ObjectChange[] = [];
  const base = (o: KubeObject, key: string) => ({ key, kind: o.kind ?? '', namespace: nsOf(o), name: o.metadata?.name ?? '' });
  for (const n of newSet) {
    const key = k(n);
    seen.add(key);
    const o = old.get(key);
    if (!o) {
      out.push({ ...base(n, key), action: ChangeAction.CREATE, fields: [] });
      continue;
    }
    const fields = diffObject(o, filled(n));
    out.push({ ...base(n, key), action: fields.length ? ChangeAction.UPDATE : ChangeAction.UNCHANGED, fields });
  }
  for (const [key, o] of old) if (!seen.has(key)) out.push({ ...base(o, key), action: ChangeAction.NOT_IN_NEW, fields: [] });
  return out;
}

function show(v: unknown): string {
  if (v === HIDDEN) return HIDDEN;
  if (typeof v === 'string') return v.includes('\n') ? `(${v.split('\n').length} lines)` : JSON.stringify(v);
  const s = stableStringify(v);
  return s.length > 100 ? `${s.slice(0, 97)}...` : s;
}

/** Changed lines of two multi-line strings (a small LCS diff), at most `limit` lines. */
export function lineDiff(before: string, after: string, limit = 12): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  if (a.length * b.length > 250_000) return [`  (${a.length} → ${b.length} lines)`];
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      i++;
      j++;
    } else if (i < a.length && (j >= b.length || lcs[i + 1][j] >= lcs[i][j + 1])) {
      out.push(`- ${a[i++]}`);
    } else {
      out.push(`+ ${b[j++]}`);
    }
  }
  return out.length > limit ? [...out.slice(0, limit), `  ... ${out.length - limit} more changed lines`] : out;
}

export function formatFieldChange(f: FieldChange, indent = '    '): string[] {
  const path = f.path || '(whole object)';
  if (f.type === FieldChangeType.ADDED) return [`${indent}+ ${path}: ${show(f.after)}`];
  if (f.type === FieldChangeType.REMOVED) return [`${indent}- ${path}: ${show(f.before)}`];
  if (typeof f.before === 'string' && typeof f.after === 'string' && (f.before.includes('\n') || f.after.includes('\n'))) {
    return [`${indent}~ ${path}:`, ...lineDiff(f.before, f.after).map(l => `${indent}    ${l}`)];
  }
  return [`${indent}~ ${path}: ${show(f.before)} → ${show(f.after)}`];
}

const SYMBOL: Record<ChangeAction, string> = {
  [ChangeAction.CREATE]: '+',
  [ChangeAction.UPDATE]: '~',
  [ChangeAction.UNCHANGED]: '=',
  [ChangeAction.NOT_IN_NEW]: '?',
};

/** The object-by-object plan: creates, updates with their fields, then the count of unchanged objects. */
export function formatChanges(changes: readonly ObjectChange[]): string {
  const lines: string[] = [];
  const obj = (c: ObjectChange) => `${c.kind} ${c.namespace ? `${c.namespace}/` : ''}${c.name}`;
  for (const c of changes) {
    if (c.action === ChangeAction.UNCHANGED) continue;
    const what = c.action === ChangeAction.CREATE ? 'create' : c.action === ChangeAction.UPDATE ? 'update' : 'not in the new manifests (apply leaves it in place)';
    lines.push(`${SYMBOL[c.action]} ${obj(c)}: ${what}`);
    for (const f of c.fields) lines.push(...formatFieldChange(f));
  }
  const count = (a: ChangeAction) => changes.filter(c => c.action === a).length;
  lines.push(`${count(ChangeAction.CREATE)} to create, ${count(ChangeAction.UPDATE)} to update, ${count(ChangeAction.UNCHANGED)} unchanged${count(ChangeAction.NOT_IN_NEW) ? `, ${count(ChangeAction.NOT_IN_NEW)} not in the new manifests` : ''}`);
  return `${lines.join('\n')}\n`;
}
