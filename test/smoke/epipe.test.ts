// `cdk8s-capi … | head` must end quietly when the reader goes away (issue 13): no EPIPE stack
// trace, the command's own exit code. Real processes, because the pipe is the point.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { BIN } from './run-cli';

const ROOT = join(__dirname, '..', '..');

/** Runs the CLI with its stdout (and optionally stderr) read end closed at once. */
function withClosedPipe(args: string[], closeStderr = false): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    if (closeStderr) child.stderr.destroy();
    else child.stderr.on('data', d => (stderr += d));
    child.on('error', reject);
    child.on('close', code => resolve({ code, stderr }));
  });
}

test('help and output into a closed pipe: exit with the command\'s code, no stack trace', async () => {
  const [help, valid, invalid, both] = await Promise.all([
    withClosedPipe(['upgrade', '--help']),
    withClosedPipe(['validate', 'dist', '--output', 'json']),
    withClosedPipe(['validate', '-', '--output', 'json']),
    withClosedPipe(['graph', 'dist/reference-multinode'], true),
  ]);
  expect(help).toEqual({ code: 0, stderr: '' });
  expect(valid).toEqual({ code: 0, stderr: '' });
  // Empty stdin is invalid input: the natural exit code survives the closed pipe.
  expect(invalid).toEqual({ code: 1, stderr: '' });
  expect(both.code).toBe(0);
});
