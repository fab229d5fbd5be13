// `cdk8s-capi status PATH…`: the apply progress view, once.
import { Command, Option } from 'commander';
import { CliIo } from './io';
import { KubeFlags, addKubeFlags, connect } from './kube-flags';
import { loadForCluster, objectsOf } from './load';
import { ReadinessStatus } from '../apply/readiness/types';
import { formatStatus, statusOf } from '../apply/status';
import { ExitCode } from '../core/errors';

export function registerStatus(program: Command, io: CliIo, setExit: (c: ExitCode) => void): void {
  const cmd = program.command('status')
    .description('Show the readiness of every object of the manifests (the apply progress view, once)')
    .argument('<paths...>', 'manifest files or directories')
    .addOption(new Option('-o, --output <format>', 'output format').choices(['text', 'json']).default('text'));
  addKubeFlags(cmd);
  cmd.addHelpText('after', '\nExamples:\n  $ cdk8s-capi status dist/multinode-cluster\n\nExit codes: 0 everything ready, 1 something pending or failed, 2 usage error or cluster unreachable.');
  cmd.action(async (paths: string[], flags: KubeFlags & { output: string }) => {
    const objects = objectsOf(loadForCluster(paths, io));
    const kube = await connect(flags, io);
    const rows = await statusOf(kube, objects, { clock: io.clock });
    if (flags.output === 'json') io.out(`${JSON.stringify(rows, null, 2)}\n`);
    else io.out(formatStatus(rows));
    setExit(rows.every(r => r.readiness.status === ReadinessStatus.CURRENT) ? ExitCode.OK : ExitCode.INVALID);
  });
}
