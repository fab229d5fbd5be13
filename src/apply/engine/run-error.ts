// How a lifecycle run ends when it does not complete: refused before anything was touched, a
// failure that persisted, a clock that ran out, an interruption. Carries where it stopped, the
// objects that are stuck and the commands to run next.
import { OperationError } from '../../core/errors';
import { EventSink, StuckObject } from '../events';
import { StageId } from '../plan';

export class RunError extends OperationError {
  constructor(message: string, public readonly stage: StageId | undefined, public readonly stuck: readonly StuckObject[],
    public readonly next: readonly string[]) {
    super(message);
    this.name = 'RunError';
  }
}

/** A RunError reported as a `failed` event (the progress view prints it; the CLI then only exits). */
export function reportedFailure(emit: EventSink, stage: StageId | undefined, message: string,
  stuck: readonly StuckObject[], next: readonly string[]): RunError {
  const e = new RunError(message, stage, stuck, next);
  emit({ type: 'failed', ...(stage ? { stage } : {}), message, stuck: [...stuck], next: [...next] });
  e.reported = true;
  return e;
}
