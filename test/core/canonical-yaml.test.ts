// The fast reading of synth's own output (src/core/canonical-yaml.ts) is only sound if, for every
// text it accepts, the yaml library (the careful reader with positions) reads the same values.
// It accepts a text only when the output emitter writes those values back to that text, so the
// property to hold is: the yaml library reads every emitter output back to the data written.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { readCanonicalYaml } from '../../src/core/canonical-yaml';
import { parseYamlDocuments, yamlToJs } from '../../src/core/safe-yaml';
import { yamlDocuments } from '../../src/core/yaml-output';

/** What the careful path reads: every document's value, or undefined if it reports any problem. */
function careful(text: string): unknown[] | undefined {
  const parsed = parseYamlDocuments(text, { prettyErrors: false, uniqueKeys: true });
  if (parsed.tooBig) return undefined;
  const out: unknown[] = [];
  for (const doc of parsed.docs) {
    if (doc.errors.length) return undefined;
    const js = yamlToJs(doc, parsed.lineCounter);
    if (js.problem) return undefined;
    out.push(js.value);
  }
  return out;
}

const json = (v: unknown) => JSON.parse(JSON.stringify(v));

test('any JSON documents the emitter writes read back the same by the yaml library, and by the fast reader when it accepts them', () => {
  let accepted = 0;
  const runs = 400;
  fc.assert(fc.property(fc.array(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 4 })), { minLength: 1, maxLength: 3 }), docs => {
    const data = json(docs);
    const text = yamlDocuments(data);
    expect(careful(text)).toEqual(data);
    // Strings with blank lines go through the yaml library's rendering; both layouts must read back.
    const fast = readCanonicalYaml(text);
    if (fast) {
      accepted++;
      expect(fast).toEqual(data);
    }
  }), { numRuns: runs });
  expect(accepted).toBeGreaterThan(runs * 0.8);
});

test('tricky scalars (YAML 1.1 look-alikes, indicators, blank lines, control characters) as keys and values', () => {
  const tricky = ['yes', 'on', '0644', '0o644', '0x1F', '1_000', '1:20', '1e3', '.5', '.inf', '.nan', '~', 'null', 'true', '', ' ', 'a: b', '- x', '#x', 'x #y',
    '@x', '`x', '%x', '!x', '&x', '*x', '|', '>', '?', '---', '...', '<<', 'a\nb', 'a\nb\n', 'a\n\nb\n\n', 'trailing \nx', '\t', '"q"', "'s'", '\u0085',
    '\u2028', '\ufeff', '\u007f', '2001-12-14', '${BMC_PASSWORD}', 'é日本', ' \n', '\n', 'a\n  \nb', 'x\n\t', '-0', '1e400', '0.1', '123456789012345678901'];
  let accepted = 0;
  for (const s of tricky) {
    const data = [{ k: s, [s]: [s, { [s]: s }], n: [1.5, -0, 1e21, 2 ** 60, -3], z: null, t: false }];
    const text = yamlDocuments(data);
    expect(careful(text)).toEqual(data);
    // Declined where js-yaml would read the text differently from what was written (the round trip differs).
    const fast = readCanonicalYaml(text);
    if (fast) {
      accepted++;
      expect(fast).toEqual(data);
    }
  }
  expect(accepted).toBeGreaterThan(tricky.length * 0.8);
});

test('texts in any other form are left to the careful reader', () => {
  const canonical = yamlDocuments([{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { k: 'v' } }]);
  expect(readCanonicalYaml(canonical)).toBeDefined();
  const others = [
    '', '\n', '# only a comment\n', '---\n', `${canonical}---\n`, `---\n${canonical}`,
    canonical.replace('name: a', 'name: a # a comment'), canonical.replace('  name', '    name'),
    canonical.replace('data:\n  k: v', 'data: {k: v}'), canonical.replace('k: v', 'k: "v"'), canonical.replace('k: v', 'k: v\n  k: w'),
    'a: &x 1\nb: *x\n', 'a: !!str 1\n', '%YAML 1.1\n---\na: 1\n', 'a: [1\n', 'a:\tb\n', '- a\n-  b\n', 'just: text: here\n',
    'apiVersion: v1\r\nkind: ConfigMap\r\n',
  ];
  for (const text of others) expect(readCanonicalYaml(text)).toBeUndefined();
});

test('aliases that share an object (a cycle, a bomb) are declined before anything is written out', () => {
  expect(readCanonicalYaml('a: &x [*x]\n')).toBeUndefined();
  const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
  for (let i = 1; i < 12; i++) levels.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10).fill(`*${String.fromCharCode(96 + i)}`).join(', ')}]`);
  expect(readCanonicalYaml(`${levels.join('\n')}\n`)).toBeUndefined();
});

test('a nested document past js-yaml\'s depth limit goes to the careful reader (which has its own limit)', () => {
  let deep: unknown = 'x';
  for (let i = 0; i < 150; i++) deep = { a: deep };
  const text = yamlDocuments([deep]);
  expect(readCanonicalYaml(text)).toBeUndefined();
  expect(careful(text)).toEqual([deep]);
});

function yamlFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) yamlFiles(p, out);
    else if (/\.ya?ml$/.test(entry)) out.push(p);
  }
  return out;
}

test('on every YAML file of the repository, what the fast reader accepts the yaml library reads the same', () => {
  const root = join(__dirname, '..', '..');
  const files = ['dist', 'examples', 'test'].flatMap(d => yamlFiles(join(root, d)));
  let accepted = 0;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const fast = readCanonicalYaml(text);
    if (!fast) continue;
    accepted++;
    expect({ file, docs: careful(text) }).toEqual({ file, docs: fast });
  }
  // dist/ is synth output: all of it is in canonical form.
  expect(accepted).toBeGreaterThanOrEqual(yamlFiles(join(root, 'dist')).length);
});

test('a canonical text edited anywhere is either declined or read as the yaml library reads it', () => {
  const base = yamlDocuments([
    { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', labels: { a: 'b' } }, stringData: { password: '${P}', n: '0644', list: ['x', 1, true, null] } },
    { apiVersion: 'x/v1', kind: 'K', spec: { config: 'variant: fcos\nversion: 1.4.0\n', empty: {}, none: [], q: 'a: b', f: 1.5 } },
  ]);
  const edit = fc.record({ at: fc.nat({ max: base.length }), cut: fc.nat({ max: 3 }), insert: fc.constantFrom('', ' ', '\n', '-', ':', '#', '"', "'", '{', '[', '&a', '*a', '!', '|', '>', '\t', '0', 'yes', '---\n', '\\') });
  fc.assert(fc.property(fc.array(edit, { minLength: 1, maxLength: 3 }), edits => {
    let text = base;
    for (const e of edits) text = text.slice(0, e.at) + e.insert + text.slice(e.at + e.cut);
    const fast = readCanonicalYaml(text);
    if (fast) expect(fast).toEqual(careful(text));
  }), { numRuns: 2000 });
});
