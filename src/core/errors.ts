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

/**
 * A user error in construct props or input: names where (construct path or file:line),
 * the field, what is wrong and what would be valid. Never wraps a stack trace for the user.
 */
export class ValidationError extends Error {
  /** Builds one error from the error-severity findings about one object. */
  static fromFindings(where: string, findings: readonly Finding[]): ValidationError {
    const errs = errorsOf(findings);
    if (errs.length === 0) throw new Error('ValidationError.fromFindings needs at least one error');
    return new ValidationError(where, errs[0].field, errs.map(describeFinding).join('\n  '), undefined, errs);
  }

  public readonly findings: readonly Finding[];

  constructor(
    /** Construct path (`app/site/node1`) or `file:line`. */
    public readonly where: string,
    /** The prop or field that is wrong. */
    public readonly field: string,
    /** What is wrong. */
    public readonly problem: string,
    /** What would be valid. */
    public readonly fix?: string,
    findings?: readonly Finding[],
  ) {
    super(findings && findings.length > 1
      ? `${where}: ${findings.length} problems:\n  ${problem}`
      : `${where}: ${findings ? problem : `${field}: ${problem}${fix ? ` (${fix})` : ''}`}`);
    this.name = 'ValidationError';
    this.findings = findings ?? [error('props', field, problem, fix)];
  }
}
