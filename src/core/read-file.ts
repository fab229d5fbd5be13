// Reading the files a user names (manifests, inventories, hardware.csv): regular files only and
// at most a size limit, so a symlink to /dev/zero, a FIFO named `x.yaml` or a huge file fails
// at once with a message naming the file, instead of hanging or exhausting memory.
import { closeSync, constants, fstatSync, openSync, readSync, statSync, Stats } from 'node:fs';
import { FileError } from './errors';

/** Default limit per input file (and for stdin). */
export const DEFAULT_MAX_FILE_BYTES = 64 * 1024 * 1024;

/** Environment variable overriding the limit, in MiB (e.g. `CDK8S_CAPI_MAX_FILE_MIB=256`). */
export const MAX_FILE_ENV = 'CDK8S_CAPI_MAX_FILE_MIB';

/** A file that cannot be read (exit code 2 in the CLI). `file` is the path as the user gave it. */
export class InputFileError extends FileError {
  constructor(public readonly file: string, public readonly reason: string, message = `cannot read ${file}: ${reason}`) {
    super(message);
    this.name = 'InputFileError';
  }
}

const MIB = 1024 * 1024;

/** The limit in bytes: the environment variable if set, else 64 MiB. */
export function maxFileBytes(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[MAX_FILE_ENV];
  if (raw === undefined || raw.trim() === '') return DEFAULT_MAX_FILE_BYTES;
  const mib = Number(raw);
  if (!/^\s*\d+(\.\d+)?\s*$/.test(raw) || !(mib > 0)) {
    const reason = `${JSON.stringify(raw)} is not a size: give a positive number of MiB, e.g. ${MAX_FILE_ENV}=256`;
    throw new InputFileError(`$${MAX_FILE_ENV}`, reason, `${MAX_FILE_ENV}=${reason}`);
  }
  return Math.floor(mib * MIB);
}

function size(bytes: number): string {
  return bytes >= MIB ? `${(bytes / MIB).toFixed(1).replace(/\.0$/, '')} MiB (${bytes} bytes)` : `${bytes} bytes`;
}

function tooLarge(file: string, bytes: number | undefined, max: number): InputFileError {
  const what = bytes === undefined ? `it is larger than the limit of ${size(max)}` : `it is ${size(bytes)}, larger than the limit of ${size(max)}`;
  return new InputFileError(file, `${what} (set ${MAX_FILE_ENV} to a number of MiB to raise it)`);
}

/** What kind of file a non-regular Stats is, for messages. */
function fileType(st: Stats): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a FIFO';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

function notRegular(file: string, st: Stats): InputFileError {
  const type = fileType(st);
  return new InputFileError(file, type === 'not a regular file' ? type : `not a regular file (${type})`);
}

/** A readable reason for a file system error, e.g. "too many levels of symbolic links (a symlink loop)". */
export function describeFsError(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  switch (err?.code) {
    case 'ENOENT': return 'no such file or directory';
    case 'EACCES':
    case 'EPERM': return 'permission denied';
    case 'ELOOP': return 'too many levels of symbolic links (a symlink loop)';
    case 'ENOTDIR': return 'a component of the path is not a directory';
    case 'EISDIR': return 'is a directory';
    case 'ENAMETOOLONG': return 'the path is too long';
    case 'EMFILE':
    case 'ENFILE': return 'too many open files';
    case 'EIO': return 'input/output error';
    default: return err?.message ?? String(e);
  }
}

function statOf(file: string): Stats {
  try {
    return statSync(file);
  } catch (e) {
    throw new InputFileError(file, describeFsError(e));
  }
}

/** Reads up to `max` bytes from an open descriptor; throws when there is more. */
function readLimited(fd: number, file: string, max: number, sizeHint?: number): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  // A regular file's size is known: one read for all of it (+1 byte to see it did not grow).
  let next = Math.max(64 * 1024, (sizeHint ?? 0) + 1);
  for (;;) {
    const buf = Buffer.allocUnsafe(Math.min(next, max + 1 - total));
    next = 64 * 1024;
    let n: number;
    try {
      n = readSync(fd, buf, 0, buf.length, null);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EAGAIN') {
        // A non-blocking stdin with no data yet: wait a little instead of spinning.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
        continue;
      }
      if ((e as NodeJS.ErrnoException).code === 'EOF') break;
      throw new InputFileError(file, describeFsError(e));
    }
    if (n === 0) break;
    total += n;
    if (total > max) throw tooLarge(file, undefined, max);
    chunks.push(n === buf.length ? buf : buf.subarray(0, n));
  }
  return Buffer.concat(chunks, total);
}

/**
 * Reads a regular file as UTF-8. Refuses directories, FIFOs, devices and sockets (also behind
 * symlinks) and files larger than `maxBytes`; every failure is an InputFileError naming the file.
 */
export function readInputFile(file: string, opts: { maxBytes?: number } = {}): string {
  const max = opts.maxBytes ?? maxFileBytes();
  const st = statOf(file);
  if (!st.isFile()) throw notRegular(file, st);
  if (st.size > max) throw tooLarge(file, st.size, max);
  let fd: number;
  try {
    // O_NONBLOCK: if a FIFO replaced the file since the stat, opening it must not block.
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    throw new InputFileError(file, describeFsError(e));
  }
  try {
    const fst = fstatSync(fd);
    if (!fst.isFile()) throw notRegular(file, fst);
    if (fst.size > max) throw tooLarge(file, fst.size, max);
    return readLimited(fd, file, max, fst.size).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** Reads all of stdin (for `-`), up to the same limit as files. */
export function readStdin(opts: { maxBytes?: number; fd?: number } = {}): string {
  return readLimited(opts.fd ?? 0, '<stdin>', opts.maxBytes ?? maxFileBytes()).toString('utf8');
}
