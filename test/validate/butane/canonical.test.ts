// Butane texts in the form our builder writes are read without the yaml library's tree
// (src/validate/butane/parse.ts canonicalButane); the result must be the careful path's, and
// any finding sends the text to the careful path for its line.
import fc from 'fast-check';
import { butaneYaml } from '../../../src/ignition/butane-yaml';
import { canonicalButane, parseButane, parseButaneWithTree } from '../../../src/validate/butane/parse';

const clean = butaneYaml({
  units: [{ name: 'a.service', enabled: true, contents: '[Service]\nExecStart=/bin/true\n[Install]\nWantedBy=multi-user.target\n' }],
  files: [{ path: '/etc/x.conf', mode: 0o644, contents: { inline: 'k: v\n' }, user: { name: 'root' } }, { path: '/etc/y', mode: 0, contents: { inline: 'x' } }],
  directories: [{ path: '/opt/d', mode: 0o750 }],
  links: [],
});

test('a clean config we wrote takes the fast path, with the careful path\'s model (modes read as go-yaml octal)', () => {
  const fast = canonicalButane(clean);
  expect(fast).toBeDefined();
  expect(fast).toEqual(parseButaneWithTree(clean));
  expect(fast!.model!.files.map(f => f.mode)).toEqual([0o644, 0]);
  expect(clean).toContain('mode: 0644');
});

test('a finding (an unknown key) sends the config to the careful path, which gives its line', () => {
  const text = clean.replace('variant: fcos\n', 'variant: fcos\nextra: 1\n');
  expect(canonicalButane(text)).toBeUndefined();
  const parsed = parseButane(text);
  expect(parsed.findings.map(f => [f.rule, f.line])).toEqual([['butane/unknown-key', 2]]);
});

test('hand-written layouts (comments, other indentation, flow style) take the careful path', () => {
  for (const text of [`# note\n${clean}`, clean.replace(/\n {2}/g, '\n    '), 'variant: fcos\nversion: 1.4.0\nstorage: {files: []}\n']) {
    expect(canonicalButane(text)).toBeUndefined();
    expect(parseButane(text)).toEqual(parseButaneWithTree(text));
  }
});

test('a config we wrote, edited anywhere, reads the same either way', () => {
  const edit = fc.record({ at: fc.nat({ max: clean.length }), cut: fc.nat({ max: 3 }), insert: fc.constantFrom('', ' ', '\n', '-', ':', '#', '"', '0', '7', 'yes', 'on', '{', '&a', '*a', '<<: ', '!!binary ') });
  fc.assert(fc.property(fc.array(edit, { minLength: 1, maxLength: 3 }), fc.boolean(), (edits, strict) => {
    let text = clean;
    for (const e of edits) text = text.slice(0, e.at) + e.insert + text.slice(e.at + e.cut);
    expect(parseButane(text, { strict })).toEqual(parseButaneWithTree(text, { strict }));
  }), { numRuns: 500 });
});
