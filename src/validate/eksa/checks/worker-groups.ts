// Worker node group rules (upstream-rules.md §5.2 items 4 and 6).
import { Finding, error, warning } from '../../../core/finding';
import { DockerDatacenterKind, TinkerbellDatacenterKind, about, isSelfManaged, workerGroups } from '../eksa-spec';
import { PreflightCheck, intField } from './check';
import { hasRepellingTaint, labelProblems, rolloutProblems, taintProblems } from './node-settings';

const W = 'spec.workerNodeGroupConfigurations';

function autoscalingProblem(count: number, as: any): string | undefined {
  const min = intField(as?.minCount) ?? 0;
  const max = intField(as?.maxCount) ?? 0;
  if (Number.isNaN(min) || Number.isNaN(max)) return 'minCount and maxCount must be whole numbers';
  if (min < 0) return 'min count must be non negative';
  if (min > max) return 'min count must be no greater than max count';
  if (min > count) return 'min count must be less than or equal to count';
  if (max < count) return 'max count must be greater than or equal to count';
  return undefined;
}

export const workerGroupsCheck: PreflightCheck = {
  name: 'Validate worker node groups',
  run: ({ spec }) => {
    const groups = workerGroups(spec.cluster);
    const kind = spec.datacenterKind;
    const out: Finding[] = [];
    if (groups.length === 0) {
      if (kind === TinkerbellDatacenterKind) {
        out.push(warning('eksa/worker-groups', W, 'No configurations provided for worker node groups, pods will be scheduled on control-plane nodes'));
      } else {
        out.push(error('eksa/worker-groups', W, `WorkerNodeGroupConfigs cannot be empty for ${kind || 'this provider'}`, 'add at least one worker node group, e.g. {name: md-0, count: 1}'));
      }
      const cpTaints = spec.cluster.spec?.controlPlaneConfiguration?.taints;
      if (Array.isArray(cpTaints) && cpTaints.length) {
        out.push(error('eksa/worker-groups', 'spec.controlPlaneConfiguration.taints', 'cannot taint control plane when there is no worker node',
          'remove the control plane taints, or add a worker node group'));
      }
      return about(spec.cluster, out);
    }

    const seen = new Set<string>();
    let repelling = 0;
    groups.forEach((g, i) => {
      const at = `${W}[${i}]`;
      // eksctl names an unnamed first group md-0; any other unnamed group is an error.
      const name = typeof g?.name === 'string' && g.name ? g.name : (i === 0 ? 'md-0' : '');
      if (!name) out.push(error('eksa/worker-group-name', `${at}.name`, 'must specify name for worker nodes', 'e.g. md-1'));
      if (kind !== DockerDatacenterKind && !g?.machineGroupRef) {
        out.push(error('eksa/machine-group-ref', `${at}.machineGroupRef`, 'must specify machineGroupRef for worker nodes'));
      }
      const as = g?.autoscalingConfiguration;
      let count = intField(g?.count);
      if (count === undefined) count = as ? (intField(as.minCount) ?? 0) : 1;
      if (Number.isNaN(count)) {
        out.push(error('eksa/worker-count', `${at}.count`, `worker node count must be a whole number, got ${JSON.stringify(g.count)}`));
      } else if (!as && count < 0) {
        out.push(error('eksa/worker-count', `${at}.count`, 'worker node count must be zero or greater if autoscaling is not enabled'));
      } else if (as) {
        const p = autoscalingProblem(count, as);
        if (p) out.push(error('eksa/autoscaling', `${at}.autoscalingConfiguration`, `validating autoscaling configuration: ${p}`, `count ${count}, minCount ${as.minCount}, maxCount ${as.maxCount}`));
      }
      for (const [field, message, hint] of rolloutProblems(g?.upgradeRolloutStrategy, 'worker', kind, true)) {
        out.push(error('eksa/rollout-strategy', `${at}.upgradeRolloutStrategy.${field}`, `validating upgrade rollout strategy configuration: ${message}`, hint));
      }
      if (name && seen.has(name)) {
        out.push(error('eksa/worker-group-name', `${at}.name`, 'worker node group names must be unique', `${name} is used twice`));
      }
      seen.add(name);
      const labels = labelProblems(g?.labels);
      if (labels.length) out.push(error('eksa/labels', `${at}.labels`, `labels for worker node group ${name} not valid: ${labels.join('; ')}`));
      for (const p of taintProblems(g?.taints)) out.push(error('eksa/taints', `${at}.taints`, `worker node group ${name} ${p}`));
      if (hasRepellingTaint(g?.taints)) repelling++;
    });
    if (repelling === groups.length && isSelfManaged(spec.cluster)) {
      out.push(error('eksa/worker-taints', W, 'at least one WorkerNodeGroupConfiguration must not have NoExecute and/or NoSchedule taints',
        'a self-managed cluster needs somewhere to run its own controllers'));
    }
    return about(spec.cluster, out);
  },
};
