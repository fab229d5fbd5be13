// Tinkerbell: no scaling in the same update as a Kubernetes version change (upstream-rules.md
// §5.5; bare metal has a fixed hardware pool, so a rolling upgrade and a scale cannot mix).
import { Finding, error } from '../../../core/finding';
import { TinkerbellDatacenterKind, about, workerGroups } from '../eksa-spec';
import { PreflightCheck, PreflightMode } from './check';

export const rollingUpgradeCountsCheck: PreflightCheck = {
  name: 'Validate node counts during rolling upgrade',
  applies: ({ mode, old, spec }) => mode === PreflightMode.UPGRADE && old !== undefined && spec.datacenterKind === TinkerbellDatacenterKind
    && old.cluster.spec?.kubernetesVersion !== spec.cluster.spec?.kubernetesVersion,
  run: ({ spec, old }) => {
    const out: Finding[] = [];
    const oldCount = old!.cluster.spec?.controlPlaneConfiguration?.count;
    if (oldCount !== spec.cluster.spec?.controlPlaneConfiguration?.count) {
      out.push(error('eksa/rolling-upgrade', 'spec.controlPlaneConfiguration.count', `cannot perform scale up or down during rolling upgrades. Previous control plane node count ${String(oldCount)}`,
        'change the Kubernetes version and the node counts in separate upgrades'));
    }
    const oldGroups = workerGroups(old!.cluster);
    const newGroups = workerGroups(spec.cluster);
    if (oldGroups.length !== newGroups.length) {
      out.push(error('eksa/rolling-upgrade', 'spec.workerNodeGroupConfigurations', 'cannot perform scale up or down during rolling upgrades. Please revert to the previous worker node groups.'));
    }
    const byName = new Map(oldGroups.map(g => [g?.name, g]));
    newGroups.forEach((g, i) => {
      const prior = byName.get(g?.name);
      if (!prior) {
        out.push(error('eksa/rolling-upgrade', `spec.workerNodeGroupConfigurations[${i}]`, `cannot perform scale up or down during rolling upgrades. Please remove the new worker node group ${String(g?.name)}`));
      } else if ((prior.count ?? 1) !== (g.count ?? 1)) {
        out.push(error('eksa/rolling-upgrade', `spec.workerNodeGroupConfigurations[${i}].count`, `cannot perform scale up or down during rolling upgrades. Previous worker node count ${String(prior.count ?? 1)}`));
      }
    });
    return about(spec.cluster, out);
  },
};
