import { javascript, typescript } from 'projen';

// projen is the source of truth for package.json, tsconfig, jest and eslint config.
// Versions are pinned to what installs together on Node 20 and runs under a CommonJS jest
// (see docs/DESIGN-NOTES.md "Toolchain").
const project = new typescript.TypeScriptProject({
  name: 'cdk8s-capi',
  packageName: 'cdk8s-capi',
  description: 'Typed cdk8s constructs, validation, a CLI and an applier for Cluster API on bare metal (Metal3 + RKE2 + MetalLB) and EKS Anywhere',
  license: 'Apache-2.0',
  copyrightOwner: 'cdk8s-capi authors',
  defaultReleaseBranch: 'main',
  projenrcTs: true,
  github: false,
  release: false,
  depsUpgrade: false,
  buildWorkflow: false,
  packageManager: javascript.NodePackageManager.NPM,
  minNodeVersion: '20.19.0',
  typescriptVersion: '~5.9.3',
  keywords: ['cdk8s', 'cluster-api', 'metal3', 'rke2', 'metallb', 'eks-anywhere', 'bare-metal', 'kubernetes'],
  // `dist/` holds the committed example output, so npm pack goes elsewhere.
  artifactsDirectory: 'dist-pkg',
  srcdir: 'src',
  testdir: 'test',
  libdir: 'lib',
  entrypoint: 'lib/src/index.js',
  entrypointTypes: 'lib/src/index.d.ts',
  bin: { 'cdk8s-capi': 'bin/cdk8s-capi' },
  // cdk8s and constructs are the user's: one copy in the app, or Chart/App identity breaks
  // (as cdk8s-plus declares them). npm installs peer dependencies itself.
  peerDeps: [
    'cdk8s@^2.70.106',
    'constructs@^10.4.2',
  ],
  deps: [
    'cdk8s-plus-28@~2.5.6',
    'ajv@^8.17.1',
    'ajv-formats@^3.0.1',
    'yaml@^2.8.1',
    // Writing synth output: several times faster than yaml's stringify, same bytes for our data (src/core/yaml-output.ts).
    'js-yaml@^4.1.0',
    'semver@^7.7.2',
    'ipaddr.js@^2.2.0',
    'commander@^14.0.0',
    'csv-parse@^6.1.0',
    'csv-stringify@^6.6.0',
    '@kubernetes/client-node@~1.4.0',
    // The simulator's throwaway TLS certificate (ECDSA, SANs) — Node can sign but not build X.509.
    'selfsigned@^5.5.0',
    // Terminal column widths for the live view; v4 is the CommonJS line.
    'string-width@^4.2.3',
    // CRD x-kubernetes-validations (CEL) in the schema layer; 0.x, so the minor is pinned. Its
    // CommonJS build loads under jest and Node 20; protobuf is its peer (durations, timestamps).
    '@bufbuild/cel@~0.6.1',
    '@bufbuild/protobuf@^2.6.2',
  ],
  devDeps: [
    'cdk8s-cli@^2.207.0',
    'fast-check@^4.3.0',
    // Resolves `import … from 'cdk8s-capi'` in examples/ to src/ under ts-node (tsconfig.dev.json paths).
    'tsconfig-paths@^4.2.0',
    '@types/semver@^7.7.0',
    '@types/js-yaml@^4.0.9',
    '@types/node@^20.19.0',
  ],
  jestOptions: {
    updateSnapshot: javascript.UpdateSnapshot.NEVER,
    jestConfig: {
      testTimeout: 60_000,
      // Coverage is on demand (`npx projen test:coverage`), not in every run.
      collectCoverage: false,
      coverageReporters: ['text-summary', 'lcov'],
    },
  },
  tsconfig: {
    compilerOptions: {
      rootDir: '.',
      lib: ['es2022'],
      target: 'ES2022',
      module: 'node16',
      moduleResolution: javascript.TypeScriptModuleResolution.NODE16,
      skipLibCheck: true,
      // The package ships .js + .d.ts only: inline source maps doubled lib/ with a copy of the sources.
      inlineSourceMap: false,
      inlineSources: false,
      // stripInternal removed @internal types that public declarations still referenced, so the
      // shipped typings failed tsc with skipLibCheck: false. Internals are `_`-prefixed instead.
      stripInternal: false,
      // The compiled package must not need the test-only type packages.
      types: ['node'],
    },
    include: ['src/**/*.ts', 'imports/**/*.ts'],
  },
  tsconfigDevFile: 'tsconfig.dev.json',
  tsconfigDev: {
    compilerOptions: {
      rootDir: '.',
      lib: ['es2022'],
      target: 'ES2022',
      module: 'node16',
      moduleResolution: javascript.TypeScriptModuleResolution.NODE16,
      skipLibCheck: true,
      types: ['jest', 'node', 'semver'],
      // examples/ import the package by its name, as a user's app does; in the repository that name is src/.
      paths: {
        'cdk8s-capi': ['./src/index.ts'],
        'cdk8s-capi/*': ['./src/*/index.ts'],
      },
    },
    include: ['src/**/*.ts', 'imports/**/*.ts', 'test/**/*.ts', 'examples/**/*.ts', 'build-tools/**/*.ts', 'bench/**/*.ts', '.projenrc.ts', 'projenrc/**/*.ts'],
    exclude: ['node_modules', 'lib', 'dist-pkg', 'coverage'],
  },
  gitignore: [
    // Generated L1 classes and trimmed schemas are build outputs; only the pin file is source.
    '/imports/*',
    '!/imports/crds.lock.json',
    '!/imports/README.md',
    '/dist-pkg/',
    '/.cdk8s-capi/',
    '*.tmp',
  ],
  // The package contents are an allowlist (package.json "files"), not an ignore list.
  npmignoreEnabled: false,
  eslintOptions: { tsconfigPath: './tsconfig.dev.json', dirs: ['src'], devdirs: ['test', 'build-tools', 'examples', 'bench', 'projenrc'] },
});

// release: false leaves the version to us; CHANGELOG.md says what each one holds.
project.package.addVersion('0.1.0');

// The committed example output lives in dist/ (projen ignores it by default).
project.gitignore.removePatterns('/dist/');

// What the package holds: compiled JS and typings (src, generated L1 classes, JSON Schemas), the
// CLI launcher, the CRD pins and the schema bundle validation reads at run time.
project.package.addField('files', [
  'lib/**/*.js',
  'lib/**/*.d.ts',
  'lib/**/*.json',
  'bin/cdk8s-capi',
  'imports/crds.lock.json',
  'imports/crd-schemas.json',
  'CHANGELOG.md',
]);

// Entry points. The main one holds the constructs and the validation API; the CLI-side parts
// are subpaths, so importing a construct never loads the applier, the simulator or the graph.
const SUBPATHS = ['apply', 'sim', 'graph', 'inventory'];
project.package.addField('exports', {
  '.': { types: './lib/src/index.d.ts', default: './lib/src/index.js' },
  ...Object.fromEntries(SUBPATHS.map(s => [`./${s}`, { types: `./lib/src/${s}/index.d.ts`, default: `./lib/src/${s}/index.js` }])),
  './inventory/schema.json': './lib/src/inventory/schema.json',
  './package.json': './package.json',
});
// TypeScript's node10 resolution (cdk8s init's tsconfig) ignores "exports": map the subpaths for it.
project.package.addField('typesVersions', { '*': Object.fromEntries(SUBPATHS.map(s => [s, [`lib/src/${s}/index.d.ts`]])) });

// Typed L1 classes come from `cdk8s import` of the pinned upstream CRDs (imports/crds.lock.json).
const importTask = project.addTask('import', {
  description: 'Verify pinned CRDs (cache or download), trim them and generate imports/ (incremental)',
  env: { CDK8S_CHECK_UPGRADE: 'false' },
  exec: 'ts-node --transpile-only build-tools/import-crds.ts',
});
project.preCompileTask.spawn(importTask);
// `projen compile` alone must work on a fresh clone too: the sources import the generated classes.
project.compileTask.prependSpawn(importTask);
// After tsc: the CRD validators compiled once, into lib/precompiled-validators (incremental).
project.compileTask.exec('ts-node --transpile-only build-tools/precompile-validators.ts');

// npm runs "prepare" after `npm ci`/`npm install` in a clone and before `npm pack`: the package
// builds itself (import + compile), so `npx cdk8s-capi` works right after install and a packed
// tarball always holds lib/.
project.addTask('prepare', {
  description: 'Build after install and before pack (import the pinned CRDs, compile)',
}).spawn(project.compileTask);

// test = import → compile → type-check everything (src, tests, examples) → jest → eslint.
project.testTask.reset();
project.testTask.spawn(importTask);
// The smoke tests run the built binary (bin/cdk8s-capi → lib/), as a user would.
project.testTask.spawn(project.compileTask);
project.testTask.exec('tsc --noEmit -p tsconfig.dev.json');
project.testTask.exec('jest --passWithNoTests --ci', { receiveArgs: true });
// The test checks lint, it never rewrites the tree: eslint without --fix (`npx projen eslint` fixes).
project.testTask.spawn(project.addTask('lint', {
  description: 'eslint as the test runs it: reports, fixes nothing (npx projen eslint fixes)',
  env: { ESLINT_USE_FLAT_CONFIG: 'false', NODE_NO_WARNINGS: '1' },
  exec: 'eslint --ext .ts,.tsx --no-error-on-unmatched-pattern --max-warnings 0 src test build-tools examples bench projenrc .projenrc.ts',
}));

// Coverage on demand: every source file counted (loaded or not), the unit project (the smoke
// tests' child processes are invisible to it), and src/apply held to 80 % of its lines.
project.addTask('test:coverage', {
  description: 'Jest with coverage of src/ (unit project); fails when src/apply is under 80% of lines',
  exec: 'jest --ci --selectProjects unit --coverage --collectCoverageFrom=\'src/**/*.ts\' '
    + '--coverageThreshold=\'{"./src/apply/":{"lines":80}}\'',
  receiveArgs: true,
}).prependSpawn(project.compileTask);

// The package as a user gets it: pack, install into a new cdk8s app, tsc, cdk8s synth, the CLI.
const consumerTask = project.addTask('test:consumer', {
  description: 'Pack the package, install it into a new cdk8s app (test/consumer/app, the examples, README programs) and run tsc, cdk8s synth and the CLI',
  exec: 'ts-node --transpile-only build-tools/consumer-test.ts',
});
consumerTask.prependSpawn(project.compileTask);
project.testTask.spawn(consumerTask);

project.addTask('coverage-matrix', {
  description: 'Write docs/upstream-coverage.md from the rule catalog and the rule cases',
  exec: 'ts-node --transpile-only build-tools/coverage-matrix.ts',
});

project.addTask('bench', {
  description: 'Benchmarks (fleet synth vs floors, applier against the simulator); BENCH_SITES / BENCH_CLUSTERS override the sizes',
  exec: 'ts-node --transpile-only bench/run.ts',
}).prependSpawn(project.compileTask);

// ts-node with the dev tsconfig, whose paths resolve 'cdk8s-capi' to src/ (tsconfig-paths).
const TS_NODE_ENV = { TS_NODE_PROJECT: 'tsconfig.dev.json', TS_NODE_TRANSPILE_ONLY: 'true' };
project.addTask('synth:examples', {
  description: 'Synthesize every example into dist/',
  env: { CDK8S_CHECK_UPGRADE: 'false', ...TS_NODE_ENV },
  exec: 'ts-node -r tsconfig-paths/register build-tools/synth-examples.ts',
}).prependSpawn(importTask);

// Lint test/, examples/ and build-tools/ with the dev tsconfig (the project service would pick
// tsconfig.json, which only covers src/).
const eslintrc = project.tryFindObjectFile('.eslintrc.json');
eslintrc?.addDeletionOverride('parserOptions.projectService');
eslintrc?.addOverride('parserOptions.project', './tsconfig.dev.json');

// IP prefix arithmetic and file modes are bit operations.
project.eslint?.addRules({ 'no-bitwise': 'off' });

// Two jest projects: `unit` — everything in this process (the applier against the simulator's
// engine in simulated time, the CLI through main()); `smoke` — real processes: the built binary,
// kubectl and @kubernetes/client-node against the simulator's HTTPS server, a pseudo-terminal.
const packageJson = project.tryFindObjectFile('package.json')!;
const jestProject = (displayName: string, testMatch: string[], extra: object = {}) => ({
  displayName,
  testMatch,
  testPathIgnorePatterns: ['/node_modules/'],
  clearMocks: true,
  // Property tests without a seed of their own run the same cases every time (FC_SEED to explore).
  setupFiles: ['<rootDir>/test/setup/fast-check-seed.ts'],
  // ts-jest: transpile only (tsc already type-checked), which keeps the suite fast with large imports/.
  transform: { '^.+\\.[t]sx?$': ['ts-jest', { tsconfig: 'tsconfig.dev.json', isolatedModules: true }] },
  // The package's own name inside the repository (examples/ import it): src/, as in tsconfig.dev.json.
  moduleNameMapper: {
    '^cdk8s-capi$': '<rootDir>/src/index.ts',
    [`^cdk8s-capi/(${SUBPATHS.join('|')})$`]: '<rootDir>/src/$1/index.ts',
  },
  ...extra,
});
packageJson.addOverride('jest.projects', [
  jestProject('unit', ['<rootDir>/test/**/*.test.ts'], { testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/smoke/'] }),
  jestProject('smoke', ['<rootDir>/test/smoke/**/*.test.ts']),
]);
for (const moved of ['testMatch', 'testPathIgnorePatterns', 'watchPathIgnorePatterns', 'clearMocks', 'coveragePathIgnorePatterns', 'transform']) {
  packageJson.addDeletionOverride(`jest.${moved}`);
}
packageJson.addOverride('jest.coverageReporters', ['text-summary', 'lcov']);
// One temporary directory per run, removed after it (cdk8s' Testing.app() leaves one per app).
packageJson.addOverride('jest.globalSetup', '<rootDir>/test/setup/global-tmpdir.js');
packageJson.addOverride('jest.globalTeardown', '<rootDir>/test/setup/global-tmpdir-teardown.js');
// Both cores: the unit project is CPU-bound, the smoke project mostly waits on its children.
packageJson.addOverride('jest.maxWorkers', 2);

project.synth();
