// A wait as a task of the queue: the stage's items, the run's timeouts (or the caller's), and a
// failure turned into the run's error with the first culprit's `kubectl describe`.
import { RunError } from './run-error';
import { Task, TaskContext } from './task';
import { WaitFailure, WaitItem, WaitPolicy, waitFor } from './wait';
import { ObjectRef } from '../../core/object-ref';
import { formatDuration } from '../timeouts';

export interface WaitTaskOptions {
  /** The items, built when the task runs (after the stage's applies). */
  readonly items: () => readonly WaitItem[];
  /** Overrides of the run's timeouts (stable, failure window, resource) and the deadline. @default - the run's */
  readonly policy?: Partial<WaitPolicy>;
  /** What the failure becomes. @default the run's error with `kubectl describe` of the first culprit */
  readonly onFailure?: (failure: WaitFailure, ctx: TaskContext) => RunError;
  /** Runs once every item is done. */
  readonly onDone?: () => void;
}

/** `kubectl describe <kind>.<group> <name> -n <namespace>` */
export function describeCommand(ref: ObjectRef): string {
  return `kubectl describe ${ref.kind.toLowerCase()}${ref.group ? `.${ref.group}` : ''} ${ref.name}${ref.namespace ? ` -n ${ref.namespace}` : ''}`;
}

export class WaitTask implements Task {
  constructor(private readonly opts: WaitTaskOptions) {}

  async run(ctx: TaskContext): Promise<void> {
    const items = this.opts.items();
    if (!items.length) return;
    const t = ctx.timeouts;
    const policy: WaitPolicy = {
      stable: t.stable,
      failureWindow: t.failureWindow,
      resource: t.resource,
      deadline: ctx.deadline,
      expired: () => `${ctx.stage.title}: ${ctx.deadline >= ctx.overallDeadline ? 'the overall timeout' : `the ${ctx.stage.id} stage timeout (${formatDuration(ctx.stage.budget)})`} expired`,
      ...this.opts.policy,
    };
    try {
      await waitFor(items, policy, { stage: ctx.stage.id, cache: ctx.cache, clock: ctx.clock, emit: ctx.emit, signal: ctx.signal });
    } catch (e) {
      if (!(e instanceof WaitFailure)) throw e;
      if (this.opts.onFailure) throw this.opts.onFailure(e, ctx);
      const first = e.culprits.find(c => c.ref)?.ref;
      throw ctx.failHere(e.message, { stuck: e.stuck, hints: first ? [describeCommand(first)] : [] });
    }
    this.opts.onDone?.();
  }
}
