// Every CLI input goes through one reader: regular files only, a size limit, clean exit-2
// messages for FIFOs, devices, symlink loops and unwritable outputs (issue 13). In process.
import { execFileSync } from 'node:child_process';
import { closeSync, copyFileSync, mkdirSync, mkdtempSync, openSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { STACK_LINE, run } from './capture';
import { InputFileError, MAX_FILE_ENV, maxFileBytes, readInputFile, readStdin } from '../../src/core/read-file';

const ROOT = resolve(__dirname, '..', '..');
const INVENTORY = join(ROOT, 'examples', 'inventories', 'reference-multinode.yaml');
const MANIFEST = join(ROOT, 'dist', 'eksa-docker', 'dev-eks-a-cluster.yaml');

function tmp(): string {
  return mkdtempSync(join(tmpdir(), 'input-files-'));
}

function fifo(path: string): string {
  execFileSync('mkfifo', [path]);
  return path;
}

async function expectUsage(args: string[], message: RegExp): Promise<void> {
  const r = await run(args);
  expect(r.stderr).toMatch(message);
  expect(r.stderr).not.toMatch(STACK_LINE);
  expect(r.code).toBe(2);
}

describe('readInputFile', () => {
  test('reads a regular file; refuses devices and FIFOs without blocking', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'a.yaml'), 'kind: X\n');
    expect(readInputFile(join(dir, 'a.yaml'))).toBe('kind: X\n');
    symlinkSync('/dev/zero', join(dir, 'zero.yaml'));
    expect(() => readInputFile(join(dir, 'zero.yaml'))).toThrow(/zero.yaml: not a regular file \(a character device\)/);
    fifo(join(dir, 'pipe.yaml'));
    expect(() => readInputFile(join(dir, 'pipe.yaml'))).toThrow(/pipe.yaml: not a regular file \(a FIFO\)/);
    expect(() => readInputFile(dir)).toThrow(/not a regular file \(a directory\)/);
  });

  test('the size limit names the file, its size and the limit; the env var sets it', () => {
    const dir = tmp();
    const file = join(dir, 'big.yaml');
    writeFileSync(file, '#'.repeat(3 * 1024 * 1024));
    expect(() => readInputFile(file, { maxBytes: 2 * 1024 * 1024 })).toThrow(
      `cannot read ${file}: it is 3 MiB (3145728 bytes), larger than the limit of 2 MiB (2097152 bytes) (set ${MAX_FILE_ENV} to a number of MiB to raise it)`);
    expect(maxFileBytes({})).toBe(64 * 1024 * 1024);
    expect(maxFileBytes({ [MAX_FILE_ENV]: '2' })).toBe(2 * 1024 * 1024);
    expect(() => maxFileBytes({ [MAX_FILE_ENV]: 'lots' })).toThrow(InputFileError);
  });

  test('stdin is bounded by the same limit', () => {
    const dir = tmp();
    const file = join(dir, 'in');
    writeFileSync(file, 'x'.repeat(100));
    const fd = openSync(file, 'r');
    try {
      expect(() => readStdin({ fd, maxBytes: 10 })).toThrow(/<stdin>: it is larger than the limit of 10 bytes/);
    } finally {
      closeSync(fd);
    }
  });
});

describe('CLI inputs (exit 2, no stack trace)', () => {
  const saved = process.env[MAX_FILE_ENV];
  afterEach(() => {
    if (saved === undefined) delete process.env[MAX_FILE_ENV];
    else process.env[MAX_FILE_ENV] = saved;
  });

  test('validate and graph: a .yaml symlink to /dev/zero, FIFOs named .yaml and .csv', async () => {
    const dir = tmp();
    symlinkSync('/dev/zero', join(dir, 'zero.yaml'));
    const pipe = fifo(join(dir, 'pipe.yaml'));
    const csv = fifo(join(dir, 'hardware.csv'));
    for (const cmd of ['validate', 'graph']) {
      await expectUsage([cmd, join(dir, 'zero.yaml')], /error: cannot read .*zero.yaml: not a regular file \(a character device\)/);
      await expectUsage([cmd, pipe], /error: cannot read .*pipe.yaml: not a regular file \(a FIFO\)/);
      await expectUsage([cmd, MANIFEST, csv], /error: cannot read .*hardware.csv: not a regular file \(a FIFO\)/);
    }
    await expectUsage(['validate', MANIFEST, '--against', pipe], /pipe.yaml: not a regular file \(a FIFO\)/);
  });

  test('a file over the limit (set through the environment)', async () => {
    process.env[MAX_FILE_ENV] = '0.001';
    await expectUsage(['validate', join(ROOT, 'dist', 'reference-multinode')], /multinode-cluster.k8s.yaml: it is \d+ bytes, larger than the limit of 1048 bytes \(set CDK8S_CAPI_MAX_FILE_MIB/);
    await expectUsage(['synth', '-f', INVENTORY, '-o', join(tmp(), 'out')], /reference-multinode.yaml: it is \d+ bytes, larger than the limit/);
    process.env[MAX_FILE_ENV] = 'x';
    await expectUsage(['validate', MANIFEST], /^error: CDK8S_CAPI_MAX_FILE_MIB="x" is not a size/);
  });

  test('directory recursion stops at a symlink loop', async () => {
    const dir = tmp();
    mkdirSync(join(dir, 'site', 'sub'), { recursive: true });
    copyFileSync(MANIFEST, join(dir, 'site', 'a.yaml'));
    symlinkSync('..', join(dir, 'site', 'sub', 'up'));
    for (const cmd of ['validate', 'graph']) {
      await expectUsage([cmd, join(dir, 'site')], /cannot read .*site\/sub\/up: a symlink loop \(it is the directory .*site, which contains it\)/);
    }
  });

  test('synth -f: a symlink loop, a FIFO, a directory', async () => {
    const dir = tmp();
    symlinkSync(join(dir, 'b.yaml'), join(dir, 'a.yaml'));
    symlinkSync(join(dir, 'a.yaml'), join(dir, 'b.yaml'));
    const out = join(dir, 'out');
    await expectUsage(['synth', '-f', join(dir, 'a.yaml'), '-o', out], /cannot read .*a.yaml: too many levels of symbolic links \(a symlink loop\)/);
    await expectUsage(['synth', '-f', fifo(join(dir, 'inv.yaml')), '-o', out], /inv.yaml: not a regular file \(a FIFO\)/);
    await expectUsage(['synth', '-f', dir, '-o', out], /not a regular file \(a directory\)/);
  });

  test('synth -o: an existing file, a path under a file', async () => {
    const dir = tmp();
    const file = join(dir, 'taken');
    writeFileSync(file, 'x');
    await expectUsage(['synth', '-f', INVENTORY, '-o', file], /cannot write to .*taken: it exists and is not a directory/);
    await expectUsage(['synth', '-f', INVENTORY, '-o', join(file, 'sub')], /cannot write to .*taken\/sub: a component of the path is not a directory/);
    expect(readFileSync(file, 'utf8')).toBe('x');
  });

  test('an inventory hostsCsv that is a FIFO is an inventory problem on its line (exit 1)', async () => {
    const dir = tmp();
    fifo(join(dir, 'eksa-tinkerbell-hosts.csv'));
    copyFileSync(join(ROOT, 'examples', 'inventories', 'eksa-tinkerbell.yaml'), join(dir, 'inv.yaml'));
    const r = await run(['synth', '-f', join(dir, 'inv.yaml'), '-o', join(dir, 'out')]);
    expect(r.stderr).toMatch(/inv.yaml:9 clusters\[0\].hostsCsv.file: cannot read .*hosts.csv: not a regular file \(a FIFO\)/);
    expect(r.code).toBe(1);
  });
});
