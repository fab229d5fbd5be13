// Fields an update may not change (upstream-rules.md §5.5, cluster_webhook.go): skipped while
// the old cluster is paused, as upstream does.
import { isDeepStrictEqual } from 'node:util';
import { Finding, error } from '../../../core/finding';
import { AWSIamConfigKind, TinkerbellDatacenterKind, about, isSelfManaged, workerGroups } from '../eksa-spec';
import { PreflightCheck, PreflightMode } from './check';

export const PAUSED_ANNOTATION = 'anywhere.eks.amazonaws.com/paused';

/** Deep equality where absent, null and empty objects/arrays compare equal. */
export function same(a: unknown, b: unknown): boolean {
  const norm = (v: unknown): unknown => {
    if (v === null || v === undefined) return undefined;
    if (Array.isArray(v)) return v.length ? v.map(norm) : undefined;
    if (typeof v === 'object') {
      const entries = Object.entries(v as object).map(([k, x]) => [k, norm(x)] as const).filter(([, x]) => x !== undefined);
      return entries.length ? Object.fromEntries(entries) : undefined;
    }
    return v;
  };
  return isDeepStrictEqual(norm(a), norm(b));
}

/** The CNI plugin a clusterNetwork selects (legacy cni: cilium and cilium-enterprise are Cilium). */
function cniPlugin(net: any): string {
  const legacy = net?.cni;
  if (typeof legacy === 'string' && legacy) return legacy === 'cilium-enterprise' ? 'cilium' : legacy;
  const c = net?.cniConfig ?? {};
  return ['cilium', 'kindnetd'].filter(p => c[p] !== undefined && c[p] !== null).join('+');
}

function awsIamRef(cluster: any): unknown {
  const refs = cluster.spec?.identityProviderRefs;
  return Array.isArray(refs) ? refs.find(r => r?.kind === AWSIamConfigKind) : undefined;
}

export const immutableFieldsCheck: PreflightCheck = {
  name: 'Validate immutable fields',
  applies: ({ mode, old }) => mode === PreflightMode.UPGRADE && old !== undefined && old.cluster.metadata?.annotations?.[PAUSED_ANNOTATION] !== 'true',
  run: ({ spec, old }) => {
    const n = spec.cluster.spec ?? {};
    const o = old!.cluster.spec ?? {};
    const out: Finding[] = [];
    const immutable = (field: string, a: unknown, b: unknown) => {
      if (!same(a, b)) out.push(error('eksa/immutable', field, 'field is immutable', `was ${JSON.stringify(a) ?? 'unset'}, now ${JSON.stringify(b) ?? 'unset'}`));
    };
    // An unset managementCluster means self-managed, i.e. the cluster's own name.
    immutable('spec.managementCluster', o.managementCluster?.name || old!.name, n.managementCluster?.name || spec.name);
    immutable('spec.datacenterRef', o.datacenterRef, n.datacenterRef);
    immutable('spec.controlPlaneConfiguration.endpoint', o.controlPlaneConfiguration?.endpoint?.host, n.controlPlaneConfiguration?.endpoint?.host);
    for (const f of ['pods', 'services', 'dns', 'nodes']) immutable(`spec.clusterNetwork.${f}`, o.clusterNetwork?.[f], n.clusterNetwork?.[f]);
    immutable('spec.proxyConfiguration', o.proxyConfiguration, n.proxyConfiguration);
    // eksctl upgrade (upgradevalidations/immutable_fields.go): the CNI plugin, via CNIPluginSame.
    if (cniPlugin(o.clusterNetwork) !== cniPlugin(n.clusterNetwork)) {
      out.push(error('eksa/immutable', 'spec.clusterNetwork.cniConfig', 'spec.clusterNetwork.CNI/CNIConfig is immutable',
        `was ${cniPlugin(o.clusterNetwork) || 'none'}, now ${cniPlugin(n.clusterNetwork) || 'none'}`));
    }
    if (n.externalEtcdConfiguration && !o.externalEtcdConfiguration) {
      out.push(error('eksa/immutable', 'spec.externalEtcdConfiguration', 'cannot switch from stacked to external etcd topology'));
    }
    if (!n.externalEtcdConfiguration && o.externalEtcdConfiguration) {
      out.push(error('eksa/immutable', 'spec.externalEtcdConfiguration', 'cannot switch from external to stacked etcd topology'));
    }
    if (!isSelfManaged(old!.cluster)) immutable('spec.gitOpsRef', o.gitOpsRef, n.gitOpsRef);
    const oldIam = awsIamRef(old!.cluster);
    const newIam = awsIamRef(spec.cluster);
    if (oldIam && newIam) immutable('spec.identityProviderRefs[AWSIamConfig]', oldIam, newIam);
    if (spec.datacenterKind === TinkerbellDatacenterKind) {
      // pkg/providers/tinkerbell/upgrade.go validateMachineCfgsImmutability, validateRefsUnchanged
      if (!same(o.controlPlaneConfiguration?.machineGroupRef, n.controlPlaneConfiguration?.machineGroupRef)) {
        out.push(error('eksa/immutable', 'spec.controlPlaneConfiguration.machineGroupRef', 'control plane machine config reference is immutable',
          `was ${JSON.stringify(o.controlPlaneConfiguration?.machineGroupRef)}`));
      }
      const oldRefs = new Map(workerGroups(old!.cluster).map(g => [g?.name, g?.machineGroupRef]));
      workerGroups(spec.cluster).forEach((g, i) => {
        if (oldRefs.has(g?.name) && !same(oldRefs.get(g?.name), g?.machineGroupRef)) {
          out.push(error('eksa/immutable', `spec.workerNodeGroupConfigurations[${i}].machineGroupRef`, `${String(g?.name)}: worker node group machine config reference is immutable`,
            `was ${JSON.stringify(oldRefs.get(g?.name))}; add a new worker node group instead`));
        }
      });
      immutable('spec.controlPlaneConfiguration.labels', o.controlPlaneConfiguration?.labels, n.controlPlaneConfiguration?.labels);
      immutable('spec.controlPlaneConfiguration.taints', o.controlPlaneConfiguration?.taints, n.controlPlaneConfiguration?.taints);
      const oldGroups = new Map(workerGroups(old!.cluster).map(g => [g?.name, g]));
      workerGroups(spec.cluster).forEach((g, i) => {
        const prior = oldGroups.get(g?.name);
        if (!prior) return;
        immutable(`spec.workerNodeGroupConfigurations[${i}].labels`, prior.labels, g.labels);
        immutable(`spec.workerNodeGroupConfigurations[${i}].taints`, prior.taints, g.taints);
      });
    }
    return about(spec.cluster, out);
  },
};
