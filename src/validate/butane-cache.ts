// Butane texts embedded in manifests are parsed by several rules (schema of the carrier, the
// Butane rules, the embedded manifests, cross-object checks); in a fleet the same text recurs
// per site. Parse each text once: results are shared, so callers must not mutate them.
import { ParsedButane, parseButane } from '../ignition/parse';

const MAX = 512;
const cache = new Map<string, ParsedButane>();

export function parseButaneCached(text: string, strict = false): ParsedButane {
  const key = `${strict ? 1 : 0}\u0000${text}`;
  let hit = cache.get(key);
  if (hit) {
    // Refresh recency (Map keeps insertion order).
    cache.delete(key);
  } else {
    hit = parseButane(text, { strict });
    if (cache.size >= MAX) cache.delete(cache.keys().next().value!);
  }
  cache.set(key, hit);
  return hit;
}
