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

describe('one mapping from errors to exit codes', () => {
  test('an unreadable input is exit 2, an invalid one exit 1, each a single line without a stack trace', async () => {
    const missing = capture();
    expect(await main(['node', 'cdk8s-capi', 'validate', '/nonexistent/dir'], missing)).toBe(2);
    expect(missing.stderr).toMatch(/^error: cannot read \/nonexistent\/dir: /);
    const invalid = capture();
    expect(await main(['node', 'cdk8s-capi', 'synth', '-f', join(__dirname, '..', '..', 'package.json')], invalid)).toBe(1);
    expect(invalid.stderr).toMatch(/^error: /);
    for (const io of [missing, invalid]) expect(io.stderr).not.toMatch(/\n\s+at /);
  });

  test('anything that is not an error meant for the user is a bug: exit 70, its message, the stack only with -vv', async () => {
    const failing = (verbose: string[]) => {
      const io = capture('apiVersion: v1\nkind: Secret\nmetadata: {name: Bad_Name}\n');
      io.out = () => {
        throw new TypeError('the output device caught fire');
      };
      return { io, run: main(['node', 'cdk8s-capi', ...verbose, 'validate', '-'], io) };
    };
    const quiet = failing([]);
    expect(await quiet.run).toBe(70);
    expect(quiet.io.stderr).toBe('internal error (a bug in cdk8s-capi; -vv shows where): the output device caught fire\n');
    const loud = failing(['-vv']);
    expect(await loud.run).toBe(70);
    expect(loud.io.stderr).toMatch(/^internal error .*: TypeError: the output device caught fire\n\s+at /);
  });
});
