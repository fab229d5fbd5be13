// identityProviderRefs rules (upstream-rules.md §5.2 item 10, §5.3): supported kinds, names,
// the referenced OIDCConfig / AWSIamConfig present and in the Cluster's namespace.
import { Finding, error, warning } from '../../../core/finding';
import { AWSIamConfigKind, OIDCConfigKind, PreflightFinding, about, refOf, resolveRef } from '../eksa-spec';
import { PreflightCheck } from './check';
import { awsIamConfigProblems, oidcConfigProblems } from './identity-configs';
import { namespaceProblem } from './same-namespace';

export const identityProvidersCheck: PreflightCheck = {
  name: 'Validate identity providers',
  applies: ({ spec }) => Array.isArray(spec.cluster.spec?.identityProviderRefs) && spec.cluster.spec.identityProviderRefs.length > 0,
  run: ({ spec, objectChecks }) => {
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
      if (seen.has(ref.kind)) {
        own.push(warning('eksa/identity-provider', at, `a second ${ref.kind} identityProviderRef: EKS Anywhere accepts it, but configures the API server with one ${ref.kind} only`,
          `keep one ${ref.kind} reference`));
      }
      seen.add(ref.kind);
      const target = resolveRef(spec, ref.kind, ref.name);
      if (!target) {
        // Upstream's own check (oidcconfig.go validateOIDCRefName, awsiamconfig.go validateAWSIamRefName; the controller
        // fetches the object); eksctl's ConfigManager alone would drop the ref silently (processOIDC, processAWSIam).
        own.push(error('eksa/identity-provider', at, `${ref.kind} ${ref.name} not found`,
          `add the ${ref.kind} document (apiVersion ${String(spec.cluster.apiVersion)}) to the cluster config`));
        return;
      }
      const ns = namespaceProblem(spec, target, at);
      if (ns) own.push(ns);
      if (objectChecks) out.push(...about(target, ref.kind === OIDCConfigKind ? oidcConfigProblems(target) : awsIamConfigProblems(target)));
    });
    return [...about(spec.cluster, own), ...out];
  },
};
