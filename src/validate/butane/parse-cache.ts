// Butane texts embedded in manifests are parsed by several rules (schema of the carrier, the
// Butane rules, the embedded manifests, cross-object checks); in a fleet the same text recurs
// per site. Parse each text once: results are shared, so callers must not mutate them.
import { ButaneModel } from './model';
import { ParsedButane, parseButane } from './parse';

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

/**
 * Records the parse result of a config this library rendered itself: the builder validated it
 * (strict) and its toYaml → parse round trip is exact, so parsing it again would only cost time.
 */
export function seedParsedButane(text: string, model: ButaneModel): void {
  for (const strict of [false, true]) {
    const key = `${strict ? 1 : 0}\u0000${text}`;
    if (!cache.has(key)) {
      if (cache.size >= MAX) cache.delete(cache.keys().next().value!);
      cache.set(key, { findings: [], model, unmodelled: [] });
    }
  }
}

const inlineCache = new Map<string, object[]>();

/** Objects of an inline manifest text, when this library rendered it (undefined otherwise). */
export function seededInlineObjects(text: string): object[] | undefined {
  return inlineCache.get(text);
}

export function seedInlineObjects(text: string, objects: object[]): void {
  if (inlineCache.size >= MAX) inlineCache.delete(inlineCache.keys().next().value!);
  inlineCache.set(text, objects);
}
