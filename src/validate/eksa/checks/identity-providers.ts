// identityProviderRefs rules (upstream-rules.md §5.2 item 10, §5.3): supported kinds, names,
// the referenced OIDCConfig / AWSIamConfig present and in the Cluster's namespace.
import { Finding, error } from '../../../core/finding';
import { AWSIamConfigKind, OIDCConfigKind, PreflightFinding, about, namespaceOf, refOf, resolveRef } from '../eksa-spec';
import { PreflightCheck, str } from './check';

function oidcProblems(spec: any): Finding[] {
  const out: Finding[] = [];
  if (!str(spec?.clientId)) out.push(error('eksa/oidc', 'spec.clientId', 'clientId is required'));
  const url = str(spec?.issuerUrl);
  if (!url) out.push(error('eksa/oidc', 'spec.issuerUrl', 'issuerUrl is required'));
  else if (!/^https:\/\/[^\s/]+/.test(url)) out.push(error('eksa/oidc', 'spec.issuerUrl', `issuerUrl ${url} is invalid`, 'an https:// URL'));
  return out;
}

function awsIamProblems(spec: any): Finding[] {
  const out: Finding[] = [];
  if (!str(spec?.awsRegion)) out.push(error('eksa/aws-iam', 'spec.awsRegion', 'awsRegion is required'));
  if (!Array.isArray(spec?.backendMode) || spec.backendMode.length === 0) {
    out.push(error('eksa/aws-iam', 'spec.backendMode', 'backendMode is required', 'e.g. [EKSConfigMap]'));
  }
  return out;
}

export const identityProvidersCheck: PreflightCheck = {
  name: 'Validate identity providers',
  applies: ({ spec }) => Array.isArray(spec.cluster.spec?.identityProviderRefs) && spec.cluster.spec.identityProviderRefs.length > 0,
  run: ({ spec }) => {
    const refs: unknown[] = spec.cluster.spec.identityProviderRefs;
    const out: PreflightFinding[] = [];
    const own: Finding[] = [];
    const seen = new Set<string>();
    refs.forEach((raw, i) => {
      const at = `spec.identityProviderRefs[${i}]`;
      const ref = refOf(raw);
      if (!ref || (ref.kind !== OIDCConfigKind && ref.kind !== AWSIamConfigKind)) {
        own.push(error('eksa/identity-provider', `${at}.kind`, `kind: ${ref?.kind ?? ''} for identityProviderRef is not supported`, `${OIDCConfigKind} or ${AWSIamConfigKind}`));
        return;
      }
      if (!ref.name) {
        own.push(error('eksa/identity-provider', `${at}.name`, 'specify a valid name for identityProviderRef'));
        return;
      }
      if (seen.has(ref.kind)) own.push(error('eksa/identity-provider', at, `only one ${ref.kind} identityProviderRef is supported`));
      seen.add(ref.kind);
      const target = resolveRef(spec, ref.kind, ref.name);
      if (!target) {
        own.push(error('eksa/identity-provider', at, `${ref.kind} ${ref.name} not found`, `add the ${ref.kind} document to the cluster config`));
        return;
      }
      if (namespaceOf(target) !== spec.namespace) {
        own.push(error('eksa/namespace', at, `${ref.kind} and Cluster objects must have the same namespace specified`));
      }
      out.push(...about(target, ref.kind === OIDCConfigKind ? oidcProblems(target.spec) : awsIamProblems(target.spec)));
    });
    return [...about(spec.cluster, own), ...out];
  },
};
