// `cdk8s-capi delete PATH…` and `cdk8s-capi status PATH…`.
import { Command, Option } from 'commander';
import { progressMode } from './apply';
import { CliIo } from './io';
import { KubeFlags, addKubeFlags, connect } from './kube-flags';
import { loadForCluster, objectsOf } from './load';
import { deleteObjects } from '../apply/delete';
import { ApplyError } from '../apply/executor';
import { ProgressMode, failureSummary, rendererFor } from '../apply/progress';
import { ReadinessStatus } from '../apply/readiness/types';
import { formatStatus, statusOf } from '../apply/status';
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
    const kube = await connect(flags);
    const mode = progressMode(flags.output, io);
    const renderer = rendererFor(mode === ProgressMode.TTY ? ProgressMode.PLAIN : mode, io.out, io.err);
    try {
      const r = await deleteObjects(kube, objects, { stepTimeoutMs, onEvent: renderer.sink });
      if (flags.output !== 'json') io.out(`deleted ${r.deleted} objects\n`);
      setExit(ExitCode.OK);
    } catch (e) {
      if (e instanceof ApplyError) {
        io.err(failureSummary({ type: 'failed', message: e.message, stuck: e.stuck, next: e.next }));
        setExit(ExitCode.INVALID);
        return;
      }
      throw e;
    }
  });
}

export function registerStatus(program: Command, io: CliIo, setExit: (c: ExitCode) => void): void {
  const cmd = program.command('status')
    .description('Show the readiness of every object of the manifests (the apply progress view, once)')
    .argument('<paths...>', 'manifest files or directories')
    .addOption(new Option('-o, --output <format>', 'output format').choices(['text', 'json']).default('text'));
  addKubeFlags(cmd);
  cmd.addHelpText('after', '\nExamples:\n  $ cdk8s-capi status dist/multinode-cluster\n\nExit codes: 0 everything ready, 1 something pending or failed, 2 usage error or cluster unreachable.');
  cmd.action(async (paths: string[], flags: KubeFlags & { output: string }) => {
    const objects = objectsOf(loadForCluster(paths, io));
    const kube = await connect(flags);
    const rows = await statusOf(kube, objects);
    if (flags.output === 'json') io.out(`${JSON.stringify(rows, null, 2)}\n`);
    else io.out(formatStatus(rows));
    setExit(rows.every(r => r.readiness.status === ReadinessStatus.CURRENT) ? ExitCode.OK : ExitCode.INVALID);
  });
}
