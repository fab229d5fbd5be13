// Manifests for the cluster commands: loaded with positions, YAML errors fatal (exit 1).
import { CliIo } from './io';
import { InvalidInputError } from '../core/errors';
import { KubeObject } from '../core/kube-object';
import { loadManifests } from '../validate/manifest-files';

export function loadForCluster(paths: string[], io: CliIo): KubeObject[] {
  const loaded = loadManifests(paths, { stdin: io.stdin });
  if (loaded.problems.length) {
    throw new InvalidInputError(loaded.problems.map(p => `${p.file}:${p.line} ${p.message}`).join('\n'));
  }
  return loaded.manifests
    .map(m => m.object)
    .filter(o => !(o.apiVersion ?? '').startsWith('kustomize.config.k8s.io/'));
}
