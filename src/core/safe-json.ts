// JSON for a message. Plain-JS callers and hand-written files may hold cycles or huge values;
// a message must never throw or run on for pages.
export function safeJson(v: unknown, max = 200): string {
  let s: string;
  try {
    s = JSON.stringify(v) ?? String(v);
  } catch {
    s = Array.isArray(v) ? '[…]' : typeof v === 'object' ? '{…}' : String(v);
  }
  return s.length > max ? `${s.slice(0, max)}…` : s;
}
