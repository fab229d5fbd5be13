// Pure parts of the consumer test (tested in test/build-tools/consumer-checks.test.ts).

/** What the packed tarball must and must not hold; returns the problems. */
/**
 * What is wrong with the packed file list. `hasSource` tells whether a src/ file exists: lib/
 * output of a source that was moved or deleted (tsc never removes it) would ship, and Node
 * resolves `./rules/capi` to a stale `capi.js` before the new `capi/index.js`.
 */
export function tarballProblems(files: readonly string[], hasSource: (srcPath: string) => boolean = () => true): string[] {
  const has = new Set(files);
  const problems: string[] = [];
  const required = [
    'package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'bin/cdk8s-capi',
    'lib/src/index.js', 'lib/src/index.d.ts', 'lib/src/cli/main.js',
    ...['apply', 'sim', 'graph', 'inventory'].flatMap(s => [`lib/src/${s}/index.js`, `lib/src/${s}/index.d.ts`]),
    'lib/src/inventory/schema.json', 'imports/crd-schemas.json', 'imports/crds.lock.json', 'lib/imports/cluster.x-k8s.io.d.ts',
  ];
  for (const f of required) if (!has.has(f)) problems.push(`missing ${f}`);
  const leftovers = [/^\.cdk8s-capi\//, /^cdk8s\.yaml$/, /^src\//, /^test\//, /^dist\//, /^examples\//, /^bench\//, /^build-tools\//,
    /\.tsbuildinfo$/, /^imports\/.*\.ts$/, /^lib\/.*\.map$/, /^\.projen/, /^coverage\//, /^test-reports\//];
  for (const f of files) if (leftovers.some(r => r.test(f))) problems.push(`should not ship ${f}`);
  for (const f of files) {
    if (f.startsWith('lib/src/') && f.endsWith('.js') && !has.has(f.replace(/\.js$/, '.d.ts'))) problems.push(`${f} has no .d.ts`);
    const source = f.startsWith('lib/src/') && f.endsWith('.js') ? f.replace(/^lib\//, '').replace(/\.js$/, '.ts') : undefined;
    if (source && !hasSource(source)) problems.push(`${f} is stale: ${source} no longer exists (clean lib/ and compile)`);
  }
  return problems;
}

/** The consumer app's package.json: the tarball plus what a cdk8s TypeScript app has. */
export function consumerPackageJson(tarball: string, pkg: { peerDependencies?: Record<string, string> }): object {
  return {
    name: 'consumer-app',
    private: true,
    dependencies: {
      'cdk8s-capi': `file:${tarball}`,
      'cdk8s': pkg.peerDependencies?.cdk8s ?? '^2.70.106',
      'constructs': pkg.peerDependencies?.constructs ?? '^10.4.2',
    },
    devDependencies: {
      'cdk8s-cli': '^2.207.0',
      // ts-node 10 does not run on TypeScript 7 (the registry's latest): pin 5.9, as README says.
      'typescript': '~5.9.3',
      'ts-node': '^10.9.2',
      '@types/node': '^20',
    },
  };
}

export interface ReadmeProgram {
  /** 1-based line of the code block's first line of code. */
  readonly line: number;
  readonly code: string;
}

/** README ```ts blocks that are complete programs: they call `app.synth()`. */
export function readmePrograms(markdown: string): ReadmeProgram[] {
  const out: ReadmeProgram[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!/^```(ts|typescript)\s*$/.test(lines[i])) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !/^```\s*$/.test(lines[end])) end++;
    const code = lines.slice(start, end).join('\n');
    if (/\bapp\.synth\(\)/.test(code)) out.push({ line: start + 1, code: `${code}\n` });
    i = end;
  }
  return out;
}
