// Content hashes for immutable templates: the same content always gives the same suffix,
// any change gives a new name (which is what makes CAPI roll machines).
import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level, so key order never changes the hash. */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
}

/** A short hex digest of the value's content. */
export function contentHash(value: unknown, length = 8): string {
  return createHash('sha256').update(stableStringify(value)).digest('hex').slice(0, length);
}

/** `base-<hash>`, keeping the result a valid ≤ 63-character name. */
export function hashedName(base: string, value: unknown): string {
  const hash = contentHash(value);
  return `${base.slice(0, 63 - hash.length - 1).replace(/[-.]+$/, '')}-${hash}`;
}
