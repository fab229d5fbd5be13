// The input of the cluster commands (apply, delete, status, plan, upgrade): read with positions,
// YAML problems fatal (exit 1, each at file:line) before a cluster is contacted. The validation of
// that input is in validation-errors.ts (not loaded by the commands that only read).
import { CliIo } from './io';
import { InvalidInputError } from '../core/errors';
import { KubeObject } from '../core/kube-object';
import { Input, loadInput } from '../validate/input-load';

/** Reads the paths; YAML problems are an InvalidInputError listing them (`what` prefixes each line). */
export function loadForCluster(paths: readonly string[], io: Pick<CliIo, 'stdin'>, opts: { against?: boolean } = {}): Input {
  const input = loadInput(paths, { stdin: io.stdin, against: opts.against });
  if (input.problems.length) {
    throw new InvalidInputError(input.problems.map(p => `${opts.against ? '(--against) ' : ''}${p.file}:${p.line} ${p.message}`).join('\n'));
  }
  return input;
}

/** The objects of an input, in order. */
export function objectsOf(input: Input): KubeObject[] {
  return input.manifests.map(m => m.object);
}
