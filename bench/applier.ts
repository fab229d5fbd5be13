// Applier benchmark: apply N reference-sized clusters (3 control-plane hosts each) in one run
// against the simulator at high speed, through the built CLI. Reports wall time, API requests
// per applied object (watches counted apart) and the most requests in flight at once.
// Usage: ts-node bench/applier.ts [counts, default 1,10,50]  (run `npx projen compile` first)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { fleetInventory } from './fleet-inventory';
import { buildInventory } from '../src/inventory/build';
import { loadInventory } from '../src/inventory/load';
import { writeOutput } from '../src/inventory/write';
import { Simulator } from '../src/sim/simulator';

export interface ApplierRow {
  readonly clusters: number;
  readonly objects: number;
  readonly ms: number;
  readonly requests: number;
  readonly watches: number;
  readonly maxConcurrent: number;
}

const BIN = join(__dirname, '..', 'bin', 'cdk8s-capi');

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise(resolve => {
    const c = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, CI: '1' } });
    let stdout = '';
    let stderr = '';
    c.stdout.on('data', d => (stdout += d));
    c.stderr.on('data', d => (stderr += d));
    c.on('close', code => resolve({ code, stdout, stderr }));
  });
}

export async function runApplier(counts: number[], speed = 1000): Promise<ApplierRow[]> {
  const rows: ApplierRow[] = [];
  for (const n of counts) {
    const dir = mkdtempSync(join(tmpdir(), `bench-apply-${n}-`));
    writeFileSync(join(dir, 'fleet.yaml'), stringify(fleetInventory(n, { controlPlane: 3, workers: 0 })));
    const { outputs } = buildInventory(loadInventory(join(dir, 'fleet.yaml')));
    writeOutput(outputs, { outdir: join(dir, 'dist') });
    const sim = new Simulator({ speed, seed: 1, kubeconfigPath: join(dir, 'sim.kubeconfig') });
    const handle = await sim.start();
    try {
      // The BMC credential placeholders the fleet's Secrets carry, filled as an operator would (synth
      // already emits each site's Namespace).
      const vars = [...new Set([...JSON.stringify(outputs).matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map(m => m[1]))];
      writeFileSync(join(dir, 'bmc.env'), vars.map(v => `${v}=bench-${v.toLowerCase()}`).join('\n'));
      const r = await run(['apply', join(dir, 'dist'), '--kubeconfig', handle.kubeconfigPath, '--kubeconfig-out', join(dir, 'kc'),
        '--env-file', join(dir, 'bmc.env'), '--stable', '200ms', '--output', 'json', '--concurrency', '16']);
      const done = r.stdout.trim().split('\n').map(l => JSON.parse(l)).find(e => e.type === 'done');
      if (r.code !== 0 || !done) throw new Error(`apply of ${n} clusters failed (${r.code}): ${r.stderr.slice(0, 2000)}`);
      rows.push({
        clusters: n, objects: done.objects, ms: done.ms, requests: done.requests, watches: done.watches, maxConcurrent: done.maxConcurrent,
      });
    } finally {
      await sim.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return rows;
}

export function applierTable(rows: ApplierRow[]): string {
  const lines = ['| clusters | objects | wall s | API requests | per object (excl. watches) | watches | max in flight |', '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |'];
  for (const r of rows) {
    lines.push(`| ${r.clusters} | ${r.objects} | ${(r.ms / 1000).toFixed(1)} | ${r.requests} | ${((r.requests - r.watches) / r.objects).toFixed(2)} | ${r.watches} | ${r.maxConcurrent} |`);
  }
  return lines.join('\n');
}

if (require.main === module) {
  const counts = (process.argv[2] ?? '1,10,50').split(',').map(Number);
  runApplier(counts).then(rows => console.log(applierTable(rows)), e => {
    console.error(e);
    process.exit(1);
  });
}
