// The program itself, in process: --version, help, unknown commands.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { capture } from './capture';
import { main } from '../../src/cli/main';

test('--version prints the package version', async () => {
  const io = capture();
  expect(await main(['node', 'cdk8s-capi', '--version'], io)).toBe(0);
  const version = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')).version;
  expect(version).toBe('0.1.0');
  expect(io.stdout.trim()).toBe(version);
});

test('--help lists every command and the exit codes', async () => {
  const io = capture();
  expect(await main(['node', 'cdk8s-capi', '--help'], io)).toBe(0);
  for (const c of ['synth', 'validate', 'graph', 'apply', 'delete', 'status', 'plan', 'upgrade', 'backup', 'restore', 'simulate']) {
    expect(io.stdout).toMatch(new RegExp(`^  ${c}\\b`, 'm'));
  }
  expect(io.stdout).toMatch(/Exit codes: 0 success/);
  expect(io.stdout).toMatch(/at most 64 MiB \(CDK8S_CAPI_MAX_FILE_MIB sets another limit/);
});

test('fails an unknown command with exit 2 and no stack trace', async () => {
  const io = capture();
  expect(await main(['node', 'cdk8s-capi', 'frobnicate'], io)).toBe(2);
  expect(io.stderr).toMatch(/unknown command 'frobnicate'/);
  expect(io.stderr).not.toMatch(/\n\s+at /);
});
