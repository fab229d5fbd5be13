// `projen test:consumer`: the package as a user gets it. Packs it, installs the tarball into a
// new cdk8s app (test/consumer/app, every example, every complete program of README.md) and runs
// what a user runs: tsc (strict, skipLibCheck: false), `cdk8s synth` through cdk8s.yaml, and the
// installed CLI. Needs the npm registry (cdk8s, cdk8s-cli, typescript, ts-node).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { consumerPackageJson, readmePrograms, tarballProblems } from './consumer-checks';

const ROOT = join(__dirname, '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const work = mkdtempSync(join(tmpdir(), 'cdk8s-capi-consumer-'));
const app = join(work, 'app');
const env: NodeJS.ProcessEnv = { ...process.env, CDK8S_CHECK_UPGRADE: 'false', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
delete env.TS_NODE_PROJECT;
delete env.TS_NODE_TRANSPILE_ONLY;

function step(title: string): void {
  console.log(`\n▶ ${title}`);
}

function run(cmd: string, args: string[], cwd: string, extraEnv: Record<string, string> = {}): string {
  const r = spawnSync(cmd, args, { cwd, env: { ...env, ...extraEnv }, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) fail(`${cmd} ${args.join(' ')} (in ${cwd}) exited ${r.status}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

function fail(message: string): never {
  console.error(`\n✖ consumer test failed: ${message}\n(work directory kept: ${work})`);
  process.exit(1);
}

function check(ok: boolean, message: string): void {
  if (!ok) fail(message);
  console.log(`  ✓ ${message}`);
}

step('npm pack');
// The task compiled first; prepare would only repeat that (and print into the JSON).
const packed = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], ROOT))[0];
const tarball = join(work, packed.filename as string);
const files: string[] = packed.files.map((f: { path: string }) => f.path);
const problems = tarballProblems(files, src => existsSync(join(ROOT, src)));
check(problems.length === 0, `the tarball holds lib/ (JS + .d.ts), the CRD schemas, the inventory JSON Schema and no build leftovers${problems.length ? `:\n    ${problems.join('\n    ')}` : ''}`);
console.log(`  ${packed.filename}: ${(packed.size / 1024).toFixed(0)} kB packed, ${(packed.unpackedSize / 1024 / 1024).toFixed(1)} MB unpacked, ${files.length} files`);

step('a new cdk8s app with the tarball installed');
cpSync(join(__dirname, '..', 'test', 'consumer', 'app'), app, { recursive: true });
writeFileSync(join(app, 'package.json'), JSON.stringify(consumerPackageJson(tarball, pkg), null, 2));
// Every example, verbatim, as its own program.
const examples = readdirSync(join(ROOT, 'examples'), { withFileTypes: true })
  .filter(d => d.isDirectory() && existsSync(join(ROOT, 'examples', d.name, 'main.ts'))).map(d => d.name).sort();
mkdirSync(join(app, 'examples'));
for (const ex of examples) cpSync(join(ROOT, 'examples', ex, 'main.ts'), join(app, 'examples', `${ex}.ts`));
// Every README code block that is a complete program (it calls app.synth()).
const programs = readmePrograms(readFileSync(join(ROOT, 'README.md'), 'utf8'));
mkdirSync(join(app, 'readme'));
programs.forEach((p, i) => writeFileSync(join(app, 'readme', `program-${i + 1}.ts`), `// README.md line ${p.line}\n${p.code}`));
run('npm', ['install'], app);

step('tsc --noEmit (strict, skipLibCheck: false)');
run(join(app, 'node_modules', '.bin', 'tsc'), ['-p', '.'], app);
check(true, `main.ts, ${examples.length} examples and ${programs.length} README programs type-check against the shipped typings`);

step('cdk8s synth (cdk8s.yaml: npx ts-node main.ts)');
run('npx', ['cdk8s', 'synth'], app);
const dist = join(app, 'dist');
const out = readdirSync(dist).sort();
check(JSON.stringify(out) === JSON.stringify(['dev-eks-a-cluster.yaml', 'edge-7.yaml', 'hardware.csv', 'metal-eks-a-cluster.yaml', 'site-1.yaml', 'vips.yaml']),
  `one EksaApp wrote the RKE2 charts, the plain chart, both EKS-A configs and hardware.csv (${out.join(', ')})`);
const site = parseAllDocuments(readFileSync(join(dist, 'site-1.yaml'), 'utf8')).map(d => d.toJS());
const cp = site.find(o => o.kind === 'RKE2ControlPlane');
check(cp?.metadata?.labels?.team === 'edge', 'the escape-hatch patch on the RKE2ControlPlane is in the output');
check(site.filter(o => o.kind === 'BareMetalHost').length === 4, 'the host added after construction is in the output');
check(site.some(o => o.kind === 'MachineHealthCheck'), 'the typed L1 class (capi.MachineHealthCheck) synthesized');

step('an escape-hatch edit that breaks an upstream rule fails synth, naming the object and field');
const badEscape = spawnSync('npx', ['ts-node', 'bad-escape-hatch.ts'], { cwd: app, env: { ...env, CDK8S_OUTDIR: join(work, 'bad-out') }, encoding: 'utf8' });
check(badEscape.status !== 0 && /\[site-2\/cluster\] MachineDeployment\/site-2-workers spec\.template\.spec\.version: Invalid value: "latest": must be a valid semantic version/.test(badEscape.stderr),
  badEscape.status === 0 ? 'bad-escape-hatch.ts synthesized without an error (exit 0)'
    : `bad-escape-hatch.ts fails: ${(/\[site-2\/cluster\][^\n]*/.exec(badEscape.stderr) ?? [badEscape.stderr.slice(0, 300)])[0]}`);

step('the installed CLI');
const cli = join(app, 'node_modules', '.bin', 'cdk8s-capi');
check(run(cli, ['--version'], app).trim() === pkg.version, `cdk8s-capi --version prints ${pkg.version}`);
run(cli, ['validate', 'dist/'], app);
check(true, 'cdk8s-capi validate dist/ passes');
writeFileSync(join(work, 'bad.yaml'), 'apiVersion: metal3.io/v1alpha1\nkind: BareMetalHost\nmetadata:\n  name: bad\nspec:\n  bmc:\n    address: ilo5://10.0.0.1\n    credentialsName: x\n');
const bad = spawnSync(cli, ['validate', join(work, 'bad.yaml')], { cwd: app, env, encoding: 'utf8' });
check(bad.status === 1 && /bad\.yaml:7 BareMetalHost\/bad spec\.bmc\.address/.test(bad.stdout + bad.stderr), 'a bad manifest exits 1 with file:line, kind/name and field');

step('entry points');
const loaded = run('node', ['-e', `require('cdk8s-capi');
const mods = Object.keys(require.cache).filter(k => k.includes('node_modules/cdk8s-capi/lib/src/')).map(k => k.split('/lib/src/')[1].split('/')[0]);
console.log([...new Set(mods)].sort().join(' '));`], app).trim().split(' ');
const cliSide = loaded.filter(m => ['apply', 'sim', 'graph', 'inventory', 'cli', 'gitops'].includes(m));
check(cliSide.length === 0, `importing 'cdk8s-capi' loads no CLI-side module (loaded: ${loaded.join(', ')})`);
for (const sub of ['apply', 'sim', 'graph', 'inventory']) {
  const keys = run('node', ['-e', `console.log(Object.keys(require('cdk8s-capi/${sub}')).length)`], app).trim();
  check(Number(keys) > 0, `require('cdk8s-capi/${sub}') exports ${keys} names`);
}

step('every example, verbatim, as a program');
for (const ex of examples) {
  const outdir = join(work, 'examples-out', ex);
  run('npx', ['ts-node', join('examples', `${ex}.ts`)], app, { CDK8S_OUTDIR: outdir });
  const expected = join(ROOT, 'dist', ex);
  const same = readdirSync(expected).every(f => readFileSync(join(expected, f), 'utf8') === readFileSync(join(outdir, f), 'utf8'))
    && readdirSync(outdir).length === readdirSync(expected).length;
  check(same, `examples/${ex}/main.ts writes exactly dist/${ex}/`);
}

step('every complete program of README.md');
programs.forEach((p, i) => {
  const outdir = join(work, 'readme-out', String(i + 1));
  run('npx', ['ts-node', join('readme', `program-${i + 1}.ts`)], app, { CDK8S_OUTDIR: outdir });
  run(cli, ['validate', outdir], app);
  check(true, `README.md line ${p.line}: runs, and its output validates`);
});

rmSync(work, { recursive: true, force: true });
console.log('\nconsumer test passed');
