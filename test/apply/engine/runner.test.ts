// The task runner: stages in order with their events and deadlines; a failed task ends its
// stage and the run, but cleanup tasks (a resume after a pause) still run; an interruption
// between stages is the operation's error.
import { reportedFailure } from '../../../src/apply/engine/run-error';
import { runQueue } from '../../../src/apply/engine/runner';
import { RunContext, Stage, Task, TaskContext } from '../../../src/apply/engine/task';
import { ProgressEvent } from '../../../src/apply/events';
import { StageId } from '../../../src/apply/plan';
import { mergeTimeouts } from '../../../src/apply/timeouts';
import { ManualClock } from '../../../src/core/clock';

function context(events: ProgressEvent[], signal?: AbortSignal): RunContext {
  const clock = new ManualClock();
  return {
    kube: undefined as any,
    cache: undefined as any,
    clock,
    emit: e => events.push(e),
    signal,
    timeouts: mergeTimeouts({ overall: 100_000 }),
    started: clock.now(),
    fail: (stage, message, detail) => reportedFailure(e => events.push(e), stage, message, detail?.stuck ?? [], detail?.next ?? ['rerun']),
    interruptedMessage: stage => `interrupted in ${stage}`,
  };
}

const task = (log: string[], name: string, opts: { fails?: boolean; cleanup?: boolean; see?: (ctx: TaskContext) => void } = {}): Task => ({
  cleanup: opts.cleanup,
  run: async ctx => {
    log.push(name);
    opts.see?.(ctx);
    if (opts.fails) throw ctx.failHere(`${name} failed`);
  },
});

test('stages run in order, each announced and timed, each task seeing its deadline (its budget or the overall one)', async () => {
  const events: ProgressEvent[] = [];
  const log: string[] = [];
  const deadlines: number[] = [];
  const run = context(events);
  const see = (ctx: TaskContext) => deadlines.push(ctx.deadline - run.started);
  const stages: Stage[] = [
    { id: StageId.HOSTS, title: 'Hosts', budget: 30_000, tasks: [task(log, 'a', { see }), task(log, 'b')] },
    { id: StageId.OBJECTS, title: 'Objects', budget: 500_000, tasks: [task(log, 'c', { see })] },
  ];
  await runQueue(stages, run);
  expect(log).toEqual(['a', 'b', 'c']);
  expect(deadlines).toEqual([30_000, 100_000]);
  expect(events.map(e => `${e.type} ${(e as any).title}`)).toEqual(['stage-start Hosts', 'stage-done Hosts', 'stage-start Objects', 'stage-done Objects']);
});

test('a failed task ends the run: the rest of its stage is skipped but cleanup tasks run, and later stages do not', async () => {
  const events: ProgressEvent[] = [];
  const log: string[] = [];
  const stages: Stage[] = [
    { id: StageId.CLUSTER, title: 'Cluster', budget: 1_000, tasks: [task(log, 'pause'), task(log, 'apply', { fails: true }), task(log, 'more'), task(log, 'resume', { cleanup: true })] },
    { id: StageId.WORKERS, title: 'Workers', budget: 1_000, tasks: [task(log, 'never')] },
  ];
  await expect(runQueue(stages, context(events))).rejects.toMatchObject({ message: 'apply failed', stage: StageId.CLUSTER, next: ['rerun'], reported: true });
  expect(log).toEqual(['pause', 'apply', 'resume']);
  expect(events.map(e => e.type)).toEqual(['stage-start', 'failed']);
});

test('an interrupted run stops before the next stage with the operation\'s message', async () => {
  const events: ProgressEvent[] = [];
  const log: string[] = [];
  const abort = new AbortController();
  const stages: Stage[] = [
    { id: StageId.HOSTS, title: 'Hosts', budget: 1_000, tasks: [task(log, 'a', { see: () => abort.abort() })] },
    { id: StageId.OBJECTS, title: 'Objects', budget: 1_000, tasks: [task(log, 'b')] },
  ];
  await expect(runQueue(stages, context(events, abort.signal))).rejects.toMatchObject({ message: 'interrupted in objects', stage: StageId.OBJECTS });
  expect(log).toEqual(['a']);
});
