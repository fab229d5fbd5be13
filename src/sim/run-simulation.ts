// The management-cluster simulator as a running process: started on 127.0.0.1, its kubeconfig
// printed (and written where asked), stopped by stop() or a signal. `cdk8s-capi simulate` runs it.
import { Simulator } from './simulator';

/** Options of `cdk8s-capi simulate`. */
export interface SimulateOptions {
  /** Speed factor (1 = realistic, 100 = one hundred times faster). @default 1 */
  readonly speed?: number;
  /** Fault spec, e.g. `429:0.1,503:0.05,watchdrop:30s,webhook:10s`. @default none */
  readonly faults?: string;
  /** Port on 127.0.0.1. @default a random free port */
  readonly port?: number;
  /** Where to write the kubeconfig (0600). @default a file in the OS temp dir */
  readonly kubeconfigOut?: string;
  /** Seed for uids, names and faults. @default random */
  readonly seed?: number;
  /** Stop on SIGINT/SIGTERM. @default true */
  readonly handleSignals?: boolean;
  /** Output sink. @default process.stdout */
  readonly print?: (line: string) => void;
}

/** A running simulation. */
export interface RunningSimulation {
  readonly url: string;
  readonly kubeconfigPath: string;
  readonly simulator: Simulator;
  /** Resolves once the simulation has stopped (stop() or a signal). */
  readonly stopped: Promise<void>;
  stop(): Promise<void>;
}

export async function runSimulate(opts: SimulateOptions = {}): Promise<RunningSimulation> {
  const print = opts.print ?? ((l: string) => process.stdout.write(`${l}\n`));
  const simulator = new Simulator({ speed: opts.speed, faults: opts.faults, port: opts.port, kubeconfigPath: opts.kubeconfigOut, seed: opts.seed });
  let handle;
  try {
    handle = await simulator.start();
  } catch (e) {
    // e.g. the port is taken or the kubeconfig cannot be written: do not leave a server listening.
    await simulator.stop().catch(() => undefined);
    throw e;
  }
  let resolveStopped!: () => void;
  const stopped = new Promise<void>(r => (resolveStopped = r));
  let stopping: Promise<void> | undefined;
  const onSignal = () => void stop();
  const stop = () => {
    stopping ??= simulator.stop().then(() => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      resolveStopped();
    });
    return stopping;
  };
  if (opts.handleSignals ?? true) {
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }
  print(`simulated management cluster at ${handle.url} (speed ${opts.speed ?? 1}${opts.faults ? `, faults ${opts.faults}` : ''})`);
  print(`kubeconfig: ${handle.kubeconfigPath}`);
  print(`  export KUBECONFIG=${handle.kubeconfigPath}`);
  return { url: handle.url, kubeconfigPath: handle.kubeconfigPath, simulator, stopped, stop };
}
