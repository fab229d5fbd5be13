// Fleet synth benchmark: inventories of N multinode sites (3 control-plane + 3 worker hosts),
// ours vs the serialization floor vs plain cdk8s ApiObjects vs `kubectl kustomize` over the
// same output, each in its own process (wall time of the work, peak RSS).
// Usage: ts-node bench/fleet-synth.ts [sizes, default 100,1000,2000]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { fleetInventory } from './fleet-inventory';
import { buildInventory } from '../src/inventory/build';
import { loadInventory } from '../src/inventory/load';
import { writeOutput } from '../src/inventory/write';

export interface SynthRow {
  readonly sites: number;
  readonly variant: string;
  readonly ms: number;
  readonly maxRssMb: number;
  /** The run was stopped at the timeout (ms is then a lower bound). */
  readonly timedOut?: boolean;
}

const CHILD = join(__dirname, 'synth-child.ts');
const TS_NODE = join(__dirname, '..', 'node_modules', '.bin', 'ts-node');

function child(mode: string, input: string, out: string): { ms: number; maxRssMb: number } {
  const r = spawnSync(TS_NODE, ['--transpile-only', CHILD, mode, input, out], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (r.status !== 0) throw new Error(`${mode} failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** kustomize grows faster than linearly with the number of resources; cap its run. */
const KUSTOMIZE_TIMEOUT_MS = Number(process.env.BENCH_KUSTOMIZE_TIMEOUT_S ?? 300) * 1000;

function kustomize(root: string): { ms: number; maxRssMb: number; timedOut?: boolean } {
  const t0 = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-f', '%M', 'kubectl', 'kustomize', root],
    { encoding: 'utf8', maxBuffer: 1 << 30, timeout: KUSTOMIZE_TIMEOUT_MS, killSignal: 'SIGKILL' });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.signal === 'SIGKILL' || r.error) return { ms, maxRssMb: NaN, timedOut: true };
  if (r.status !== 0) throw new Error(`kubectl kustomize failed: ${r.stderr}`);
  const kb = Number(r.stderr.trim().split('\n').pop());
  return { ms, maxRssMb: kb / 1024 };
}

export function runFleetSynth(sizes: number[]): SynthRow[] {
  const rows: SynthRow[] = [];
  for (const n of sizes) {
    const dir = mkdtempSync(join(tmpdir(), `bench-fleet-${n}-`));
    const inv = join(dir, 'fleet.yaml');
    writeFileSync(inv, stringify(fleetInventory(n)));
    // The same objects for the floor and plain-cdk8s variants (computed once, untimed), and the
    // fleet checked: every site synthesized without a problem, six hosts each.
    const { outputs, problems } = buildInventory(loadInventory(inv));
    if (problems.length || outputs.length !== n || outputs.some(o => o.hosts.filter(h => h.kind === 'BareMetalHost').length !== 6)) {
      throw new Error(`the ${n}-site fleet did not synthesize as expected: ${problems.length} problems, ${outputs.length} sites`);
    }
    const objects = join(dir, 'objects.json');
    writeFileSync(objects, JSON.stringify(outputs.map(o => ({ name: o.name, hosts: o.hosts, cluster: o.cluster }))));
    // kustomize renders the same per-site output through one root kustomization.
    const site = join(dir, 'kustomize');
    writeOutput(outputs, { outdir: site });
    mkdirSync(join(dir, 'root'));
    writeFileSync(join(dir, 'root', 'kustomization.yaml'), stringify({ resources: outputs.map(o => `../kustomize/${o.name}`) }));
    for (const variant of ['ours', 'floor', 'plain']) {
      rows.push({ sites: n, variant, ...child(variant, variant === 'ours' ? inv : objects, join(dir, `out-${variant}`)) });
    }
    rows.push({ sites: n, variant: 'kustomize', ...kustomize(join(dir, 'root')) });
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

export function fleetSynthTable(rows: SynthRow[]): string {
  const floor = (n: number) => rows.find(r => r.sites === n && r.variant === 'floor')!.ms;
  const lines = ['| sites | variant | wall ms | peak RSS MB | × floor |', '| ---: | --- | ---: | ---: | ---: |'];
  for (const r of rows) {
    const gt = r.timedOut ? '> ' : '';
    lines.push(`| ${r.sites} | ${r.variant} | ${gt}${r.ms.toFixed(0)} | ${r.timedOut ? '—' : r.maxRssMb.toFixed(0)} | ${gt}${(r.ms / floor(r.sites)).toFixed(2)} |`);
  }
  const ours = (n: number) => rows.find(r => r.sites === n && r.variant === 'ours')?.ms;
  if (ours(1000) && ours(2000)) lines.push('', `time(2000)/time(1000) for ours: ${(ours(2000)! / ours(1000)!).toFixed(2)}`);
  return lines.join('\n');
}

if (require.main === module) {
  const sizes = (process.argv[2] ?? '100,1000,2000').split(',').map(Number);
  const rows = runFleetSynth(sizes);
  console.log(fleetSynthTable(rows));
}
