// Progress for people and for CI: a live task list on a TTY (listr2: one task per stage, the
// objects still pending with their reason underneath), plain lines when piped, JSON lines
// with `--output json`. All three read the same ProgressEvent stream.
import { Listr } from 'listr2';
import { EventSink, ProgressEvent } from './events';
import { StageId } from './plan';
import { ReadinessStatus } from './readiness/types';
import { formatDuration } from './timeouts';

export enum ProgressMode {
  TTY = 'tty',
  PLAIN = 'plain',
  JSON = 'json',
}

export interface ProgressRenderer {
  readonly sink: EventSink;
  /** Resolves when the renderer has drawn its last frame. */
  finish(): Promise<void>;
}

/** The failure summary: only the stuck objects, their status, and what to run next. */
export function failureSummary(e: Extract<ProgressEvent, { type: 'failed' }>): string {
  const lines = [`❌ ${e.message}`];
  if (e.stuck.length) {
    lines.push('Stuck:');
    for (const s of e.stuck) lines.push(`  ${s.object}: ${s.status} — ${s.message}${s.since ? ` (unchanged for ${s.since})` : ''}`);
  }
  if (e.next.length) {
    lines.push('Next:');
    for (const n of e.next) lines.push(`  ${n}`);
  }
  return `${lines.join('\n')}\n`;
}

export function jsonRenderer(write: (s: string) => void): ProgressRenderer {
  return { sink: e => write(`${JSON.stringify({ ts: new Date().toISOString(), ...e })}\n`), finish: async () => undefined };
}

const ICON: Record<string, string> = { [ReadinessStatus.FAILED]: '✖', [ReadinessStatus.IN_PROGRESS]: '…', [ReadinessStatus.NOT_FOUND]: '?' };

/** One line per phase and per readiness change, EKS-A style. */
export function plainRenderer(out: (s: string) => void, err: (s: string) => void, verbose = 0): ProgressRenderer {
  return {
    sink: e => {
      switch (e.type) {
        case 'stage-start': out(`${e.title}\n`); break;
        case 'stage-done': out(`✅ ${e.title} (${formatDuration(e.ms)})\n`); break;
        case 'applied': if (verbose > 0) out(`   applied ${e.object}${e.result === 'dry-run' ? ' (server dry run)' : ''}\n`); break;
        case 'waiting': out(`   ${ICON[e.status] ?? '…'} ${e.object}: ${e.message}\n`); break;
        case 'ready': if (verbose > 0) out(`   ✔ ${e.object}: ${e.message}\n`); break;
        case 'relist': if (verbose > 1) out(`   (re-listing ${e.kind}: ${e.reason})\n`); break;
        case 'kubeconfig': out(`   kubeconfig for ${e.cluster} written to ${e.path}\n`); break;
        case 'deleted': out(`   deleted ${e.object}\n`); break;
        case 'done': out(`🎉 Done in ${formatDuration(e.ms)} (${e.objects} objects, ${e.requests} API requests)\n`); break;
        case 'failed': err(failureSummary(e)); break;
        default: break;
      }
    },
    finish: async () => undefined,
  };
}

/** A listr2 task list: stages as tasks, pending objects as the task output. */
export function ttyRenderer(out: (s: string) => void, err: (s: string) => void): ProgressRenderer {
  interface StageState { resolve: () => void; reject: (e: Error) => void; pending: Map<string, string>; task?: { output: string; title: string } }
  const states = new Map<StageId, StageState>();
  let list: Listr | undefined;
  let running: Promise<unknown> | undefined;
  let failure: Extract<ProgressEvent, { type: 'failed' }> | undefined;
  const render = (s: StageState) => {
    if (s.task) s.task.output = [...s.pending].slice(0, 15).map(([o, m]) => `${o}: ${m}`).join('\n') + (s.pending.size > 15 ? `\n… and ${s.pending.size - 15} more` : '');
  };
  return {
    sink: e => {
      if (e.type === 'plan') {
        list = new Listr(e.stages.map(st => {
          let resolve!: () => void;
          let reject!: (x: Error) => void;
          const done = new Promise<void>((res, rej) => {
            resolve = res;
            reject = rej;
          });
          const state: StageState = { resolve, reject, pending: new Map() };
          states.set(st.id, state);
          return {
            title: st.title,
            task: async (_ctx: unknown, task: any) => {
              state.task = task;
              render(state);
              await done;
            },
            rendererOptions: { persistentOutput: false, outputBar: 16 },
          };
        }), { concurrent: false, exitOnError: true, rendererOptions: { collapseSubtasks: false } as any, fallbackRendererCondition: false } as any);
        running = list.run().catch(() => undefined);
        return;
      }
      if (e.type === 'waiting') {
        const s = states.get(e.stage);
        if (s) {
          s.pending.set(e.object, `${e.status === ReadinessStatus.FAILED ? '✖ ' : ''}${e.message}`);
          render(s);
        }
      } else if (e.type === 'ready') {
        const s = states.get(e.stage);
        if (s) {
          s.pending.delete(e.object);
          render(s);
        }
      } else if (e.type === 'stage-done') {
        states.get(e.stage)?.resolve();
      } else if (e.type === 'failed') {
        failure = e;
        const s = e.stage ? states.get(e.stage) : undefined;
        s?.reject(new Error(e.message));
        for (const other of states.values()) if (other !== s) other.reject(new Error('not started'));
      } else if (e.type === 'kubeconfig') {
        const s = states.get(StageId.KUBECONFIG);
        if (s?.task) s.task.title = `Fetching kubeconfig: ${e.path}`;
      } else if (e.type === 'done') {
        void running?.then(() => out(`🎉 Done in ${formatDuration(e.ms)} (${e.objects} objects, ${e.requests} API requests)\n`));
      }
    },
    finish: async () => {
      await running;
      if (failure) err(failureSummary(failure));
    },
  };
}

export function rendererFor(mode: ProgressMode, out: (s: string) => void, err: (s: string) => void, verbose = 0): ProgressRenderer {
  switch (mode) {
    case ProgressMode.JSON: return jsonRenderer(out);
    case ProgressMode.TTY: return ttyRenderer(out, err);
    default: return plainRenderer(out, err, verbose);
  }
}
