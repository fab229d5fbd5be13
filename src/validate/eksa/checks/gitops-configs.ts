// FluxConfig and GitOpsConfig content (aws/eks-anywhere v0.26.1 fluxconfig.go validateFluxConfig,
// gitopsconfig.go validateGitOpsConfig): what eksctl checks for the referenced config and the
// webhooks check for every object.
import { Finding, error, warning } from '../../../core/finding';
import { KubeObject } from '../../../core/kube-object';
import { parseUrl } from '../go-url';
import { str } from './check';

const REPO_NAME = /^([0-9A-Za-z-_.]+)$/;
const BRANCH_NAME = /^([0-9A-Za-z_+,]+)\.?\/?([0-9A-Za-z\-_+,]+)$/;
const SSH_KEY_ALGORITHMS = ['rsa', 'ecdsa', 'ed25519'];

function repoNameProblem(field: string, name: string): Finding | undefined {
  if (REPO_NAME.test(name)) return undefined;
  return error('eksa/flux', field, `${name} is not a valid git repository name, name can contain only letters, digits, '_', '-' and '.'`);
}

function branchProblem(field: string, branch: unknown): Finding | undefined {
  if (typeof branch !== 'string' || branch === '' || BRANCH_NAME.test(branch)) return undefined;
  return error('eksa/flux', field, `${branch} is not a valid git branch name, please check with this documentation https://git-scm.com/docs/git-check-ref-format for valid git branch names`,
    'letters, digits, _ + , and -, with at most one . or / (e.g. main, release/v1)');
}

export function fluxConfigProblems(obj: KubeObject): Finding[] {
  const s = obj.spec ?? {};
  const out: Finding[] = [];
  const has = (v: unknown) => v !== undefined && v !== null;
  if (has(s.git) && has(s.github)) {
    out.push(error('eksa/flux', 'spec', 'must specify only one provider', 'set either spec.github {owner, repository} or spec.git {repositoryUrl}'));
    return out;
  }
  if (!has(s.git) && !has(s.github)) {
    out.push(error('eksa/flux', 'spec', 'must specify a provider. Valid options are git and github', 'spec.github {owner, repository} or spec.git {repositoryUrl}'));
    return out;
  }
  if (has(s.github)) {
    if (!str(s.github.owner)) out.push(error('eksa/flux', 'spec.github.owner', '\'owner\' is not set or empty in githubProviderConfig; owner is a required field'));
    if (!str(s.github.repository)) {
      out.push(error('eksa/flux', 'spec.github.repository', '\'repository\' is not set or empty in githubProviderConfig; repository is a required field'));
    } else {
      const p = repoNameProblem('spec.github.repository', s.github.repository);
      if (p) out.push(p);
    }
  }
  if (has(s.git)) {
    const url = str(s.git.repositoryUrl);
    if (!url) {
      out.push(error('eksa/flux', 'spec.git.repositoryUrl', '\'repositoryUrl\' is not set or empty in gitProviderConfig; repositoryUrl is a required field'));
    } else {
      const alg = s.git.sshKeyAlgorithm;
      if (alg !== undefined && alg !== '' && !SSH_KEY_ALGORITHMS.includes(alg)) {
        out.push(error('eksa/flux', 'spec.git.sshKeyAlgorithm',
          `'sshKeyAlgorithm' does not have a valid value in gitProviderConfig; sshKeyAlgorithm must be amongst ${SSH_KEY_ALGORITHMS.join(', ')} (got ${JSON.stringify(alg)})`));
      }
      const u = parseUrl(url);
      if ('error' in u) {
        out.push(error('eksa/flux', 'spec.git.repositoryUrl', `unable to parse repository url: parse ${JSON.stringify(url)}: ${u.error}`, 'ssh://git@host/owner/repository.git'));
      } else if (u.scheme !== 'ssh') {
        out.push(error('eksa/flux', 'spec.git.repositoryUrl', `invalid repository url scheme: ${u.scheme}`, 'the generic git provider clones over SSH: ssh://git@host/owner/repository.git'));
      }
    }
  }
  const b = branchProblem('spec.branch', s.branch);
  if (b) out.push(b);
  return out;
}

export function gitOpsConfigProblems(obj: KubeObject): Finding[] {
  const gh = obj.spec?.flux?.github ?? {};
  const out: Finding[] = [warning('eksa/gitops', 'kind', 'GitOpsConfig is deprecated', 'use a FluxConfig')];
  if (!str(gh.owner)) {
    out.push(error('eksa/gitops', 'spec.flux.github.owner', '\'owner\' is not set or empty in gitOps.flux; owner is a required field'));
    return out;
  }
  if (!str(gh.repository)) {
    out.push(error('eksa/gitops', 'spec.flux.github.repository', '\'repository\' is not set or empty in gitOps.flux; repository is a required field'));
    return out;
  }
  const p = repoNameProblem('spec.flux.github.repository', gh.repository);
  if (p) out.push({ ...p, rule: 'eksa/gitops' });
  const b = branchProblem('spec.flux.github.branch', gh.branch);
  if (b) out.push({ ...b, rule: 'eksa/gitops' });
  return out;
}
