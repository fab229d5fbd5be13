// End-to-end helpers: a simulator in this process (its HTTP server on 127.0.0.1) and the built
// CLI in a child process, spawned asynchronously so the server keeps serving while it runs.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN } from './run-cli';
import { Simulator, SimulatorOptions } from '../../src/sim/simulator';

export const REFERENCE_DIST = join(__dirname, '..', '..', 'dist', 'reference-multinode');

/** Values for the reference cluster's `${BMC_NODEn_*}` placeholders (distinctive, so "never printed" is checkable). */
export const BMC_ENV: Record<string, string> = Object.fromEntries([1, 2, 3, 4, 5].flatMap(n => [
  [`BMC_NODE${n}_USERNAME`, `e2e-user-${n}-Hk3`],
  [`BMC_NODE${n}_PASSWORD`, `e2e-pass-${n}-Vb7!x`],
]));

export interface RunningSim {
  readonly sim: Simulator;
  readonly kubeconfig: string;
  readonly dir: string;
  stop(): Promise<void>;
}

export async function startSim(opts: SimulatorOptions = {}): Promise<RunningSim> {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-'));
  const sim = new Simulator({ speed: 400, seed: 3, kubeconfigPath: join(dir, 'sim.kubeconfig'), ...opts });
  const handle = await sim.start();
  return { sim, kubeconfig: handle.kubeconfigPath, dir, stop: () => sim.stop() };
}

export interface CliRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the CLI (with the BMC variables set unless `env` says otherwise); `killWhen` sends
 * SIGKILL once stdout matches it.
 */
export function cli(args: string[], opts: { killWhen?: RegExp; timeoutMs?: number; input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', CI: '1', ...BMC_ENV, ...opts.env };
    for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
    const child = spawn(process.execPath, [BIN, ...args], { env });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 120_000);
    child.stdout.on('data', d => {
      stdout += d;
      if (opts.killWhen && opts.killWhen.test(stdout)) child.kill('SIGKILL');
    });
    child.stderr.on('data', d => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end(opts.input ?? '');
  });
}

/** Objects of a kind in the simulator (all namespaces). */
export function live(sim: Simulator, apiVersion: string, kind: string): any[] {
  const t = sim.server.engine.types.forKind(apiVersion, kind);
  if (!t) return [];
  return sim.server.engine.list(t, undefined).items;
}
