// The exceptions a cdk8s-capi run ends with, one hierarchy: each class carries the process exit
// code it means (README "Exit codes"); cli/main.ts maps them to the process status, the only
// place that does. A user error is shown as its message, never with a stack trace.
import { Finding, describeFinding, error, errorsOf } from './finding';

/** Process exit codes (README). */
export enum ExitCode {
  OK = 0,
  /** Invalid input, a failed check, refused by the API server, a failed or timed-out run. */
  INVALID = 1,
  /** Usage error, unreadable or unwritable file, unreachable cluster. */
  USAGE = 2,
  /** A bug (EX_SOFTWARE). */
  INTERNAL = 70,
}

/** Base of every error meant for the user. */
export abstract class CdkCapiError extends Error {
  /** The process exit code this error means. */
  abstract readonly exitCode: ExitCode;
  /** Already shown (e.g. by the progress view's failure summary): the CLI only exits with the code. */
  reported = false;
}

/** The input is wrong: invalid manifests or inventory, an unset variable, a plan that cannot be built, an object the API server refused. Exit 1. */
export class InvalidInputError extends CdkCapiError {
  readonly exitCode = ExitCode.INVALID;
  constructor(message: string) {
    super(message);
    this.name = 'InvalidInputError';
  }
}

/** An operation ran and did not succeed: a failure persisted, a wait timed out, it was interrupted. Exit 1. */
export class OperationError extends CdkCapiError {
  readonly exitCode = ExitCode.INVALID;
  constructor(message: string) {
    super(message);
    this.name = 'OperationError';
  }
}

/** The command was used wrongly: flags, arguments. Exit 2. */
export class UsageError extends CdkCapiError {
  readonly exitCode = ExitCode.USAGE;
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A file or directory cannot be read or written (missing, a symbolic link where none may be, too big). Exit 2. */
export class FileError extends CdkCapiError {
  readonly exitCode = ExitCode.USAGE;
  constructor(message: string) {
    super(message);
    this.name = 'FileError';
  }
}

/** The cluster cannot be reached, or the kubeconfig is unusable. Exit 2. */
export class ConnectionError extends CdkCapiError {
  readonly exitCode = ExitCode.USAGE;
  constructor(message: string) {
    super(message);
    this.name = 'ConnectionError';
  }
}

/** An invariant broke: a bug in cdk8s-capi. Exit 70. */
export class InternalError extends CdkCapiError {
  readonly exitCode = ExitCode.INTERNAL;
  constructor(message: string) {
    super(message);
    this.name = 'InternalError';
  }
}

/**
 * A user error in construct props or input: names where (construct path or file:line),
 * the field, what is wrong and what would be valid. Never wraps a stack trace for the user.
 */
export class ValidationError extends InvalidInputError {
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
