// Kubernetes version increments on upgrade (upstream-rules.md §5.5, versionskew.go): no
// downgrade, at most +1 minor, for the cluster and for each worker group's own version.
import { Finding, error } from '../../../core/finding';
import { about, workerGroups } from '../eksa-spec';
import { minorDiff } from '../kube-version';
import { PreflightCheck, PreflightMode } from './check';

/** eksctl's version skew message between two versions, or undefined when the step is fine. */
export function versionStepProblem(oldVersion: unknown, newVersion: unknown): string | undefined {
  if (oldVersion === newVersion) return undefined;
  const diff = minorDiff(oldVersion, newVersion);
  if (diff === undefined) return `could not compare kubernetes versions ${String(oldVersion)} and ${String(newVersion)}`;
  if (diff < 0) return `kubernetes version downgrade is not supported (${String(oldVersion)}) -> (${String(newVersion)})`;
  if (diff > 1) return `only +1 minor version skew is supported, minor version skew detected ${diff}`;
  return undefined;
}

export const upgradeVersionCheck: PreflightCheck = {
  name: 'Upgrade cluster kubernetes version increment',
  applies: ({ mode, old }) => mode === PreflightMode.UPGRADE && old !== undefined,
  run: ({ spec, old }) => {
    const out: Finding[] = [];
    const oldCp = old!.cluster.spec?.kubernetesVersion;
    const newCp = spec.cluster.spec?.kubernetesVersion;
    const cpProblem = versionStepProblem(oldCp, newCp);
    if (cpProblem) out.push(error('eksa/upgrade-version', 'spec.kubernetesVersion', cpProblem, `upgrade one minor at a time: ${String(oldCp)} → the next minor`));
    const cpBumped = (minorDiff(oldCp, newCp) ?? 0) > 0;
    const oldGroups = new Map(workerGroups(old!.cluster).map(g => [g?.name, g]));
    workerGroups(spec.cluster).forEach((g, i) => {
      const prior = oldGroups.get(g?.name);
      if (!prior) return;
      const field = `spec.workerNodeGroupConfigurations[${i}].kubernetesVersion`;
      const oldV = prior.kubernetesVersion;
      const newV = g.kubernetesVersion;
      if (oldV !== undefined && newV === undefined) {
        if (cpBumped) {
          out.push(error('eksa/upgrade-version', field, `can't simultaneously remove worker kubernetesVersion and upgrade cluster level kubernetesVersion: ${String(newCp)}`,
            'remove the worker group\'s kubernetesVersion in a separate upgrade'));
        } else {
          const p = versionStepProblem(oldV, newCp);
          if (p) out.push(error('eksa/upgrade-version', field, p));
        }
        return;
      }
      if (newV === undefined) return;
      const p = versionStepProblem(oldV ?? oldCp, newV);
      if (p) out.push(error('eksa/upgrade-version', field, p));
    });
    return about(spec.cluster, out);
  },
};
