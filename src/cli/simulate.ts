// `cdk8s-capi simulate`: the management-cluster simulator as a command.
import { Command } from 'commander';
import { CliIo } from './io';
import { UnsafePathError } from '../core/atomic-write';
import { ExitCode, FileError, UsageError, ValidationError } from '../core/errors';
import { describeFsError } from '../core/read-file';
import { FAULT_SPEC_GRAMMAR, parseFaultSpec } from '../sim/faults';
import { runSimulate } from '../sim/run-simulation';

export function registerSimulate(program: Command, io: CliIo, setExit: (c: ExitCode) => void): void {
  program.command('simulate')
    .description('Run a simulated management cluster (Kubernetes API + BMO/CAPI/CAPM3/CAPRKE2/EKS-A controllers) on 127.0.0.1 and print its kubeconfig')
    .option('--speed <factor>', 'time factor: 1 realistic (inspection takes minutes), 100 one hundred times faster', '1')
    .option('--faults <spec>', 'injected faults, e.g. 429:0.1,503:0.05,reset:0.02,watchdrop:30s,slow:200ms,webhook:10s')
    .option('--port <port>', 'port on 127.0.0.1 (default: a free one)')
    .option('--kubeconfig-out <file>', 'where to write the kubeconfig (0600)')
    .option('--seed <n>', 'seed for uids and faults')
    .addHelpText('after', '\nExamples:\n  $ cdk8s-capi simulate --speed 100 --kubeconfig-out sim.kubeconfig &\n  $ cdk8s-capi apply dist/multinode-cluster --kubeconfig sim.kubeconfig\n\nHost faults: annotate a BareMetalHost with sim.cdk8s-capi.io/fault: bad-credentials (or inspection-failure).')
    .action(async (flags: { speed: string; faults?: string; port?: string; kubeconfigOut?: string; seed?: string }) => {
      const opts = simulateOptions(flags);
      let sim;
      try {
        sim = await runSimulate({ ...opts, print: l => io.out(`${l}\n`) });
      } catch (e) {
        if (e instanceof UnsafePathError) throw new FileError(`--kubeconfig-out: ${e.message}`);
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'EADDRINUSE') throw new UsageError(`--port ${opts.port}: 127.0.0.1:${opts.port} is already in use (choose another port, or leave out --port for a free one)`);
        if (code === 'EACCES' && flags.port !== undefined) throw new UsageError(`--port ${opts.port}: not allowed to listen on 127.0.0.1:${opts.port} (ports below 1024 need privileges)`);
        if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) throw new FileError(`cannot start the simulator: ${describeFsError(e)}${flags.kubeconfigOut ? ` (--kubeconfig-out ${flags.kubeconfigOut})` : ''}`);
        throw e;
      }
      await sim.stopped;
      setExit(ExitCode.OK);
    });
}

/** The flags, checked before anything starts: every bad value is a usage error (exit 2). */
export function simulateOptions(flags: { speed: string; faults?: string; port?: string; seed?: string; kubeconfigOut?: string }) {
  const speed = Number(flags.speed);
  if (!/^\d+(\.\d+)?$/.test(flags.speed) || !(speed > 0) || !Number.isFinite(speed)) {
    throw new UsageError(`--speed must be a positive number (1 realistic, 100 one hundred times faster), got ${JSON.stringify(flags.speed)}`);
  }
  let port: number | undefined;
  if (flags.port !== undefined) {
    port = Number(flags.port);
    if (!/^\d+$/.test(flags.port) || port > 65535) throw new UsageError(`--port must be an integer from 0 to 65535 (0: a free port), got ${JSON.stringify(flags.port)}`);
  }
  let seed: number | undefined;
  if (flags.seed !== undefined) {
    seed = Number(flags.seed);
    if (!/^\d+$/.test(flags.seed) || !Number.isSafeInteger(seed)) throw new UsageError(`--seed must be a non-negative integer, got ${JSON.stringify(flags.seed)}`);
  }
  if (flags.faults !== undefined) {
    try {
      parseFaultSpec(flags.faults);
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      throw new UsageError(`${e.message}\n--faults takes ${FAULT_SPEC_GRAMMAR}`);
    }
  }
  return { speed, port, seed, faults: flags.faults, kubeconfigOut: flags.kubeconfigOut };
}
