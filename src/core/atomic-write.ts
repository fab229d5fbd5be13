// Files with credentials in them (kubeconfigs, the journal) are written atomically and never
// through a symbolic link: a new temporary file (0600, O_EXCL so nothing pre-placed is
// followed) in the same directory, fsync, then rename over the target. A reader sees the old
// file or the new one, never half of one; a crash leaves at most a stray temporary file.
// A target that is a symbolic link (or not a regular file) is refused with a clear message:
// following it would rewrite whatever the link points at, and silently replacing the link
// would break a setup somebody made on purpose.
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, fsyncSync, lstatSync, mkdirSync, openSync, readlinkSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { FileError } from './errors';

/** A path we refuse to write (a symbolic link, a directory, a device…). */
export class UnsafePathError extends FileError {
  constructor(readonly path: string, message: string) {
    super(message);
    this.name = 'UnsafePathError';
  }
}

function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

/**
 * Throws UnsafePathError unless `path` is absent or a regular file: the check every writer
 * runs before touching anything, so a refused path fails a run up front.
 */
export function assertWritableFile(path: string): void {
  const st = lstatOrUndefined(path);
  if (!st) return;
  if (st.isSymbolicLink()) {
    let target = '?';
    try {
      target = readlinkSync(path);
    } catch {
      // keep '?'
    }
    throw new UnsafePathError(path, `refusing to write ${path}: it is a symbolic link (to ${target}); remove the link or choose another path`);
  }
  if (!st.isFile()) throw new UnsafePathError(path, `refusing to write ${path}: it exists and is not a regular file`);
}

/**
 * Creates `dir` (and parents) when missing; `private` makes the last component 0700 (our own
 * bookkeeping directories). A directory that is a symbolic link is refused when private.
 */
export function ensureDir(dir: string, opts: { private?: boolean } = {}): void {
  const st = lstatOrUndefined(dir);
  if (!st) {
    mkdirSync(dirname(dir), { recursive: true });
    try {
      mkdirSync(dir, { mode: opts.private ? 0o700 : 0o777 });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    if (opts.private) chmodSync(dir, 0o700);
    return;
  }
  if (opts.private && st.isSymbolicLink()) {
    throw new UnsafePathError(dir, `refusing to use ${dir}: it is a symbolic link; remove it (it is recreated as a private directory)`);
  }
  if (!st.isDirectory() && !st.isSymbolicLink()) throw new UnsafePathError(dir, `refusing to use ${dir}: it exists and is not a directory`);
  if (opts.private && (st.mode & 0o777) !== 0o700) chmodSync(dir, 0o700);
}

export interface AtomicWriteOptions {
  /** File mode of the new file. @default 0o600 */
  readonly mode?: number;
}

/** Writes `content` to `path` atomically (temp file + fsync + rename), refusing symbolic links. */
export function writeFileAtomic(path: string, content: string | Uint8Array, opts: AtomicWriteOptions = {}): void {
  assertWritableFile(path);
  const dir = dirname(path);
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  // 'wx' = O_CREAT | O_EXCL: fails on anything already there, a symbolic link included.
  const fd = openSync(tmp, 'wx', opts.mode ?? 0o600);
  let closed = false;
  let renamed = false;
  try {
    const buf = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    let off = 0;
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    fsyncSync(fd);
    closeSync(fd);
    closed = true;
    // The umask may have narrowed the mode; never widened, but make it exact.
    chmodSync(tmp, opts.mode ?? 0o600);
    renameSync(tmp, path);
    renamed = true;
    syncDir(dir);
  } finally {
    if (!renamed) {
      if (!closed) closeSync(fd);
      try {
        unlinkSync(tmp);
      } catch {
        // nothing to clean up
      }
    }
  }
}

/** fsync of the directory, so the rename itself survives a crash (best effort: not every platform allows it). */
function syncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // e.g. EISDIR/EPERM on some platforms
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
