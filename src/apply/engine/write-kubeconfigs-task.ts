// Writes each cluster's kubeconfig from its `<cluster>-kubeconfig` Secret (read from the watch
// cache the kubeconfig wait filled): 0600, atomically, never through a symbolic link; recorded
// in the journal (the cluster does not remember where it was written).
import { join } from 'node:path';
import { Task, TaskContext } from './task';
import { UnsafePathError, ensureDir, writeFileAtomic } from '../../core/atomic-write';
import { Journal } from '../journal';
import { WaitTarget } from '../plan';

/** `<dir>/<cluster>.kubeconfig` */
export function kubeconfigPathOf(dir: string, cluster: string): string {
  return join(dir, `${cluster}.kubeconfig`);
}

export interface WriteKubeconfigsOptions {
  /** The kubeconfig Secrets, with the cluster each belongs to. */
  readonly targets: readonly WaitTarget[];
  readonly dir: string;
  readonly journal: Journal;
  /** Filled with cluster → path. */
  readonly written: Record<string, string>;
  /** The command that resumes the run, for the failure's next steps. */
  readonly resumeCommand: string;
}

export class WriteKubeconfigsTask implements Task {
  constructor(private readonly opts: WriteKubeconfigsOptions) {}

  async run(ctx: TaskContext): Promise<void> {
    for (const t of this.opts.targets) {
      if (!t.cluster) continue;
      const secret = await ctx.cache.get('v1', 'Secret', t.ref.namespace, t.ref.name);
      const value = secret?.data?.value;
      if (typeof value !== 'string') continue;
      const path = kubeconfigPathOf(this.opts.dir, t.cluster);
      try {
        ensureDir(this.opts.dir);
        writeFileAtomic(path, Buffer.from(value, 'base64'));
      } catch (e) {
        if (!(e instanceof UnsafePathError)) throw e;
        throw ctx.failHere(`the cluster is up, but its kubeconfig was not written: ${e.message}`,
          { next: [`${this.opts.resumeCommand}   # writes it once the path is fixed`] });
      }
      this.opts.journal.recordKubeconfig(t.cluster, path);
      this.opts.written[t.cluster] = path;
      ctx.emit({ type: 'kubeconfig', cluster: t.cluster, path });
    }
  }
}
