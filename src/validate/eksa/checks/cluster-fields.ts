// The remaining Cluster spec rules (cluster.go clusterConfigValidations, cluster_webhook.go): podIamConfig,
// packages on workload clusters, bundlesRef vs eksaVersion, kubelet configuration, audit policy,
// OIDC flags in apiServerExtraArgs, etcdEncryption (create: refused; update: provider and content).
import * as semver from 'semver';
import { parseAllDocuments } from 'yaml';
import { Finding, error } from '../../../core/finding';
import { about, isSelfManaged, workerGroups } from '../eksa-spec';
import { parseUrl } from '../go-url';
import { PreflightCheck, PreflightMode } from './check';
import { kubeletConfigurationProblems } from './kubelet-config';

const ETCD_ENCRYPTION_PROVIDERS = ['VSphereDatacenterConfig', 'CloudStackDatacenterConfig', 'NutanixDatacenterConfig'];
/** cluster.go validateControlPlaneAPIServerOIDCExtraArgs */
const OIDC_FLAGS = ['oidc-issuer-url', 'oidc-client-id', 'oidc-groups-claim', 'oidc-groups-prefix', 'oidc-required-claim', 'oidc-username-claim', 'oidc-username-prefix'];

/** etcdencryption.go ValidateEtcdEncryptionConfig, as [field, message] pairs (first problem per entry, as upstream). */
function etcdEncryptionProblems(config: unknown): Array<[string, string]> {
  const at = 'spec.etcdEncryption';
  if (config === null) return [];
  if (!Array.isArray(config) || config.length === 0) return [[at, 'etcdEncryption cannot be empty']];
  if (config.length !== 1) return [[at, 'etcdEncryption config is invalid, only 1 encryption config is supported currently']];
  const c = config[0] ?? {};
  const providers = Array.isArray(c.providers) ? c.providers : [];
  if (providers.length === 0) return [[`${at}[0].providers`, 'etcdEncryption[0].providers cannot be empty']];
  if (providers.length !== 1) return [[`${at}[0].providers`, 'etcdEncryption[0].providers in invalid, only 1 encryption provider is currently supported']];
  const kms = providers[0]?.kms;
  const kmsAt = `${at}[0].providers[0].kms`;
  const bad = (m: string): Array<[string, string]> => [[kmsAt, `etcdEncryption[0].providers[0] is invalid: ${m}`]];
  if (!kms || typeof kms !== 'object') return bad('kms cannot be nil');
  if (!kms.name) return bad('kms.name cannot be empty');
  if (!kms.socketListenAddress) return bad('kms.socketListenAddress cannot be empty');
  const u = parseUrl(String(kms.socketListenAddress));
  if ('error' in u) return bad(`kms.socketListenAddress is malformed: ${u.error}`);
  if (u.scheme !== 'unix') return bad(`kms.socketListenAddress has unsupported scheme: ${u.scheme}`);
  if (!Array.isArray(c.resources) || c.resources.length === 0) return [[`${at}[0].resources`, 'etcdEncryption[0].resources cannot be empty']];
  return [];
}

export const clusterFieldsCheck: PreflightCheck = {
  name: 'Validate cluster configuration',
  run: ({ spec, mode }) => {
    const s = spec.cluster.spec ?? {};
    const out: Finding[] = [];
    if (s.podIamConfig !== undefined && !(typeof s.podIamConfig?.serviceAccountIssuer === 'string' && s.podIamConfig.serviceAccountIssuer)) {
      out.push(error('eksa/pod-iam', 'spec.podIamConfig.serviceAccountIssuer', 'ServiceAccount Issuer can\'t be empty while configuring IAM roles for pods'));
    }
    if (!isSelfManaged(spec.cluster)) {
      if (s.packages?.controller !== undefined) out.push(error('eksa/packages', 'spec.packages.controller', 'packages: controller should not be specified for a workload cluster', 'set it on the management cluster'));
      if (s.packages?.cronjob !== undefined) out.push(error('eksa/packages', 'spec.packages.cronjob', 'packages: cronjob should not be specified for a workload cluster', 'set it on the management cluster'));
    }
    if (s.bundlesRef !== undefined && s.eksaVersion !== undefined) {
      out.push(error('eksa/eksa-version', 'spec.eksaVersion', 'cannot pass both bundlesRef and eksaVersion. New clusters should use eksaVersion instead of bundlesRef'));
    }
    if (s.eksaVersion !== undefined && (typeof s.eksaVersion !== 'string' || !semver.valid(s.eksaVersion))) {
      out.push(error('eksa/eksa-version', 'spec.eksaVersion', 'eksaVersion is not a valid semver', `got ${JSON.stringify(s.eksaVersion)}; e.g. v0.26.1`));
    }
    if (s.etcdEncryption !== undefined) {
      if (mode === PreflightMode.CREATE) {
        out.push(error('eksa/etcd-encryption', 'spec.etcdEncryption', 'etcdEncryption is not supported during cluster creation', 'create the cluster first, then add etcdEncryption in an upgrade'));
      } else if (!ETCD_ENCRYPTION_PROVIDERS.includes(spec.datacenterKind)) {
        out.push(error('eksa/etcd-encryption', 'spec.etcdEncryption', `etcdEncryption is currently not supported for the provider: ${spec.datacenterKind}`));
      }
    }
    const kubelets: Array<[string, any]> = [['spec.controlPlaneConfiguration.kubeletConfiguration', s.controlPlaneConfiguration?.kubeletConfiguration]];
    workerGroups(spec.cluster).forEach((g, i) => kubelets.push([`spec.workerNodeGroupConfigurations[${i}].kubeletConfiguration`, g?.kubeletConfiguration]));
    for (const [field, k] of kubelets) out.push(...kubeletConfigurationProblems(k, field));
    const audit = s.controlPlaneConfiguration?.auditPolicyContent;
    if (typeof audit === 'string' && audit !== '') {
      const doc = parseAllDocuments(audit, { uniqueKeys: false })[0];
      const problem = doc && 'errors' in doc ? doc.errors[0] : undefined;
      if (problem) {
        out.push(error('eksa/audit-policy', 'spec.controlPlaneConfiguration.auditPolicyContent', `invalid YAML in auditPolicyContent: ${problem.message.split('\n')[0]}`,
          'an audit.k8s.io Policy document as YAML'));
      }
    }
    const refs = Array.isArray(s.identityProviderRefs) ? s.identityProviderRefs : [];
    const extra = s.controlPlaneConfiguration?.apiServerExtraArgs;
    if (refs.some((r: any) => r?.kind === 'OIDCConfig') && extra && typeof extra === 'object') {
      const clash = OIDC_FLAGS.filter(f => f in extra);
      if (clash.length) {
        out.push(error('eksa/oidc-extra-args', 'spec.controlPlaneConfiguration.apiServerExtraArgs',
          `the following flags cannot be configured if OIDCConfig is configured for cluster.spec.identityProviderRefs: [${OIDC_FLAGS.join(' ')}]. Remove from apiServerExtraArgs (set: ${clash.join(', ')})`,
          'the OIDCConfig sets these flags'));
      }
    }
    if (mode === PreflightMode.UPGRADE && s.etcdEncryption !== undefined) {
      for (const [field, message] of etcdEncryptionProblems(s.etcdEncryption)) out.push(error('eksa/etcd-encryption', field, message));
    }
    return about(spec.cluster, out);
  },
};
