// The little the cluster does not remember: which kubeconfigs were written, and which objects
// a run paused (so a failed run can always restore them). Everything else is re-read live.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

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

export class Journal {
  private data: JournalData;

  constructor(readonly path: string) {
    this.data = existsSync(path) ? { kubeconfigs: {}, paused: [], ...JSON.parse(readFileSync(path, 'utf8')) } : { kubeconfigs: {}, paused: [] };
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

  private save(): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(this.data, null, 2)}\n`, { mode: 0o600 });
    renameSync(tmp, this.path);
    chmodSync(this.path, 0o600);
  }
}
