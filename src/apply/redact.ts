// Values substituted into the manifests (BMC passwords…) must never be printed. Nothing we
// write carries them on purpose; this scrubs whatever comes back from elsewhere (an API
// server error that quotes a field, a controller message) before it reaches any output,
// log, JSON event or error.
export const REDACTED = '[redacted]';

/** Values shorter than this are not scrubbed (they would mangle ordinary words). */
export const MIN_REDACTED_LENGTH = 3;

export type Redactor = (text: string) => string;

/** A function replacing every occurrence of any of `values` (or its base64 form) with `[redacted]`. */
export function redactor(values: Iterable<string>): Redactor {
  const plain = [...values].filter(v => v.length >= MIN_REDACTED_LENGTH);
  const encoded = plain.map(v => Buffer.from(v, 'utf8').toString('base64'));
  // Longest first, so a value containing another is replaced whole.
  const list = [...new Set([...plain, ...encoded])].sort((a, b) => b.length - a.length);
  if (!list.length) return t => t;
  return text => {
    let out = text;
    for (const v of list) if (out.includes(v)) out = out.split(v).join(REDACTED);
    return out;
  };
}

/** Applies `redact` to every string in a JSON-like value (events), returning a copy. */
export function redactDeep<T>(value: T, redact: Redactor): T {
  if (typeof value === 'string') return redact(value) as unknown as T;
  if (Array.isArray(value)) return value.map(v => redactDeep(v, redact)) as unknown as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = redactDeep(v, redact);
    return out as T;
  }
  return value;
}
