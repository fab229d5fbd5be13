// Fuzzing the CLI's inputs in process (issue 13): the bundled examples' YAML (dist/), the
// inventories and the hardware CSVs, mutated structurally and textually, through `validate`,
// `graph` and `synth`. Every outcome must be exit 0, 1 or 2 with a message: never an exception,
// a stack trace or a run that takes seconds. Fixed seed, a few seconds (FUZZ_MS, FUZZ_SEED to explore).
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import fc from 'fast-check';
import { RunResult, STACK_LINE, run } from './capture';
import { CsvOp, YamlMutation, csvMutation, mutateCsv, mutateYaml, yamlMutation } from './fuzz-mutations';

const ROOT = resolve(__dirname, '..', '..');
const BUDGET_MS = Number(process.env.FUZZ_MS ?? 4000);
const SEED = Number(process.env.FUZZ_SEED ?? 1312);
/** FUZZ_COLLECT=1: keep going after a failure and print each distinct one (for exploring). */
const COLLECT = process.env.FUZZ_COLLECT === '1';
const collected = new Map<string, { count: number; example: string }>();
const outcomes = new Map<string, number>();
/** A single case slower than this counts as a hang. */
const CASE_LIMIT_MS = 5000;

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).sort().flatMap(e => {
    const p = join(dir, e);
    return statSync(p).isDirectory() ? files(p, ext) : ext.test(e) ? [p] : [];
  });
}

const MANIFESTS = files(join(ROOT, 'dist'), /\.ya?ml$/).filter(f => basename(f) !== 'kustomization.yaml');
const INVENTORIES = files(join(ROOT, 'examples', 'inventories'), /\.ya?ml$/);
const CSVS = [join(ROOT, 'examples', 'inventories', 'eksa-tinkerbell-hosts.csv'), ...files(join(ROOT, 'dist'), /\.csv$/)];
const TINKERBELL = join(ROOT, 'dist', 'eksa-tinkerbell', 'metal-eks-a-cluster.yaml');
const TINKERBELL_INVENTORY = join(ROOT, 'examples', 'inventories', 'eksa-tinkerbell.yaml');
const SEED_TEXT = new Map([...MANIFESTS, ...INVENTORIES, ...CSVS].map(f => [f, readFileSync(f, 'utf8')]));

const work = mkdtempSync(join(tmpdir(), 'cli-fuzz-'));

type Case =
  | { kind: 'manifest'; seed: number; mutation: YamlMutation; graph: boolean }
  | { kind: 'inventory'; seed: number; mutation: YamlMutation }
  | { kind: 'csv'; seed: number; ops: CsvOp[] };

const cases: fc.Arbitrary<Case> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('manifest' as const), seed: fc.nat(), mutation: yamlMutation, graph: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('inventory' as const), seed: fc.nat(), mutation: yamlMutation }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('csv' as const), seed: fc.nat(), ops: csvMutation }) },
);

/** The commands of a case, with their input files written to the work directory. */
function commands(c: Case): Array<{ args: string[]; stdin?: string; input: string }> {
  const dir = mkdtempSync(join(work, 'case-'));
  const out = join(dir, 'out');
  if (c.kind === 'manifest') {
    const seed = MANIFESTS[c.seed % MANIFESTS.length];
    const input = mutateYaml(SEED_TEXT.get(seed)!, c.mutation);
    const cmds = [{ args: ['validate', '-'], stdin: input, input }];
    if (c.graph) cmds.push({ args: ['graph', '-'], stdin: input, input });
    return cmds;
  }
  if (c.kind === 'inventory') {
    const seed = INVENTORIES[c.seed % INVENTORIES.length];
    const input = mutateYaml(SEED_TEXT.get(seed)!, c.mutation);
    writeFileSync(join(dir, 'inventory.yaml'), input);
    copyFileSync(CSVS[0], join(dir, basename(CSVS[0])));
    return [{ args: ['synth', '-f', join(dir, 'inventory.yaml'), '-o', out], input }];
  }
  const seed = CSVS[c.seed % CSVS.length];
  const input = mutateCsv(SEED_TEXT.get(seed)!, c.ops);
  writeFileSync(join(dir, 'hardware.csv'), input);
  writeFileSync(join(dir, basename(CSVS[0])), input);
  copyFileSync(TINKERBELL_INVENTORY, join(dir, 'inventory.yaml'));
  return [
    { args: ['validate', TINKERBELL, join(dir, 'hardware.csv')], input },
    { args: ['synth', '-f', join(dir, 'inventory.yaml'), '-o', out], input },
  ];
}

let failed = false;
afterAll(() => {
  // Failing inputs stay for a repro (their paths are in the failure message).
  if (!failed) rmSync(work, { recursive: true, force: true });
});

function check(args: string[], input: string, r: RunResult | undefined, error: unknown, ms: number): void {
  const where = () => {
    failed = true;
    const file = join(work, `failure-${Date.now()}.txt`);
    writeFileSync(file, input);
    return `cdk8s-capi ${args.join(' ')} (input saved in ${file})`;
  };
  if (error) throw new Error(`${where()} threw: ${(error as Error)?.stack ?? String(error)}`);
  if (ms > CASE_LIMIT_MS) throw new Error(`${where()} took ${ms} ms`);
  if (![0, 1, 2].includes(r!.code)) throw new Error(`${where()} exited ${r!.code}`);
  if (STACK_LINE.test(r!.stdout) || STACK_LINE.test(r!.stderr)) throw new Error(`${where()} printed a stack trace:\n${r!.stderr}`);
  if (r!.code !== 0 && !(r!.stdout + r!.stderr).trim()) throw new Error(`${where()} exited ${r!.code} without a message`);
}

async function runCase(c: Case): Promise<void> {
  for (const { args, stdin, input } of commands(c)) {
    const start = Date.now();
    let r: RunResult | undefined;
    let error: unknown;
    try {
      r = await run(args, stdin);
    } catch (e) {
      error = e;
    }
    if (COLLECT) outcomes.set(`${c.kind} ${args[0]} → ${r?.code ?? 'threw'}`, (outcomes.get(`${c.kind} ${args[0]} → ${r?.code ?? 'threw'}`) ?? 0) + 1);
    try {
      check(args, input, r, error, Date.now() - start);
    } catch (e) {
      if (!COLLECT) throw e;
      // One entry per message and first src/ frame.
      const msg = (e as Error).message;
      const key = `${/threw: ([^\n]*)/.exec(msg)?.[1]?.replace(/\d+/g, 'N') ?? msg.split('\n')[0].replace(/\(input saved.*$/, '')} @ ${/\(?(src\/[^):]+:\d+)/.exec(msg)?.[1] ?? ''}`;
      const seen = collected.get(key) ?? { count: 0, example: msg.slice(0, 3000) };
      seen.count++;
      collected.set(key, seen);
    }
  }
}

test('the unmutated examples pass through validate, graph and synth (and warm up the schemas)', async () => {
  for (const f of MANIFESTS) expect((await run(['validate', f])).code).toBe(0);
  for (const f of INVENTORIES) {
    expect((await run(['synth', '-f', f, '-o', join(mkdtempSync(join(work, 'seed-')), 'out')])).stderr).toMatch(/^synthesized/);
  }
});

test(`mutated examples, inventories and CSVs: exit 0/1/2 with a message, never a crash (seed ${SEED}, ${BUDGET_MS} ms)`, async () => {
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(cases, async c => {
      runs++;
      await runCase(c);
    }),
    { seed: SEED, numRuns: 100_000, interruptAfterTimeLimit: BUDGET_MS, markInterruptAsFailure: false, endOnFailure: process.env.FUZZ_SHRINK !== '1' },
  );
  expect(runs).toBeGreaterThanOrEqual(15);
  if (COLLECT) console.log([...outcomes].sort().map(([k, n]) => `${k}: ${n}`).join('\n'));
  if (COLLECT) console.log([...collected].map(([k, v]) => `${v.count}× ${k}\n${v.example}`).join('\n\n') || 'fuzz: nothing found');
}, BUDGET_MS + 60_000);
