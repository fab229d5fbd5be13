// The remaining Cluster spec rules (upstream-rules.md §5.2 items 13 and 15, §5.5 etcdEncryption):
// podIamConfig, packages on workload clusters, bundlesRef vs eksaVersion, kubelet providerID.
import * as semver from 'semver';
import { Finding, error } from '../../../core/finding';
import { about, isSelfManaged, workerGroups } from '../eksa-spec';
import { PreflightCheck, PreflightMode } from './check';

const ETCD_ENCRYPTION_PROVIDERS = ['VSphereDatacenterConfig', 'CloudStackDatacenterConfig', 'NutanixDatacenterConfig'];

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
    for (const [field, k] of kubelets) {
      if (k && typeof k === 'object' && k.providerID !== undefined) {
        out.push(error('eksa/kubelet', `${field}.providerID`, 'can\'t set providerID in kubeletConfiguration', 'EKS Anywhere sets the provider ID of every machine'));
      }
    }
    return about(spec.cluster, out);
  },
};
