// Properties of the builder over generated inputs: valid inputs always build, translate to
// schema-valid Ignition and survive toYaml → parseButane unchanged; junk inputs only ever
// produce ValidationError.
import fc from 'fast-check';
import { parse as parseYaml } from 'yaml';
import { ignitionSchemaErrors } from './ignition-schema';
import { ValidationError } from '../../src/core/errors';
import { ButaneConfig, ButaneDirectory, ButaneFile, ButaneUnit, parseButane } from '../../src/ignition';
import { decodeDataUrl, encodeDataUrl } from '../../src/validate/butane/data-url';
import { canonicalButane, parseButaneWithTree } from '../../src/validate/butane/parse';
import { CAPRKE2_BASE_PATHS, CAPRKE2_BASE_UNITS } from '../../src/validate/butane/rules';

const SUFFIXES = ['.service', '.socket', '.device', '.mount', '.automount', '.swap', '.target', '.path', '.timer', '.snapshot', '.slice', '.scope'];
const FILE_MODES = [undefined, 0, 0o644, 0o600, 0o640, 0o444, 0o400, 0o755, 0o750, 0o700, 0o555, 0o664, 0o775, 0o777];
const DIR_MODES = [undefined, 0, 0o755, 0o750, 0o700, 0o555, 0o775, 0o777, 0o711];

const segment = fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,10}$/);
const path = fc.array(segment, { minLength: 1, maxLength: 4 }).map(s => `/${s.join('/')}`)
  .filter(p => !p.startsWith('/etc/systemd/system/') && !CAPRKE2_BASE_PATHS.includes(p));

/** Text without the characters that end a unit-file line, not ending in a backslash. */
const lineText = fc.string({ unit: 'grapheme', maxLength: 40 }).map(s => s.replace(/[\r\n\\]/g, '').trim()).filter(s => s !== '');

const option = fc.record({
  name: fc.stringMatching(/^[A-Z][A-Za-z0-9]{0,12}$/),
  lines: fc.array(lineText, { minLength: 1, maxLength: 2 }),
  indent: fc.constantFrom('', '  '),
});
const section = fc.record({
  name: fc.constantFrom('Unit', 'Service', 'Timer', 'Mount', 'Socket', 'X-Extra'),
  options: fc.array(option, { maxLength: 4 }),
  comment: fc.option(lineText.map(t => `# ${t}`), { nil: undefined }),
});
const unitText = fc.record({ sections: fc.array(section, { maxLength: 3 }), finalNewline: fc.boolean(), blankLines: fc.boolean() }).map(u => {
  const lines: string[] = [];
  for (const s of u.sections) {
    lines.push(`[${s.name}]`);
    if (s.comment) lines.push(s.comment);
    for (const o of s.options) lines.push(`${o.indent}${o.name}=${o.lines.join('\\\n  ')}`);
    if (u.blankLines) lines.push('');
  }
  return lines.join('\n') + (u.finalNewline && lines.length > 0 ? '\n' : '');
});
const INSTALL = '[Install]\nWantedBy=multi-user.target\n';

const unitArb: fc.Arbitrary<ButaneUnit> = fc.record({
  name: fc.tuple(fc.stringMatching(/^[a-z][a-z0-9@-]{0,15}$/), fc.constantFrom(...SUFFIXES)).map(([n, s]) => n + s).filter(n => !CAPRKE2_BASE_UNITS.includes(n)),
  enabled: fc.option(fc.boolean(), { nil: undefined }),
  mask: fc.option(fc.boolean(), { nil: undefined }),
  contents: fc.option(unitText, { nil: undefined }),
  dropins: fc.option(fc.uniqueArray(fc.record({
    name: fc.stringMatching(/^[a-z0-9-]{1,10}$/).map(n => `${n}.conf`),
    contents: fc.option(unitText, { nil: undefined }),
  }), { selector: d => d.name, maxLength: 2 }), { nil: undefined }),
}).map(u => (u.enabled && u.contents !== undefined && u.contents !== '' ? { ...u, contents: `${u.contents.replace(/\\$/, '')}\n${INSTALL}` } : u));

const ownerArb = fc.option(fc.oneof(fc.record({ id: fc.nat(65535) }), fc.record({ name: fc.stringMatching(/^[a-z_][a-z0-9_-]{0,15}$/) })), { nil: undefined });
const sourceArb = fc.oneof(
  fc.constantFrom('https://example.com/a.yaml', 'http://10.0.0.1:8080/x', 's3://bucket/key', 'gs://bucket/obj', 'tftp://10.0.0.2/boot'),
  fc.string({ unit: 'grapheme', maxLength: 30 }).map(encodeDataUrl),
);
/** Multi-line text, including the shapes YAML block scalars find hard (indents, blank tails). */
const textArb = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 20 }), fc.constantFrom('', ' ', '  indented', '\ttab', '---', '# x', '- y', 'k: v', '"q"', '|')), { maxLength: 6 })
    .chain(lines => fc.constantFrom('', '\n', '\n\n').map(end => lines.join('\n') + end)),
);
const contentsArb = fc.option(fc.oneof(
  fc.record({ inline: textArb }),
  fc.record({ inline: fc.string({ unit: 'binary', maxLength: 40 }) }),
  fc.record({ source: sourceArb }),
), { nil: undefined });

const nodeArb = fc.oneof(
  fc.record({ kind: fc.constant('file' as const), path, overwrite: fc.option(fc.boolean(), { nil: undefined }), contents: contentsArb, mode: fc.constantFrom(...FILE_MODES), user: ownerArb, group: ownerArb }),
  fc.record({ kind: fc.constant('directory' as const), path, overwrite: fc.option(fc.boolean(), { nil: undefined }), mode: fc.constantFrom(...DIR_MODES), user: ownerArb, group: ownerArb }),
);

const configArb = fc.record({
  units: fc.uniqueArray(unitArb, { selector: u => u.name, maxLength: 3 }),
  nodes: fc.uniqueArray(nodeArb, { selector: n => n.path, maxLength: 6 }),
}).map(({ units, nodes }) => {
  const strip = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
  const files: ButaneFile[] = [];
  const directories: ButaneDirectory[] = [];
  for (const { kind, ...n } of nodes) {
    if (kind === 'file') {
      const f = n as ButaneFile;
      files.push(strip({ ...f, overwrite: f.overwrite && f.contents ? true : f.overwrite === true ? false : f.overwrite }));
    } else {
      directories.push(strip(n as ButaneDirectory));
    }
  }
  return { units: units.map(u => strip(u)), files, directories };
});

describe('ButaneConfig properties', () => {
  test('valid inputs build, translate to schema-valid Ignition and round-trip through YAML', () => {
    fc.assert(fc.property(configArb, ({ units, files, directories }) => {
      const config = new ButaneConfig({ units, files, directories });
      expect(config.validate()).toEqual([]);

      const yaml = config.toYaml();
      const parsed = parseButane(yaml, { strict: true });
      expect(parsed.findings).toEqual([]);
      // Our own output is read without the yaml library's tree, to the same result as with it.
      expect(canonicalButane(yaml)).toBeDefined();
      expect(parseButaneWithTree(yaml, { strict: true })).toEqual(parsed);
      expect(parsed.model).toEqual(config.toModel());
      expect(config.toYaml()).toBe(yaml);

      // Modes read back the same with plain YAML 1.1 octal semantics.
      const y11 = parseYaml(yaml, { version: '1.1' });
      expect((y11.storage?.files ?? []).map((f: any) => f.mode)).toEqual(files.map(f => f.mode));

      const ign = config.toIgnition();
      expect(ignitionSchemaErrors(ign)).toEqual([]);
      for (const [i, f] of (ign.storage?.files ?? []).entries()) {
        const inline = files[i].contents?.inline;
        if (inline !== undefined) expect(decodeDataUrl(f.contents!.source!).data!.toString('utf8')).toBe(inline);
        expect(f.mode).toBe(files[i].mode);
      }
    }), { numRuns: 400 });
  });

  test('the same config built with add* calls equals the one built from props', () => {
    fc.assert(fc.property(configArb, ({ units, files, directories }) => {
      const added = new ButaneConfig();
      directories.forEach(d => added.addDirectory(d));
      files.forEach(f => added.addFile(f));
      units.forEach(u => added.addUnit(u));
      expect(added.toYaml()).toBe(new ButaneConfig({ units, files, directories }).toYaml());
    }), { numRuns: 100 });
  });

  test('any mode 0..07777 with strict false builds, stays schema-valid and round-trips', () => {
    fc.assert(fc.property(path, fc.integer({ min: 0, max: 0o7777 }), fc.integer({ min: 0, max: 0o7777 }), (p, fileMode, dirMode) => {
      const config = new ButaneConfig({ strict: false })
        .addDirectory({ path: `${p}.d`, mode: dirMode })
        .addFile({ path: p, contents: { inline: 'x' }, mode: fileMode });
      expect(config.validate().every(f => f.severity === 'warning')).toBe(true);
      expect(ignitionSchemaErrors(config.toIgnition())).toEqual([]);
      expect(parseButane(config.toYaml()).model).toEqual(config.toModel());
    }), { numRuns: 200 });
  });

  test('the generators produce non-trivial configs', () => {
    const samples = fc.sample(configArb, { numRuns: 200, seed: 42 });
    const count = (pred: (c: typeof samples[number]) => boolean) => samples.filter(pred).length;
    expect(count(c => c.units.some(u => u.enabled === true && u.contents !== undefined))).toBeGreaterThan(10);
    expect(count(c => c.units.some(u => (u.dropins ?? []).length > 0))).toBeGreaterThan(10);
    expect(count(c => c.files.some(f => f.contents?.inline?.includes('\n')))).toBeGreaterThan(5);
    expect(count(c => c.files.some(f => f.overwrite === true))).toBeGreaterThan(10);
    expect(count(c => c.files.length + c.directories.length >= 3)).toBeGreaterThan(20);
  });

  test('junk inputs only ever throw ValidationError', () => {
    const junk = fc.oneof(fc.anything(), fc.string(), fc.integer(), fc.constant(undefined));
    const propsArb = fc.record({
      name: junk,
      path: junk,
      enabled: junk,
      mask: junk,
      contents: fc.oneof(junk, fc.record({ inline: junk, source: junk, local: junk })),
      dropins: fc.oneof(junk, fc.array(fc.oneof(junk, fc.record({ name: junk, contents: junk })), { maxLength: 3 })),
      overwrite: junk,
      mode: fc.oneof(junk, fc.integer({ min: -100, max: 0o20000 })),
      user: fc.oneof(junk, fc.record({ id: junk, name: junk })),
      group: junk,
    }, { requiredKeys: [] });
    fc.assert(fc.property(fc.constantFrom('addUnit', 'addFile', 'addDirectory', 'addManifestFile'), propsArb, (method, props) => {
      const config = new ButaneConfig().addFile({ path: '/existing', contents: { inline: 'x' } });
      try {
        if (method === 'addManifestFile') config.addManifestFile(props.path as any, [props]);
        else (config as any)[method](props);
      } catch (e) {
        expect(e).toBeInstanceOf(ValidationError);
        expect((e as ValidationError).findings.length).toBeGreaterThan(0);
        return;
      }
      // Whatever was accepted must still render and validate.
      expect(config.validate().filter(f => f.severity === 'error')).toEqual([]);
      expect(ignitionSchemaErrors(config.toIgnition())).toEqual([]);
      expect(parseButane(config.toYaml(), { strict: true }).findings).toEqual([]);
    }), { numRuns: 500 });
  });

  test('invalid paths, names and modes are always rejected with ValidationError', () => {
    const badPath = fc.oneof(
      fc.stringMatching(/^[a-z][a-z/]{0,10}$/), // relative
      path.map(p => `${p}/`), path.map(p => `${p}/../x`), path.map(p => p.replace('/', '//')),
    );
    const badName = fc.oneof(fc.stringMatching(/^[a-z-]{1,12}$/), fc.stringMatching(/^[a-z-]{1,8}\.(conf|yaml|sh)$/));
    fc.assert(fc.property(badPath, badName, fc.integer({ min: 0o10000, max: 1e6 }), (p, name, mode) => {
      expect(() => new ButaneConfig().addFile({ path: p })).toThrow(ValidationError);
      expect(() => new ButaneConfig().addUnit({ name })).toThrow(ValidationError);
      expect(() => new ButaneConfig().addDirectory({ path: '/ok', mode })).toThrow(ValidationError);
    }), { numRuns: 200 });
  });
});

describe('text the YAML readers disagree on', () => {
  // Go's YAML reader (Butane) treats NEL/LS/PS as line breaks and refuses DEL, C1 controls
  // and a stray BOM; the yaml library does not. Such characters must arrive as escapes.
  test.each(['a\u2028b\n', 'a\u2029b', 'x\u0085y', 'bom\ufeff', 'del\u007f', 'c1\u0080\u009f', 'x\ufffe'])('inline %j round-trips as escapes', text => {
    const config = new ButaneConfig().addFile({ path: '/a', contents: { inline: text } });
    const yaml = config.toYaml();
    expect(yaml).not.toMatch(/[\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/);
    expect(parseButane(yaml).model!.files[0].contents!.inline).toBe(text);
    expect(parseYaml(yaml, { version: '1.1' }).storage.files[0].contents.inline).toBe(text);
  });
});
