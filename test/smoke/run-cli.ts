// Runs the built CLI (bin/cdk8s-capi → lib/) in a child process, as a user would.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const BIN = join(__dirname, '..', '..', 'bin', 'cdk8s-capi');

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function runCli(args: string[], opts: { input?: string; cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    input: opts.input ?? '',
    cwd: opts.cwd ?? join(__dirname, '..', '..'),
    env: { ...process.env, NO_COLOR: '1', ...opts.env },
    encoding: 'utf8',
    timeout: opts.timeoutMs ?? 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
