// Writing synth output: one folder per cluster, objects in apply order, kustomization.yaml
// files, and the GitOps ordering files. Byte-stable: same inventory, same bytes.
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ClusterOutput } from './build';
import { FileError, InvalidInputError, UsageError } from '../core/errors';
import { FleetRollout, OUTPUT_MARKER, ROLLOUT_FILE, RolloutFile } from '../core/fleet-rollout';
import { RolloutSettingError } from '../core/fleet-waves';
import { KubeObject } from '../core/kube-object';
import { describeFsError } from '../core/read-file';
import { yamlDocuments } from '../core/yaml-output';
import { argoFiles, withSyncWave } from '../gitops/argo';
import { argoAppSetFile, argoRepoPath } from '../gitops/argo-appset';
import { fleetFiles } from '../gitops/fleet';
import { fleetRolloutFile } from '../gitops/fleet-rollout';
import { fluxFiles } from '../gitops/flux';
import { fluxWaveFiles } from '../gitops/flux-waves';
import { CLUSTER_DIR, GitOpsCluster, GitOpsFile, GitOpsFlavor, HOSTS_DIR } from '../gitops/layout';
import { GitOpsWavePlan, planWaves } from '../gitops/waves';

export interface WriteOptions {
  readonly outdir: string;
  readonly gitops?: GitOpsFlavor;
  /** Where outdir sits in the Git repository (Flux paths). @default `./<outdir as given>` */
  readonly repoPath?: string;
  /** Remove outdir first (stale clusters would otherwise linger). @default true */
  readonly clean?: boolean;
  /** The inventory's `rollout:`, written to rollout.json for `upgrade <outdir>` (and, with `gitops`, the engine's waves). @default none */
  readonly rollout?: FleetRollout;
  /** The Git repository URL the Argo CD ApplicationSet reads (needed for `gitops: argo` with `rollout`). */
  readonly repoUrl?: string;
}

/** rollout.json: every cluster in inventory order (the fleet upgrade's default order) with its labels, and the settings. */
function rolloutFile(clusters: readonly SharedCluster[], rollout: FleetRollout | undefined): string {
  const file: RolloutFile = {
    apiVersion: 'cdk8s-capi.io/v1alpha1',
    kind: 'FleetRollout',
    ...(rollout ? { rollout } : {}),
    clusters: clusters.map(c => ({ name: c.info.name, ...(c.labels ? { labels: c.labels } : {}) })),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

function yaml(objects: readonly object[]): string {
  return yamlDocuments(objects);
}

function kustomization(resources: string[]): string {
  return yaml([{ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization', resources }]);
}

const ENV_VAR = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export function gitopsInfo(o: ClusterOutput): GitOpsCluster {
  const all = [...o.hosts, ...o.cluster];
  const vars = new Set<string>();
  for (const s of o.hosts.filter(x => x.kind === 'Secret')) {
    for (const v of Object.values<string>(s.stringData ?? {})) for (const m of v.matchAll(ENV_VAR)) vars.add(m[1]);
  }
  const top = o.cluster.find(x => x.kind === 'Cluster' && (x.apiVersion ?? '').startsWith('cluster.x-k8s.io/'))
    ?? o.cluster.find(x => x.kind === 'Cluster' && (x.apiVersion ?? '').startsWith('anywhere.eks.amazonaws.com/'));
  const namespace = all.find(x => x.metadata?.namespace)?.metadata?.namespace ?? 'default';
  return {
    name: o.name,
    namespace,
    hasHosts: o.hosts.length > 0,
    kinds: new Set(all.map(x => `${(x.apiVersion ?? '').split('/').slice(0, -1).join('/')}/${x.kind}`)),
    substitutionVars: [...vars].sort(),
    ...(top ? {
      clusterRef: {
        apiVersion: top.apiVersion!, kind: top.kind!, name: top.metadata?.name ?? o.name, namespace: top.metadata?.namespace ?? namespace,
      },
    } : {}),
  };
}

/** One cluster's files, relative to outdir → content. */
export function renderCluster(o: ClusterOutput, opts: Pick<WriteOptions, 'gitops'>): Map<string, string> {
  const files = new Map<string, string>();
  const argo = opts.gitops === GitOpsFlavor.ARGO;
  const hosts = argo ? o.hosts.map(x => withSyncWave(x, 0)) : o.hosts;
  const cluster = argo ? o.cluster.map(x => withSyncWave(x, 1)) : o.cluster;
  if (o.type === 'eksa') {
    const name = `${o.name}-eks-a-cluster.yaml`;
    files.set(`${o.name}/${name}`, yaml(cluster));
    for (const [f, text] of Object.entries(o.files)) files.set(`${o.name}/${f}`, text);
    files.set(`${o.name}/kustomization.yaml`, kustomization([name]));
    return files;
  }
  files.set(`${o.name}/${HOSTS_DIR}/hosts.yaml`, yaml(hosts));
  files.set(`${o.name}/${HOSTS_DIR}/kustomization.yaml`, kustomization(['hosts.yaml']));
  files.set(`${o.name}/${CLUSTER_DIR}/cluster.yaml`, yaml(cluster));
  files.set(`${o.name}/${CLUSTER_DIR}/kustomization.yaml`, kustomization(['cluster.yaml']));
  files.set(`${o.name}/kustomization.yaml`, kustomization([HOSTS_DIR, CLUSTER_DIR]));
  return files;
}

/** The engine's waves: only with both a GitOps flavor and `rollout:` (plain output is unchanged). */
function wavePlan(clusters: readonly SharedCluster[], opts: Pick<WriteOptions, 'gitops' | 'rollout'>): GitOpsWavePlan | undefined {
  if (!opts.gitops || !opts.rollout) return undefined;
  try {
    return planWaves(clusters.map(c => ({ name: c.info.name, labels: c.labels })), opts.rollout);
  } catch (e) {
    // An inventory's rollout: is checked when loaded (at file:line); this is for callers passing their own.
    if (e instanceof RolloutSettingError) throw new InvalidInputError(`rollout: ${e.message}`);
    throw e;
  }
}

/** Files to write, relative to outdir → content (pure, for tests). */
export function renderOutput(outputs: readonly ClusterOutput[], opts: Omit<WriteOptions, 'outdir'> & { outdir?: string }): Map<string, string> {
  const files = new Map<string, string>();
  for (const o of [...outputs].sort((a, b) => a.name.localeCompare(b.name))) {
    for (const [rel, text] of renderCluster(o, opts)) files.set(rel, text);
  }
  for (const [rel, text] of renderShared(outputs.map(o => ({ info: gitopsInfo(o), labels: o.labels })), opts)) files.set(rel, text);
  return files;
}

/** A cluster as the files shared by the whole output see it (GitOps files, rollout.json). */
export interface SharedCluster {
  readonly info: GitOpsCluster;
  readonly labels?: Readonly<Record<string, string>>;
}

/**
 * The files that belong to no one cluster: the GitOps engine's (none without a flavor) and
 * rollout.json. `clusters` in inventory order (rollout.json keeps it; the engines' files sort by name).
 */
export function renderShared(clusters: readonly SharedCluster[], opts: Omit<WriteOptions, 'outdir'> & { outdir?: string }): Map<string, string> {
  const files = new Map<string, string>();
  const info = clusters.map(c => c.info).sort((a, b) => a.name.localeCompare(b.name));
  const plan = wavePlan(clusters, opts);
  const repoPath = opts.repoPath ?? `./${(opts.outdir ?? 'dist').replace(/^\.\//, '')}`;
  let extra: GitOpsFile[] = [];
  if (opts.gitops === GitOpsFlavor.FLUX) extra = [...fluxFiles(info, { repoPath }, plan), ...(plan ? fluxWaveFiles(info, plan, { repoPath }) : [])];
  if (opts.gitops === GitOpsFlavor.FLEET) extra = [...fleetFiles(info, plan), ...(plan ? [fleetRolloutFile(plan)] : [])];
  if (opts.gitops === GitOpsFlavor.ARGO) {
    extra = argoFiles();
    if (plan) {
      if (!opts.repoUrl) throw new UsageError('--gitops argo with rollout: in the inventory needs --repo-url (the Git repository Argo CD reads this output from)');
      if (argoRepoPath(repoPath).startsWith('/')) {
        throw new UsageError(`--gitops argo with rollout: the output directory ${opts.outdir ?? repoPath} is an absolute path; give --repo-path (where it sits in the Git repository)`);
      }
      extra.push(argoAppSetFile(info, plan, { repoUrl: opts.repoUrl, repoPath }));
    }
  }
  for (const f of extra) files.set(f.path, `${f.text ?? ''}${f.objects ? yaml(f.objects) : ''}`);
  files.set(ROLLOUT_FILE, rolloutFile(clusters, opts.rollout));
  return files;
}

export { OUTPUT_MARKER };
export const MARKER_TEXT = 'Written by `cdk8s-capi synth`; the whole directory is replaced on the next synth.\n';

export class OutputDirError extends FileError {
  constructor(message: string) {
    super(message);
    this.name = 'OutputDirError';
  }
}

/** Runs a file system step; its failure becomes an OutputDirError naming the path. */
export function step<T>(what: string, path: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof OutputDirError) throw e;
    throw new OutputDirError(`cannot ${what} ${path}: ${describeFsError(e)}`);
  }
}

/** Entries of outdir, or undefined when it does not exist; refuses a path that is not a directory. */
export function existingEntries(outdir: string): string[] | undefined {
  let isDir: boolean;
  try {
    isDir = statSync(outdir).isDirectory();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new OutputDirError(`cannot write to ${outdir}: ${describeFsError(e)}`);
  }
  if (!isDir) throw new OutputDirError(`cannot write to ${outdir}: it exists and is not a directory (choose another -o)`);
  return step('read', outdir, () => readdirSync(outdir));
}

export function writeOutput(outputs: readonly ClusterOutput[], opts: WriteOptions): string[] {
  const files = renderOutput(outputs, opts);
  const entries = existingEntries(opts.outdir);
  if (opts.clean ?? true) {
    if (entries?.length && !entries.includes(OUTPUT_MARKER)) {
      throw new OutputDirError(`${opts.outdir} is not empty and was not written by cdk8s-capi synth; refusing to replace it (choose another -o, or empty it)`);
    }
    if (entries) step('remove', opts.outdir, () => rmSync(opts.outdir, { recursive: true, force: true }));
  }
  step('create', opts.outdir, () => mkdirSync(opts.outdir, { recursive: true }));
  const marker = join(opts.outdir, OUTPUT_MARKER);
  step('write', marker, () => writeFileSync(marker, MARKER_TEXT));
  for (const [rel, text] of files) {
    const path = join(opts.outdir, rel);
    step('create', dirname(path), () => mkdirSync(dirname(path), { recursive: true }));
    step('write', path, () => writeFileSync(path, text));
  }
  return [...files.keys()];
}

export type { KubeObject };
