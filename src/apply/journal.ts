// The little the cluster does not remember: which kubeconfigs were written, and which objects
// a run paused (so a failed run can always restore them). Everything else is re-read live.
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { UnsafePathError, assertWritableFile, ensureDir, writeFileAtomic } from '../core/atomic-write';
import { FileError } from '../core/errors';

export interface PausedEntry {
  /** `group/Kind/namespace/name` */
  readonly key: string;
  /** How it was paused, so it is undone the same way. */
  readonly how: 'spec.paused' | 'annotation';
  readonly annotation?: string;
  /** The value before we paused it (restored exactly; undefined = absent). */
  readonly previous?: unknown;
  /** apiVersion of the object, so it can be patched back without the manifests. @default - unknown */
  readonly apiVersion?: string;
  /** The operation that paused it (`upgrade`, `restore`). @default - unknown */
  readonly by?: string;
}

export interface JournalData {
  kubeconfigs: Record<string, string>;
  paused: PausedEntry[];
}

/** The journal file cannot be read (not JSON, not ours). */
export class JournalError extends FileError {
  constructor(message: string) {
    super(message);
    this.name = 'JournalError';
  }
}

function load(path: string): JournalData {
  // Never read through a link either: the file's content could end up in an error message.
  checkJournalPath(path);
  if (!existsSync(path)) return { kubeconfigs: {}, paused: [] };
  let parsed: any;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    // The parser's message quotes the text: not repeated here.
    throw new JournalError(`cannot read the journal ${path}: not valid JSON; move it away if it is not cdk8s-capi's (pauses are also recorded on the paused objects)`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new JournalError(`cannot read the journal ${path}: not a JSON object`);
  return { kubeconfigs: {}, paused: [], ...parsed };
}

/**
 * Written atomically (temp file + fsync + rename, never through a symbolic link), 0600, in a
 * 0700 directory: it names kubeconfig files and what a run paused.
 */
export class Journal {
  private data: JournalData;

  constructor(readonly path: string) {
    this.data = load(path);
  }

  get kubeconfigs(): Readonly<Record<string, string>> {
    return this.data.kubeconfigs;
  }

  get paused(): readonly PausedEntry[] {
    return this.data.paused;
  }

  recordKubeconfig(cluster: string, path: string): void {
    this.data.kubeconfigs[cluster] = path;
    this.save();
  }

  recordPaused(e: PausedEntry): void {
    if (!this.data.paused.some(p => p.key === e.key && p.how === e.how)) this.data.paused.push(e);
    this.save();
  }

  clearPaused(key: string): void {
    this.data.paused = this.data.paused.filter(p => p.key !== key);
    this.save();
  }

  /** Throws UnsafePathError when the journal could not be written (a symbolic link in the way). */
  assertWritable(): void {
    checkJournalPath(this.path);
  }

  private save(): void {
    ensureDir(dirname(this.path), { private: true });
    writeFileAtomic(this.path, `${JSON.stringify(this.data, null, 2)}\n`);
  }
}

/** The journal's directory and file must not be symbolic links (checked before a run touches anything). */
export function checkJournalPath(path: string): void {
  const dir = dirname(path);
  try {
    if (lstatSync(dir).isSymbolicLink()) throw new UnsafePathError(dir, `refusing to use ${dir}: it is a symbolic link; remove it (it is recreated as a private directory)`);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  assertWritableFile(path);
}
