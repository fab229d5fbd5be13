// The offline validation of `apply --dry-run server` on a second thread. A server-side dry run
// writes nothing, so validation need not finish before the first request: it runs in a
// worker while the main thread connects and sends the dry run, and the command's output is
// held until it is known (held-output.ts), so a user sees exactly what the serial order
// showed — the validation errors alone when there are any, else the dry run's progress.
// Where no compiled worker exists (the TypeScript sources under jest) the caller validates
// first, on its own thread, as before.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { formatFindings, loadForCluster, objectsOf, validationErrors } from './load';
import { Variables, substitute } from '../apply/substitute';

/** What the worker validates: the same paths and variables as the command. */
export interface ValidationJob {
  readonly paths: readonly string[];
  readonly variables: Variables;
}

/** The validation errors of the input, formatted for the command's message; undefined when there are none. */
export function validationReport(job: ValidationJob): string | undefined {
  const input = loadForCluster(job.paths, { stdin: () => '' });
  const errors = validationErrors(input, substitute(objectsOf(input), job.variables).objects);
  return errors.length ? formatFindings(errors) : undefined;
}

const WORKER = join(__dirname, 'validation-worker.js');

/** A validation under way. */
export interface BackgroundValidation {
  /** The report (see validationReport). Never rejects: a worker that fails validates on this thread instead. */
  readonly report: Promise<string | undefined>;
  /** Ends the worker (the command failed before it needed the answer). */
  stop(): void;
}

/**
 * Starts validating on a worker thread; undefined when that is not possible (stdin input, which
 * only the main thread can read, or no compiled worker).
 */
export function validateInBackground(job: ValidationJob): BackgroundValidation | undefined {
  if (job.paths.includes('-') || !existsSync(WORKER)) return undefined;
  const worker = new Worker(WORKER, { workerData: job });
  let stopped = false;
  const report = new Promise<string | undefined>(resolve => {
    let answered = false;
    const inline = () => {
      if (answered) return;
      answered = true;
      resolve(stopped ? undefined : validationReport(job));
    };
    worker.once('message', (m: { report?: string }) => {
      answered = true;
      resolve(m.report);
    });
    worker.once('error', inline);
    worker.once('exit', inline);
  });
  return {
    report,
    stop: () => {
      stopped = true;
      void worker.terminate();
    },
  };
}
