// Update checks of the Metal3 projects under --against: wired through upgrade.ts.
import { KubeObject } from '../../../src/core/kube-object';
import { upgradeRules } from '../../../src/validate/upgrade';

const template = (kind: string, apiVersion: string, spec: Record<string, unknown>): KubeObject => ({ apiVersion, kind, metadata: { name: 't', namespace: 'default' }, spec });

describe('templates edited under the same name', () => {
  test('a Metal3MachineTemplate: accepted by CAPM3, so a warning that no machine rolls', () => {
    const m3mt = (url: string) => template('Metal3MachineTemplate', 'infrastructure.cluster.x-k8s.io/v1beta2', { template: { spec: { image: { url, checksum: `${url}.sha256` } } } });
    expect(upgradeRules([m3mt('http://img/a.raw')], [m3mt('http://img/b.raw')]).map(f => f.finding)).toEqual([
      expect.objectContaining({ severity: 'warning', rule: 'upgrade/template-rotation', hint: expect.stringMatching(/Cluster API rolls no machine for an edited template/) }),
    ]);
  });

  test('an RKE2ConfigTemplate too (CAPRKE2 has no template webhook): a warning', () => {
    const cfg = (v: string) => template('RKE2ConfigTemplate', 'bootstrap.cluster.x-k8s.io/v1beta2', { template: { spec: { agentConfig: { nodeName: v } } } });
    expect(upgradeRules([cfg('a')], [cfg('b')]).map(f => f.finding)).toEqual([expect.objectContaining({ severity: 'warning', rule: 'upgrade/template-rotation' })]);
  });
});
