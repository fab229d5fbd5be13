// In-process scenarios of the lifecycle engine against the simulator, in simulated time: one
// ManualClock drives the simulator's controllers (at realistic durations, speed 1) and the
// engine's waits, retries and timeouts. `drive()` runs an operation to its end by jumping from
// one pending timer to the next once everything in flight has settled, so an hour of bare-metal
// provisioning takes a second. A killed run is one whose client died (EngineKube.kill): the
// scenario stops driving it and a new run starts against the same cluster state.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { EngineKube, EngineKubeOptions } from './engine-kube';
import { CliIo } from '../../src/cli/io';
import { main } from '../../src/cli/main';
import { ManualClock } from '../../src/core/clock';
import { KubeObject } from '../../src/core/kube-object';
import { Simulator, SimulatorOptions } from '../../src/sim/simulator';

export const REFERENCE_FILE = join(__dirname, '..', '..', 'dist', 'reference-multinode', 'multinode-cluster.k8s.yaml');
export const MIN = 60_000;
export const HOUR = 60 * MIN;

/** The reference cluster's manifests (dist/reference-multinode), fresh objects each call. */
export function reference(): KubeObject[] {
  return parseAllDocuments(readFileSync(REFERENCE_FILE, 'utf8')).map(d => d.toJS());
}

/** Values for the reference cluster's `${BMC_NODEn_*}` placeholders (distinctive, so "never printed" is checkable). */
export const BMC_ENV: Record<string, string> = Object.fromEntries([1, 2, 3, 4, 5].flatMap(n => [
  [`BMC_NODE${n}_USERNAME`, `sc-user-${n}-Hk3`],
  [`BMC_NODE${n}_PASSWORD`, `sc-pass-${n}-Vb7!x`],
]));

/** The outcome of a CLI run: its exit code (none when killed), output, and the simulated time it took. */
export interface CliRun {
  readonly code?: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly killed: boolean;
  readonly ms: number;
}

/** How an operation ended, and the simulated time it took. */
export interface Outcome<T> {
  readonly result?: T;
  readonly error?: unknown;
  readonly killed?: boolean;
  readonly ms: number;
}

export interface CliRunOptions {
  /** Environment variables (undefined unsets one of the BMC variables set by default). */
  readonly env?: NodeJS.ProcessEnv;
  /** The client's faults and retries. */
  readonly kube?: EngineKubeOptions;
  /** The process dies once its stdout matches. */
  readonly killWhen?: RegExp;
  readonly stdin?: string;
  /** Simulated time allowed. @default 12 h */
  readonly maxMs?: number;
}

export class Scenario {
  readonly clock = new ManualClock();
  readonly sim: Simulator;
  readonly dir = mkdtempSync(join(tmpdir(), 'scenario-'));
  readonly errors: unknown[] = [];

  constructor(opts: SimulatorOptions = {}) {
    this.sim = new Simulator({ seed: 3, speed: 1, clock: this.clock, onControllerError: (_c, _k, e) => this.errors.push(e), ...opts });
    this.sim.startControllers();
  }

  /** A client of the cluster (one per process of the CLI). */
  kube(opts: EngineKubeOptions = {}): EngineKube {
    return new EngineKube(this.sim, opts);
  }

  /**
   * Runs `operation` to its end in simulated time and returns its outcome (the error, if it
   * failed, as a value). When `kube` is killed first, returns `killed` instead.
   */
  async drive<T>(operation: Promise<T>, opts: { dead?: () => boolean; maxMs?: number } = {}): Promise<Outcome<T>> {
    const t0 = this.clock.now();
    const maxMs = opts.maxMs ?? 12 * HOUR;
    let outcome: { result?: T; error?: unknown } | undefined;
    operation.then(result => (outcome = { result }), error => (outcome = { error }));
    for (;;) {
      await this.settle();
      if (outcome) return { ...outcome, ms: this.clock.now() - t0 };
      if (opts.dead?.()) return { killed: true, ms: this.clock.now() - t0 };
      const next = this.clock.nextTimerAt();
      if (next === undefined) throw new Error('the operation waits, but nothing is scheduled to happen');
      if (next - t0 > maxMs) throw new Error(`the operation did not end within ${maxMs / HOUR} h of simulated time`);
      await this.sim.advance(Math.max(0, next - this.clock.now()));
    }
  }

  /**
   * `cdk8s-capi ARGS…` in this process against the simulated cluster (main() with an io whose
   * connector is an EngineKube and whose clock is the scenario's), the BMC variables set unless
   * `env` unsets them. `killWhen`: the process dies once stdout matches.
   */
  async cli(args: string[], opts: CliRunOptions = {}): Promise<CliRun> {
    const kubes: EngineKube[] = [];
    let stdout = '';
    let stderr = '';
    let killed = false;
    const env: NodeJS.ProcessEnv = { NO_COLOR: '1', CI: '1', ...BMC_ENV, ...opts.env };
    for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
    const io: CliIo = {
      isTty: false,
      cwd: process.cwd(),
      env,
      clock: this.clock,
      connect: async () => {
        const k = this.kube(opts.kube);
        if (killed) k.kill();
        kubes.push(k);
        return k;
      },
      out: t => {
        if (killed) return;
        stdout += t;
        if (opts.killWhen?.test(stdout)) {
          killed = true;
          for (const k of kubes) k.kill();
        }
      },
      err: t => {
        if (!killed) stderr += t;
      },
      stdin: () => opts.stdin ?? '',
    };
    const r = await this.drive(main(['node', 'cdk8s-capi', ...args], io), { dead: () => killed, maxMs: opts.maxMs });
    if (r.error) throw r.error;
    return { code: r.result, stdout, stderr, killed, ms: r.ms };
  }

  /** Lets everything in flight finish: promises, watch deliveries, controller reconciles. */
  async settle(): Promise<void> {
    let quiet = 0;
    for (let i = 0; i < 10_000 && quiet < 3; i++) {
      const before = this.sim.server.store.currentRv();
      await new Promise<void>(r => setImmediate(r));
      await this.sim.settle();
      quiet = this.sim.server.store.currentRv() === before ? quiet + 1 : 0;
    }
  }

  /** Objects of a kind in the cluster (all namespaces). */
  live(apiVersion: string, kind: string): any[] {
    const t = this.sim.server.engine.types.forKind(apiVersion, kind);
    return t ? this.sim.server.engine.list(t, undefined).items : [];
  }

  stop(): Promise<void> {
    return this.sim.stop();
  }
}
