// Label, taint and rollout-strategy checks shared by the control plane and worker groups.
import { checkLabelValue, checkQualifiedName } from '../../../core/names';
import { TinkerbellDatacenterKind, VSphereDatacenterKind } from '../eksa-spec';
import { intField } from './check';

export const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

/** Kubernetes label errors as `key: problem` strings (ValidateLabels). */
export function labelProblems(labels: unknown): string[] {
  if (labels === undefined || labels === null) return [];
  if (typeof labels !== 'object' || Array.isArray(labels)) return ['labels must be a map of strings'];
  const out: string[] = [];
  for (const [k, v] of Object.entries(labels as Record<string, unknown>)) {
    const pk = checkQualifiedName(k);
    if (pk) out.push(`key ${JSON.stringify(k)}: ${pk}`);
    const pv = typeof v === 'string' ? checkLabelValue(v) : 'must be a string';
    if (pv) out.push(`value ${JSON.stringify(v)} of ${k}: ${pv}`);
  }
  return out;
}

/** Taint errors as strings (key syntax, known effect). */
export function taintProblems(taints: unknown): string[] {
  if (taints === undefined || taints === null) return [];
  if (!Array.isArray(taints)) return ['taints must be a list'];
  const out: string[] = [];
  taints.forEach((t, i) => {
    const key = t?.key;
    const p = typeof key === 'string' ? checkQualifiedName(key) : 'is required';
    if (p) out.push(`taints[${i}].key ${JSON.stringify(key)}: ${p}`);
    if (!TAINT_EFFECTS.includes(t?.effect)) out.push(`taints[${i}].effect ${JSON.stringify(t?.effect)} is not one of ${TAINT_EFFECTS.join(', ')}`);
    if (t?.value !== undefined && (typeof t.value !== 'string' || checkLabelValue(t.value))) {
      out.push(`taints[${i}].value ${JSON.stringify(t.value)}: ${typeof t.value === 'string' ? checkLabelValue(t.value) : 'must be a string'}`);
    }
  });
  return out;
}

/** Whether any taint repels pods (NoSchedule / NoExecute). */
export function hasRepellingTaint(taints: unknown): boolean {
  return Array.isArray(taints) && taints.some(t => t?.effect === 'NoSchedule' || t?.effect === 'NoExecute');
}

/** Problems of an upgradeRolloutStrategy, as [relative field, message] pairs. */
export function rolloutProblems(strategy: any, role: 'controlPlane' | 'worker', datacenterKind: string, stackedEtcd: boolean): Array<[string, string, string?]> {
  if (strategy === undefined || strategy === null) return [];
  const prefix = role === 'controlPlane' ? 'ControlPlaneConfiguration' : 'WorkerNodeGroupConfiguration';
  const out: Array<[string, string, string?]> = [];
  const type = strategy.type;
  if (type !== 'RollingUpdate' && type !== 'InPlace') {
    return [['type', `${prefix}: only 'RollingUpdate' and 'InPlace' are supported for upgrade rollout strategy type`, `got ${JSON.stringify(type)}`]];
  }
  const ru = strategy.rollingUpdate;
  if (type === 'InPlace') {
    if (ru !== undefined) out.push(['rollingUpdate', `${prefix}: rollingUpdate must not be set when the upgrade rollout strategy type is InPlace`]);
    if (datacenterKind !== TinkerbellDatacenterKind) {
      const vsphereOk = role === 'controlPlane' && datacenterKind === VSphereDatacenterKind && stackedEtcd;
      if (!vsphereOk) {
        out.push(['type', `${prefix}: InPlace upgrades are supported only on Tinkerbell (bare metal), not on ${datacenterKind || 'this provider'}`,
          'use RollingUpdate; on vSphere, in-place control plane upgrades exist only behind a feature flag with stacked etcd']);
      }
    }
    return out;
  }
  const surge = intField(ru?.maxSurge) ?? 0;
  if (role === 'controlPlane') {
    if (Number.isNaN(surge) || surge < 0) out.push(['rollingUpdate.maxSurge', `${prefix}: maxSurge for control plane cannot be a negative value`]);
    else if (surge > 1) out.push(['rollingUpdate.maxSurge', `${prefix}: maxSurge for control plane must be 0 or 1`, `got ${surge}`]);
    return out;
  }
  const unavailable = intField(ru?.maxUnavailable) ?? 0;
  if (ru === undefined || ru === null) {
    out.push(['rollingUpdate', `${prefix}: maxSurge and maxUnavailable not specified or are 0. maxSurge and maxUnavailable cannot both be 0`,
      'set rollingUpdate.maxSurge (e.g. 1) and rollingUpdate.maxUnavailable (e.g. 0)']);
  } else if (Number.isNaN(surge) || Number.isNaN(unavailable) || surge < 0 || unavailable < 0) {
    out.push(['rollingUpdate', `${prefix}: maxSurge and maxUnavailable values cannot be negative`]);
  } else if (surge === 0 && unavailable === 0) {
    out.push(['rollingUpdate', `${prefix}: maxSurge and maxUnavailable not specified or are 0. maxSurge and maxUnavailable cannot both be 0`]);
  }
  return out;
}
