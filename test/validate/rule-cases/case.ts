// A rule case: objects (or another input) the validator must reject with a given rule id, or
// must accept without it. Every catalog entry has at least one of each; most come from the
// upstream project's own test tables (`source`).
import { Finding } from '../../../src/core/finding';
import { KubeObject } from '../../../src/core/kube-object';

export interface RuleCase {
  /** The rule id (a catalog entry) this case is about. */
  readonly rule: string;
  /** What the case shows, e.g. "maxSurge and maxUnavailable both integer 0". */
  readonly title: string;
  /** reject: a finding with this rule id (of `severity`, message matching `message`); accept: none with it. */
  readonly expect: 'reject' | 'accept';
  /** The objects validated together. */
  readonly objects?: readonly KubeObject[];
  /** For update checks: the objects as they were (`validate --against`). */
  readonly against?: readonly KubeObject[];
  /** For inputs that are not objects (a hardware.csv, a Butane text, a live view): the findings of that input. */
  readonly run?: () => readonly Finding[] | Promise<readonly Finding[]>;
  /** @default 'error' for reject cases */
  readonly severity?: 'error' | 'warning';
  readonly message?: RegExp;
  /** Where the case comes from: `repo path TestName` of an upstream test, or 'ours'. */
  readonly source?: string;
}
