// Progress for people and for CI: a live task list on a TTY (tty-renderer.ts), plain lines
// when piped, JSON lines with `--output json`. All three read the same ProgressEvent stream.
import { ProgressEvent } from './events';
import { Terminal } from './live-region';
import { doneLine, failureSummary, retryLine } from './progress-lines';
import { ProgressMode, ProgressRenderer } from './progress-renderer';
import { ReadinessStatus } from './readiness/types';
import { formatDuration } from './timeouts';
import { ttyRenderer } from './tty-renderer';

export { doneLine, failureSummary, retryLine, ttyRenderer, ProgressMode, ProgressRenderer };

/** JSON lines, one per event (every event, retries included). */
export function jsonRenderer(write: (s: string) => void): ProgressRenderer {
  return {
    sink: e => write(`${JSON.stringify({ ts: new Date().toISOString(), ...e })}\n`),
    log: () => undefined,
    finish: async () => undefined,
  };
}

const APPLIED: Record<Extract<ProgressEvent, { type: 'applied' }>['result'], string> = {
  'applied': 'applied',
  'dry-run': 'accepted (dry run)',
  'not-checked': 'not checked (dry run)',
};

const ICON: Record<string, string> = { [ReadinessStatus.FAILED]: '✖', [ReadinessStatus.IN_PROGRESS]: '…', [ReadinessStatus.NOT_FOUND]: '?' };

/** One line per phase and per readiness change, EKS-A style. */
export function plainRenderer(out: (s: string) => void, err: (s: string) => void, verbose = 0): ProgressRenderer {
  return {
    sink: e => {
      switch (e.type) {
        case 'stage-start': out(`${e.title}\n`); break;
        case 'stage-done': out(`✅ ${e.title} (${formatDuration(e.ms)})\n`); break;
        case 'applied': if (verbose > 0) out(`   ${APPLIED[e.result]} ${e.object}${e.reason ? ` (${e.reason})` : ''}\n`); break;
        case 'waiting': out(`   ${ICON[e.status] ?? '…'} ${e.object}: ${e.message}\n`); break;
        case 'ready': if (verbose > 0) out(`   ✔ ${e.object}: ${e.message}\n`); break;
        case 'relist': if (verbose > 1) out(`   (re-listing ${e.kind}: ${e.reason})\n`); break;
        case 'retry': if (verbose > 0) out(`${retryLine(e)}\n`); break;
        case 'kubeconfig': out(`   kubeconfig for ${e.cluster} written to ${e.path}\n`); break;
        case 'deleted': out(`   deleted ${e.object}\n`); break;
        case 'done': out(`${doneLine(e)}\n`); break;
        case 'failed': err(failureSummary(e)); break;
        default: break;
      }
    },
    log: text => out(text.endsWith('\n') ? text : `${text}\n`),
    finish: async () => undefined,
  };
}

export interface RendererOptions {
  /** -v count. @default 0 */
  readonly verbose?: number;
  /** The terminal (TTY mode): where the live list is drawn and its size. @default process.stdout */
  readonly terminal?: Terminal;
}

/** process.stdout's size, `out` for the text. */
function stdoutTerminal(out: (s: string) => void): Terminal {
  return {
    write: out,
    get columns() {
      return process.stdout.columns;
    },
    get rows() {
      return process.stdout.rows;
    },
  };
}

export function rendererFor(mode: ProgressMode, out: (s: string) => void, err: (s: string) => void,
  opts: RendererOptions | number = {}): ProgressRenderer {
  const o: RendererOptions = typeof opts === 'number' ? { verbose: opts } : opts;
  switch (mode) {
    case ProgressMode.JSON: return jsonRenderer(out);
    case ProgressMode.TTY: return ttyRenderer(o.terminal ?? stdoutTerminal(out), err, { verbose: o.verbose });
    default: return plainRenderer(out, err, o.verbose ?? 0);
  }
}
