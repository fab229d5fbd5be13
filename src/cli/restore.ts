// `cdk8s-capi restore DIR`: a backup (backup.ts) back into a management cluster, with the
// applier's progress, timeouts and resume-by-rerun.
import { Command, Option } from 'commander';
import { EnvFileFlags, addEnvFileFlag, envFileArgs, substituteOrFail, variablesFor } from './env-file-flag';
import { CliIo } from './io';
import { KubeFlags, addKubeFlags, connect, rerunCommand } from './kube-flags';
import { progressMode, redactingSink, reportRetries, runOperation } from './progress-output';
import { WaitFlags, addWaitFlags, timeoutsFrom } from './wait-flags';
import { readBackup } from '../apply/backup';
import { ProgressEvent } from '../apply/events';
import { ProgressMode, rendererFor } from '../apply/progress';
import { restoreBackup } from '../apply/restore-backup';
import { UpgradeEvent } from '../apply/upgrader';
import { ExitCode } from '../core/errors';

interface RestoreFlags extends KubeFlags, EnvFileFlags, WaitFlags {
  output: string;
  journal?: string;
  wait: boolean;
}

export function registerRestore(program: Command, io: CliIo, setExit: (c: ExitCode) => void): void {
  const cmd = program.command('restore')
    .description('Re-create a backed-up cluster: the Cluster paused, every object in order, owners linked, then reconciliation resumed and the cluster waited for')
    .argument('<dir>', 'a directory written by `cdk8s-capi backup`')
    .addOption(new Option('-o, --output <format>', 'progress format').choices(['text', 'json']).default('text'))
    .option('--journal <file>', 'where pause bookkeeping is kept (default .cdk8s-capi/journal.json)')
    .option('--no-wait', 'resume reconciliation and return without waiting for the cluster');
  addEnvFileFlag(cmd);
  addKubeFlags(cmd);
  addWaitFlags(cmd);
  cmd.addHelpText('after', `
Examples:
  $ cdk8s-capi restore backup/multinode-cluster --kubeconfig new-mgmt.kubeconfig
  $ cdk8s-capi restore backup/multinode-cluster --stage-timeout cluster=1h --output json

Existing objects are never overwritten. An interrupted restore is continued by rerunning it: the
cluster stays paused until every object is present, then its previous pause value is restored
(a cluster backed up paused stays paused). Hosts keep their provisioning state through the
baremetalhost.metal3.io/status annotation, so nothing is inspected or re-imaged. \${VAR}
placeholders in the backup are filled in as by apply (--env-file, the environment).
Exit codes: 0 restored (and ready), 1 refused or failed, 2 usage error or cluster unreachable.`);
  cmd.action(async (dir: string, flags: RestoreFlags) => {
    const timeouts = timeoutsFrom(flags);
    const variables = variablesFor(flags, io);
    // Placeholders are checked (and the values to scrub learnt) before the cluster is contacted.
    const backupObjects = readBackup(dir).objects;
    const redact = substituteOrFail(backupObjects, variables).redact;
    const kube = await connect(flags, io);
    const mode = progressMode(flags.output, io);
    const verbose = Number(program.opts().verbose ?? 0);
    const renderer = rendererFor(mode === ProgressMode.TTY ? ProgressMode.PLAIN : mode, io.out, io.err, { verbose });
    const sink = redactingSink(renderer, redact);
    reportRetries(kube, sink);
    const onEvent = (e: UpgradeEvent) => {
      if (e.type === 'paused' || e.type === 'resumed') {
        if (mode === ProgressMode.JSON) sink(e as any);
        else renderer.log(redact(`   ${e.type === 'paused' ? 'Paused' : 'Resumed'} reconciliation of ${e.object} (${e.how})`));
      } else if (e.type !== 'preflights') {
        sink(e as ProgressEvent);
      }
    };
    const r = await runOperation(renderer, redact, signal => restoreBackup(kube, dir, {
      clock: io.clock,
      variables,
      journalPath: flags.journal,
      onEvent,
      signal,
      wait: flags.wait,
      timeouts,
      resumeCommand: rerunCommand('restore', [dir], flags, envFileArgs(flags)),
      statusCommand: rerunCommand('status', [dir], { ...flags, journal: undefined }),
    }));
    if (flags.output !== 'json') io.out(`restored ${r.created} objects (${r.present} already present, ${r.linked} linked to their owners)\n`);
    setExit(ExitCode.OK);
  });
}
