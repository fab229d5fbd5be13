// Reading the input of a command that takes manifests (files, directories, `-`), with positions:
// apart from the validation (validate-input.ts), so that the commands that only read — status,
// delete — do not load the validator (CRD schemas, CEL, the EKS-A checks: ~0.15 s).
import { LoadResult, loadManifests } from './manifest-files';
import { UsageError } from '../core/errors';

/** Manifests read for validation: the files found, with positions (kustomization files left out). */
export interface Input extends LoadResult {}

/**
 * Reads the paths (files, directories, `-` for stdin). No YAML or hardware.csv file at all is a
 * usage error (exit 2); unreadable paths are file errors (exit 2). The manifests applied now
 * (`against`) must include YAML.
 */
export function loadInput(paths: readonly string[], opts: { stdin?: () => string; against?: boolean } = {}): Input {
  const loaded = loadManifests(paths, { stdin: opts.stdin });
  const manifests = loaded.manifests.filter(m => !(m.object.apiVersion ?? '').startsWith('kustomize.config.k8s.io/'));
  if (opts.against && !loaded.yamlFiles.length) {
    throw new UsageError(`--against: no YAML manifests in ${paths.join(', ')} (directories are searched for *.yaml and *.yml)`);
  }
  if (!loaded.yamlFiles.length && !loaded.otherFiles.length) {
    throw new UsageError(`no YAML manifests or hardware.csv files in ${paths.join(', ')} (directories are searched for *.yaml, *.yml and *.csv)`);
  }
  return { ...loaded, manifests };
}
