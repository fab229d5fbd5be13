// JSON merge patch (RFC 7386) and JSON patch (RFC 6902), the two non-apply patch types the
// API server accepts for custom resources.
import { ApiError } from './errors';
import { deepEqual } from './fieldset';
import { isPlainObject } from './schema-walk';

export function mergePatch(target: any, patch: any): any {
  if (!isPlainObject(patch)) return structuredClone(patch);
  const out: any = isPlainObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

function invalidPatch(message: string): ApiError {
  return new ApiError(422, 'Invalid', message);
}

function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw invalidPatch(`json patch path "${pointer}" must start with "/"`);
  return pointer.slice(1).split('/').map(s => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function resolveParent(doc: any, segs: string[], op: string, pointer: string): { parent: any; key: string } {
  let cur = doc;
  for (const s of segs.slice(0, -1)) {
    cur = Array.isArray(cur) ? cur[Number(s)] : isPlainObject(cur) ? cur[s] : undefined;
    if (cur === undefined) throw invalidPatch(`jsonpatch ${op} operation does not apply: doc is missing path: "${pointer}"`);
  }
  return { parent: cur, key: segs[segs.length - 1] };
}

function getAt(doc: any, pointer: string, op: string): any {
  let cur = doc;
  for (const s of parsePointer(pointer)) {
    cur = Array.isArray(cur) ? cur[Number(s)] : isPlainObject(cur) ? cur[s] : undefined;
    if (cur === undefined) throw invalidPatch(`jsonpatch ${op} operation does not apply: doc is missing path: "${pointer}"`);
  }
  return cur;
}

function addAt(doc: any, pointer: string, value: any, op: string): any {
  const segs = parsePointer(pointer);
  if (segs.length === 0) return structuredClone(value);
  const { parent, key } = resolveParent(doc, segs, op, pointer);
  if (Array.isArray(parent)) {
    const i = key === '-' ? parent.length : Number(key);
    if (!Number.isInteger(i) || i < 0 || i > parent.length) throw invalidPatch(`jsonpatch ${op} operation does not apply: index out of bounds: "${pointer}"`);
    parent.splice(i, 0, structuredClone(value));
  } else if (isPlainObject(parent)) {
    parent[key] = structuredClone(value);
  } else {
    throw invalidPatch(`jsonpatch ${op} operation does not apply: doc is missing path: "${pointer}"`);
  }
  return doc;
}

function removeAtPointer(doc: any, pointer: string, op: string): any {
  const segs = parsePointer(pointer);
  const { parent, key } = resolveParent(doc, segs, op, pointer);
  if (Array.isArray(parent)) {
    const i = Number(key);
    if (!Number.isInteger(i) || i < 0 || i >= parent.length) throw invalidPatch(`jsonpatch ${op} operation does not apply: doc is missing path: "${pointer}"`);
    parent.splice(i, 1);
  } else if (isPlainObject(parent) && key in parent) {
    delete parent[key];
  } else {
    throw invalidPatch(`jsonpatch ${op} operation does not apply: doc is missing path: "${pointer}"`);
  }
  return doc;
}

/** Applies an RFC 6902 patch; a failed `test` or a missing path is a 422 as from the real server. */
export function jsonPatch(target: any, ops: any): any {
  if (!Array.isArray(ops)) throw new ApiError(400, 'BadRequest', 'json: cannot unmarshal object into Go value of type jsonpatch.Patch');
  let doc = structuredClone(target);
  for (const o of ops) {
    const op = o?.op;
    switch (op) {
      case 'add': doc = addAt(doc, o.path, o.value, op); break;
      case 'remove': doc = removeAtPointer(doc, o.path, op); break;
      case 'replace':
        getAt(doc, o.path, op);
        doc = parsePointer(o.path).length === 0 ? structuredClone(o.value) : addAt(removeAtPointer(doc, o.path, op), o.path, o.value, op);
        break;
      case 'move': {
        const v = getAt(doc, o.from, op);
        doc = addAt(removeAtPointer(doc, o.from, op), o.path, v, op);
        break;
      }
      case 'copy': doc = addAt(doc, o.path, getAt(doc, o.from, op), op); break;
      case 'test':
        if (!deepEqual(getAt(doc, o.path, op), o.value)) throw invalidPatch(`testing value ${o.path} failed: test failed`);
        break;
      default:
        throw invalidPatch(`Unexpected kind: ${String(op)}`);
    }
  }
  return doc;
}
