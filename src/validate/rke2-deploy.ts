// How RKE2's deploy controller reads its manifests directory, at the RKE2 release CAPRKE2
// v0.25.0 is tested with (v1.34.2+rke2r1, test/e2e/config/e2e_conf.yaml KUBERNETES_VERSION), which
// runs the controller of k3s v1.34.2-0.20251111224559-62dadb873cbe (rke2 go.mod):
// - only server nodes run it (k3s pkg/server/server.go stageFiles), over <data-dir>/server/manifests
//   and every directory below it (pkg/deploy/controller.go walkFiles);
// - a file is read when its name ends in .yaml, .yml or .json (any case), does not start with
//   "." and no `<name>.skip` file exists (shouldSkipFile);
// - a file whose name without its last extension, or a directory on its path, is in the disable
//   list is deleted instead (shouldDisableFile);
// - each file is tracked as the Addon kube-system/<name up to its first "."> (basename), whose
//   apply prunes what the Addon applied before;
// - its documents are objects, a `kind: List` contributing its items (toObjects).
import { posix } from 'node:path';

/** RKE2's default data directory (`data-dir`; CAPRKE2 agentConfig.dataDir). */
export const RKE2_DATA_DIR = '/var/lib/rancher/rke2';

/** RKE2 applies every manifest in this directory of a server node (the "auto-deploying manifests" feature). */
export const RKE2_MANIFESTS_DIR = `${RKE2_DATA_DIR}/server/manifests`;

/** The manifests directory of a data directory. */
export function manifestsDirOf(dataDir?: string): string {
  const dir = typeof dataDir === 'string' && dataDir.trim() !== '' ? posix.normalize(dataDir.trim()).replace(/\/+$/, '') : RKE2_DATA_DIR;
  return `${dir}/server/manifests`;
}

/** Whether `path` lies below `dir`. */
export const isUnder = (path: string, dir: string): boolean => path.startsWith(`${dir}/`);

const MANIFEST_NAME = /\.(ya?ml|json)$/i;

/**
 * Why the deploy controller never reads the file at `path` (below its manifests directory), or
 * undefined when it does. `names` holds the base names of every file written to that node's
 * directory tree (`<name>.skip` markers are matched by base name, anywhere in the tree).
 */
export function skipReason(path: string, names: ReadonlySet<string>): string | undefined {
  const name = posix.basename(path);
  if (name.startsWith('.')) return 'its name starts with "." (a hidden file)';
  if (names.has(`${name}.skip`)) return `${name}.skip exists beside it`;
  if (!MANIFEST_NAME.test(name)) return 'its name does not end in .yaml, .yml or .json';
  return undefined;
}

/** The Addon that tracks a manifest file: kube-system/<base name up to its first ".">. */
export const addonName = (path: string): string => posix.basename(path).split('.')[0];

/** The name the disable list is matched against: the base name without its last extension. */
export function disableName(path: string): string {
  const base = posix.basename(path);
  return base.slice(0, base.length - posix.extname(base).length);
}

/** The directories between the manifests directory and the file (each is matched against the disable list). */
export function subdirectories(path: string, dir: string): string[] {
  const parts = path.slice(dir.length + 1).split('/').slice(0, -1);
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}
