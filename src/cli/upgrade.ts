// `cdk8s-capi upgrade NEW…`: the validation phase (the plan preflights against the live
// cluster; a failure exits 1 before anything is touched), then the upgrade phase with the
// applier's progress, per-phase timeouts and resume-by-rerun.
import { Command, Option } from 'commander';
import { addWaitFlags, progressMode, timeoutsFrom } from './apply';
import { CliError, CliIo, ExitCode } from './io';
import { KubeFlags, addKubeFlags, connect } from './kube-flags';
import { loadWithPositions, locator, manifestCheck } from './plan';
import { ProgressEvent } from '../apply/events';
import { ApplyError } from '../apply/executor';
import { KubeApiError, KubeConnectionError } from '../apply/kube';
import { PlanError } from '../apply/plan';
import { ProgressMode, rendererFor } from '../apply/progress';
import { PreflightError, UpgradeEvent, Upgrader } from '../apply/upgrade';
import { formatUpgradePreflights } from '../apply/upgrade-preflights';

interface UpgradeFlags extends KubeFlags {
  output: string;
  journal?: string;
  timeout?: string;
  stageTimeout: string[];
  resourceTimeout?: string;
  failureWindow?: string;
  stable?: string;
  concurrency: string;
  validate: boolean;
}

const quote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, '\'\\\'\'')}'`);

/** The command line that reruns the same upgrade (for "resumes with"). */
export function rerunCommand(name: string, paths: string[], flags: KubeFlags & { journal?: string }): string {
  const parts = ['cdk8s-capi', name, ...paths];
  if (flags.kubeconfig) parts.push('--kubeconfig', flags.kubeconfig);
  if (flags.context) parts.push('--context', flags.context);
  if (flags.namespace) parts.push('--namespace', flags.namespace);
  if (flags.journal) parts.push('--journal', flags.journal);
  return parts.map(quote).join(' ');
}

export function registerUpgrade(program: Command, io: CliIo, setExit: (c: ExitCode) => void): void {
  const cmd = program.command('upgrade')
    .description('Upgrade a cluster to new manifests: preflights against the live cluster, then new templates, the control plane rollout, the worker rollout, each waited for')
    .argument('<paths...>', 'the new manifests: files or directories; - reads stdin')
    .addOption(new Option('-o, --output <format>', 'progress format (text: a live task list on a TTY, plain lines otherwise)').choices(['text', 'json']).default('text'))
    .option('--journal <file>', 'where pause bookkeeping is kept (default .cdk8s-capi/journal.json)')
    .option('--concurrency <n>', 'objects applied at once', '8')
    .option('--no-validate', 'skip the offline validation of the manifests');
  addKubeFlags(cmd);
  addWaitFlags(cmd);
  cmd.addHelpText('after', `
Examples:
  $ cdk8s-capi upgrade dist/v1.35 --kubeconfig mgmt.kubeconfig
  $ cdk8s-capi plan dist/v1.35 --live --kubeconfig mgmt.kubeconfig     # to look first
  $ cdk8s-capi upgrade dist/v1.35 --stage-timeout control-plane=3h --output json > events.jsonl

Phases: "Performing setup and validations" (nothing is changed when a check fails), new
templates and hosts, the control plane (waits until every machine runs the new version and the
old ones are gone), the workers, the cluster. A failure leaves the cluster on its old machines
and prints where it stopped; rerunning the same command resumes. Reconciliation is paused only
where upstream needs it (the EKS Anywhere controller while its objects change) and always
restored, also by the next run after a crash.
Exit codes: 0 upgraded, 1 a preflight failed or the rollout failed/timed out, 2 usage error or cluster unreachable.`);
  cmd.action(async (paths: string[], flags: UpgradeFlags) => {
    const manifests = loadWithPositions(paths, io);
    const objects = manifests.map(m => m.object);
    const locate = locator(manifests);
    if (flags.validate) {
      const check = manifestCheck(objects);
      if (!check.passed) {
        io.out(formatUpgradePreflights([check], locate));
        setExit(ExitCode.INVALID);
        return;
      }
    }
    const concurrency = Number(flags.concurrency);
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new CliError(`--concurrency must be a whole number ≥ 1, got ${flags.concurrency}`);
    const timeouts = timeoutsFrom(flags);
    const kube = await connect(flags);
    const mode = progressMode(flags.output, io);
    const renderer = rendererFor(mode, io.out, io.err, Number(program.opts().verbose ?? 0));
    const onEvent = (e: UpgradeEvent) => {
      if (e.type === 'preflights') {
        if (mode === ProgressMode.JSON) renderer.sink(e as any);
        else io.out(formatUpgradePreflights(e.results, locate));
      } else if (e.type === 'paused' || e.type === 'resumed') {
        if (mode === ProgressMode.JSON) renderer.sink(e as any);
        else if (mode === ProgressMode.PLAIN) io.out(`   ${e.type === 'paused' ? 'Pausing' : 'Resuming'} reconciliation of ${e.object} (${e.how})\n`);
      } else {
        renderer.sink(e as ProgressEvent);
      }
    };
    const abort = new AbortController();
    const onSigint = () => abort.abort();
    process.once('SIGINT', onSigint);
    try {
      await new Upgrader(kube, {
        timeouts,
        concurrency,
        journalPath: flags.journal,
        onEvent,
        signal: abort.signal,
        resumeCommand: rerunCommand('upgrade', paths, flags),
        statusCommand: rerunCommand('status', paths, { ...flags, journal: undefined }),
      }).upgrade(objects);
      await renderer.finish();
      setExit(ExitCode.OK);
    } catch (e) {
      await renderer.finish();
      if (e instanceof PreflightError || e instanceof ApplyError) {
        setExit(ExitCode.INVALID);
        return;
      }
      if (e instanceof PlanError) throw new CliError(e.message, ExitCode.INVALID);
      if (e instanceof KubeConnectionError) throw new CliError(e.message, ExitCode.USAGE);
      if (e instanceof KubeApiError) throw new CliError(`the API server refused an object (${e.code}${e.reason ? ` ${e.reason}` : ''}): ${e.message}`, ExitCode.INVALID);
      throw e;
    } finally {
      process.off('SIGINT', onSigint);
    }
  });
}
