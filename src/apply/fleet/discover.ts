// Finding the clusters of a fleet: a synth output directory (it carries synth's marker or a
// rollout.json) holds one folder per cluster, each with its kustomization.yaml. The order is
// rollout.json's (the inventory order) when there is one, else the folder names in natural
// order (site2 before site10) — never the file system's listing order, so every run sees the
// same fleet.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FileError, InvalidInputError } from '../../core/errors';
import { FleetRollout, OUTPUT_MARKER, ROLLOUT_FILE, RolloutFile } from '../../core/fleet-rollout';
import { readInputFile } from '../../core/read-file';

export interface FleetCluster {
  readonly name: string;
  /** The cluster's folder (its manifests). */
  readonly dir: string;
  readonly labels: Readonly<Record<string, string>>;
}

export interface Fleet {
  readonly dir: string;
  readonly clusters: readonly FleetCluster[];
  /** The inventory's `rollout:` (from rollout.json). @default none */
  readonly rollout?: FleetRollout;
  /** Where `rollout` was read, for messages. */
  readonly rolloutFile?: string;
}

const isDir = (p: string) => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

/** Names with their digit runs compared as numbers, else by code unit (locale-independent). */
export function naturalCompare(a: string, b: string): number {
  const pa = a.match(/\d+|\D+/g) ?? [];
  const pb = b.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === y) continue;
    if (/^\d/.test(x) && /^\d/.test(y) && Number(x) !== Number(y)) return Number(x) - Number(y);
    return x < y ? -1 : 1;
  }
  return pa.length - pb.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** A synth output root: one path, a directory with synth's marker or a rollout.json. */
export function isFleetDir(path: string): boolean {
  return isDir(path) && (existsSync(join(path, OUTPUT_MARKER)) || existsSync(join(path, ROLLOUT_FILE)));
}

function readRolloutFile(path: string): RolloutFile {
  let parsed: any;
  try {
    parsed = JSON.parse(readInputFile(path));
  } catch (e) {
    if (e instanceof FileError) throw e;
    throw new InvalidInputError(`${path}: not valid JSON (it is written by cdk8s-capi synth; synthesize again)`);
  }
  if (parsed?.kind !== 'FleetRollout' || !Array.isArray(parsed.clusters)
    || !parsed.clusters.every((c: any) => typeof c?.name === 'string' && (c.labels === undefined || (typeof c.labels === 'object' && !Array.isArray(c.labels))))) {
    throw new InvalidInputError(`${path}: not a FleetRollout (expected { kind: FleetRollout, clusters: [{ name, labels }] }, as synth writes it)`);
  }
  if (parsed.rollout !== undefined && (typeof parsed.rollout !== 'object' || Array.isArray(parsed.rollout))) {
    throw new InvalidInputError(`${path}: rollout: expected an object (waves, maxParallel, soak, maxFailures, canaryLabel, orderBy)`);
  }
  return parsed as RolloutFile;
}

/** The fleet under `dir`: every cluster folder, in rollout order. */
export function discoverFleet(dir: string): Fleet {
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter(d => d.isDirectory() && !d.name.startsWith('.') && existsSync(join(dir, d.name, 'kustomization.yaml')))
    .map(d => d.name)
    .sort(naturalCompare);
  const rolloutPath = join(dir, ROLLOUT_FILE);
  const file = existsSync(rolloutPath) ? readRolloutFile(rolloutPath) : undefined;
  const clusters: FleetCluster[] = [];
  if (file) {
    for (const c of file.clusters) {
      if (!folders.includes(c.name)) throw new InvalidInputError(`${rolloutPath}: cluster ${c.name} has no folder ${join(dir, c.name)} with a kustomization.yaml (synthesize again)`);
      clusters.push({ name: c.name, dir: join(dir, c.name), labels: { ...(c.labels ?? {}) } });
    }
  }
  // Folders rollout.json does not list (added by hand) follow, by name.
  for (const name of folders) if (!clusters.some(c => c.name === name)) clusters.push({ name, dir: join(dir, name), labels: {} });
  if (!clusters.length) throw new InvalidInputError(`${dir}: no cluster folders (a folder per cluster with a kustomization.yaml, as cdk8s-capi synth writes them)`);
  return { dir, clusters, ...(file?.rollout ? { rollout: file.rollout, rolloutFile: rolloutPath } : {}) };
}
