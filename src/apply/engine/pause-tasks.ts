// Pausing and resuming reconciliation as tasks (pause.ts does the bookkeeping: journal first,
// marker annotation, exact previous value). A resume task is a cleanup task: it runs even when
// the tasks between the pause and it failed, so no pause of this run is left behind.
import { Task } from './task';
import { KubeObject } from '../../core/kube-object';
import { objectKey } from '../../core/object-key';
import { PausedEntry } from '../journal';
import { PauseResult, Pauser } from '../pause';

/** The pauses one run made, for the resume task that undoes them. */
export class PausedSet {
  readonly entries: PausedEntry[] = [];
}

export class PauseTask implements Task {
  constructor(private readonly opts: { readonly pauser: Pauser; readonly objects: readonly KubeObject[]; readonly into: PausedSet }) {}

  async run(): Promise<void> {
    for (const live of this.opts.objects) {
      if ((await this.opts.pauser.pause(live)) !== PauseResult.PAUSED) continue;
      const entry = this.opts.pauser.leftovers().find(e => e.key === objectKey(live));
      if (entry) this.opts.into.entries.push(entry);
    }
  }
}

export class ResumeTask implements Task {
  readonly cleanup = true;

  constructor(private readonly opts: { readonly pauser: Pauser; readonly entries: () => readonly PausedEntry[] }) {}

  async run(): Promise<void> {
    await this.opts.pauser.resumeAll(this.opts.entries());
  }
}
