// Deletes objects one by one (the order is the caller's: reverse apply order). Objects already
// gone count as deleted by someone else.
import { Task, TaskContext } from './task';
import { ObjectRef } from '../../core/object-ref';

export interface DeleteTaskOptions {
  readonly refs: readonly ObjectRef[];
  /** Foreground for owners whose children must go first (CAPI Clusters). @default Background */
  readonly propagation?: (ref: ObjectRef) => 'Foreground' | 'Background';
  /** Counts the objects this run deleted. */
  readonly counter?: { deleted: number };
}

export class DeleteTask implements Task {
  constructor(private readonly opts: DeleteTaskOptions) {}

  async run(ctx: TaskContext): Promise<void> {
    for (const ref of this.opts.refs) {
      ctx.checkAborted();
      const r = await ctx.kube.delete(ref, this.opts.propagation?.(ref) ?? 'Background');
      if (r === 'deleted' && this.opts.counter) this.opts.counter.deleted++;
    }
  }
}
