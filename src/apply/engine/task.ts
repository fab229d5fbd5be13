// The task queue's vocabulary (after cli-utils: a solver builds a queue of tasks, a runner runs
// it): a queue is a list of stages, a stage a titled list of tasks with a time budget. apply,
// delete, upgrade and restore only build queues; the runner and the tasks do the work.
import { KubeClient } from './kube-client';
import { RunError } from './run-error';
import { WatchCache } from './watch-cache';
import { Clock } from '../../core/clock';
import { EventSink, StuckObject } from '../events';
import { StageId } from '../plan';
import { Timeouts } from '../timeouts';

/** One step of a queue. */
export interface Task {
  /** Runs even when an earlier task of its stage failed (a resume after a pause). @default false */
  readonly cleanup?: boolean;
  run(ctx: TaskContext): Promise<void>;
}

/** A titled part of the queue with its own clock (EKS-A style: "Enrolling bare-metal hosts"). */
export interface Stage {
  readonly id: StageId;
  readonly title: string;
  /** Time for the stage (ms), inside the overall budget. */
  readonly budget: number;
  readonly tasks: readonly Task[];
}

/** What the operation's error carries besides its message. */
export interface FailureDetail {
  readonly stuck?: readonly StuckObject[];
  /** Commands that help with this failure, before the operation's own (status, resume). */
  readonly hints?: readonly string[];
  /** Instead of hints and the operation's own commands. */
  readonly next?: readonly string[];
}

/** What every task of a run shares. */
export interface RunContext {
  readonly kube: KubeClient;
  readonly cache: WatchCache;
  readonly clock: Clock;
  readonly emit: EventSink;
  readonly signal?: AbortSignal;
  readonly timeouts: Timeouts;
  /** When the run started (clock ms): the overall budget counts from here. */
  readonly started: number;
  /** The message when the run is interrupted (Ctrl-C). @default 'interrupted' */
  readonly interruptedMessage?: (stage: StageId) => string;
  /** The operation's error for a failure in a stage (it emits the `failed` event and adds how to resume). */
  fail(stage: StageId | undefined, message: string, detail?: FailureDetail): RunError;
}

/** What a task sees: the run, and the stage it is part of. */
export interface TaskContext extends RunContext {
  readonly stage: Stage;
  /** The stage's deadline (clock ms): its budget or the overall one, whichever comes first. */
  readonly deadline: number;
  readonly overallDeadline: number;
  /** Throws the interruption error when the run was aborted. */
  checkAborted(): void;
  /** `fail` for this stage. */
  failHere(message: string, detail?: FailureDetail): RunError;
}
