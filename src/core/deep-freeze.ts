// Deep freezing of plain data a construct hands out but no longer reads, so that a mutation
// fails loudly instead of silently not reaching the synthesized output.

function isPlain(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return Array.isArray(value) || proto === Object.prototype || proto === null;
}

/**
 * Freezes plain objects and arrays at every level and returns the value. Class instances
 * (constructs, ApiObjects, strategies) are left alone: they own their state. Only freeze data
 * this library made (or copied): the caller's own objects must stay theirs.
 */
export function deepFreeze<T>(value: T): T {
  if (isPlain(value) && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
