// Sends objects with server-side apply: in dependency waves with bounded concurrency (or one
// by one in the given order), each reported as an `applied` event. Discovery is refreshed after
// CustomResourceDefinitions were applied, so the kinds they define are found.
import { pool } from './pool';
import { Task, TaskContext } from './task';
import { InternalError } from '../../core/errors';
import { KubeObject } from '../../core/kube-object';
import { describeRef } from '../../core/object-ref';
import { PlanNode } from '../plan';

export interface ApplyTaskOptions {
  /** The objects, in plan order. */
  readonly nodes: readonly PlanNode[];
  readonly fieldManager: string;
  /** dryRun=All: the server checks and persists nothing. @default false */
  readonly dryRun?: boolean;
  /** Objects in flight within a wave. @default 8 */
  readonly concurrency?: number;
  /** One object at a time, in the given order, instead of dependency waves. @default false */
  readonly sequential?: boolean;
  /** The body sent for a node. @default the node's object */
  readonly body?: (node: PlanNode) => KubeObject;
  /** Why a node cannot be sent (it is reported as not checked, a dry run only). @default every node is sent */
  readonly skip?: (node: PlanNode) => string | undefined;
}

export class ApplyTask implements Task {
  constructor(private readonly opts: ApplyTaskOptions) {}

  async run(ctx: TaskContext): Promise<void> {
    const { nodes } = this.opts;
    if (this.opts.sequential) {
      for (const n of nodes) await this.applyOne(ctx, n);
    } else {
      const done = new Set<string>();
      const inSet = new Set(nodes.map(n => n.key));
      let pending = [...nodes];
      while (pending.length) {
        const wave = pending.filter(n => [...n.dependsOn.keys()].every(d => !inSet.has(d) || done.has(d)));
        // The plan refuses cycles, so every set of pending objects has one without pending dependencies.
        if (!wave.length) throw new InternalError(`no applicable object among ${pending.map(n => describeRef(n.ref)).join(', ')}`);
        await pool(wave, this.opts.concurrency ?? 8, async n => {
          await this.applyOne(ctx, n);
          done.add(n.key);
        });
        pending = pending.filter(n => !done.has(n.key));
      }
    }
    if (nodes.some(n => n.ref.kind === 'CustomResourceDefinition')) ctx.kube.resetDiscovery();
  }

  private async applyOne(ctx: TaskContext, n: PlanNode): Promise<void> {
    ctx.checkAborted();
    const reason = this.opts.skip?.(n);
    if (reason) {
      ctx.emit({ type: 'applied', object: describeRef(n.ref), result: 'not-checked', reason });
      return;
    }
    const body = this.opts.body?.(n) ?? n.object;
    await ctx.kube.apply(body, { fieldManager: this.opts.fieldManager, force: true, dryRun: this.opts.dryRun });
    ctx.emit({ type: 'applied', object: describeRef(n.ref), result: this.opts.dryRun ? 'dry-run' : 'applied' });
  }
}
