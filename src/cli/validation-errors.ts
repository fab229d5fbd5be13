// The manifests' validation for the cluster commands (apply, plan, upgrade), located like the
// input's YAML problems (load.ts): `file:line kind/name field: message`.
import { LocatedFinding, formatLocatedFinding } from '../core/finding';
import { KubeObject } from '../core/kube-object';
import { Input } from '../validate/input-load';
import { errorFindings, validateInput } from '../validate/validate-input';

/** The validation errors of the input's objects (or of `objects`, e.g. substituted, one per manifest). */
export function validationErrors(input: Input, objects?: readonly KubeObject[]): LocatedFinding[] {
  return errorFindings(validateInput(input, { objects }));
}

/** `file:line kind/name field: message` lines, indented, for an error message. */
export function formatFindings(findings: readonly LocatedFinding[]): string {
  return findings.map(f => `  ${formatLocatedFinding(f)}`).join('\n');
}
