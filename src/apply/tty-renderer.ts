// The live task list on a TTY: one line per stage (✔ done, ▸ running with its elapsed time,
// · to come), under the running stage the objects still pending with their reason, at most
// a screenful ("… and K more"). Drawn in place (live-region.ts: only changed lines are
// rewritten), at most ten times a second, plus once a second for the elapsed time. What it
// writes is bounded by the screen, not by how long the run takes or how chatty the cluster is.
import { EventSink, ProgressEvent } from './events';
import { LiveRegion, Terminal } from './live-region';
import { StageId } from './plan';
import { doneLine, failureSummary, retryLine } from './progress-lines';
import type { ProgressRenderer } from './progress-renderer';
import { ReadinessStatus } from './readiness/types';
import { truncateToWidth } from './text-width';
import { formatDuration } from './timeouts';

export interface TtyRendererOptions {
  /** -v count: retries are printed (above the list) from 1. @default 0 */
  readonly verbose?: number;
  /** Most lines the list takes, further bounded by the terminal's rows. @default 20 */
  readonly maxLines?: number;
  /** Least time between two redraws. @default 100 (at most ten a second) */
  readonly minIntervalMs?: number;
  /** How often the elapsed time of the running stage is refreshed. @default 1000 */
  readonly tickMs?: number;
}

type StageStatus = 'pending' | 'running' | 'done' | 'failed';

interface StageLine {
  readonly id: StageId;
  readonly title: string;
  status: StageStatus;
  startedAt?: number;
  ms?: number;
  note?: string;
}

interface Pending {
  readonly status: ReadinessStatus;
  readonly message: string;
}

const ICON: Record<StageStatus, string> = { pending: '·', running: '▸', done: '✔', failed: '✖' };

/**
 * The running stage's elapsed time, coarser as it grows (seconds for the first minute, then
 * 5 s, then whole minutes after ten), so the idle once-a-second refresh rarely changes a line.
 */
function elapsed(ms: number): string {
  const step = ms < 60_000 ? 1000 : ms < 600_000 ? 5000 : 60_000;
  const shown = Math.floor(ms / step) * step;
  return shown < 1000 ? '0s' : formatDuration(shown);
}

export interface TtyRenderer extends ProgressRenderer {
  /** What was drawn (for tests and benchmarks). */
  readonly region: LiveRegion;
}

export function ttyRenderer(term: Terminal, err: (s: string) => void, opts: TtyRendererOptions = {}): TtyRenderer {
  const region = new LiveRegion(term);
  const minInterval = opts.minIntervalMs ?? 100;
  const stages: StageLine[] = [];
  const pending = new Map<StageId, Map<string, Pending>>();
  let retries = 0;
  let final: string | undefined;
  let failure: Extract<ProgressEvent, { type: 'failed' }> | undefined;
  let finished = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastDraw = -Infinity;
  let ticker: ReturnType<typeof setInterval> | undefined;

  // 0 means unknown (a pty nobody sized): assume 80×24.
  const size = () => ({ columns: Math.max(20, term.columns || 80), rows: Math.max(4, term.rows || 24) });

  const frame = (withObjects: boolean): string[] => {
    const { columns, rows } = size();
    const budget = Math.max(2, Math.min(opts.maxLines ?? 20, rows - 1));
    const now = Date.now();
    const stageText = (s: StageLine) => {
      const time = s.status === 'running' && s.startedAt !== undefined ? ` (${elapsed(now - s.startedAt)})`
        : s.ms !== undefined ? ` (${formatDuration(s.ms)})` : '';
      return `${ICON[s.status]} ${s.title}${s.note ? `: ${s.note}` : ''}${time}`;
    };
    let shown = stages;
    let head: string[] = [];
    // Too many stages for the screen: fold the finished ones at the top into one line.
    if (stages.length > budget - 1) {
      const firstOpen = Math.max(0, stages.findIndex(s => s.status !== 'done'));
      const fold = Math.min(firstOpen, stages.length - (budget - 2));
      if (fold > 0) {
        head = [`${ICON.done} ${fold} stage${fold === 1 ? '' : 's'} done`];
        shown = stages.slice(fold);
      }
      shown = shown.slice(0, budget - head.length);
    }
    const lines = [...head];
    for (const s of shown) {
      lines.push(stageText(s));
      if (!withObjects || s.status !== 'running') continue;
      const objs = [...(pending.get(s.id) ?? new Map<string, Pending>())]
        // failures first, then in the order they appeared
        .sort(([, a], [, b]) => Number(b.status === ReadinessStatus.FAILED) - Number(a.status === ReadinessStatus.FAILED));
      const room = budget - (lines.length + (shown.length - shown.indexOf(s) - 1));
      if (room <= 0 || !objs.length) continue;
      const fit = objs.length <= room ? objs.length : Math.max(0, room - 1);
      for (const [o, p] of objs.slice(0, fit)) lines.push(`   ${p.status === ReadinessStatus.FAILED ? '✖' : '…'} ${o}: ${p.message}`);
      if (fit < objs.length) lines.push(`   … and ${objs.length - fit} more`);
    }
    return lines.map(l => truncateToWidth(l.replace(/[\r\n\t]+/g, ' '), columns - 1));
  };

  const draw = () => {
    timer = undefined;
    if (finished) return;
    lastDraw = Date.now();
    region.draw(frame(true));
  };

  const schedule = () => {
    if (finished || timer) return;
    const wait = Math.max(0, lastDraw + minInterval - Date.now());
    timer = setTimeout(draw, wait);
    timer.unref?.();
  };

  const stage = (id: StageId | undefined) => stages.find(s => s.id === id);

  const sink: EventSink = e => {
    if (finished) return;
    switch (e.type) {
      case 'plan':
        stages.length = 0;
        for (const st of e.stages) stages.push({ id: st.id, title: st.title, status: 'pending' });
        if (!ticker) {
          ticker = setInterval(schedule, opts.tickMs ?? 1000);
          ticker.unref?.();
        }
        break;
      case 'stage-start': {
        const s = stage(e.stage) ?? (stages.push({ id: e.stage, title: e.title, status: 'pending' }), stages[stages.length - 1]);
        s.status = 'running';
        s.startedAt = Date.now();
        break;
      }
      case 'stage-done': {
        const s = stage(e.stage);
        if (s) {
          s.status = 'done';
          s.ms = e.ms;
        }
        pending.delete(e.stage);
        break;
      }
      case 'waiting': {
        const m = pending.get(e.stage) ?? new Map<string, Pending>();
        m.set(e.object, { status: e.status, message: e.message });
        pending.set(e.stage, m);
        break;
      }
      case 'ready':
        pending.get(e.stage)?.delete(e.object);
        break;
      case 'kubeconfig': {
        const s = stage(StageId.KUBECONFIG);
        if (s) s.note = s.note ? `${s.note}, ${e.path}` : e.path;
        break;
      }
      case 'retry':
        retries++;
        if ((opts.verbose ?? 0) > 0) region.print(truncateToWidth(retryLine(e), size().columns - 1));
        return;
      case 'failed': {
        failure = e;
        const s = stage(e.stage) ?? stages.find(x => x.status === 'running');
        if (s) {
          if (s.status === 'running' && s.startedAt !== undefined) s.ms = Date.now() - s.startedAt;
          s.status = 'failed';
        }
        break;
      }
      case 'done':
        final = doneLine({ ...e, retries: e.retries ?? retries });
        break;
      default:
        return;
    }
    schedule();
  };

  return {
    sink,
    region,
    log: text => {
      if (finished) err(text);
      else region.print(text);
    },
    finish: async () => {
      if (finished) return;
      if (timer) clearTimeout(timer);
      if (ticker) clearInterval(ticker);
      timer = undefined;
      ticker = undefined;
      // The last frame stays as the record of the run: stages only, the failure summary
      // (on stderr) names what is stuck.
      region.draw(frame(false));
      region.release();
      finished = true;
      if (final) term.write(`${final}\n`);
      if (failure) err(failureSummary(failure));
    },
  };
}
