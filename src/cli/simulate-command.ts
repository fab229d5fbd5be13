// `cdk8s-capi simulate`: the management-cluster simulator as a command.
import { Command } from 'commander';
import { CliError, CliIo, ExitCode } from './io';
import { runSimulate } from './simulate';

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
      const num = (name: string, v: string | undefined) => {
        if (v === undefined) return undefined;
        const n = Number(v);
        if (!Number.isFinite(n)) throw new CliError(`--${name} must be a number, got ${v}`);
        return n;
      };
      const sim = await runSimulate({
        speed: num('speed', flags.speed),
        faults: flags.faults,
        port: num('port', flags.port),
        kubeconfigOut: flags.kubeconfigOut,
        seed: num('seed', flags.seed),
        print: l => io.out(`${l}\n`),
      });
      await sim.stopped;
      setExit(ExitCode.OK);
    });
}
