// Where the CLI writes, so tests can run commands in-process as well as through the binary.
export interface CliIo {
  readonly isTty: boolean;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  out(text: string): void;
  err(text: string): void;
  /** Reads all of stdin (for `-`). */
  stdin(): string;
}

export function processIo(): CliIo {
  return {
    out: t => process.stdout.write(t),
    err: t => process.stderr.write(t),
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    stdin: () => require('node:fs').readFileSync(0, 'utf8'),
    isTty: Boolean(process.stdout.isTTY),
    cwd: process.cwd(),
    env: process.env,
  };
}

/** Exit codes, documented in the README. */
export enum ExitCode {
  OK = 0,
  /** Invalid input, a failed check, or a failed apply/wait. */
  INVALID = 1,
  /** Usage error, unreadable file, unreachable cluster. */
  USAGE = 2,
}

/** A user-facing failure: printed without a stack trace, mapped to an exit code. */
export class CliError extends Error {
  constructor(message: string, public readonly exitCode: ExitCode = ExitCode.USAGE) {
    super(message);
    this.name = 'CliError';
  }
}
