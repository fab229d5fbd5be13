// The input of the cluster commands (apply, delete, status, plan, upgrade): read with positions,
// YAML problems fatal (exit 1, each at file:line) before a cluster is contacted; and the
// manifests' validation (validate/validate-input.ts), its errors located the same way.
import { CliIo } from './io';
import { InvalidInputError } from '../core/errors';
import { LocatedFinding, formatLocatedFinding } from '../core/finding';
import { KubeObject } from '../core/kube-object';
import { Input, errorFindings, loadInput, validateInput } from '../validate/validate-input';

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

/** The validation errors of the input's objects (or of `objects`, e.g. substituted, one per manifest). */
export function validationErrors(input: Input, objects?: readonly KubeObject[]): LocatedFinding[] {
  return errorFindings(validateInput(input, { objects }));
}

/** `file:line kind/name field: message` lines, indented, for an error message. */
export function formatFindings(findings: readonly LocatedFinding[]): string {
  return findings.map(f => `  ${formatLocatedFinding(f)}`).join('\n');
}
