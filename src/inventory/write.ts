// Writing synth output: one folder per cluster, objects in apply order, kustomization.yaml
// files, and the GitOps ordering files. Byte-stable: same inventory, same bytes.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Yaml } from 'cdk8s';
import { ClusterOutput } from './build';
import { argoFiles, withSyncWave } from '../gitops/argo';
import { fleetFiles } from '../gitops/fleet';
import { fluxFiles } from '../gitops/flux';
import { CLUSTER_DIR, GitOpsCluster, GitOpsFile, GitOpsFlavor, HOSTS_DIR } from '../gitops/layout';
import { KubeObject } from '../validate/schema';

export interface WriteOptions {
  readonly outdir: string;
  readonly gitops?: GitOpsFlavor;
  /** Where outdir sits in the Git repository (Flux paths). @default `./<outdir as given>` */
  readonly repoPath?: string;
  /** Remove outdir first (stale clusters would otherwise linger). @default true */
  readonly clean?: boolean;
}

function yaml(objects: readonly object[]): string {
  return Yaml.stringify(...objects);
}

function kustomization(resources: string[]): string {
  return yaml([{ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization', resources }]);
}

const ENV_VAR = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

function gitopsInfo(o: ClusterOutput): GitOpsCluster {
  const all = [...o.hosts, ...o.cluster];
  const vars = new Set<string>();
  for (const s of o.hosts.filter(x => x.kind === 'Secret')) {
    for (const v of Object.values<string>(s.stringData ?? {})) for (const m of v.matchAll(ENV_VAR)) vars.add(m[1]);
  }
  return {
    name: o.name,
    namespace: all.find(x => x.metadata?.namespace)?.metadata?.namespace ?? 'default',
    hasHosts: o.hosts.length > 0,
    kinds: new Set(all.map(x => `${(x.apiVersion ?? '').split('/').slice(0, -1).join('/')}/${x.kind}`)),
    substitutionVars: [...vars].sort(),
  };
}

/** Files to write, relative to outdir → content (pure, for tests). */
export function renderOutput(outputs: readonly ClusterOutput[], opts: Omit<WriteOptions, 'outdir'> & { outdir?: string }): Map<string, string> {
  const files = new Map<string, string>();
  const argo = opts.gitops === GitOpsFlavor.ARGO;
  for (const o of [...outputs].sort((a, b) => a.name.localeCompare(b.name))) {
    const hosts = argo ? o.hosts.map(x => withSyncWave(x, 0)) : o.hosts;
    const cluster = argo ? o.cluster.map(x => withSyncWave(x, 1)) : o.cluster;
    if (o.type === 'eksa') {
      const name = `${o.name}-eks-a-cluster.yaml`;
      files.set(`${o.name}/${name}`, yaml(cluster));
      for (const [f, text] of Object.entries(o.files)) files.set(`${o.name}/${f}`, text);
      files.set(`${o.name}/kustomization.yaml`, kustomization([name]));
      continue;
    }
    files.set(`${o.name}/${HOSTS_DIR}/hosts.yaml`, yaml(hosts));
    files.set(`${o.name}/${HOSTS_DIR}/kustomization.yaml`, kustomization(['hosts.yaml']));
    files.set(`${o.name}/${CLUSTER_DIR}/cluster.yaml`, yaml(cluster));
    files.set(`${o.name}/${CLUSTER_DIR}/kustomization.yaml`, kustomization(['cluster.yaml']));
    files.set(`${o.name}/kustomization.yaml`, kustomization([HOSTS_DIR, CLUSTER_DIR]));
  }
  const info = outputs.map(gitopsInfo).sort((a, b) => a.name.localeCompare(b.name));
  let extra: GitOpsFile[] = [];
  if (opts.gitops === GitOpsFlavor.FLUX) extra = fluxFiles(info, { repoPath: opts.repoPath ?? `./${(opts.outdir ?? 'dist').replace(/^\.\//, '')}` });
  if (opts.gitops === GitOpsFlavor.FLEET) extra = fleetFiles(info);
  if (opts.gitops === GitOpsFlavor.ARGO) extra = argoFiles();
  for (const f of extra) files.set(f.path, `${f.text ?? ''}${f.objects ? yaml(f.objects) : ''}`);
  return files;
}

/** Marks a directory as synth output, so a later synth may clean it (and nothing else). */
export const OUTPUT_MARKER = '.cdk8s-capi-output';

export class OutputDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutputDirError';
  }
}

export function writeOutput(outputs: readonly ClusterOutput[], opts: WriteOptions): string[] {
  const files = renderOutput(outputs, opts);
  if (opts.clean ?? true) {
    const entries = existsSync(opts.outdir) ? readdirSync(opts.outdir) : [];
    if (entries.length && !entries.includes(OUTPUT_MARKER)) {
      throw new OutputDirError(`${opts.outdir} is not empty and was not written by cdk8s-capi synth; refusing to replace it (choose another -o, or empty it)`);
    }
    rmSync(opts.outdir, { recursive: true, force: true });
  }
  mkdirSync(opts.outdir, { recursive: true });
  writeFileSync(join(opts.outdir, OUTPUT_MARKER), 'Written by `cdk8s-capi synth`; the whole directory is replaced on the next synth.\n');
  for (const [rel, text] of files) {
    const path = join(opts.outdir, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  return [...files.keys()];
}

export type { KubeObject };
