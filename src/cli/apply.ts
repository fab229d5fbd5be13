// `cdk8s-capi apply PATH…`: validate, then plan → apply → wait, stage by stage.
import { Command, Option } from 'commander';
import { CliError, CliIo, ExitCode } from './io';
import { KubeFlags, addKubeFlags, connect } from './kube-flags';
import { loadForCluster } from './load';
import { ApplyError, Applier } from '../apply/executor';
import { KubeApiError, KubeConnectionError } from '../apply/kube';
import { StageId, PlanError } from '../apply/plan';
import { ProgressMode, rendererFor } from '../apply/progress';
import { DEFAULT_TIMEOUTS, Timeouts, parseDuration } from '../apply/timeouts';
import { Severity } from '../core/errors';
import { validateObjects } from '../validate/validate';

interface ApplyFlags extends KubeFlags {
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
    throw new CliError(`${flag}: ${(e as Error).message}`);
  }
}

export function timeoutsFrom(flags: Pick<ApplyFlags, 'timeout' | 'stageTimeout' | 'resourceTimeout' | 'failureWindow' | 'stable'>): Partial<Timeouts> {
  const stages: Partial<Record<StageId, number>> = {};
  for (const s of flags.stageTimeout ?? []) {
    const [id, v] = s.split('=');
    if (!Object.values(StageId).includes(id as StageId) || !v) {
      throw new CliError(`--stage-timeout ${JSON.stringify(s)}: use <stage>=<duration> with a stage of ${Object.values(StageId).join(', ')}`);
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
    .addOption(new Option('--dry-run <mode>', 'server: send everything with dryRun=All, wait for nothing').choices(['server']))
    .addOption(new Option('-o, --output <format>', 'progress format (text: a live task list on a TTY, plain lines otherwise)').choices(['text', 'json']).default('text'))
    .option('--kubeconfig-out <dir>', 'where <cluster>.kubeconfig files are written (0600)', '.')
    .option('--concurrency <n>', 'objects applied at once', '8')
    .option('--no-validate', 'skip the offline validation before applying');
  addKubeFlags(cmd);
  addWaitFlags(cmd);
  cmd.addHelpText('after', `
Examples:
  $ cdk8s-capi apply dist/multinode-cluster --kubeconfig mgmt.kubeconfig
  $ cdk8s-capi apply dist/ --dry-run server
  $ cdk8s-capi apply dist/site-1 --stage-timeout hosts=90m --output json > events.jsonl

A rerun after a failure, a timeout or Ctrl-C resumes: objects are applied with server-side
apply (idempotent) and the waits read the live status.
Exit codes: 0 ready, 1 invalid manifests or a failed/timed-out run, 2 usage error or cluster unreachable.`);
  cmd.action(async (paths: string[], flags: ApplyFlags) => {
    const objects = loadForCluster(paths, io);
    if (flags.validate) {
      const errors = validateObjects(objects).flatMap(r => r.findings
        .filter(f => f.severity === Severity.ERROR)
        .map(f => `${r.object.kind}/${r.object.metadata?.name} ${f.field}: ${f.message}`));
      if (errors.length) throw new CliError(`validation failed, nothing was applied:\n  ${errors.join('\n  ')}\n(run \`cdk8s-capi validate\` for file:line, or --no-validate to skip)`, ExitCode.INVALID);
    }
    const concurrency = Number(flags.concurrency);
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new CliError(`--concurrency must be a whole number ≥ 1, got ${flags.concurrency}`);
    const timeouts = timeoutsFrom(flags);
    const kube = await connect(flags);
    const renderer = rendererFor(progressMode(flags.output, io), io.out, io.err, Number(program.opts().verbose ?? 0));
    const abort = new AbortController();
    const onSigint = () => abort.abort();
    process.once('SIGINT', onSigint);
    try {
      const result = await new Applier(kube, {
        dryRun: flags.dryRun === 'server', concurrency, timeouts, kubeconfigDir: flags.kubeconfigOut, onEvent: renderer.sink, signal: abort.signal,
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
      if (e instanceof PlanError) throw new CliError(e.message, ExitCode.INVALID);
      if (e instanceof KubeConnectionError) throw new CliError(e.message, ExitCode.USAGE);
      if (e instanceof KubeApiError) throw new CliError(`the API server refused an object (${e.code}${e.reason ? ` ${e.reason}` : ''}): ${e.message}`, ExitCode.INVALID);
      throw e;
    } finally {
      process.off('SIGINT', onSigint);
    }
  });
}
