// The host-capacity rule indexes hosts by namespace and selector and compares only demands whose
// hosts meet: its findings must be exactly those of comparing every pair of demands.
import { KubeObject } from '../../src/core/kube-object';
import { selectorMatches } from '../../src/core/selectors';
import { hostCapacityRules } from '../../src/validate/cross-object';

const host = (name: string, ns: string, labels: Record<string, string>): KubeObject =>
  ({ apiVersion: 'metal3.io/v1alpha1', kind: 'BareMetalHost', metadata: { name, namespace: ns, labels }, spec: {} });
const template = (name: string, ns: string, matchLabels: Record<string, string>): KubeObject =>
  ({ apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta2', kind: 'Metal3MachineTemplate', metadata: { name, namespace: ns }, spec: { template: { spec: { hostSelector: { matchLabels } } } } });
const md = (name: string, ns: string, replicas: number, templateName: string): KubeObject => ({
  apiVersion: 'cluster.x-k8s.io/v1beta2',
  kind: 'MachineDeployment',
  metadata: { name, namespace: ns },
  spec: { clusterName: name, replicas, rollout: { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: 1 } } }, template: { spec: { clusterName: name, infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'Metal3MachineTemplate', name: templateName } } } },
});

/** The pairwise comparison the rule stands for, written the obvious (quadratic) way. */
function naivePairs(objects: readonly KubeObject[]): string[] {
  const hosts = objects.filter(o => o.kind === 'BareMetalHost');
  const demands = objects.filter(o => o.kind === 'MachineDeployment').flatMap(d => {
    const t = objects.find(o => o.kind === 'Metal3MachineTemplate' && o.metadata?.name === d.spec.template.spec.infrastructureRef.name
      && o.metadata?.namespace === d.metadata?.namespace);
    if (!t) return [];
    const matching = hosts.filter(h => h.metadata?.namespace === d.metadata?.namespace
      && selectorMatches(t.spec.template.spec.hostSelector, h.metadata?.labels ?? {}));
    return [{ d, matching }];
  });
  const out: string[] = [];
  for (let i = 0; i < demands.length; i++) {
    for (let j = i + 1; j < demands.length; j++) {
      const shared = demands[i].matching.filter(h => demands[j].matching.includes(h));
      const union = new Set([...demands[i].matching, ...demands[j].matching]).size;
      const need = demands[i].d.spec.replicas + demands[j].d.spec.replicas;
      if (shared.length && union < need) {
        out.push(`${demands[j].d.metadata?.name}: MachineDeployment ${demands[i].d.metadata?.name} and MachineDeployment ${demands[j].d.metadata?.name} select the same hosts (${shared.map(h => h.metadata?.name).join(', ')}) and need ${need}, but only ${union} exist`);
      }
    }
  }
  return out;
}

const pairFindings = (objects: readonly KubeObject[]) => hostCapacityRules(objects)
  .filter(f => f.finding.message.includes('select the same hosts'))
  .map(f => `${f.object.metadata?.name}: ${f.finding.message}`);

test('demands sharing one selector in one namespace: every short pair, in pair order, on the later demand', () => {
  const objs: KubeObject[] = [
    host('h1', 'fleet', { role: 'worker' }), host('h2', 'fleet', { role: 'worker' }), host('h3', 'fleet', { role: 'worker' }),
    template('t', 'fleet', { role: 'worker' }),
    md('a', 'fleet', 2, 't'), md('b', 'fleet', 1, 't'), md('c', 'fleet', 2, 't'), md('d', 'fleet', 1, 't'),
  ];
  expect(pairFindings(objs)).toEqual([
    'c: MachineDeployment a and MachineDeployment c select the same hosts (h1, h2, h3) and need 4, but only 3 exist',
  ]);
  expect(pairFindings(objs)).toEqual(naivePairs(objs));
});

test('overlapping and disjoint selectors across namespaces: the same findings as comparing every pair', () => {
  // A deterministic pseudo-random fleet: labels from a small alphabet so selectors overlap in many ways.
  let seed = 7;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return Math.floor(seed / 65536) % n;
  };
  const objs: KubeObject[] = [];
  for (let i = 0; i < 60; i++) objs.push(host(`h${i}`, `ns${rnd(3)}`, { zone: `z${rnd(3)}`, role: `r${rnd(2)}` }));
  for (let t = 0; t < 12; t++) {
    const labels: Record<string, string> = rnd(2) ? { zone: `z${rnd(3)}` } : { zone: `z${rnd(3)}`, role: `r${rnd(2)}` };
    objs.push(template(`t${t}`, `ns${t % 3}`, labels));
  }
  for (let d = 0; d < 40; d++) objs.push(md(`md${d}`, `ns${d % 3}`, 1 + rnd(8), `t${(d % 3) + 3 * rnd(4)}`));
  const expected = naivePairs(objs);
  expect(expected.length).toBeGreaterThan(10);
  expect(pairFindings(objs)).toEqual(expected);
});

test('a fleet in one namespace with a selector per site: no pair competes, a short site is named', () => {
  const objs: KubeObject[] = [];
  for (let s = 0; s < 200; s++) {
    const n = s === 123 ? 1 : 2;
    for (let h = 0; h < n; h++) objs.push(host(`s${s}-h${h}`, 'fleet', { site: `s${s}` }));
    objs.push(template(`s${s}`, 'fleet', { site: `s${s}` }), md(`s${s}`, 'fleet', 2, `s${s}`));
  }
  expect(hostCapacityRules(objs).map(f => `${f.object.metadata?.name}: ${f.finding.message}`)).toEqual([
    's123: 2 worker replicas but only 1 BareMetalHost(s) in namespace fleet match the hostSelector of s123 ({"matchLabels":{"site":"s123"}}): s123-h0',
  ]);
});
