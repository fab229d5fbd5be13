// The shape of one named preflight check, as eksctl lists them under "Performing setup and
// validations". Checks are pure functions over the plain objects of a spec.
import { EksaSpec, PreflightFinding } from '../eksa-spec';
import { HardwareMachine } from '../hardware';
import { EksaRelease } from '../releases';

/** Whether the preflights validate a new cluster or an update of an existing one. */
export enum PreflightMode {
  CREATE = 'create',
  UPGRADE = 'upgrade',
}

export interface CheckContext {
  readonly spec: EksaSpec;
  readonly mode: PreflightMode;
  readonly release: EksaRelease;
  /** The cluster before the update (upgrade mode). */
  readonly old?: EksaSpec;
  /** Hardware inventory (Tinkerbell), when known. */
  readonly hardware?: readonly HardwareMachine[];
  /** Include single-object field rules (off when the validate pipeline runs them per object). */
  readonly objectChecks: boolean;
}

export interface PreflightCheck {
  /** The line eksctl-style output shows, e.g. `Validate immutable fields`. */
  readonly name: string;
  /** Whether the check applies to this spec and mode. @default - always */
  readonly applies?: (ctx: CheckContext) => boolean;
  readonly run: (ctx: CheckContext) => PreflightFinding[];
}

/** Integer-valued field read (undefined when absent, NaN when not an integer). */
export function intField(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'number' && Number.isInteger(value) ? value : NaN;
}

export function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
