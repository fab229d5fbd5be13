// Applier near the wire: a server-side dry run of the 48-site fleet (1,008 objects) against the
// simulator's HTTPS API server, three ways, alternating, medians:
//   floor   raw server-side-apply PATCHes of the same objects, 8 in flight over keep-alive,
//           doing nothing else (ssa-floor.ts, run by plain `node`);
//   floor + client-node   the same after importing @kubernetes/client-node (what loading the
//           kubeconfig library alone costs any applier built on it);
//   ours    `cdk8s-capi apply --dry-run server` through the built CLI, offline validation included;
//   ours --no-validate    the same without the offline validation;
//   kubectl `kubectl apply --server-side --dry-run=server` of the same files;
//   base    with BENCH_BASE_BIN=<other checkout>/bin/cdk8s-capi, `ours` as built there (before/after).
// Every figure is the wall time of a whole process (spawn to exit); requests are counted by the
// simulator. The fleet's namespaces exist up front so that every object is sent.
// Usage: ts-node bench/applier-wire.ts [sites=48] [repetitions=5]  (run `npx projen compile` first)
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transpileModule, ModuleKind, ScriptTarget } from 'typescript';
import { stringify } from 'yaml';
import { fleetInventory } from './fleet-inventory';
import { substitute } from '../src/apply/substitute';
import { KubeObject } from '../src/core/kube-object';
import { buildInventory } from '../src/inventory/build';
import { loadInventory } from '../src/inventory/load';
import { writeOutput } from '../src/inventory/write';
import { Simulator } from '../src/sim/simulator';
import { loadInput } from '../src/validate/input-load';

const BIN = join(__dirname, '..', 'bin', 'cdk8s-capi');
const IN_FLIGHT = 8;
const CLIENT_NODE = pathToFileURL(require.resolve('@kubernetes/client-node')).href;

export type WireVariant = 'floor' | 'floor + client-node' | 'ours' | 'ours --no-validate' | 'base' | 'kubectl';

export interface WireRow {
  readonly variant: WireVariant;
  readonly objects: number;
  /** Wall times of every repetition (ms). */
  readonly runs: number[];
  readonly medianMs: number;
  /** Requests the simulator answered in one run (the last), and how many connections they used. */
  readonly requests: number;
  readonly connections: number;
  readonly maxInFlight: number;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

interface Timed {
  readonly code: number | null;
  readonly ms: number;
  readonly stdout: string;
  readonly stderr: string;
}

function spawnTimed(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Timed> {
  return new Promise(resolve => {
    const t0 = performance.now();
    const c = spawn(cmd, args, { env: { ...process.env, CI: '1', ...env } });
    let stdout = '';
    let stderr = '';
    c.stdout.on('data', d => (stdout += d));
    c.stderr.on('data', d => (stderr += d));
    c.on('close', code => resolve({ code, ms: performance.now() - t0, stdout, stderr }));
  });
}

/** Synthesizes the fleet into `dir/dist` and returns its manifest files (kustomization files left out). */
function synthFleet(dir: string, sites: number): string[] {
  writeFileSync(join(dir, 'fleet.yaml'), stringify(fleetInventory(sites)));
  const { outputs } = buildInventory(loadInventory(join(dir, 'fleet.yaml')));
  writeOutput(outputs, { outdir: join(dir, 'dist') });
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith('.yaml') && e.name !== 'kustomization.yaml') files.push(join(d, e.name));
    }
  };
  walk(join(dir, 'dist'));
  return files;
}

export async function runApplierWire(sites = 48, repetitions = 5, baseBin = process.env.BENCH_BASE_BIN): Promise<WireRow[]> {
  const dir = mkdtempSync(join(tmpdir(), `bench-wire-${sites}-`));
  const sim = new Simulator({ seed: 1, speed: 1000, kubeconfigPath: join(dir, 'sim.kubeconfig'), namespaces: Array.from({ length: sites }, (_, s) => `site${s}`) });
  try {
    const files = synthFleet(dir, sites);
    const objects = loadInput([join(dir, 'dist')]).manifests.map(m => m.object);
    // The BMC credential placeholders, filled as an operator would (an env file for ours; the
    // floor sends the substituted objects; kubectl sends the files as they are).
    const vars = [...new Set([...JSON.stringify(objects).matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map(m => m[1]))];
    writeFileSync(join(dir, 'bmc.env'), vars.map(v => `${v}=bench-${v.toLowerCase()}`).join('\n'));
    const substituted = substitute(objects, Object.fromEntries(vars.map(v => [v, `bench-${v.toLowerCase()}`]))).objects;
    const handle = await sim.start();

    // The floor's input: every request's path and body, prepared outside the timed process's work.
    const requests = substituted.map((o: KubeObject) => {
      const rt = sim.server.typeOf(o.apiVersion!, o.kind!);
      if (!rt) throw new Error(`the simulator does not serve ${o.apiVersion} ${o.kind}`);
      const base = rt.group ? `/apis/${rt.group}/${rt.version}` : `/api/${rt.version}`;
      const ns = rt.namespaced ? `/namespaces/${o.metadata?.namespace ?? 'default'}` : '';
      return { path: `${base}${ns}/${rt.plural}/${o.metadata!.name}`, body: JSON.stringify(o) };
    });
    writeFileSync(join(dir, 'floor.json'), JSON.stringify({ server: handle.url, token: handle.token, ca: handle.caCert, inFlight: IN_FLIGHT, requests }));
    const floorJs = transpileModule(readFileSync(join(__dirname, 'ssa-floor.ts'), 'utf8'), {
      compilerOptions: { module: ModuleKind.CommonJS, target: ScriptTarget.ES2022 },
    }).outputText;
    writeFileSync(join(dir, 'ssa-floor.js'), floorJs);
    const kubectlCache = join(dir, 'kubectl-cache');
    const ours = ['apply', join(dir, 'dist'), '--dry-run', 'server', '--kubeconfig', handle.kubeconfigPath, '--env-file', join(dir, 'bmc.env')];

    const commands: Record<WireVariant, () => Promise<Timed>> = {
      'floor': () => spawnTimed(process.execPath, [join(dir, 'ssa-floor.js'), join(dir, 'floor.json')]),
      'floor + client-node': () => spawnTimed(process.execPath, [join(dir, 'ssa-floor.js'), join(dir, 'floor.json'), CLIENT_NODE]),
      // Plain progress lines (stdout is a pipe): what a user or CI sees.
      'ours': () => spawnTimed(process.execPath, [BIN, ...ours]),
      'ours --no-validate': () => spawnTimed(process.execPath, [BIN, ...ours, '--no-validate']),
      'base': () => spawnTimed(process.execPath, [baseBin ?? BIN, ...ours]),
      // kubectl's discovery cache lives in the run's directory: cold on the first repetition only.
      'kubectl': () => spawnTimed('kubectl', ['apply', '--server-side', '--dry-run=server', '--kubeconfig', handle.kubeconfigPath,
        ...files.flatMap(f => ['-f', f])], { KUBECACHEDIR: kubectlCache }),
    };
    const variants: WireVariant[] = ['floor', 'floor + client-node', 'ours', 'ours --no-validate', ...(baseBin ? ['base' as const] : []),
      ...(spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0 ? ['kubectl' as const] : [])];
    const runs = new Map<WireVariant, number[]>(variants.map(v => [v, []]));
    const last = new Map<WireVariant, { requests: number; connections: number; maxInFlight: number }>();
    for (let rep = 0; rep < repetitions; rep++) {
      // Alternating order: each variant runs first, middle and last in turn.
      const order = variants.map((_, i) => variants[(i + rep) % variants.length]);
      for (const v of order) {
        sim.server.resetStats();
        const r = await commands[v]();
        if (r.code !== 0) throw new Error(`${v} failed (${r.code}): ${(r.stderr || r.stdout).slice(0, 2000)}`);
        runs.get(v)!.push(r.ms);
        const s = sim.server.stats;
        last.set(v, { requests: s.requests, connections: s.connections, maxInFlight: s.maxInFlight });
      }
    }
    return variants.map(v => ({ variant: v, objects: objects.length, runs: runs.get(v)!, medianMs: median(runs.get(v)!), ...last.get(v)! }));
  } finally {
    await sim.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function applierWireTable(rows: readonly WireRow[]): string {
  const floor = rows.find(r => r.variant === 'floor')!.medianMs;
  const lines = [
    '| variant | objects | median wall ms | runs (ms) | × floor | requests | per object | connections | max in flight |',
    '| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of rows) {
    lines.push(`| ${r.variant} | ${r.objects} | ${Math.round(r.medianMs)} | ${r.runs.map(Math.round).join(' / ')} | ${(r.medianMs / floor).toFixed(2)} | ${r.requests} | ${(r.requests / r.objects).toFixed(3)} | ${r.connections} | ${r.maxInFlight} |`);
  }
  return lines.join('\n');
}

if (require.main === module) {
  runApplierWire(Number(process.argv[2] ?? 48), Number(process.argv[3] ?? 5)).then(rows => console.log(applierWireTable(rows)), e => {
    console.error(e);
    process.exit(1);
  });
}
