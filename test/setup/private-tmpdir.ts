// Each test file gets its own temporary directory, removed after it. cdk8s' Testing.app() makes
// a directory per app in os.tmpdir() and never removes it: ~90,000 empty directories had piled up
// in /tmp from runs of this suite, slowing every file operation there (the benchmarks too).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const outer = process.env.TMPDIR;
const mine = mkdtempSync(join(tmpdir(), 'cdk8s-capi-jest-'));
process.env.TMPDIR = mine; // os.tmpdir() reads it on every call

afterAll(() => {
  if (outer === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = outer;
  rmSync(mine, { recursive: true, force: true });
});
