// Tinkerbell upgrade rollout and proxy rules (aws/eks-anywhere v0.26.1
// pkg/providers/tinkerbell/validate.go validateUpgradeRolloutStrategy,
// validateAutoScalerDisabledForInPlace; assert.go AssertHookRetrievableWithoutProxy): one
// strategy type for the whole cluster, no InPlace on Bottlerocket or with an autoscaler, and a
// locally served HookOS behind a proxy.
import { Finding, error } from '../../../core/finding';
import { KubeObject } from '../../../core/kube-object';
import { EksaSpec, PreflightFinding, about, workerGroups } from '../eksa-spec';
import { str } from './check';
import { RoleMachine } from './provider-objects';

const ROLLING = 'RollingUpdate';
const IN_PLACE = 'InPlace';

function strategyType(strategy: any): string {
  return strategy && typeof strategy === 'object' && typeof strategy.type === 'string' ? strategy.type : ROLLING;
}

export function tinkerbellRolloutProblems(spec: EksaSpec, roles: readonly RoleMachine[]): PreflightFinding[] {
  const out: Finding[] = [];
  const cpConfig = spec.cluster.spec?.controlPlaneConfiguration ?? {};
  const cpType = strategyType(cpConfig.upgradeRolloutStrategy);
  const machineOf = (role: RoleMachine['role'], group?: string) => roles.find(r => r.role === role && (group === undefined || r.group === group))?.machine;
  const cpOs = str(machineOf('controlPlane')?.spec?.osFamily);
  if (cpConfig.upgradeRolloutStrategy && cpType === IN_PLACE && cpOs === 'bottlerocket') {
    out.push(error('eksa/rollout-strategy', 'spec.controlPlaneConfiguration.upgradeRolloutStrategy.type', `InPlace upgrades are not supported for OS family ${cpOs}`,
      'use RollingUpdate, or ubuntu/redhat machines'));
  }
  workerGroups(spec.cluster).forEach((g, i) => {
    const at = `spec.workerNodeGroupConfigurations[${i}]`;
    const type = strategyType(g?.upgradeRolloutStrategy);
    const os = str(machineOf('worker', g?.name)?.spec?.osFamily);
    if (g?.upgradeRolloutStrategy && type === IN_PLACE && os === 'bottlerocket') {
      out.push(error('eksa/rollout-strategy', `${at}.upgradeRolloutStrategy.type`, `InPlace upgrades are not supported for OS family ${os}`, 'use RollingUpdate, or ubuntu/redhat machines'));
    }
    if (type !== cpType) {
      out.push(error('eksa/rollout-strategy', `${at}.upgradeRolloutStrategy.type`,
        'cannot specify different upgrade rollout strategy types for control plane and worker node group configurations',
        `the control plane uses ${cpType}; give every worker group the same type`));
    }
    if (cpType === IN_PLACE && g?.autoscalingConfiguration) {
      out.push(error('eksa/rollout-strategy', `${at}.autoscalingConfiguration`, 'austoscaler configuration not supported with InPlace upgrades',
        'remove autoscalingConfiguration, or use RollingUpdate'));
    }
  });
  return about(spec.cluster, out);
}

export function tinkerbellProxyProblems(spec: EksaSpec, dc: KubeObject | undefined): PreflightFinding[] {
  if (!dc || spec.cluster.spec?.proxyConfiguration === undefined || spec.cluster.spec.proxyConfiguration === null) return [];
  if (str(dc.spec?.hookImagesURLPath)) return [];
  return about(dc, [error('eksa/tinkerbell-proxy', 'spec.hookImagesURLPath', 'locally hosted hookImagesURLPath is required to support ProxyConfiguration',
    'serve the HookOS images inside the proxy boundary and point hookImagesURLPath at them')]);
}
