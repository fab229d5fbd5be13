// Label selectors in their two dialects: metav1.LabelSelector (MachineDeployment selectors) and a
// Metal3 hostSelector as CAPM3 v1.13.2 builds it (lowercased apimachinery selection operators).
import { KubeObject } from '../../src/core/kube-object';
import { hostSelectorMatches, hostSelectorProblems, labelSelectorMatches, selectorMatches } from '../../src/core/selectors';
import { hostCapacityRules } from '../../src/validate/cross-object';

const labels = { role: 'worker', rack: 'r1', cores: '16' };
const expr = (key: string, operator: string, values: string[] = []) => ({ matchExpressions: [{ key, operator, values }] });

describe('hostSelectorMatches (CAPM3 hostLabelSelectorForMachine)', () => {
  test('operators in any case, the symbolic ones, gt and lt', () => {
    expect(hostSelectorMatches(expr('role', 'In', ['worker']), labels)).toBe(true);
    expect(hostSelectorMatches(expr('role', 'in', ['worker']), labels)).toBe(true);
    expect(hostSelectorMatches(expr('role', 'NOTIN', ['worker']), labels)).toBe(false);
    expect(hostSelectorMatches(expr('role', '=', ['worker']), labels)).toBe(true);
    expect(hostSelectorMatches(expr('role', '!=', ['worker']), labels)).toBe(false);
    expect(hostSelectorMatches(expr('rack', 'Exists'), labels)).toBe(true);
    expect(hostSelectorMatches(expr('gpu', '!'), labels)).toBe(true);
    expect(hostSelectorMatches(expr('rack', '!'), labels)).toBe(false);
    expect(hostSelectorMatches(expr('cores', 'Gt', ['8']), labels)).toBe(true);
    expect(hostSelectorMatches(expr('cores', 'lt', ['8']), labels)).toBe(false);
    expect(hostSelectorMatches(expr('role', 'gt', ['8']), labels)).toBe(false);
  });

  test('DoesNotExist, an unknown operator or wrong value counts select no host at all', () => {
    expect(hostSelectorMatches(expr('gpu', 'DoesNotExist'), labels)).toBe(false);
    expect(hostSelectorMatches(expr('gpu', 'pancakes', ['x']), labels)).toBe(false);
    expect(hostSelectorMatches(expr('rack', 'Exists', ['r1']), labels)).toBe(false);
    expect(hostSelectorMatches(expr('role', 'In'), labels)).toBe(false);
    expect(hostSelectorMatches({ matchLabels: { 'bad key!': 'x' } }, labels)).toBe(false);
    expect(selectorMatches).toBe(hostSelectorMatches);
  });

  test('problems in apimachinery\'s words', () => {
    expect(hostSelectorProblems(expr('gpu', 'DoesNotExist'))).toEqual([['matchExpressions[0].operator', expect.stringMatching(/^Unsupported value: "doesnotexist": supported values: "in", "notin", "exists", "!"/)]]);
    expect(hostSelectorProblems(expr('cores', 'gt', ['1', '2']))).toEqual([['matchExpressions[0].values', 'for \'Gt\', \'Lt\' operators, exactly one value is required']]);
    expect(hostSelectorProblems(expr('role', '==', ['a', 'b']))).toEqual([['matchExpressions[0].values', 'exact-match compatibility requires one single value']]);
    expect(hostSelectorProblems({ matchLabels: { role: 'worker' }, ...expr('gpu', '!') })).toEqual([]);
  });
});

describe('labelSelectorMatches (metav1.LabelSelectorAsSelector)', () => {
  test('DoesNotExist works; lowercase and symbolic operators are not metav1 operators', () => {
    expect(labelSelectorMatches(expr('gpu', 'DoesNotExist'), labels)).toBe(true);
    expect(labelSelectorMatches(expr('role', 'NotIn', ['cp']), labels)).toBe(true);
    expect(labelSelectorMatches(expr('gpu', '!'), labels)).toBe(false);
    expect(labelSelectorMatches(expr('role', 'in', ['worker']), labels)).toBe(false);
  });
});

describe('host capacity follows CAPM3\'s selector semantics', () => {
  const host = (name: string, l: Record<string, string>): KubeObject => ({ apiVersion: 'metal3.io/v1alpha1', kind: 'BareMetalHost', metadata: { name, namespace: 'default', labels: l }, spec: {} });
  const set = (matchExpressions: unknown[]): KubeObject[] => [
    host('a', { role: 'worker' }), host('b', { role: 'worker' }),
    { apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta2', kind: 'Metal3MachineTemplate', metadata: { name: 't', namespace: 'default' }, spec: { template: { spec: { hostSelector: { matchExpressions } } } } },
    { apiVersion: 'cluster.x-k8s.io/v1beta2', kind: 'MachineDeployment', metadata: { name: 'md', namespace: 'default' }, spec: { clusterName: 'c', replicas: 2, rollout: { strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 0, maxUnavailable: 1 } } }, template: { spec: { clusterName: 'c', infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'Metal3MachineTemplate', name: 't' } } } } },
  ];

  test('a DoesNotExist selector selects none of the hosts; "!" selects both', () => {
    expect(hostCapacityRules(set([{ key: 'gpu', operator: 'DoesNotExist', values: [] }])).map(f => f.finding.message)).toEqual([expect.stringMatching(/^2 worker replicas but only 0 BareMetalHost\(s\)/)]);
    expect(hostCapacityRules(set([{ key: 'gpu', operator: '!', values: [] }]))).toEqual([]);
  });
});
