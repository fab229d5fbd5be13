// What a fleet upgrade remembers between runs: each cluster's state (pending, upgrading,
// upgraded, failed, blocked), against which manifests (a content hash, so a new target starts
// over), when and why; and which waves finished their soak. Written atomically after every
// change (core/atomic-write), so a run killed at any point leaves the last state it reached.
import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ensureDir, writeFileAtomic } from '../../core/atomic-write';
import { FileError } from '../../core/errors';
import { checkJournalPath } from '../journal';

export enum ClusterState {
  PENDING = 'pending',
  UPGRADING = 'upgrading',
  UPGRADED = 'upgraded',
  FAILED = 'failed',
  BLOCKED = 'blocked',
}

export interface ClusterRecord {
  readonly state: ClusterState;
  /** Content hash of the cluster's manifests this record is about. */
  readonly target: string;
  readonly wave?: number;
  readonly from?: string;
  readonly to?: string;
  /** Epoch ms of the run's clock. */
  readonly startedAt?: number;
  readonly finishedAt?: number;
  readonly reason?: string;
}

export interface FleetJournalData {
  readonly kind: 'FleetJournal';
  /** The fleet directory (absolute), for people reading the file. */
  fleet: string;
  clusters: Record<string, ClusterRecord>;
  /** Waves whose soak completed (by waveKey) → when it ended (epoch ms). */
  soaked: Record<string, number>;
}

export class FleetJournalError extends FileError {
  constructor(message: string) {
    super(message);
    this.name = 'FleetJournalError';
  }
}

/** A wave is known by its clusters and their targets: another layout or target soaks again. */
export function waveKey(clusters: ReadonlyArray<{ name: string; target: string }>): string {
  return clusters.map(c => `${c.name}@${c.target}`).join(',');
}

export class FleetJournal {
  private data: FleetJournalData;

  constructor(readonly path: string, fleet: string) {
    checkJournalPath(path);
    this.data = { kind: 'FleetJournal', fleet, clusters: {}, soaked: {} };
    if (!existsSync(path)) return;
    let parsed: any;
    try {
      parsed = JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      throw new FleetJournalError(`cannot read the fleet journal ${path}: not valid JSON; move it away to start the rollout over`);
    }
    if (parsed?.kind !== 'FleetJournal' || typeof parsed.clusters !== 'object' || typeof parsed.soaked !== 'object' || Array.isArray(parsed.soaked)) {
      throw new FleetJournalError(`cannot read the fleet journal ${path}: not a fleet journal (give another --journal, or move it away)`);
    }
    this.data = { ...parsed, fleet };
  }

  /** The record of a cluster for this target (a record about other manifests does not count). */
  get(name: string, target: string): ClusterRecord | undefined {
    const r = this.data.clusters[name];
    return r && r.target === target ? r : undefined;
  }

  set(name: string, record: ClusterRecord): void {
    this.data.clusters[name] = record;
    this.save();
  }

  /** When the wave's soak ended, if it did. */
  soakedAt(key: string): number | undefined {
    return this.data.soaked[key];
  }

  markSoaked(key: string, at: number): void {
    this.data.soaked[key] = at;
    this.save();
  }

  private save(): void {
    ensureDir(dirname(this.path), { private: true });
    writeFileAtomic(this.path, `${JSON.stringify(this.data, null, 2)}\n`);
  }
}
