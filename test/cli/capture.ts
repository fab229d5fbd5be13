// Runs the CLI in process with captured output (no child process: the suite is slow enough).
import { CliIo } from '../../src/cli/io';
import { main } from '../../src/cli/main';

export interface Captured extends CliIo {
  stdout: string;
  stderr: string;
}

export function capture(stdin = ''): Captured {
  const io: Captured = {
    stdout: '',
    stderr: '',
    isTty: false,
    cwd: process.cwd(),
    env: {},
    out(t: string) { io.stdout += t; },
    err(t: string) { io.stderr += t; },
    stdin: () => stdin,
  };
  return io;
}

export interface RunResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `cdk8s-capi ARGS…` in process. */
export async function run(args: string[], stdin = ''): Promise<RunResult> {
  const io = capture(stdin);
  const code = await main(['node', 'cdk8s-capi', ...args], io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

/** No stack trace in the output (a line starting with "    at "). */
export const STACK_LINE = /^\s+at .+[(:]\d+/m;
