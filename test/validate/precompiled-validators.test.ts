// Validators precompiled at build time (build-tools/precompile-validators.ts) must find exactly
// what validators compiled at run time find, and be used only for the schema they came from.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WIDGET_CRD } from './widget-crd';
import { precompileValidators } from '../../build-tools/precompile-validators';
import { packageRoot } from '../../src/core/package-root';
import { PrecompiledValidators } from '../../src/validate/precompiled-validators';
import { SchemaBundle, SchemaRegistry } from '../../src/validate/schema';

const widgetCrd = WIDGET_CRD;
/** The package's built-in kinds, but only the three the cases use: precompiling all of them is slow. */
const packaged: SchemaBundle = JSON.parse(readFileSync(join(packageRoot(), 'imports', 'crd-schemas.json'), 'utf8'));
const bundle: SchemaBundle = { crds: [], builtins: { ...packaged.builtins!, kinds: packaged.builtins!.kinds.filter(k => ['Secret', 'ConfigMap', 'Namespace'].includes(k.kind)) } };
const widgetSchema = (registry: SchemaRegistry) => registry.ajvSchema('example.com/v1', 'Widget');

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'precompiled-'));
  const registry = new SchemaRegistry(bundle, () => PrecompiledValidators.load(join(dir, 'none')));
  registry.addCrd(widgetCrd);
  // Under jest the generated code requires the TypeScript module itself.
  expect(precompileValidators(dir, { registry, runtimeModule: join(__dirname, '..', '..', 'src', 'validate', 'ajv-setup') })).toBe(true);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function registries(): { pre: SchemaRegistry; runtime: SchemaRegistry } {
  const pre = new SchemaRegistry(bundle, () => PrecompiledValidators.load(dir));
  const runtime = new SchemaRegistry(bundle, () => PrecompiledValidators.load(join(dir, 'none')));
  pre.addCrd(widgetCrd);
  runtime.addCrd(widgetCrd);
  return { pre, runtime };
}

const widget = (spec: object) => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'n' }, spec });

test('the precompiled validators are used, and find what run-time compiled ones find', () => {
  const { pre, runtime } = registries();
  const schema = widgetSchema(runtime);
  expect(PrecompiledValidators.load(dir).get('example.com/v1/Widget', schema)).toBeInstanceOf(Function);
  const objects = [
    widget({ size: 3, color: 'red', ports: [{ name: 'a', port: 80 }, { name: 'a', port: 81 }], tags: ['x'] }),
    widget({ size: 'x', color: 'green' }),
    widget({ ports: [{ name: 'a' }, { name: 'b', port: 0 }] }),
    widget({ size: 1, ports: [{ name: 'a', port: 2 ** 31 }], tags: ['x', 'x'], url: 'a b', note: null, free: { any: 1 } }),
    widget({ size: 1.5, extra: true }),
    { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', labels: { a: 1 } }, data: { k: 'not base64!' }, stringData: { p: 'x' } },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { k: 1 } },
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'n', annotations: { a: 'b' } } },
  ];
  const found = objects.map(o => runtime.validate(o as any));
  expect(objects.map(o => pre.validate(o as any))).toEqual(found);
  // The cases above do fail, in the ways that exercise the formats and the list-map keyword.
  const rules = found.flat().map(f => `${f.rule} ${f.message}`);
  expect(rules).toEqual(expect.arrayContaining([
    expect.stringMatching(/^schema\/duplicate Duplicate value: name="a"$/),
    expect.stringMatching(/^schema\/format .*int32/),
    expect.stringMatching(/^schema\/format .*k8s-byte|^schema\/format .*base64/),
    expect.stringMatching(/^schema\/enum /),
  ]));
});

test('a precompiled validator is not used for a schema other than its own (a stale build compiles instead)', () => {
  const { runtime } = registries();
  const schema = widgetSchema(runtime);
  const other = { ...schema, required: [...schema.required, 'spec'] };
  const pre = PrecompiledValidators.load(dir);
  expect(pre.get('example.com/v1/Widget', schema)).toBeDefined();
  expect(pre.get('example.com/v1/Widget', other)).toBeUndefined();
  expect(pre.get('example.com/v1/Gadget', schema)).toBeUndefined();
  expect(PrecompiledValidators.load(join(dir, 'missing')).get('example.com/v1/Widget', schema)).toBeUndefined();
});

test('the build step is incremental, and writes a module per kind with an index', () => {
  const registry = new SchemaRegistry(bundle, () => PrecompiledValidators.load(join(dir, 'none')));
  registry.addCrd(widgetCrd);
  expect(precompileValidators(dir, { registry, runtimeModule: join(__dirname, '..', '..', 'src', 'validate', 'ajv-setup') })).toBe(false);
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
  expect(Object.keys(index)).toContain('example.com/v1/Widget');
  expect(readdirSync(dir).filter(f => f.endsWith('.js')).length).toBe(Object.keys(index).length);
});

test('a damaged build (a listed module missing or broken) compiles instead of failing', () => {
  const damaged = mkdtempSync(join(tmpdir(), 'precompiled-damaged-'));
  try {
    const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
    const [file] = index['example.com/v1/Widget'];
    writeFileSync(join(damaged, 'index.json'), JSON.stringify({ 'example.com/v1/Widget': index['example.com/v1/Widget'], '/v1/Secret': ['broken.js', index['/v1/Secret'][1]] }));
    writeFileSync(join(damaged, 'broken.js'), 'this is not JavaScript(');
    const pre = PrecompiledValidators.load(damaged);
    expect(pre.get('example.com/v1/Widget', widgetSchema(registries().runtime))).toBeUndefined();
    expect(file).toMatch(/\.js$/);
    const registry = new SchemaRegistry(bundle, () => pre);
    registry.addCrd(widgetCrd);
    expect(registry.validate(widget({ color: 'green' }) as any).map(f => f.rule)).toEqual(expect.arrayContaining(['schema/required', 'schema/enum']));
    expect(registry.validate({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: { k: '!' } } as any).map(f => f.rule)).toEqual(['schema/format']);
  } finally {
    rmSync(damaged, { recursive: true, force: true });
  }
});
