// The task runner: stage by stage, task by task, with stage events and deadlines. A failed task
// ends its stage (cleanup tasks still run) and the run.
import { RunContext, Stage, TaskContext } from './task';

/** Runs the queue; rejects with the first task's error. */
export async function runQueue(stages: readonly Stage[], run: RunContext): Promise<void> {
  const overallDeadline = run.started + run.timeouts.overall;
  for (const stage of stages) {
    const checkAborted = () => {
      if (run.signal?.aborted) throw run.fail(stage.id, run.interruptedMessage?.(stage.id) ?? 'interrupted');
    };
    checkAborted();
    const t0 = run.clock.now();
    run.emit({ type: 'stage-start', stage: stage.id, title: stage.title });
    const ctx: TaskContext = {
      ...run,
      stage,
      deadline: Math.min(overallDeadline, t0 + stage.budget),
      overallDeadline,
      checkAborted,
      failHere: (message, detail) => run.fail(stage.id, message, detail),
    };
    let failure: { error: unknown } | undefined;
    for (const task of stage.tasks) {
      if (failure && !task.cleanup) continue;
      try {
        await task.run(ctx);
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure) throw failure.error;
    run.emit({ type: 'stage-done', stage: stage.id, title: stage.title, ms: run.clock.now() - t0 });
  }
}
