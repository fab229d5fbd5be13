// `cdk8s-capi apply PATH…`: validate, then plan → apply → wait, stage by stage.
import { Command, Option } from 'commander';
import { validateInBackground } from './background-validation';
import { EnvFileFlags, addEnvFileFlag, envFileArgs, substituteOrFail, variablesFor } from './env-file-flag';
import { HeldOutput } from './held-output';
import { CliIo } from './io';
import { KubeFlags, addKubeFlags, connect, rerunCommand } from './kube-flags';
import { formatFindings, loadForCluster, objectsOf, validationErrors } from './load';
import { progressMode, redactingSink, reportRetries, runOperation } from './progress-output';
import { WaitFlags, addWaitFlags, concurrencyFrom, timeoutsFrom } from './wait-flags';
import { Applier } from '../apply/applier';
import { rendererFor } from '../apply/progress';
import { ExitCode, InvalidInputError } from '../core/errors';

interface ApplyFlags extends KubeFlags, EnvFileFlags, WaitFlags {
  dryRun?: string;
  output: string;
  kubeconfigOut: string;
  concurrency: string;
  validate: boolean;
}

export function registerApply(program: Command, io: CliIo, setExit: (c: ExitCode) => void): void {
  const cmd = program.command('apply')
    .description('Apply manifests in dependency order and wait until they are ready: enroll hosts, create the cluster objects, wait for the control plane and workers, fetch the kubeconfig')
    .argument('<paths...>', 'manifest files or directories (e.g. dist/multinode-cluster); - reads stdin')
    .addOption(new Option('--dry-run <mode>', 'server: send everything with dryRun=All, wait for nothing, write nothing').choices(['server']))
    .addOption(new Option('-o, --output <format>', 'progress format (text: a live task list on a TTY, plain lines otherwise)').choices(['text', 'json']).default('text'))
    .option('--kubeconfig-out <dir>', 'where <cluster>.kubeconfig files are written (0600)', '.')
    .option('--concurrency <n>', 'objects applied at once', '8')
    .option('--no-validate', 'skip the offline validation before applying');
  addEnvFileFlag(cmd);
  addKubeFlags(cmd);
  addWaitFlags(cmd);
  cmd.addHelpText('after', `
Examples:
  $ cdk8s-capi apply dist/multinode-cluster --kubeconfig mgmt.kubeconfig --env-file bmc.env
  $ cdk8s-capi apply dist/ --dry-run server
  $ cdk8s-capi apply dist/site-1 --stage-timeout hosts=90m --output json > events.jsonl

\${VAR} placeholders (BMC credentials) are filled in from the environment and --env-file
before anything is sent, as Flux's post-build substitution does in strict mode: an unset
variable fails the run up front. $\${VAR} is a literal \${VAR}; objects labelled or annotated
kustomize.toolkit.fluxcd.io/substitute: disabled are sent as they are.
A rerun after a failure, a timeout or Ctrl-C resumes: objects are applied with server-side
apply (idempotent) and the waits read the live status.
Exit codes: 0 ready, 1 invalid manifests or a failed/timed-out run, 2 usage error or cluster unreachable.`);
  cmd.action(async (paths: string[], flags: ApplyFlags) => {
    // Flags first: a usage error exits 2 before a file is read or the cluster contacted.
    const concurrency = concurrencyFrom(flags.concurrency);
    const timeouts = timeoutsFrom(flags);
    const variables = variablesFor(flags, io);
    const dryRun = flags.dryRun === 'server';
    // A server-side dry run writes nothing: its validation runs beside it (background-validation.ts).
    const background = flags.validate && dryRun ? validateInBackground({ paths, variables }) : undefined;
    let input;
    let substituted;
    try {
      input = loadForCluster(paths, io);
      substituted = substituteOrFail(objectsOf(input), variables);
    } catch (e) {
      background?.stop();
      throw e;
    }
    // The applier substitutes again itself (input-checks.ts): it gets the objects as read.
    const objects = objectsOf(input);
    const redact = substituted.redact;
    const invalid = (report: string) => new InvalidInputError(redact(`validation failed, nothing was applied:\n${report}\n(--no-validate skips this check)`));
    if (flags.validate && !background) {
      const errors = validationErrors(input, substituted.objects);
      if (errors.length) throw invalid(formatFindings(errors));
    }
    // Until the background validation has passed, nothing is shown: its errors come alone, as before.
    const out = background ? new HeldOutput(io) : undefined;
    const settle = async () => {
      const report = await background?.report;
      if (report) {
        out?.discard();
        throw invalid(report);
      }
      out?.release();
    };
    let result;
    try {
      const kube = await connect(flags, io);
      const verbose = Number(program.opts().verbose ?? 0);
      const renderer = rendererFor(progressMode(flags.output, io), out?.out ?? io.out, out?.err ?? io.err, { verbose });
      const sink = redactingSink(renderer, redact);
      reportRetries(kube, sink);
      const extra = [
        ...envFileArgs(flags),
        ...(flags.kubeconfigOut !== '.' ? ['--kubeconfig-out', flags.kubeconfigOut] : []),
        ...(flags.dryRun ? ['--dry-run', flags.dryRun] : []),
      ];
      result = await runOperation(renderer, redact, signal => new Applier(kube, {
        clock: io.clock,
        dryRun,
        variables,
        concurrency,
        timeouts,
        kubeconfigDir: flags.kubeconfigOut,
        onEvent: sink,
        signal,
        statusCommand: rerunCommand('status', paths, flags),
        resumeCommand: rerunCommand('apply', paths, flags, extra),
      }).apply(objects));
    } catch (e) {
      await settle();
      throw e;
    }
    await settle();
    for (const [cluster, path] of Object.entries(result.kubeconfigs)) if (flags.output !== 'json') io.out(`kubeconfig ${cluster}: ${path}\n`);
    setExit(ExitCode.OK);
  });
}
