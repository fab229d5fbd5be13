// Sets of field paths in the FieldsV1 form the API server stores in metadata.managedFields:
// a tree keyed by path elements `f:<field>`, `k:<json keys>` (list-map item), `v:<json>`
// (set value), with `.` marking that a node with children is itself a member.
import { isGranularObject, isPlainObject, itemsSchema, listMapKeys, listType, propertySchema, UNTYPED } from './schema-walk';

export type Path = readonly string[];

export class FieldSet {
  static fromFieldsV1(v: any): FieldSet {
    const s = new FieldSet();
    const walk = (node: any, into: FieldSet) => {
      if (!isPlainObject(node)) return;
      const keys = Object.keys(node);
      if (keys.length === 0) into.member = true;
      for (const k of keys) {
        if (k === '.') {
          into.member = true;
          continue;
        }
        const child = into.child(k);
        walk(node[k], child);
      }
    };
    walk(v, s);
    s.member = false;
    return s;
  }

  member = false;
  readonly children = new Map<string, FieldSet>();

  child(pe: string): FieldSet {
    let c = this.children.get(pe);
    if (!c) {
      c = new FieldSet();
      this.children.set(pe, c);
    }
    return c;
  }

  insert(path: Path): void {
    let n: FieldSet = this;
    for (const pe of path) n = n.child(pe);
    n.member = true;
  }

  has(path: Path): boolean {
    let n: FieldSet | undefined = this;
    for (const pe of path) {
      n = n.children.get(pe);
      if (!n) return false;
    }
    return n.member;
  }

  /** Whether the path or anything below it is a member. */
  hasPrefix(path: Path): boolean {
    let n: FieldSet | undefined = this;
    for (const pe of path) {
      n = n.children.get(pe);
      if (!n) return false;
    }
    return !n.isEmpty();
  }

  /** Whether the member at `path` also has members below it. */
  hasChildren(path: Path): boolean {
    let n: FieldSet | undefined = this;
    for (const pe of path) {
      n = n.children.get(pe);
      if (!n) return false;
    }
    return [...n.children.values()].some(c => !c.isEmpty());
  }

  isEmpty(): boolean {
    if (this.member) return false;
    for (const c of this.children.values()) if (!c.isEmpty()) return false;
    return true;
  }

  /** Every member path, parents before children, in insertion order. */
  paths(): Path[] {
    const out: Path[] = [];
    const walk = (n: FieldSet, prefix: string[]) => {
      for (const [pe, c] of n.children) {
        const p = [...prefix, pe];
        if (c.member) out.push(p);
        walk(c, p);
      }
    };
    walk(this, []);
    return out;
  }

  union(other: FieldSet): FieldSet {
    const out = this.clone();
    for (const p of other.paths()) out.insert(p);
    return out;
  }

  difference(other: FieldSet): FieldSet {
    const out = new FieldSet();
    for (const p of this.paths()) if (!other.has(p)) out.insert(p);
    return out;
  }

  filter(keep: (p: Path) => boolean): FieldSet {
    const out = new FieldSet();
    for (const p of this.paths()) if (keep(p)) out.insert(p);
    return out;
  }

  /**
   * The members `keep` accepts, given the values at their path in each of `objects` (as
   * `valueAt` finds them). One walk down the set and the objects together, instead of a walk
   * from the root per path: managed-fields bookkeeping runs on every write, and per-path
   * lookups into long lists made it quadratic.
   */
  filterAlong(objects: readonly any[], keep: (node: FieldSet, values: readonly any[]) => boolean): FieldSet {
    const walk = (n: FieldSet, values: readonly any[]): FieldSet => {
      const out = new FieldSet();
      for (const [pe, c] of n.children) {
        const step = stepper(pe);
        const vs = values.map(step);
        const kept = walk(c, vs);
        if (c.member && keep(c, vs)) kept.member = true;
        if (!kept.isEmpty()) out.children.set(pe, kept);
      }
      return out;
    };
    return walk(this, objects);
  }

  /** Whether any member lies below this node. */
  hasMembersBelow(): boolean {
    for (const c of this.children.values()) if (!c.isEmpty()) return true;
    return false;
  }

  clone(): FieldSet {
    const out = new FieldSet();
    for (const p of this.paths()) out.insert(p);
    return out;
  }

  toFieldsV1(): any {
    const render = (n: FieldSet): any => {
      const o: any = {};
      const kids = [...n.children.entries()].filter(([, c]) => !c.isEmpty())
        .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      if (n.member && kids.length > 0) o['.'] = {};
      for (const [pe, c] of kids) o[pe] = render(c);
      return o;
    };
    return render(this);
  }
}

/** `.spec.conditions[type="Ready"].status`, as structured-merge-diff prints paths in conflicts. */
export function pathString(path: Path): string {
  let out = '';
  for (const pe of path) {
    if (pe.startsWith('f:')) {
      out += `.${pe.slice(2)}`;
    } else if (pe.startsWith('k:')) {
      const keys = JSON.parse(pe.slice(2));
      out += `[${Object.entries(keys).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(',')}]`;
    } else if (pe.startsWith('v:')) {
      out += `[=${pe.slice(2)}]`;
    } else if (pe.startsWith('i:')) {
      out += `[${pe.slice(2)}]`;
    }
  }
  return out;
}

function keyElement(item: any, keys: string[]): string {
  const o: Record<string, unknown> = {};
  for (const k of [...keys].sort()) if (item?.[k] !== undefined) o[k] = item[k];
  return `k:${JSON.stringify(o)}`;
}

/** The field set a value covers under a schema (leaves, set values, list-map items). */
export function fieldSetOf(value: any, schema: any): FieldSet {
  const set = new FieldSet();
  const walk = (v: any, node: any, path: string[]) => {
    if (isPlainObject(v) && isGranularObject(node)) {
      const keys = Object.keys(v);
      if (keys.length === 0 && path.length > 0) set.insert(path);
      for (const k of keys) walk(v[k], propertySchema(node, k) ?? UNTYPED, [...path, `f:${k}`]);
      return;
    }
    if (Array.isArray(v)) {
      const lt = listType(node);
      if (lt === 'atomic' || v.length === 0) {
        set.insert(path);
        return;
      }
      const items = itemsSchema(node);
      if (lt === 'set') {
        for (const x of v) set.insert([...path, `v:${JSON.stringify(x)}`]);
        return;
      }
      const keys = listMapKeys(node);
      for (const item of v) {
        const p = [...path, keyElement(item, keys)];
        set.insert(p);
        if (isPlainObject(item)) for (const k of Object.keys(item)) walk(item[k], propertySchema(items, k) ?? UNTYPED, [...p, `f:${k}`]);
      }
      return;
    }
    if (path.length > 0) set.insert(path);
  };
  walk(value, schema, []);
  return set;
}

function matchesKey(item: any, pe: string): boolean {
  const keys = JSON.parse(pe.slice(2));
  return isPlainObject(item) && Object.entries(keys).every(([k, v]) => deepEqual(item[k], v));
}

/** One path element as a function from a value to the value below it (undefined: none), as `valueAt` steps. */
function stepper(pe: string): (cur: any) => any {
  if (pe.startsWith('f:')) {
    const k = pe.slice(2);
    return cur => (cur !== undefined && cur !== null && isPlainObject(cur) ? cur[k] : undefined);
  }
  if (pe.startsWith('k:')) {
    const keys = Object.entries(JSON.parse(pe.slice(2)));
    const matches = (item: any) => isPlainObject(item) && keys.every(([k, v]) => deepEqual(item[k], v));
    return cur => (Array.isArray(cur) ? cur.find(matches) : undefined);
  }
  if (pe.startsWith('v:')) {
    const want = JSON.parse(pe.slice(2));
    return cur => (Array.isArray(cur) && cur.some(x => deepEqual(x, want)) ? want : undefined);
  }
  return () => undefined;
}

/** The value at a path, or undefined. */
export function valueAt(obj: any, path: Path): any {
  let cur = obj;
  for (const pe of path) {
    if (cur === undefined || cur === null) return undefined;
    if (pe.startsWith('f:')) {
      cur = isPlainObject(cur) ? cur[pe.slice(2)] : undefined;
    } else if (pe.startsWith('k:')) {
      cur = Array.isArray(cur) ? cur.find(i => matchesKey(i, pe)) : undefined;
    } else if (pe.startsWith('v:')) {
      const want = JSON.parse(pe.slice(2));
      cur = Array.isArray(cur) && cur.some(x => deepEqual(x, want)) ? want : undefined;
    } else {
      return undefined;
    }
  }
  return cur;
}

/**
 * Removes the value at a path. Containers left empty are removed too unless `keep(path)` says
 * someone owns them, so dropping a manager's last label also drops the empty `labels` map.
 */
export function removeAt(obj: any, path: Path, keep: (p: Path) => boolean): void {
  if (path.length === 0) return;
  const parentPath = path.slice(0, -1);
  const parent = valueAt(obj, parentPath);
  const pe = path[path.length - 1];
  if (pe.startsWith('f:')) {
    if (!isPlainObject(parent)) return;
    delete parent[pe.slice(2)];
    if (Object.keys(parent).length > 0) return;
  } else if (pe.startsWith('k:') || pe.startsWith('v:')) {
    if (!Array.isArray(parent)) return;
    const want = pe.startsWith('v:') ? JSON.parse(pe.slice(2)) : undefined;
    const i = parent.findIndex(x => (pe.startsWith('k:') ? matchesKey(x, pe) : deepEqual(x, want)));
    if (i >= 0) parent.splice(i, 1);
    if (parent.length > 0) return;
  } else {
    return;
  }
  if (parentPath.length > 0 && !keep(parentPath)) removeAt(obj, parentPath, keep);
}

export function deepEqual(a: any, b: any): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every(k => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
}
