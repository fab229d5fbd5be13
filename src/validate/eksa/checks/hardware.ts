// Hardware inventory vs the spec (Tinkerbell): every row valid, enough machines for each
// selector's nodes, and no machine matched by two different selectors.
import { Finding, error, warning } from '../../../core/finding';
import { KubeObject } from '../../../core/kube-object';
import { PreflightFinding, TinkerbellDatacenterKind, about, workerGroups } from '../eksa-spec';
import { matchesSelector, validateHardwareMachines } from '../hardware';
import { PreflightCheck, PreflightMode, intField } from './check';
import { roleMachines } from './provider-objects';

/** The order eksctl adds requirements in (MinimumHardwareAvailableAssertionForCreate): control plane, workers, etcd. */
const ROLE_ORDER = { controlPlane: 0, worker: 1, etcd: 2 } as const;

/**
 * The selectors a machine config draws hardware with (validate.go GetSelectorsFromMachineConfig):
 * with hardwareAffinity, the matchLabels of each required term; else its hardwareSelector.
 */
function selectorsOf(machine: KubeObject): Array<Record<string, string>> {
  const isMap = (v: unknown): v is Record<string, string> => Boolean(v) && typeof v === 'object' && !Array.isArray(v) && Object.keys(v as object).length > 0;
  const affinity = machine.spec?.hardwareAffinity;
  if (affinity !== undefined && affinity !== null) {
    return (Array.isArray(affinity.required) ? affinity.required : []).map((t: any) => t?.labelSelector?.matchLabels).filter(isMap);
  }
  const selector = machine.spec?.hardwareSelector;
  return isMap(selector) ? [selector] : [];
}

function hardwareFinding(hostname: string, source: string | undefined, column: string, message: string, warn = false): PreflightFinding {
  return { ...(warn ? warning : error)('eksa/hardware', column, source ? `${source}: ${message}` : message), kind: 'Hardware', name: hostname };
}

export const hardwareCheck: PreflightCheck = {
  name: 'Validate hardware',
  applies: ({ spec, hardware }) => spec.datacenterKind === TinkerbellDatacenterKind && hardware !== undefined,
  run: ({ spec, hardware = [], mode }) => {
    const out: PreflightFinding[] = validateHardwareMachines(hardware)
      .map(p => hardwareFinding(hardware[p.index].hostname, hardware[p.index].source, p.column, p.message, p.warning));

    // Needs per distinct selector. eksctl keys its requirements by selector and overwrites
    // (validate.go MinimumHardwareRequirements.Add): groups sharing a selector need only the last
    // one's count. We also sum them, which is what provisioning every node needs, as a warning.
    const needs = new Map<string, { selector: Record<string, string>; need: number; upstream: number; field: string; shared: boolean }>();
    const groups = workerGroups(spec.cluster);
    const ordered = [...roleMachines(spec)].sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role]);
    for (const r of ordered) {
      const selectors = selectorsOf(r.machine);
      if (!selectors.length) continue;
      let count: number;
      if (r.role === 'controlPlane') {count = intField(spec.cluster.spec?.controlPlaneConfiguration?.count) ?? 0;} else if (r.role === 'worker') {
        const g = groups.find(x => x?.name === r.group) ?? {};
        count = intField(g.count) ?? (intField(g.autoscalingConfiguration?.minCount) ?? 1);
      } else {count = intField(spec.cluster.spec?.externalEtcdConfiguration?.count) ?? 0;}
      if (Number.isNaN(count) || count < 0) continue;
      for (const selector of selectors) {
        const key = JSON.stringify(Object.keys(selector).sort().map(k => [k, selector[k]]));
        const prior = needs.get(key);
        needs.set(key, { selector, need: (prior?.need ?? 0) + count, upstream: count, field: prior?.field ?? r.field, shared: prior !== undefined });
      }
    }
    // On upgrade the machines already running are not in the file, so counts are a create-time check.
    const own: Finding[] = [];
    if (mode === PreflightMode.CREATE) {
      for (const { selector, need, upstream, field, shared } of needs.values()) {
        const have = hardware.filter(m => matchesSelector(m.labels, selector)).length;
        if (have < upstream) {
          own.push(error('eksa/hardware-count', field, `minimum hardware count not met for selector '${JSON.stringify(selector)}': have ${have}, require ${upstream}`,
            'add machines with these labels to hardware.csv, or lower the node count'));
        } else if (have < need && shared) {
          own.push(warning('eksa/hardware-count', field,
            `groups sharing the selector '${JSON.stringify(selector)}' need ${need} machines together, have ${have}: eksctl checks only the last group's count (${upstream}), the rest fail at provisioning`,
            'add machines with these labels to hardware.csv, or give the groups their own selectors'));
        }
      }
    }
    const selectors = [...needs.values()].map(n => n.selector);
    for (const m of hardware) {
      const hits = selectors.filter(s => matchesSelector(m.labels, s));
      if (hits.length > 1) {
        out.push(hardwareFinding(m.hostname, m.source, 'labels',
          `machine ${m.hostname} matches more than one hardwareSelector (${hits.map(h => JSON.stringify(h)).join(', ')}); selectors must match disjoint hardware`));
      }
    }
    return [...about(spec.cluster, own), ...out];
  },
};
