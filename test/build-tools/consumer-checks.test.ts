// The pure parts of the consumer test (build-tools/consumer-test.ts runs the real thing), and
// the README's fresh-clone commands against .ci/run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { consumerPackageJson, readmePrograms, tarballProblems } from '../../build-tools/consumer-checks';

const ROOT = join(__dirname, '..', '..');
const complete = [
  'package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'bin/cdk8s-capi', 'lib/src/index.js', 'lib/src/index.d.ts', 'lib/src/cli/main.js', 'lib/src/cli/main.d.ts',
  ...['apply', 'sim', 'graph', 'inventory'].flatMap(s => [`lib/src/${s}/index.js`, `lib/src/${s}/index.d.ts`]),
  'lib/src/inventory/schema.json', 'imports/crd-schemas.json', 'imports/crds.lock.json', 'lib/imports/cluster.x-k8s.io.d.ts',
];

describe('tarballProblems', () => {
  test('a complete package has none', () => {
    expect(tarballProblems(complete)).toEqual([]);
  });

  test('fails a package without lib/ (packed before a build)', () => {
    expect(tarballProblems(complete.filter(f => !f.startsWith('lib/')))).toEqual(expect.arrayContaining(['missing lib/src/index.js', 'missing lib/src/inventory/schema.json']));
  });

  test('fails build leftovers, sources and JS without typings', () => {
    const problems = tarballProblems([...complete, '.cdk8s-capi/import-input/metal3.io.yaml', 'cdk8s.yaml', 'src/index.ts', 'imports/metal3.io.ts', 'lib/tsconfig.tsbuildinfo', 'lib/src/x.js']);
    expect(problems).toEqual([
      'should not ship .cdk8s-capi/import-input/metal3.io.yaml', 'should not ship cdk8s.yaml', 'should not ship src/index.ts',
      'should not ship imports/metal3.io.ts', 'should not ship lib/tsconfig.tsbuildinfo', 'lib/src/x.js has no .d.ts',
    ]);
  });
});

test('fails lib/ output whose source is gone (a moved or deleted module tsc left behind)', () => {
  const sources = new Set(complete.filter(f => f.startsWith('lib/src/') && f.endsWith('.js')).map(f => f.replace(/^lib\//, '').replace(/\.js$/, '.ts')));
  expect(tarballProblems([...complete, 'lib/src/validate/rules/capi.js', 'lib/src/validate/rules/capi.d.ts'], s => sources.has(s)))
    .toEqual(['lib/src/validate/rules/capi.js is stale: src/validate/rules/capi.ts no longer exists (clean lib/ and compile)']);
  expect(tarballProblems(complete, s => sources.has(s))).toEqual([]);
});

describe('readmePrograms', () => {
  test('takes the ts blocks that call app.synth(), with their line', () => {
    const md = ['# x', '```ts', 'const a = 1;', '```', '', '```ts', 'import { App } from \'cdk8s\';', 'const app = new App();', 'app.synth();', '```', '```sh', 'app.synth()', '```'].join('\n');
    expect(readmePrograms(md)).toEqual([{ line: 7, code: 'import { App } from \'cdk8s\';\nconst app = new App();\napp.synth();\n' }]);
  });

  test('README.md has the complete programs the consumer test runs', () => {
    const programs = readmePrograms(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    expect(programs.length).toBeGreaterThanOrEqual(5);
    for (const p of programs) expect(p.code).toMatch(/from 'cdk8s-capi'/);
  });
});

test('the consumer app pins a TypeScript that ts-node runs and takes cdk8s as the package\'s peer range', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const app = consumerPackageJson('/tmp/x.tgz', pkg) as any;
  expect(app.dependencies).toEqual({ 'cdk8s-capi': 'file:/tmp/x.tgz', 'cdk8s': pkg.peerDependencies.cdk8s, 'constructs': pkg.peerDependencies.constructs });
  expect(app.devDependencies.typescript).toBe('~5.9.3');
});

test('README opens with the two fresh-clone commands, and .ci/run runs the test one verbatim', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const block = /```sh\n([\s\S]*?)```/.exec(readme)![1].trim().split('\n').map(l => l.replace(/\s+#.*$/, ''));
  expect(block).toEqual(['npm ci && npx projen synth:examples', 'npm ci && npx projen test']);
  expect(readme.indexOf('```sh')).toBeLessThan(readme.indexOf('## '));
  const ci = readFileSync(join(ROOT, '.ci', 'run'), 'utf8').split('\n');
  expect(ci).toContain(block[1]);
});
