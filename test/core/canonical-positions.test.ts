// Lines of canonical texts from js-yaml's node events (src/core/canonical-positions.ts) must be the
// lines the yaml library's tree gives: compared through parseManifests (fast path) and
// parseManifestsWithTree (the careful path) on every field of many documents.
import fc from 'fast-check';
import { canonicalPositions, lineInTree } from '../../src/core/canonical-positions';
import { readCanonicalYaml } from '../../src/core/canonical-yaml';
import { yamlDocuments } from '../../src/core/yaml-output';
import { LoadedManifest, parseManifests, parseManifestsWithTree } from '../../src/validate/manifest-files';

/** Every field path of a value, written as findings write them (`a.b[0].c`), plus a few that do not exist. */
function fieldsOf(value: unknown, prefix = ''): string[] {
  const out = [prefix, `${prefix}${prefix ? '.' : ''}missing`, `${prefix}[7]`];
  if (Array.isArray(value)) {value.forEach((v, i) => out.push(...fieldsOf(v, `${prefix}[${i}]`)));} else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push(...fieldsOf(v, /^[A-Za-z0-9_-]+$/.test(k) ? `${prefix}${prefix ? '.' : ''}${k}` : `${prefix}[${k}]`));
  }
  return out.filter(f => f !== '');
}

function sameLines(text: string): void {
  // The fast path's own positions, not its fallback to the yaml library's tree.
  expect(canonicalPositions(text, readCanonicalYaml(text)!)).toBeDefined();
  const fast = parseManifests(text, 'f.yaml');
  const careful = parseManifestsWithTree(text, 'f.yaml');
  expect(fast.problems).toEqual(careful.problems);
  expect(fast.manifests.map(m => m.object)).toEqual(careful.manifests.map(m => m.object));
  fast.manifests.forEach((m: LoadedManifest, i) => {
    const c = careful.manifests[i];
    expect({ index: m.index, line: m.line }).toEqual({ index: c.index, line: c.line });
    for (const field of fieldsOf(m.object)) {
      expect({ field, line: m.lineOf(field) }).toEqual({ field, line: c.lineOf(field) });
      expect({ field, embedded: m.lineOf(field, 3) }).toEqual({ field, embedded: c.lineOf(field, 3) });
      expect({ field, note: m.lineOf(`${field}: storage.files[0].mode`) }).toEqual({ field, note: c.lineOf(`${field}: storage.files[0].mode`) });
    }
  });
}

const manifest = (extra: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'm', labels: { 'a.b/c': 'd' } }, ...extra });

test('lines of manifest-like documents: nested maps, lists of maps and lists, block scalars, empty collections, Lists', () => {
  const text = yamlDocuments([
    manifest({ data: { config: 'variant: fcos\nversion: 1.4.0\nstorage:\n  files: []\n', one: 'x', quoted: 'a: b' } }),
    manifest({ spec: { list: [{ a: 1, b: [1, 2] }, [2, [3, 4]], 'x', { c: {} }], empty: {}, none: [], n: null, t: true, multi: 'line1\nline2' } }),
    { apiVersion: 'v1', kind: 'List', items: [manifest({ data: { a: 'b' } }), manifest({ spec: { x: [{ y: 'z' }] } })] },
  ]);
  expect(readCanonicalYaml(text)).toBeDefined();
  sameLines(text);
});

test('lines of arbitrary JSON data in manifests', () => {
  const specArb = fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }));
  fc.assert(fc.property(fc.array(specArb, { minLength: 1, maxLength: 3 }), specs => {
    const text = yamlDocuments(JSON.parse(JSON.stringify(specs.map(spec => manifest({ spec })))));
    if (readCanonicalYaml(text)) sameLines(text);
  }), { numRuns: 40 });
});

test('positions are declined, not guessed, when the events do not match the values', () => {
  const text = yamlDocuments([{ a: { b: [1, 2] } }]);
  expect(canonicalPositions(text, [{ a: { b: [1, 2] } }])).toBeDefined();
  expect(canonicalPositions(text, [{ a: { b: [1, 2, 3] } }])).toBeUndefined();
  expect(canonicalPositions(text, [{ a: { c: [1, 2] } }])).toBeUndefined();
  expect(canonicalPositions(text, [{ a: 1 }, { b: 2 }])).toBeUndefined();
  const [root] = canonicalPositions(text, [{ a: { b: [1, 2] } }])!;
  expect(lineInTree(root, ['a', 'b', 1])).toBe(4);
  expect(lineInTree(root, ['a', 'b', '1'])).toBe(4);
  expect(lineInTree(root, ['a', 'x'])).toBe(1);
});
