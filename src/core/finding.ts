// A finding: one problem found in an object (which field, what is wrong, what would be valid),
// from schema validation and the upstream-rule checks alike. Findings are data; errors.ts holds
// the exceptions a run ends with.
import type { KubeObject } from './kube-object';

/** How bad a finding is. Warnings never fail synth; `validate --strict` makes them fail. */
export enum Severity {
  ERROR = 'error',
  WARNING = 'warning',
}

/**
 * One problem found in an object: which field, what is wrong, and what would be valid.
 * Produced by schema validation and by the upstream-rule checks alike.
 */
export interface Finding {
  readonly severity: Severity;
  /** Stable rule id, e.g. `bmo/bmc-address` or `schema/required`. */
  readonly rule: string;
  /** Dotted field path inside the object, e.g. `spec.bmc.address` (empty for the whole object). */
  readonly field: string;
  /** What is wrong, quoting the bad value. */
  readonly message: string;
  /** What would be valid, or how to fix it. */
  readonly hint?: string;
  /** For text embedded in `field` (e.g. a Butane config), the 1-based line inside that text. */
  readonly embeddedLine?: number;
}

export function error(rule: string, field: string, message: string, hint?: string): Finding {
  return { severity: Severity.ERROR, rule, field, message, hint };
}

export function warning(rule: string, field: string, message: string, hint?: string): Finding {
  return { severity: Severity.WARNING, rule, field, message, hint };
}

export function errorsOf(findings: readonly Finding[]): Finding[] {
  return findings.filter(f => f.severity === Severity.ERROR);
}

/** `field: message (hint)` */
export function describeFinding(f: Finding): string {
  const where = f.field ? `${f.field}: ` : '';
  return `${where}${f.message}${f.hint ? ` (${f.hint})` : ''}`;
}

/** A finding about one object of a set (cross-object and set-level rules). */
export interface ObjectFinding {
  readonly object: KubeObject;
  readonly finding: Finding;
}

/** A finding located in an input file: `file:line kind/name field: message`. */
export interface LocatedFinding extends Finding {
  readonly file: string;
  readonly line: number;
  readonly kind?: string;
  readonly name?: string;
  readonly namespace?: string;
}

/** `file:line kind/name field: message (hint)`, warnings marked: how every command reports a finding. */
export function formatLocatedFinding(f: LocatedFinding): string {
  const obj = f.kind ? `${f.kind}/${f.name ?? ''} ` : '';
  const sev = f.severity === Severity.WARNING ? 'warning: ' : '';
  return `${f.file}:${f.line} ${obj}${f.field ? `${f.field}: ` : ''}${sev}${f.message}${f.hint ? ` (${f.hint})` : ''}`;
}
