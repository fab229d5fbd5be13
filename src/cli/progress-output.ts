// How a cluster command shows its progress — a live task list on a TTY, plain lines when piped,
// JSON lines — and runs its operation: Ctrl-C aborts it, the last frame is drawn whatever
// happens, and substituted values are scrubbed from every event and error.
import { CliIo } from './io';
import { KubeClient } from '../apply/engine/kube-client';
import { EventSink, ProgressEvent } from '../apply/events';
import { ProgressMode, ProgressRenderer } from '../apply/progress';
import { Redactor, redactDeep } from '../apply/redact';

/** The renderer's sink with every substituted value scrubbed from every event. */
export function redactingSink(renderer: ProgressRenderer, redact: Redactor): EventSink {
  return (e: ProgressEvent) => renderer.sink(redactDeep(e, redact));
}

/** Retries reported as events (shown at -v, counted in the summary). */
export function reportRetries(kube: KubeClient, sink: EventSink): void {
  kube.onRetry = r => sink({ type: 'retry', ...r });
}

/** The error with every substituted value scrubbed from its message (it may quote an object). */
export function scrubbed(e: unknown, redact: Redactor): unknown {
  if (e instanceof Error) e.message = redact(e.message);
  return e;
}

/** The progress format of `--output` on this terminal (no live list under CI). */
export function progressMode(output: string, io: CliIo): ProgressMode {
  if (output === 'json') return ProgressMode.JSON;
  return io.isTty && !io.env.CI ? ProgressMode.TTY : ProgressMode.PLAIN;
}

/** Runs an operation: aborted by Ctrl-C, the renderer finished whatever happens, errors scrubbed. */
export async function runOperation<T>(renderer: ProgressRenderer, redact: Redactor, operation: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const abort = new AbortController();
  const onSigint = () => abort.abort();
  process.once('SIGINT', onSigint);
  try {
    const result = await operation(abort.signal);
    await renderer.finish();
    return result;
  } catch (e) {
    await renderer.finish();
    throw scrubbed(e, redact);
  } finally {
    process.off('SIGINT', onSigint);
  }
}
