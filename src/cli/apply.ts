// `cdk8s-capi apply PATH…`: validate, then plan → apply → wait, stage by stage.
import { Command, Option } from 'commander';
import { EnvFileFlags, addEnvFileFlag, envFileArgs, substituteOrFail, variablesFor } from './env-file-flag';
import { CliIo } from './io';
import { KubeFlags, addKubeFlags, connect, rerunCommand } from './kube-flags';
import { loadForCluster, objectsOf } from './load';
import { progressMode, redactingSink, reportRetries, runOperation } from './progress-output';
import { formatFindings, validationErrors } from './validation-errors';
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
    const input = loadForCluster(paths, io);
    const objects = objectsOf(input);
    const substituted = substituteOrFail(objects, variables);
    const redact = substituted.redact;
    if (flags.validate) {
      const errors = validationErrors(input, substituted.objects);
      if (errors.length) throw new InvalidInputError(redact(`validation failed, nothing was applied:\n${formatFindings(errors)}\n(--no-validate skips this check)`));
    }
    const kube = await connect(flags, io);
    const renderer = rendererFor(progressMode(flags.output, io), io.out, io.err, { verbose: Number(program.opts().verbose ?? 0) });
    const sink = redactingSink(renderer, redact);
    reportRetries(kube, sink);
    const extra = [
      ...envFileArgs(flags),
      ...(flags.kubeconfigOut !== '.' ? ['--kubeconfig-out', flags.kubeconfigOut] : []),
      ...(flags.dryRun ? ['--dry-run', flags.dryRun] : []),
    ];
    const result = await runOperation(renderer, redact, signal => new Applier(kube, {
      clock: io.clock,
      dryRun: flags.dryRun === 'server',
      variables,
      concurrency,
      timeouts,
      kubeconfigDir: flags.kubeconfigOut,
      onEvent: sink,
      signal,
      statusCommand: rerunCommand('status', paths, flags),
      resumeCommand: rerunCommand('apply', paths, flags, extra),
    }).apply(objects));
    for (const [cluster, path] of Object.entries(result.kubeconfigs)) if (flags.output !== 'json') io.out(`kubeconfig ${cluster}: ${path}\n`);
    setExit(ExitCode.OK);
  });
}
