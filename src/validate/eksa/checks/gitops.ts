// gitOpsRef rules (upstream-rules.md §5.2 item 8) plus the referenced FluxConfig/GitOpsConfig:
// present in the file, in the Cluster's namespace, with exactly one Git provider.
import { Finding, error, warning } from '../../../core/finding';
import { FluxConfigKind, GitOpsConfigKind, PreflightFinding, about, refOf, resolveRef } from '../eksa-spec';
import { PreflightCheck } from './check';
import { fluxConfigProblems, gitOpsConfigProblems } from './gitops-configs';
import { namespaceProblem } from './same-namespace';

export const gitOpsCheck: PreflightCheck = {
  name: 'Validate GitOps configuration',
  applies: ({ spec }) => spec.cluster.spec?.gitOpsRef !== undefined,
  run: ({ spec, objectChecks }) => {
    const ref = refOf(spec.cluster.spec?.gitOpsRef);
    const out: Finding[] = [];
    if (!ref || (ref.kind !== GitOpsConfigKind && ref.kind !== FluxConfigKind)) {
      out.push(error('eksa/gitops', 'spec.gitOpsRef.kind', 'only GitOpsConfig or FluxConfig Kind are supported at this time', `got ${JSON.stringify(ref?.kind)}`));
      return about(spec.cluster, out);
    }
    if (!ref.name) {
      out.push(error('eksa/gitops', 'spec.gitOpsRef.name', 'GitOpsRef name can\'t be empty; specify a valid GitOpsConfig name'));
      return about(spec.cluster, out);
    }
    const target = resolveRef(spec, ref.kind, ref.name);
    if (!target) {
      // eksctl looks the object up and, when it is absent, goes on without GitOps (pkg/cluster processGitOps, processFlux).
      out.push(warning('eksa/gitops', 'spec.gitOpsRef', `${ref.kind} ${ref.name} not found: eksctl ignores the gitOpsRef and creates the cluster without GitOps`,
        `add the ${ref.kind} document (apiVersion ${String(spec.cluster.apiVersion)}) to the cluster config`));
      return about(spec.cluster, out);
    }
    const ns = namespaceProblem(spec, target, 'spec.gitOpsRef');
    if (ns) out.push(ns);
    const found: PreflightFinding[] = about(spec.cluster, out);
    if (!objectChecks) return found;
    return [...found, ...about(target, ref.kind === GitOpsConfigKind ? gitOpsConfigProblems(target) : fluxConfigProblems(target))];
  },
};
