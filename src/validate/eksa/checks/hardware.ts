// Hardware inventory vs the spec (Tinkerbell): every row valid, enough machines for each
// selector's nodes, and no machine matched by two different selectors.
import { Finding, error } from '../../../core/finding';
import { PreflightFinding, TinkerbellDatacenterKind, about, workerGroups } from '../eksa-spec';
import { matchesSelector, validateHardwareMachines } from '../hardware';
import { PreflightCheck, PreflightMode, intField } from './check';
import { roleMachines } from './provider-objects';

function hardwareFinding(hostname: string, source: string | undefined, column: string, message: string): PreflightFinding {
  return { ...error('eksa/hardware', column, source ? `${source}: ${message}` : message), kind: 'Hardware', name: hostname };
}

export const hardwareCheck: PreflightCheck = {
  name: 'Validate hardware',
  applies: ({ spec, hardware }) => spec.datacenterKind === TinkerbellDatacenterKind && hardware !== undefined,
  run: ({ spec, hardware = [], mode }) => {
    const out: PreflightFinding[] = validateHardwareMachines(hardware)
      .map(p => hardwareFinding(hardware[p.index].hostname, hardware[p.index].source, p.column, p.message));

    // Needs per distinct selector (worker groups sharing a selector add up).
    const needs = new Map<string, { selector: Record<string, string>; need: number; field: string }>();
    const groups = workerGroups(spec.cluster);
    for (const r of roleMachines(spec)) {
      const selector = r.machine.spec?.hardwareSelector;
      if (!selector || typeof selector !== 'object' || Object.keys(selector).length === 0) continue;
      let count: number;
      if (r.role === 'controlPlane') {count = intField(spec.cluster.spec?.controlPlaneConfiguration?.count) ?? 0;} else if (r.role === 'worker') {
        const g = groups.find(x => x?.name === r.group) ?? {};
        count = intField(g.count) ?? (intField(g.autoscalingConfiguration?.minCount) ?? 1);
      } else {count = intField(spec.cluster.spec?.externalEtcdConfiguration?.count) ?? 0;}
      if (Number.isNaN(count) || count < 0) continue;
      const key = JSON.stringify(Object.keys(selector).sort().map(k => [k, selector[k]]));
      const prior = needs.get(key);
      needs.set(key, { selector, need: (prior?.need ?? 0) + count, field: prior?.field ?? r.field });
    }
    // On upgrade the machines already running are not in the file, so counts are a create-time check.
    const own: Finding[] = [];
    if (mode === PreflightMode.CREATE) {
      for (const { selector, need, field } of needs.values()) {
        const have = hardware.filter(m => matchesSelector(m.labels, selector)).length;
        if (have < need) {
          own.push(error('eksa/hardware-count', field, `minimum hardware count not met for selector '${JSON.stringify(selector)}': have: ${have}, require: ${need}`,
            'add machines with these labels to hardware.csv, or lower the node count'));
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
