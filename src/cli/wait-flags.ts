// The flags of the commands that wait (apply, upgrade, restore): timeouts per stage, per object,
// the failure window and stability, and the concurrency of applies. Checked before anything is
// read: a bad value is a usage error (exit 2).
import { Command } from 'commander';
import { StageId } from '../apply/plan';
import { DEFAULT_TIMEOUTS, TimeoutOverrides, parseDuration } from '../apply/timeouts';
import { UsageError } from '../core/errors';

export interface WaitFlags {
  readonly timeout?: string;
  readonly stageTimeout: string[];
  readonly resourceTimeout?: string;
  readonly failureWindow?: string;
  readonly stable?: string;
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

/** The timeouts the flags set (the rest are the defaults). */
export function timeoutsFrom(flags: WaitFlags): TimeoutOverrides {
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
    stages,
  };
}

/** Adds the wait flags with their defaults in the help. */
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

/** The wait flags given, to repeat in a suggested command. */
export function waitArgs(flags: WaitFlags): string[] {
  return [
    ...(flags.timeout ? ['--timeout', flags.timeout] : []),
    ...(flags.stageTimeout ?? []).flatMap(s => ['--stage-timeout', s]),
    ...(flags.resourceTimeout ? ['--resource-timeout', flags.resourceTimeout] : []),
    ...(flags.failureWindow ? ['--failure-window', flags.failureWindow] : []),
    ...(flags.stable ? ['--stable', flags.stable] : []),
  ];
}
