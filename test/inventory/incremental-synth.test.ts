// Synth into a directory it wrote before: unchanged clusters are not built, unchanged files not
// rewritten, and the directory ends up exactly as a synth into an empty one would leave it. The
// checks across clusters still see the whole fleet.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { fleetInventory } from '../../bench/fleet-inventory';
import { GitOpsFlavor } from '../../src/gitops/layout';
import { formatProblem, loadInventory } from '../../src/inventory/load';
import { SynthCache } from '../../src/inventory/synth-cache';
import { SynthResult, synthesizeInventory } from '../../src/inventory/synthesize';
import { Inventory } from '../../src/inventory/types';
import { WriteOptions } from '../../src/inventory/write';

const dir = () => mkdtempSync(join(tmpdir(), 'incremental-'));

/** The generated fleet, editable in place (the inventory types are read-only). */
type Writable<T> = { -readonly [K in keyof T]: Writable<T[K]> };
const fleet = (n: number) => fleetInventory(n) as Writable<Inventory>;

function synth(inv: Inventory, outdir: string, opts: Omit<WriteOptions, 'outdir'> = {}): SynthResult {
  const file = join(mkdtempSync(join(tmpdir(), 'inv-')), 'fleet.yaml');
  writeFileSync(file, stringify(inv));
  return synthesizeInventory(loadInventory(file), { outdir, ...opts });
}

/** Every file under root, relative path → content. */
function tree(root: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const rel of (readdirSync(root, { recursive: true }) as string[]).sort()) {
    if (statSync(join(root, rel)).isFile()) out.set(rel, readFileSync(join(root, rel), 'utf8'));
  }
  return out;
}

/** Sets every file's mtime to 2001 and returns a probe of files that were written since (mtime or inode changed). */
function stamp(root: string): () => string[] {
  const past = new Date('2001-01-01T00:00:00Z');
  const inodes = new Map<string, number>();
  for (const rel of tree(root).keys()) {
    utimesSync(join(root, rel), past, past);
    inodes.set(rel, statSync(join(root, rel)).ino);
  }
  return () => [...tree(root).keys()].filter(rel => {
    const s = statSync(join(root, rel));
    return s.mtimeMs !== past.getTime() || s.ino !== inodes.get(rel);
  });
}

/** The same inventory synthesized into an empty directory. */
function fresh(inv: Inventory, opts: Omit<WriteOptions, 'outdir'> = {}): Map<string, string> {
  const out = join(dir(), 'out');
  expect(synth(inv, out, opts).problems).toEqual([]);
  return tree(out);
}

describe('incremental synth', () => {
  test('a rerun on an unchanged inventory builds nothing and writes nothing', () => {
    const out = join(dir(), 'out');
    const inv = fleet(3);
    const first = synth(inv, out);
    expect(first).toMatchObject({ problems: [], clusters: 3, built: 3 });
    // Five files per site and rollout.json.
    expect(first.written).toHaveLength(16);
    const before = tree(out);
    const written = stamp(out);
    const again = synth(inv, out);
    expect(again).toMatchObject({ problems: [], clusters: 3, built: 0, written: [], removed: [] });
    expect(again.files).toHaveLength(16);
    expect(written()).toEqual([]);
    expect(tree(out)).toEqual(before);
  });

  test('changing one site rebuilds and rewrites only that site\'s folder; the result is a fresh synth\'s', () => {
    const out = join(dir(), 'out');
    const inv = fleet(4);
    synth(inv, out);
    const written = stamp(out);
    inv.clusters[2].rke2!.apiVip = { ipv4: '172.31.9.100' };
    const r = synth(inv, out);
    expect(r).toMatchObject({ problems: [], built: 1 });
    expect(r.written.every(f => f.startsWith('site2/'))).toBe(true);
    expect(r.written).toContain('site2/cluster/cluster.yaml');
    // The hosts of site2 did not change: not rewritten either.
    expect(r.written).not.toContain('site2/hosts/hosts.yaml');
    expect(written().filter(f => !f.startsWith('.'))).toEqual(['site2/cluster/cluster.yaml']);
    expect(tree(out)).toEqual(fresh(inv));
  });

  test('a site dropped from the inventory is removed; a file deleted by hand is written again', () => {
    const out = join(dir(), 'out');
    const inv = fleet(3);
    synth(inv, out);
    rmSync(join(out, 'site0', 'hosts', 'hosts.yaml'));
    const dropped: Inventory = { ...inv, clusters: inv.clusters.slice(0, 2) };
    const r = synth(dropped, out);
    expect(r.removed).toEqual(['site2/cluster/cluster.yaml', 'site2/cluster/kustomization.yaml', 'site2/hosts/hosts.yaml', 'site2/hosts/kustomization.yaml', 'site2/kustomization.yaml']);
    // rollout.json lists the clusters: it changed too.
    expect(r.written).toEqual(['site0/hosts/hosts.yaml', 'rollout.json']);
    expect(readdirSync(out).sort()).toEqual(['.cdk8s-capi-output', '.cdk8s-capi-synth-cache.json', 'rollout.json', 'site0', 'site1']);
    expect(tree(out)).toEqual(fresh(dropped));
  });

  test('GitOps files follow every cluster, reused or rebuilt; another flavor rebuilds everything', () => {
    const out = join(dir(), 'out');
    const inv = fleet(3);
    const flux = { gitops: GitOpsFlavor.FLUX, repoPath: './clusters' };
    synth(inv, out, flux);
    inv.clusters[1].namespace = 'moved';
    expect(synth(inv, out, flux)).toMatchObject({ problems: [], built: 1 });
    expect(tree(out)).toEqual(fresh(inv, flux));
    expect(synth(inv, out, { gitops: GitOpsFlavor.ARGO })).toMatchObject({ problems: [], built: 3 });
    expect(tree(out)).toEqual(fresh(inv, { gitops: GitOpsFlavor.ARGO }));
  });

  test('checks across sites see the whole fleet: a MAC, a BMC address or a VIP of an unchanged site claimed by a changed one', () => {
    const out = join(dir(), 'out');
    const inv = fleet(3);
    synth(inv, out);
    const before = tree(out);
    const written = stamp(out);
    const site0 = inv.clusters[0];
    inv.clusters[2].hosts![1].bootMacAddress = site0.hosts![4].bootMacAddress.toUpperCase();
    inv.clusters[2].hosts![2].bmcAddress = `${site0.hosts![0].bmcAddress}/`;
    inv.clusters[2].rke2!.ingressVip = { ipv4: site0.rke2!.apiVip!.ipv4 };
    const r = synth(inv, out);
    expect(r.problems.map(p => formatProblem(p).replace(/^\S+:\d+ /, ''))).toEqual([
      'clusters[2].hosts[1] (site2-node2): bootMacAddress: MAC 0C:C4:00:00:00:05 is also the boot MAC of host site0-node5 of cluster site0 (each host has its own boot NIC; Ironic refuses a second port with the same MAC)',
      'clusters[2].hosts[2] (site2-node3): bmcAddress: redfish-virtualmedia://100.64.0.10/redfish/v1/Systems/1/ is also the BMC address of host site0-node1 of cluster site0 (two hosts would fight over one machine\'s power)',
      'clusters[2].rke2.ingressVip.ipv4 (site2): 172.16.0.100 is also the apiVip of cluster site0 (MetalLB would announce one address for two clusters)',
    ]);
    expect(r.written).toEqual([]);
    expect(written()).toEqual([]);
    expect(tree(out)).toEqual(before);
  });
});

describe('nothing is written unless every cluster built', () => {
  /** A fleet whose last site is refused while it is built, after the others were rendered. */
  function failingLast(n: number) {
    const inv = fleet(n);
    inv.clusters[n - 1].rke2!.controlPlane = { replicas: 5 };
    return inv;
  }

  test('a first synth that finds a problem creates nothing', () => {
    const out = join(dir(), 'out');
    const r = synth(failingLast(3), out);
    expect(r.problems.map(p => formatProblem(p))).toEqual([expect.stringMatching(/ clusters\[2\] \(site2\): hosts: .* 5 control-plane replicas but only 3 BareMetalHost/)]);
    expect(r.written).toEqual([]);
    expect(existsSync(out)).toBe(false);
  });

  test('a rerun that finds a problem leaves the directory as it was, a changed site rendered before the problem included', () => {
    const out = join(dir(), 'out');
    synth(fleet(3), out);
    const before = tree(out);
    const written = stamp(out);
    const inv = failingLast(3);
    inv.clusters[0].rke2!.apiVip = { ipv4: '172.31.9.100' };
    expect(synth(inv, out).problems).toHaveLength(1);
    expect(written()).toEqual([]);
    expect(tree(out)).toEqual(before);
  });

  test('so does a synth into a directory written without a cache (which would be replaced as a whole)', () => {
    const out = join(dir(), 'out');
    synth(fleet(2), out);
    rmSync(join(out, '.cdk8s-capi-synth-cache.json'));
    const before = tree(out);
    expect(synth(failingLast(3), out).problems).toHaveLength(1);
    expect(tree(out)).toEqual(before);
  });

  test('the cache records every file, written this time or not', () => {
    const out = join(dir(), 'out');
    const inv = fleet(2);
    synth(inv, out);
    inv.clusters[1].rke2!.apiVip = { ipv4: '172.31.9.100' };
    const r = synth(inv, out);
    expect(r.written).toEqual(['site1/cluster/cluster.yaml']);
    const cache = JSON.parse(readFileSync(join(out, '.cdk8s-capi-synth-cache.json'), 'utf8')) as SynthCache;
    const files = (site: string) => Object.keys(cache.clusters[site].files).map(f => f.slice(site.length + 1)).sort();
    expect(files('site1')).toEqual(['cluster/cluster.yaml', 'cluster/kustomization.yaml', 'hosts/hosts.yaml', 'hosts/kustomization.yaml', 'kustomization.yaml']);
    expect(files('site0')).toEqual(files('site1'));
  });
});
