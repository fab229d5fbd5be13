// Files with credentials: written atomically, 0600, never through a symbolic link; our
// bookkeeping directory 0700; the journal the same way, and a clear error for a broken one.
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Journal, JournalError, checkJournalPath } from '../../src/apply/journal';
import { UnsafePathError, assertWritableFile, ensureDir, writeFileAtomic } from '../../src/core/atomic-write';

const scratch = () => mkdtempSync(join(tmpdir(), 'atomic-'));
const mode = (p: string) => statSync(p).mode & 0o777;

describe('writeFileAtomic', () => {
  test('writes a new file 0600 and leaves no temporary file behind', () => {
    const dir = scratch();
    const p = join(dir, 'a.kubeconfig');
    writeFileAtomic(p, 'hello\n');
    expect(readFileSync(p, 'utf8')).toBe('hello\n');
    expect(mode(p)).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['a.kubeconfig']);
  });

  test('replaces an existing file, and a file that was 0644 ends up 0600', () => {
    const dir = scratch();
    const p = join(dir, 'a.kubeconfig');
    writeFileSync(p, 'old', { mode: 0o644 });
    chmodSync(p, 0o644);
    const before = statSync(p).ino;
    writeFileAtomic(p, Buffer.from('new'));
    expect(readFileSync(p, 'utf8')).toBe('new');
    expect(mode(p)).toBe(0o600);
    // a new inode: the old file was never opened for writing (a reader holding it sees old content)
    expect(statSync(p).ino).not.toBe(before);
  });

  test('fails for a symbolic link, naming it and its target, and leaves both alone', () => {
    const dir = scratch();
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'precious', { mode: 0o644 });
    const link = join(dir, 'out.kubeconfig');
    symlinkSync(victim, link);
    expect(() => writeFileAtomic(link, 'evil')).toThrow(UnsafePathError);
    expect(() => writeFileAtomic(link, 'evil')).toThrow(`refusing to write ${link}: it is a symbolic link (to ${victim}); remove the link or choose another path`);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(mode(victim)).toBe(0o644);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['out.kubeconfig', 'victim']);
  });

  test('fails for a dangling symbolic link too (it would create the target)', () => {
    const dir = scratch();
    const link = join(dir, 'out.kubeconfig');
    symlinkSync(join(dir, 'nowhere'), link);
    expect(() => writeFileAtomic(link, 'x')).toThrow(/is a symbolic link/);
    expect(readdirSync(dir)).toEqual(['out.kubeconfig']);
  });

  test('fails for a directory in the way', () => {
    const dir = scratch();
    mkdirSync(join(dir, 'x.kubeconfig'));
    expect(() => assertWritableFile(join(dir, 'x.kubeconfig'))).toThrow(/exists and is not a regular file/);
  });
});

describe('ensureDir', () => {
  test('a private directory is created 0700, an existing one is narrowed to 0700', () => {
    const dir = scratch();
    const p = join(dir, 'nested', '.cdk8s-capi');
    ensureDir(p, { private: true });
    expect(mode(p)).toBe(0o700);
    chmodSync(p, 0o755);
    ensureDir(p, { private: true });
    expect(mode(p)).toBe(0o700);
  });

  test('fails for a private directory that is a symbolic link', () => {
    const dir = scratch();
    mkdirSync(join(dir, 'elsewhere'));
    symlinkSync(join(dir, 'elsewhere'), join(dir, '.cdk8s-capi'));
    expect(() => ensureDir(join(dir, '.cdk8s-capi'), { private: true })).toThrow(/\.cdk8s-capi: it is a symbolic link/);
  });

  test('an ordinary directory (the --kubeconfig-out one) may be a link the user made', () => {
    const dir = scratch();
    mkdirSync(join(dir, 'real'));
    symlinkSync(join(dir, 'real'), join(dir, 'out'));
    expect(() => ensureDir(join(dir, 'out'))).not.toThrow();
  });
});

describe('Journal', () => {
  test('is written 0600 in a 0700 directory, atomically', () => {
    const dir = scratch();
    const path = join(dir, '.cdk8s-capi', 'journal.json');
    new Journal(path).recordKubeconfig('c1', '/x/c1.kubeconfig');
    expect(mode(path)).toBe(0o600);
    expect(mode(join(dir, '.cdk8s-capi'))).toBe(0o700);
    expect(JSON.parse(readFileSync(path, 'utf8')).kubeconfigs).toEqual({ c1: '/x/c1.kubeconfig' });
    expect(readdirSync(join(dir, '.cdk8s-capi'))).toEqual(['journal.json']);
    expect(new Journal(path).kubeconfigs).toEqual({ c1: '/x/c1.kubeconfig' });
  });

  test('fails with a JournalError, not a stack trace, for a file that is not JSON', () => {
    const dir = scratch();
    const path = join(dir, 'journal.json');
    writeFileSync(path, '{ not json: s3cret');
    expect(() => new Journal(path)).toThrow(JournalError);
    expect(() => new Journal(path)).toThrow(`cannot read the journal ${path}: not valid JSON; move it away if it is not cdk8s-capi's`);
    expect(() => new Journal(path)).not.toThrow(/s3cret/);
    writeFileSync(path, '[1]');
    expect(() => new Journal(path)).toThrow('not a JSON object');
  });

  test('fails for a journal or journal directory that is a symbolic link, before anything is written', () => {
    const dir = scratch();
    const victim = join(dir, 'victim.json');
    writeFileSync(victim, '{}');
    mkdirSync(join(dir, '.cdk8s-capi'));
    symlinkSync(victim, join(dir, '.cdk8s-capi', 'journal.json'));
    expect(() => checkJournalPath(join(dir, '.cdk8s-capi', 'journal.json'))).toThrow(/journal\.json: it is a symbolic link/);
    // not even read through the link (its content could end up in a message)
    expect(() => new Journal(join(dir, '.cdk8s-capi', 'journal.json'))).toThrow(UnsafePathError);
    expect(readFileSync(victim, 'utf8')).toBe('{}');

    const d2 = scratch();
    mkdirSync(join(d2, 'elsewhere'));
    symlinkSync(join(d2, 'elsewhere'), join(d2, '.cdk8s-capi'));
    expect(() => checkJournalPath(join(d2, '.cdk8s-capi', 'journal.json'))).toThrow(/\.cdk8s-capi: it is a symbolic link/);
  });
});
