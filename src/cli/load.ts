// Manifests for the cluster commands: loaded with positions, YAML errors fatal (exit 1).
import { CliError, CliIo, ExitCode } from './io';
import { KubeObject } from '../core/kube-object';
import { ManifestIoError, loadManifests } from '../validate/manifest-files';

export function loadForCluster(paths: string[], io: CliIo): KubeObject[] {
  let loaded;
  try {
    loaded = loadManifests(paths, { stdin: io.stdin });
  } catch (e) {
    if (e instanceof ManifestIoError) throw new CliError(e.message, ExitCode.USAGE);
    throw e;
  }
  if (loaded.problems.length) {
    throw new CliError(loaded.problems.map(p => `${p.file}:${p.line} ${p.message}`).join('\n'), ExitCode.INVALID);
  }
  return loaded.manifests
    .map(m => m.object)
    .filter(o => !(o.apiVersion ?? '').startsWith('kustomize.config.k8s.io/'));
}
