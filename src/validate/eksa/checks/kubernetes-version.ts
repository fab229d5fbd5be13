// Kubernetes versions (releases.ts has the source of the supported list; cluster_webhook.go skew): the "1.NN" string, supported by the
// targeted EKS Anywhere release, and worker groups at most 2 minors behind the control plane.
import { Finding, error, warning } from '../../../core/finding';
import { about, workerGroups } from '../eksa-spec';
import { isMajorMinor, minorDiff } from '../kube-version';
import { defaultKubernetesVersion, supportedKubernetesVersions } from '../releases';
import { CheckContext, PreflightCheck, PreflightMode } from './check';

function versionProblems(ctx: CheckContext, field: string, value: unknown, out: Finding[]): boolean {
  const supported = supportedKubernetesVersions(ctx.release);
  if (!isMajorMinor(value)) {
    out.push(error('eksa/kubernetes-version', field, `kubernetesVersion ${JSON.stringify(value)} is not valid`,
      `a quoted major.minor string such as "${defaultKubernetesVersion(ctx.release)}"`));
    return false;
  }
  if (!supported.includes(value as string)) {
    out.push(error('eksa/kubernetes-version', field, `kubernetes version ${value as string} is not supported by EKS Anywhere ${ctx.release}`,
      `supported: ${supported.join(', ')}`));
    return false;
  }
  return true;
}

export const kubernetesVersionCheck: PreflightCheck = {
  name: 'Validate Kubernetes version',
  run: (ctx) => {
    const { spec } = ctx;
    const out: Finding[] = [];
    const cpVersion = spec.cluster.spec?.kubernetesVersion;
    if (cpVersion === undefined) {
      out.push(error('eksa/kubernetes-version', 'spec.kubernetesVersion', 'kubernetesVersion is not set', `e.g. "${defaultKubernetesVersion(ctx.release)}"`));
      return about(spec.cluster, out);
    }
    const cpOk = versionProblems(ctx, 'spec.kubernetesVersion', cpVersion, out);
    workerGroups(spec.cluster).forEach((g, i) => {
      const v = g?.kubernetesVersion;
      if (v === undefined) return;
      const field = `spec.workerNodeGroupConfigurations[${i}].kubernetesVersion`;
      if (!versionProblems(ctx, field, v, out) || !cpOk) return;
      const diff = minorDiff(v, cpVersion);
      if (diff === undefined || diff < 0 || diff > 2) {
        const hint = `the control plane is at ${String(cpVersion)}; a worker group may lag it by at most 2 minors and never be ahead`;
        // The webhook checks the skew on update only (cluster_webhook.go ValidateWorkerKubernetesVersionSkew); at create it is a warning.
        out.push(ctx.mode === PreflightMode.UPGRADE
          ? error('eksa/version-skew', field, `cluster level minor version must be within 2 versions greater than worker node group version: ${String(v)}`, hint)
          : warning('eksa/version-skew', field, `cluster level minor version ${String(cpVersion)} is not within 2 versions greater than worker node group version ${String(v)}: accepted at create, rejected by every later update`, hint));
      }
    });
    return about(spec.cluster, out);
  },
};
