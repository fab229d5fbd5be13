// The record an incremental synth keeps in its output directory: per cluster, a hash of what it
// was built from (its inventory entry, the defaults, its CSV hosts, the GitOps options and the
// generator fingerprint) and the files it produced (sha256 and size), so that the next synth
// builds only the clusters whose input changed and rewrites only files whose bytes changed.
// Deterministic (no times): it can be committed with the output.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { generatorFingerprint } from './generator-fingerprint';
import { LoadedInventory } from './load';
import { WriteOptions } from './write';
import { stableStringify } from '../core/hash';
import { GitOpsCluster } from '../gitops/layout';

export const SYNTH_CACHE = '.cdk8s-capi-synth-cache.json';

export interface CachedFile {
  readonly sha256: string;
  readonly size: number;
}

export interface CachedCluster {
  readonly input: string;
  readonly files: Readonly<Record<string, CachedFile>>;
  /** What the GitOps files need to know of the cluster (kinds sorted). */
  readonly gitops: Omit<GitOpsCluster, 'kinds'> & { readonly kinds: readonly string[] };
}

export interface SynthCache {
  readonly version: 1;
  readonly clusters: Readonly<Record<string, CachedCluster>>;
  /** Files that belong to no cluster (the GitOps engine's). */
  readonly shared: Readonly<Record<string, CachedFile>>;
}

export function fileRecord(text: string): CachedFile {
  return { sha256: createHash('sha256').update(text).digest('hex'), size: Buffer.byteLength(text) };
}

/** The cache of a previous synth into outdir, or undefined (none, unreadable, another version). */
export function readCache(outdir: string): SynthCache | undefined {
  try {
    const c = JSON.parse(readFileSync(join(outdir, SYNTH_CACHE), 'utf8'));
    return c?.version === 1 && c.clusters && typeof c.clusters === 'object' && c.shared && typeof c.shared === 'object' ? c : undefined;
  } catch {
    return undefined;
  }
}

/** The input hash of each cluster, by inventory index. */
export function clusterInputs(loaded: LoadedInventory, opts: Pick<WriteOptions, 'gitops' | 'repoPath'>): string[] {
  const inv = loaded.inventory;
  const common = stableStringify({
    generator: generatorFingerprint(),
    defaults: inv.defaults,
    plaintext: inv.allowPlaintextCredentials,
    gitops: opts.gitops,
    repoPath: opts.repoPath,
  });
  return inv.clusters.map((c, i) => createHash('sha256').update(common).update(stableStringify({ c, csv: loaded.csvHosts.get(i)?.map(h => h.props) })).digest('hex'));
}

/** Whether every file recorded for a cluster is still there with its size (a cheap check: a file edited by hand is caught when its size changed). */
export function filesIntact(outdir: string, files: Readonly<Record<string, CachedFile>>): boolean {
  for (const [rel, f] of Object.entries(files)) {
    try {
      if (statSync(join(outdir, rel)).size !== f.size) return false;
    } catch {
      return false;
    }
  }
  return true;
}
