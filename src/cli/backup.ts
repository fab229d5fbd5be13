// `cdk8s-capi backup CLUSTER -o DIR` and `cdk8s-capi restore DIR`: the recovery document's
// `clusterctl move --to-directory` / back again, without clusterctl.
import { Command, Option } from 'commander';
import { addWaitFlags, scrubbed, progressMode, redactingSink, reportRetries, timeoutsFrom } from './apply';
import { EnvFileFlags, addEnvFileFlag, envFileArgs, substituteOrFail, variablesFor } from './env-file-flag';
import { CliIo } from './io';
import { KubeFlags, addKubeFlags, connect, rerunCommand } from './kube-flags';
import { collectBackup, readBackup, writeBackup } from '../apply/backup';
import { restoreBackup } from '../apply/backup-restore';
import { ProgressEvent } from '../apply/events';
import { ApplyError } from '../apply/executor';
import { ProgressMode, rendererFor } from '../apply/progress';
import { UpgradeEvent } from '../apply/upgrade';
import { ExitCode } from '../core/errors';

export function registerBackup(program: Command, io: CliIo, setExit: (c: ExitCode) => void): void {
  const cmd = program.command('backup')
    .description('Write a cluster\'s CAPI, Metal3, RKE2 and EKS Anywhere objects to a directory in apply order (server fields stripped, host status kept), for `restore`')
    .argument('<cluster>', 'the Cluster\'s name (CAPI, or EKS Anywhere)')
    .requiredOption('-o, --output-dir <dir>', 'a new or empty directory')
    .option('--include-secrets', 'also write Secret data: BMC credentials, kubeconfig, certificates (files are 0600; keep the directory safe)', false);
  addKubeFlags(cmd);
  cmd.addHelpText('after', `
Examples:
  $ cdk8s-capi backup multinode-cluster -o backup/multinode-cluster --kubeconfig mgmt.kubeconfig
  $ cdk8s-capi backup multinode-cluster -o /secure/mc --include-secrets -n site-1

Objects are found by the cluster.x-k8s.io/cluster-name label and by references (control plane,
infrastructure, machine and data templates, the hosts templates select or machines hold, their
Secrets). Without --include-secrets the backup lists the Secrets it needs and restore checks
that the target has them. A backup only reads: nothing is paused or changed.
Exit codes: 0 written, 1 no such cluster or directory not empty, 2 usage error or cluster unreachable.`);
  cmd.action(async (cluster: string, flags: KubeFlags & { outputDir: string; includeSecrets: boolean }) => {
    const kube = await connect(flags);
    const content = await collectBackup(kube, cluster, flags.namespace ?? kube.defaultNamespace, { includeSecrets: flags.includeSecrets });
    writeBackup(flags.outputDir, content);
    for (const w of content.warnings) io.err(`warning: ${w}\n`);
    const left = content.index.secrets.filter(s => !s.included);
    io.out(`backed up ${content.objects.length} objects of ${cluster} to ${flags.outputDir}\n`);
    if (left.length) {
      io.out(`${left.length} Secret(s) not included (restore needs them in the target, or use --include-secrets): ${left.map(s => `${s.name} (${s.role})`).join(', ')}\n`);
    }
    setExit(ExitCode.OK);
  });
}

interface RestoreFlags extends KubeFlags, EnvFileFlags {
  output: string;
  journal?: string;
  wait: boolean;
  timeout?: string;
  stageTimeout: string[];
  resourceTimeout?: string;
  failureWindow?: string;
  stable?: string;
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
    const kube = await connect(flags);
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
    const abort = new AbortController();
    const onSigint = () => abort.abort();
    process.once('SIGINT', onSigint);
    try {
      const r = await restoreBackup(kube, dir, {
        variables,
        journalPath: flags.journal,
        onEvent,
        signal: abort.signal,
        wait: flags.wait,
        timeouts,
        resumeCommand: rerunCommand('restore', [dir], flags, envFileArgs(flags)),
        statusCommand: rerunCommand('status', [dir], { ...flags, journal: undefined }),
      });
      await renderer.finish();
      if (flags.output !== 'json') io.out(`restored ${r.created} objects (${r.present} already present, ${r.linked} linked to their owners)\n`);
      setExit(ExitCode.OK);
    } catch (e) {
      await renderer.finish();
      if (e instanceof ApplyError) {
        setExit(ExitCode.INVALID);
        return;
      }
      throw scrubbed(e, redact);
    } finally {
      process.off('SIGINT', onSigint);
    }
  });
}
