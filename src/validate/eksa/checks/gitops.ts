// gitOpsRef rules (upstream-rules.md §5.2 item 8) plus the referenced FluxConfig/GitOpsConfig:
// present in the file, in the Cluster's namespace, with exactly one Git provider.
import { Finding, error, warning } from '../../../core/finding';
import { FluxConfigKind, GitOpsConfigKind, PreflightFinding, about, namespaceOf, refOf, resolveRef } from '../eksa-spec';
import { PreflightCheck, str } from './check';

export const gitOpsCheck: PreflightCheck = {
  name: 'Validate GitOps configuration',
  applies: ({ spec }) => spec.cluster.spec?.gitOpsRef !== undefined,
  run: ({ spec }) => {
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
      out.push(error('eksa/gitops', 'spec.gitOpsRef', `${ref.kind} ${ref.name} not found`, `add the ${ref.kind} document to the cluster config`));
      return about(spec.cluster, out);
    }
    if (namespaceOf(target) !== spec.namespace) {
      out.push(error('eksa/namespace', 'spec.gitOpsRef', `${ref.kind} and Cluster objects must have the same namespace specified`));
    }
    const found: PreflightFinding[] = about(spec.cluster, out);
    const own: Finding[] = [];
    if (ref.kind === GitOpsConfigKind) {
      own.push(warning('eksa/gitops', 'kind', 'GitOpsConfig is deprecated', 'use a FluxConfig'));
    } else {
      const s = target.spec ?? {};
      const providers = ['github', 'git'].filter(p => s[p] !== undefined && s[p] !== null);
      if (providers.length !== 1) {
        own.push(error('eksa/flux', 'spec', providers.length ? 'must specify only one provider' : 'must specify a provider',
          'set either spec.github {owner, repository} or spec.git {repositoryUrl}'));
      }
      if (s.github && (!str(s.github.owner) || !str(s.github.repository))) {
        own.push(error('eksa/flux', 'spec.github', 'github owner and repository are required'));
      }
      if (s.git && !str(s.git.repositoryUrl)) own.push(error('eksa/flux', 'spec.git.repositoryUrl', 'repositoryUrl is required'));
    }
    return [...found, ...about(target, own)];
  },
};
