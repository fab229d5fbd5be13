// `cdk8s-capi apply PATH…`: validate, then plan → apply → wait, stage by stage.
import { Command, Option } from 'commander';
import { EnvFileFlags, addEnvFileFlag, envFileArgs, substituteOrFail, variablesFor } from './env-file-flag';
import { CliIo } from './io';
import { KubeFlags, addKubeFlags, connect, rerunCommand } from './kube-flags';
import { formatFindings, loadForCluster, objectsOf, validationErrors } from './load';
import { EventSink, ProgressEvent } from '../apply/events';
import { ApplyError, Applier } from '../apply/executor';
import { KubeApi } from '../apply/kube';
import { StageId } from '../apply/plan';
import { ProgressMode, ProgressRenderer, rendererFor } from '../apply/progress';
import { Redactor, redactDeep } from '../apply/redact';
import { DEFAULT_TIMEOUTS, Timeouts, parseDuration } from '../apply/timeouts';
import { ExitCode, InvalidInputError, UsageError } from '../core/errors';

interface ApplyFlags extends KubeFlags, EnvFileFlags {
  dryRun?: string;
  output: string;
  kubeconfigOut: string;
  timeout?: string;
  stageTimeout: string[];
  resourceTimeout?: string;
  failureWindow?: string;
  stable?: string;
  concurrency: string;
  validate: boolean;
}

function duration(flag: string, v: string): number {
  try {
    return parseDuration(v);
  } catch (e) {
    throw new UsageError(`${flag}: ${(e as Error).message}`);
  }
}

/** `--concurrency`: a whole number ≥ 1 (a usage error, exit 2, otherwise). */
export function concurrencyFrom(value: string): number {
  const n = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || !Number.isInteger(n) || n < 1) throw new UsageError(`--concurrency: expected a whole number ≥ 1, got ${JSON.stringify(value)}`);
  return n;
}

/** The renderer's sink with every substituted value scrubbed from every event. */
export function redactingSink(renderer: ProgressRenderer, redact: Redactor): EventSink {
  return (e: ProgressEvent) => renderer.sink(redactDeep(e, redact));
}

/** Retries reported as events (shown at -v, counted in the summary). */
export function reportRetries(kube: KubeApi, sink: EventSink): void {
  kube.onRetry = r => sink({ type: 'retry', ...r });
}

/** The error with every substituted value scrubbed from its message (it may quote an object). */
export function scrubbed(e: unknown, redact: Redactor): unknown {
  if (e instanceof Error) e.message = redact(e.message);
  return e;
}

export function timeoutsFrom(flags: Pick<ApplyFlags, 'timeout' | 'stageTimeout' | 'resourceTimeout' | 'failureWindow' | 'stable'>): Partial<Timeouts> {
  const stages: Partial<Record<StageId, number>> = {};
  for (const s of flags.stageTimeout ?? []) {
    const [id, v] = s.split('=');
    if (!Object.values(StageId).includes(id as StageId) || !v) {
      throw new UsageError(`--stage-timeout ${JSON.stringify(s)}: expected <stage>=<duration>, a stage of ${Object.values(StageId).join(', ')} (e.g. hosts=90m)`);
    }
    stages[id as StageId] = duration('--stage-timeout', v);
  }
  return {
    ...(flags.timeout ? { overall: duration('--timeout', flags.timeout) } : {}),
    ...(flags.resourceTimeout ? { resource: duration('--resource-timeout', flags.resourceTimeout) } : {}),
    ...(flags.failureWindow ? { failureWindow: duration('--failure-window', flags.failureWindow) } : {}),
    ...(flags.stable ? { stable: duration('--stable', flags.stable) } : {}),
    stages: stages as Timeouts['stages'],
  };
}

export function addWaitFlags(cmd: Command): Command {
  const d = DEFAULT_TIMEOUTS;
  const m = (ms: number) => `${Math.round(ms / 60_000)}m`;
  return cmd
    .option('--timeout <duration>', `overall budget (default ${m(d.overall)})`)
    .option('--stage-timeout <stage=duration>', `per stage, repeatable (defaults: ${Object.entries(d.stages).map(([k, v]) => `${k}=${m(v)}`).join(', ')})`, (v: string, prev: string[]) => [...prev, v], [])
    .option('--resource-timeout <duration>', `an object without any progress this long is stuck (default ${m(d.resource)})`)
    .option('--failure-window <duration>', `a reported failure must persist this long to fail the run (default ${m(d.failureWindow)})`)
    .option('--stable <duration>', `a success must hold this long (default ${d.stable / 1000}s)`);
}

export function progressMode(output: string, io: CliIo): ProgressMode {
  if (output === 'json') return ProgressMode.JSON;
  return io.isTty && !io.env.CI ? ProgressMode.TTY : ProgressMode.PLAIN;
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
    const kube = await connect(flags);
    const renderer = rendererFor(progressMode(flags.output, io), io.out, io.err, { verbose: Number(program.opts().verbose ?? 0) });
    const sink = redactingSink(renderer, redact);
    reportRetries(kube, sink);
    const extra = [
      ...envFileArgs(flags),
      ...(flags.kubeconfigOut !== '.' ? ['--kubeconfig-out', flags.kubeconfigOut] : []),
      ...(flags.dryRun ? ['--dry-run', flags.dryRun] : []),
    ];
    const abort = new AbortController();
    const onSigint = () => abort.abort();
    process.once('SIGINT', onSigint);
    try {
      const result = await new Applier(kube, {
        dryRun: flags.dryRun === 'server',
        variables,
        concurrency,
        timeouts,
        kubeconfigDir: flags.kubeconfigOut,
        onEvent: sink,
        signal: abort.signal,
        statusCommand: rerunCommand('status', paths, flags),
        resumeCommand: rerunCommand('apply', paths, flags, extra),
      }).apply(objects);
      await renderer.finish();
      for (const [cluster, path] of Object.entries(result.kubeconfigs)) if (flags.output !== 'json') io.out(`kubeconfig ${cluster}: ${path}\n`);
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
