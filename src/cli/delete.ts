// `cdk8s-capi delete PATH…`: what the manifests describe, in reverse order, waiting for
// finalizers and host deprovisioning.
import { Command, Option } from 'commander';
import { CliIo } from './io';
import { KubeFlags, addKubeFlags, connect } from './kube-flags';
import { loadForCluster, objectsOf } from './load';
import { progressMode, runOperation } from './progress-output';
import { deleteObjects } from '../apply/delete-objects';
import { ProgressMode, rendererFor } from '../apply/progress';
import { parseDuration } from '../apply/timeouts';
import { ExitCode, UsageError } from '../core/errors';

export function registerDelete(program: Command, io: CliIo, setExit: (c: ExitCode) => void): void {
  const cmd = program.command('delete')
    .description('Delete what the manifests describe, in reverse order, waiting for finalizers and host deprovisioning')
    .argument('<paths...>', 'manifest files or directories')
    .addOption(new Option('-o, --output <format>', 'progress format').choices(['text', 'json']).default('text'))
    .option('--step-timeout <duration>', 'per step (default 60m: deprovisioning wipes disks)');
  addKubeFlags(cmd);
  cmd.addHelpText('after', '\nExamples:\n  $ cdk8s-capi delete dist/multinode-cluster --kubeconfig mgmt.kubeconfig\n\nExit codes: 0 deleted, 1 something is still there after the timeout, 2 usage error or cluster unreachable.');
  cmd.action(async (paths: string[], flags: KubeFlags & { output: string; stepTimeout?: string }) => {
    // Flags first: a usage error exits 2 before a file is read or the cluster contacted.
    let stepTimeoutMs: number | undefined;
    try {
      stepTimeoutMs = flags.stepTimeout ? parseDuration(flags.stepTimeout) : undefined;
    } catch (e) {
      throw new UsageError(`--step-timeout: ${(e as Error).message}`);
    }
    const objects = objectsOf(loadForCluster(paths, io));
    const kube = await connect(flags, io);
    const mode = progressMode(flags.output, io);
    const renderer = rendererFor(mode === ProgressMode.TTY ? ProgressMode.PLAIN : mode, io.out, io.err);
    const r = await runOperation(renderer, t => t, signal => deleteObjects(kube, objects, {
      stepTimeoutMs, onEvent: renderer.sink, signal, clock: io.clock,
    }));
    if (flags.output !== 'json') io.out(`deleted ${r.deleted} objects\n`);
    setExit(ExitCode.OK);
  });
}
