// Inventory → output directory, incrementally: the clusters whose input is unchanged since the
// last synth into that directory (synth-cache.ts) are not built again, files whose bytes are
// unchanged are not rewritten, and files no longer produced are removed — the directory ends up
// as a full synth would leave it. The checks across clusters (fleet-checks.ts) run over the
// whole inventory every time. A directory without a cache (the first synth, an older
// cdk8s-capi's) is replaced as a whole.
import { mkdirSync, readFileSync, readdirSync, rmSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildInventory } from './build';
import { fleetProblems } from './fleet-checks';
import { InventoryProblem, LoadedInventory } from './load';
import { CachedCluster, CachedFile, SYNTH_CACHE, SynthCache, clusterInputs, fileRecord, filesIntact, readCache } from './synth-cache';
import { MARKER_TEXT, OUTPUT_MARKER, OutputDirError, WriteOptions, existingEntries, gitopsInfo, renderCluster, renderShared, step } from './write';
import { GitOpsCluster } from '../gitops/layout';

export interface SynthResult {
  /** Problems of the inventory (nothing was written). */
  readonly problems: readonly InventoryProblem[];
  readonly clusters: number;
  /** Clusters built this time (the others were unchanged). */
  readonly built: number;
  /** Output files (relative to outdir), whether written this time or not. */
  readonly files: readonly string[];
  /** Files written this time. */
  readonly written: readonly string[];
  /** Files removed because nothing produces them any more. */
  readonly removed: readonly string[];
}

const toGitOps = (g: CachedCluster['gitops']): GitOpsCluster => ({ ...g, kinds: new Set(g.kinds) });

/** Relative paths of the files under dir. */
function filesUnder(dir: string): Set<string> {
  const out = new Set<string>();
  for (const e of step('read', dir, () => readdirSync(dir, { recursive: true, withFileTypes: true }))) {
    if (!e.isDirectory()) out.add(join(e.parentPath ?? (e as any).path, e.name).slice(dir.length + 1));
  }
  return out;
}

function writeFile(outdir: string, rel: string, text: string, made?: Set<string>): void {
  const path = join(outdir, rel);
  const dir = dirname(path);
  // One mkdir per directory, not per file (5 files per site).
  if (!made?.has(dir)) {
    step('create', dir, () => mkdirSync(dir, { recursive: true }));
    made?.add(dir);
  }
  step('write', path, () => writeFileSync(path, text));
}

function sameFile(outdir: string, rel: string, rec: CachedFile, prev: CachedFile | undefined, present: ReadonlySet<string>): boolean {
  if (!prev || prev.sha256 !== rec.sha256 || !present.has(rel)) return false;
  try {
    return statSync(join(outdir, rel)).size === rec.size;
  } catch {
    return false;
  }
}

/** Removes a file and then its parent directories that became empty, up to outdir. */
function removeFile(outdir: string, rel: string): void {
  step('remove', join(outdir, rel), () => unlinkSync(join(outdir, rel)));
  for (let d = dirname(join(outdir, rel)); d.length > outdir.length; d = dirname(d)) {
    try {
      rmdirSync(d);
    } catch {
      return;
    }
  }
}

export function synthesizeInventory(loaded: LoadedInventory, opts: WriteOptions): SynthResult {
  const inv = loaded.inventory;
  const fleet = fleetProblems(loaded);
  const entries = existingEntries(opts.outdir);
  if (entries?.length && !entries.includes(OUTPUT_MARKER)) {
    throw new OutputDirError(`${opts.outdir} is not empty and was not written by cdk8s-capi synth; refusing to replace it (choose another -o, or empty it)`);
  }
  const cache = entries ? readCache(opts.outdir) : undefined;
  const inputs = clusterInputs(loaded, opts);
  const only = new Set<number>();
  inv.clusters.forEach((c, i) => {
    const known = cache?.clusters[c.name];
    if (!known || known.input !== inputs[i] || !filesIntact(opts.outdir, known.files)) only.add(i);
  });
  // Every cluster's record (reused or new) and the files to (maybe) write. One cluster at a time,
  // rendered to text at once: its constructs and objects are garbage before the next is built,
  // so memory grows with the output text, not with the construct trees of the whole fleet.
  const problems: InventoryProblem[] = [];
  const records: Record<string, CachedCluster> = {};
  const rendered = new Map<string, { text: string; rec: CachedFile; prev?: CachedFile }>();
  for (const i of only) {
    const built = buildInventory(loaded, { only: new Set([i]) });
    problems.push(...built.problems);
    for (const o of built.outputs) {
      const prevFiles = cache?.clusters[o.name]?.files ?? {};
      const files: Record<string, CachedFile> = {};
      for (const [rel, text] of renderCluster(o, opts)) {
        const rec = fileRecord(text);
        files[rel] = rec;
        rendered.set(rel, { text, rec, prev: prevFiles[rel] });
      }
      const g = gitopsInfo(o);
      records[o.name] = { input: inputs[i], files, gitops: { ...g, kinds: [...g.kinds].sort() } };
    }
  }
  if (problems.length || fleet.length) {
    return { problems: [...problems, ...fleet], clusters: inv.clusters.length, built: only.size, files: [], written: [], removed: [] };
  }
  inv.clusters.forEach((c, i) => { if (!only.has(i)) records[c.name] = cache!.clusters[c.name]; });
  const names = Object.keys(records).sort((a, b) => a.localeCompare(b));
  const shared: Record<string, CachedFile> = {};
  // The shared files see every cluster, reused or rebuilt, in inventory order.
  const clusters = inv.clusters.filter(c => records[c.name]).map(c => ({ info: toGitOps(records[c.name].gitops), labels: c.labels }));
  for (const [rel, text] of renderShared(clusters, opts)) {
    const rec = fileRecord(text);
    shared[rel] = rec;
    rendered.set(rel, { text, rec, prev: cache?.shared[rel] });
  }
  const next: SynthCache = { version: 1, clusters: Object.fromEntries(names.map(n => [n, records[n]])), shared };
  const all = [...names.flatMap(n => Object.keys(records[n].files)), ...Object.keys(shared)];
  const cacheText = `${JSON.stringify(next)}\n`;

  const written: string[] = [];
  const removed: string[] = [];
  if (!cache) {
    if (entries) step('remove', opts.outdir, () => rmSync(opts.outdir, { recursive: true, force: true }));
    step('create', opts.outdir, () => mkdirSync(opts.outdir, { recursive: true }));
    writeFile(opts.outdir, OUTPUT_MARKER, MARKER_TEXT);
    const made = new Set<string>();
    for (const [rel, { text }] of rendered) {
      writeFile(opts.outdir, rel, text, made);
      written.push(rel);
    }
  } else {
    const present = filesUnder(opts.outdir);
    for (const [rel, { text, rec, prev }] of rendered) {
      if (sameFile(opts.outdir, rel, rec, prev, present)) continue;
      writeFile(opts.outdir, rel, text);
      written.push(rel);
    }
    const wanted = new Set([...all, OUTPUT_MARKER, SYNTH_CACHE]);
    for (const rel of [...present].sort()) {
      if (wanted.has(rel)) continue;
      removeFile(opts.outdir, rel);
      removed.push(rel);
    }
    let marker: string | undefined;
    try {
      marker = readFileSync(join(opts.outdir, OUTPUT_MARKER), 'utf8');
    } catch {
      marker = undefined;
    }
    if (marker !== MARKER_TEXT) writeFile(opts.outdir, OUTPUT_MARKER, MARKER_TEXT);
  }
  let oldCache: string | undefined;
  try {
    oldCache = cache ? readFileSync(join(opts.outdir, SYNTH_CACHE), 'utf8') : undefined;
  } catch {
    oldCache = undefined;
  }
  if (oldCache !== cacheText) writeFile(opts.outdir, SYNTH_CACHE, cacheText);
  return { problems: [], clusters: inv.clusters.length, built: only.size, files: all, written, removed };
}
