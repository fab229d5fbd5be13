// Smoke: the built launcher (bin/cdk8s-capi → lib/) in its own process, as a user runs it. The
// commands' behaviour is tested in process (test/cli/); these prove the launcher and the build.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './run-cli';

test('--version, validate, synth and graph through the built binary: exit codes and output as in process', () => {
  expect(runCli(['--version']).stdout.trim()).toBe('0.1.0');
  const valid = runCli(['validate', 'dist/reference-multinode']);
  expect(valid.code).toBe(0);
  expect(valid.stderr).toMatch(/^0 errors, 3 warnings in 15 objects from 1 file\n$/);
  const out = join(mkdtempSync(join(tmpdir(), 'bin-smoke-')), 'out');
  const synth = runCli(['synth', '-f', 'examples/inventories/reference-multinode.yaml', '-o', out]);
  expect(synth.code).toBe(0);
  expect(synth.stderr).toMatch(/^synthesized \d+ clusters? into /);
  expect(runCli(['graph', 'dist/reference-multinode']).stdout).toMatch(/^%%.*\nflowchart LR/);
  const usage = runCli(['validate', '/nonexistent/dir']);
  expect(usage.code).toBe(2);
  expect(usage.stderr).toMatch(/^error: cannot read \/nonexistent\/dir/);
  expect(usage.stderr).not.toMatch(/\n\s+at /);
});
