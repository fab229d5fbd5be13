// `cdk8s-capi upgrade NEW…`: the validation phase (the plan preflights against the live
// cluster; a failure exits 1 before anything is touched), then the upgrade phase with the
// applier's progress, per-phase timeouts and resume-by-rerun.
import { Command, Option } from 'commander';
import { EnvFileFlags, addEnvFileFlag, envFileArgs, substituteOrFail, variablesFor } from './env-file-flag';
import { runFleetUpgrade } from './fleet';
import { addFleetFlags, fleetFlagsGiven } from './fleet-flags';
import { CliIo } from './io';
import { KubeFlags, addKubeFlags, connect, rerunCommand } from './kube-flags';
import { loadForCluster, objectsOf } from './load';
import { locator, manifestCheck } from './plan';
import { progressMode, redactingSink, reportRetries, runOperation } from './progress-output';
import { WaitFlags, addWaitFlags, concurrencyFrom, timeoutsFrom } from './wait-flags';
import { ProgressEvent } from '../apply/events';
import { isFleetDir } from '../apply/fleet/discover';
import { FleetFlags } from '../apply/fleet/settings';
import { ProgressMode, rendererFor } from '../apply/progress';
import { formatUpgradePreflights } from '../apply/upgrade-preflights';
import { UpgradeEvent, Upgrader } from '../apply/upgrader';
import { ExitCode, UsageError } from '../core/errors';


interface UpgradeFlags extends KubeFlags, EnvFileFlags, WaitFlags, FleetFlags {
  output: string;
  journal?: string;
  concurrency: string;
  validate: boolean;
}

export function registerUpgrade(program: Command, io: CliIo, setExit: (c: ExitCode) => void): void {
  const cmd = program.command('upgrade')
    .description('Upgrade a cluster to new manifests: preflights against the live cluster, then new templates, the control plane rollout, the worker rollout, each waited for')
    .argument('<paths...>', 'the new manifests: files or directories; - reads stdin; a synth output directory is a fleet (every cluster folder, in waves)')
    .addOption(new Option('-o, --output <format>', 'progress format (text: a live task list on a TTY, plain lines otherwise; a fleet: the final table, or one JSON report)').choices(['text', 'json']).default('text'))
    .option('--journal <file>', 'where pause bookkeeping is kept (default .cdk8s-capi/journal.json; a fleet: its journal, default .cdk8s-capi/fleet-journal.json)')
    .option('--concurrency <n>', 'objects applied at once', '8')
    .option('--no-validate', 'skip the offline validation of the manifests');
  addEnvFileFlag(cmd);
  addKubeFlags(cmd);
  addWaitFlags(cmd);
  addFleetFlags(cmd, { upgrade: true });
  cmd.addHelpText('after', `
Examples:
  $ cdk8s-capi upgrade dist/v1.35 --kubeconfig mgmt.kubeconfig --env-file bmc.env
  $ cdk8s-capi plan dist/v1.35 --live --kubeconfig mgmt.kubeconfig     # to look first
  $ cdk8s-capi upgrade dist/v1.35 --stage-timeout control-plane=3h --output json > events.jsonl
  $ cdk8s-capi upgrade dist --waves 1,10%,50%,100% --max-parallel 10 --soak 30m --max-failures 2%

Phases: "Performing setup and validations" (nothing is changed when a check fails), new
templates and hosts, the control plane (waits until every machine runs the new version and the
old ones are gone), the workers, the cluster. A failure leaves the cluster on its old machines
and prints where it stopped; rerunning the same command resumes. Reconciliation is paused only
where upstream needs it (the EKS Anywhere controller while its objects change) and always
restored, also by the next run after a crash. \${VAR} placeholders are filled in as by apply.

A fleet (a directory \`cdk8s-capi synth\` wrote, one folder per cluster): every cluster is planned
against the live cluster first (blocked ones count against the failure budget), then upgraded
in waves — a canary, then cumulative waves (--waves, or rollout.waves of the inventory),
--max-parallel at once within a wave, each wave Available for --soak before the next; once
failures exceed --max-failures nothing new starts. Rerunning the same command resumes:
upgraded clusters are checked, not redone. The end is a table per cluster (--output json: one
JSON report).
Exit codes: 0 upgraded, 1 a preflight failed or the rollout failed/timed out (a fleet: not every cluster upgraded, or the budget exceeded), 2 usage error or cluster unreachable.`);
  cmd.action(async (paths: string[], flags: UpgradeFlags) => {
    if (paths.length === 1 && isFleetDir(paths[0])) {
      await runFleetUpgrade(paths[0], flags, io, setExit);
      return;
    }
    const fleetOnly = fleetFlagsGiven(flags);
    if (fleetOnly.length) throw new UsageError(`${fleetOnly.join(', ')}: only with a fleet directory (one path: a directory cdk8s-capi synth wrote, with a folder per cluster)`);
    // Flags first: a usage error exits 2 before a file is read or the cluster contacted.
    const concurrency = concurrencyFrom(flags.concurrency);
    const timeouts = timeoutsFrom(flags);
    const variables = variablesFor(flags, io);
    const input = loadForCluster(paths, io);
    const objects = objectsOf(input);
    const substituted = substituteOrFail(objects, variables);
    const redact = substituted.redact;
    const locate = locator(input.manifests);
    if (flags.validate) {
      const check = manifestCheck(input, substituted.objects);
      if (!check.passed) {
        io.out(redact(formatUpgradePreflights([check], locate)));
        setExit(ExitCode.INVALID);
        return;
      }
    }
    const kube = await connect(flags, io);
    const mode = progressMode(flags.output, io);
    const renderer = rendererFor(mode, io.out, io.err, { verbose: Number(program.opts().verbose ?? 0) });
    const sink = redactingSink(renderer, redact);
    reportRetries(kube, sink);
    const onEvent = (e: UpgradeEvent) => {
      if (e.type === 'preflights') {
        if (mode === ProgressMode.JSON) sink(e as any);
        else io.out(redact(formatUpgradePreflights(e.results, locate)));
      } else if (e.type === 'paused' || e.type === 'resumed') {
        if (mode === ProgressMode.JSON) sink(e as any);
        else renderer.log(redact(`   ${e.type === 'paused' ? 'Pausing' : 'Resuming'} reconciliation of ${e.object} (${e.how})`));
      } else {
        sink(e as ProgressEvent);
      }
    };
    await runOperation(renderer, redact, signal => new Upgrader(kube, {
      clock: io.clock,
      variables,
      timeouts,
      concurrency,
      journalPath: flags.journal,
      onEvent,
      signal,
      resumeCommand: rerunCommand('upgrade', paths, flags, envFileArgs(flags)),
      statusCommand: rerunCommand('status', paths, { ...flags, journal: undefined }),
    }).upgrade(objects));
    setExit(ExitCode.OK);
  });
}
