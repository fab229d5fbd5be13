// The upgrade preflights (pure): version increment, worker skew, immutable fields, template
// rotation, hosts for rolling updates (declared and live), readiness, EKS-A, and the list
// they print; plus rollout detection and rollout readiness.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ReadinessStatus } from '../../src/apply/readiness/types';
import {
  CHECK_CLUSTER, CHECK_CP_READY, CHECK_CP_VERSION, CHECK_HOSTS, CHECK_IMMUTABLE, CHECK_TEMPLATES, CHECK_WORKER_SKEW,
  UpgradePreflight, formatUpgradePreflights, preflightsPassed, upgradePreflights,
} from '../../src/apply/upgrade-preflights';
import { describeSummary, rolloutReadiness, summarize, whereItStopped } from '../../src/apply/upgrade-progress';
import { RolloutKind, rolloutsOf } from '../../src/apply/upgrade-rollouts';
import { KubeObject } from '../../src/core/kube-object';

const REF = join(__dirname, '..', '..', 'dist', 'reference-multinode', 'multinode-cluster.k8s.yaml');
const reference = (): KubeObject[] => parseAllDocuments(readFileSync(REF, 'utf8')).map(d => d.toJS());
/** The reference at another version, maxSurge and control-plane template name. */
function at(version: string, opts: { surge?: number; template?: string; image?: string } = {}): KubeObject[] {
  return reference().map(o => {
    const c: any = structuredClone(o);
    if (c.kind === 'RKE2ControlPlane') {
      c.spec.version = version;
      if (opts.surge !== undefined) c.spec.rolloutStrategy.rollingUpdate.maxSurge = opts.surge;
      if (opts.template) c.spec.machineTemplate.spec.infrastructureRef.name = opts.template;
    }
    if (c.kind === 'MachineDeployment') c.spec.template.spec.version = version;
    if (c.kind === 'Metal3MachineTemplate' && /controlplane/.test(c.metadata.name)) {
      if (opts.template) c.metadata.name = opts.template;
      if (opts.image) c.spec.template.spec.image.url = opts.image;
    }
    return c;
  });
}
const check = (rs: UpgradePreflight[], name: string) => rs.find(r => r.name === name);
const messages = (r?: UpgradePreflight) => (r?.items ?? []).map(i => i.finding.message);

describe('version rules', () => {
  test('one minor up passes; two minors up and any downgrade fail', () => {
    expect(preflightsPassed(upgradePreflights({ old: at('v1.34.2+rke2r1'), new: at('v1.35.1+rke2r1') }))).toBe(true);
    const skip = upgradePreflights({ old: at('v1.33.6+rke2r1'), new: at('v1.35.1+rke2r1') });
    expect(check(skip, CHECK_CP_VERSION)!.passed).toBe(false);
    expect(messages(check(skip, CHECK_CP_VERSION))).toEqual(['cannot upgrade from v1.33.6+rke2r1 to v1.35.1+rke2r1: the control plane moves one minor version at a time (next: v1.34.x)']);
    const down = upgradePreflights({ old: at('v1.35.1+rke2r1'), new: at('v1.34.2+rke2r1') });
    expect(messages(check(down, CHECK_CP_VERSION))).toEqual(['downgrade from v1.35.1+rke2r1 to v1.34.2+rke2r1 is not supported']);
    expect(messages(check(down, CHECK_WORKER_SKEW))).toEqual(['downgrade from v1.35.1+rke2r1 to v1.34.2+rke2r1 is not supported']);
  });

  test('fails when workers would lead the control plane', () => {
    const n = at('v1.35.1+rke2r1').map(o => (o.kind === 'RKE2ControlPlane' ? { ...o, spec: { ...o.spec, version: 'v1.34.2+rke2r1' } } : o));
    const r = upgradePreflights({ old: at('v1.34.2+rke2r1'), new: n });
    expect(messages(check(r, CHECK_WORKER_SKEW))).toEqual(['workers (1.35.1) would run a newer minor than the control plane (1.34.2)']);
  });
});

describe('immutable fields and templates', () => {
  test('fails on a changed bootMACAddress and on a template edited under the same name', () => {
    const n = at('v1.34.2+rke2r1', { image: 'http://imagecache.local:8080/other.raw' }).map(o => (o.kind === 'BareMetalHost' && o.metadata?.name === 'node1-example'
      ? { ...o, spec: { ...o.spec, bootMACAddress: '0c:c4:7a:6b:00:99' } } : o));
    const r = upgradePreflights({ old: at('v1.34.2+rke2r1'), new: n });
    expect(messages(check(r, CHECK_IMMUTABLE))).toEqual(['bootMACAddress can not be changed once it is set (was 0c:c4:7a:6b:00:01)']);
    expect(messages(check(r, CHECK_TEMPLATES))).toEqual([expect.stringMatching(/^Metal3MachineTemplate multinode-cluster-controlplane-\w+ changed content but kept its name$/)]);
  });

  test('a new image under a new template name passes', () => {
    const r = upgradePreflights({ old: at('v1.34.2+rke2r1'), new: at('v1.35.1+rke2r1', { template: 'cp-new', image: 'http://x/new.raw' }) });
    expect(check(r, CHECK_TEMPLATES)!.passed).toBe(true);
    expect(preflightsPassed(r)).toBe(true);
  });
});

const liveHost = (name: string, state: string, extra: any = {}): KubeObject => ({
  apiVersion: 'metal3.io/v1alpha1',
  kind: 'BareMetalHost',
  metadata: { name, namespace: 'default', labels: { 'cluster-role': 'control-plane' }, ...(extra.metadata ?? {}) },
  spec: { ...(extra.spec ?? {}) },
  status: { provisioning: { state }, operationalStatus: 'OK', ...(extra.status ?? {}) },
});

describe('hosts for rolling updates', () => {
  test('maxSurge 0 needs no spare host', () => {
    const r = upgradePreflights({ old: at('v1.34.2+rke2r1'), new: at('v1.35.1+rke2r1', { surge: 0 }) });
    expect(check(r, CHECK_HOSTS)).toEqual({ name: CHECK_HOSTS, passed: true, items: [] });
  });

  test('fails when maxSurge 1 has no fourth declared host', () => {
    const r = upgradePreflights({ old: at('v1.34.2+rke2r1'), new: at('v1.35.1+rke2r1', { surge: 1 }) });
    expect(check(r, CHECK_HOSTS)!.passed).toBe(false);
    expect(messages(check(r, CHECK_HOSTS))).toEqual(['RKE2ControlPlane default/multinode-cluster rolls out with maxSurge 1: 3 replicas plus 1 surge need 4 BareMetalHosts matching {cluster-role=control-plane}, the manifests declare 3']);
    expect(check(r, CHECK_HOSTS)!.items[0].finding.field).toBe('spec.rolloutStrategy.rollingUpdate.maxSurge');
  });

  test('live: passes with one available unclaimed host, fails naming why each host is not spare', () => {
    const used = (n: number) => liveHost(`node${n}-example`, 'provisioned', { spec: { consumerRef: { kind: 'Metal3Machine', name: `m${n}` } } });
    const base = { old: at('v1.34.2+rke2r1'), new: at('v1.35.1+rke2r1', { surge: 1 }) };
    const ok = upgradePreflights({ ...base, liveHosts: [used(1), used(2), used(3), liveHost('spare', 'available')] });
    expect(check(ok, CHECK_HOSTS)!.passed).toBe(true);
    const bad = upgradePreflights({ ...base, liveHosts: [used(1), used(2), used(3), liveHost('spare', 'inspecting'), liveHost('p', 'available', { metadata: { annotations: { 'baremetalhost.metal3.io/paused': 'x' } } })] });
    expect(messages(check(bad, CHECK_HOSTS))[0]).toBe('RKE2ControlPlane default/multinode-cluster rolls out with maxSurge 1: it needs 1 available BareMetalHost(s) matching {cluster-role=control-plane} beyond the ones in use, found 0 '
      + '(node1-example: consumed by Metal3Machine m1; node2-example: consumed by Metal3Machine m2; node3-example: consumed by Metal3Machine m3; spare: inspecting; p: paused)');
  });

  test('warns that a single control-plane replica with maxSurge 0 takes the API down', () => {
    const one = (v: string) => at(v, { surge: 0 }).map(o => (o.kind === 'RKE2ControlPlane' ? { ...o, spec: { ...o.spec, replicas: 1 } } : o));
    const r = upgradePreflights({ old: one('v1.34.2+rke2r1'), new: one('v1.35.1+rke2r1') });
    expect(check(r, CHECK_HOSTS)!.passed).toBe(true);
    expect(check(r, CHECK_HOSTS)!.items.map(i => [i.finding.severity, i.finding.message])).toEqual([['warning', 'one control-plane replica with maxSurge 0: the API server is down while its only machine is replaced']]);
  });
});

describe('readiness (live)', () => {
  const liveCp = (ready: number) => ({
    ...at('v1.34.2+rke2r1').find(o => o.kind === 'RKE2ControlPlane')!,
    metadata: { name: 'multinode-cluster', namespace: 'default', generation: 2 },
    status: { observedGeneration: 2, initialization: { controlPlaneInitialized: true }, replicas: 3, readyReplicas: ready, upToDateReplicas: 3, conditions: [{ type: 'Available', status: 'True' }] },
  });
  const liveCluster = (available: boolean) => ({
    apiVersion: 'cluster.x-k8s.io/v1beta2',
    kind: 'Cluster',
    metadata: { name: 'multinode-cluster', namespace: 'default', generation: 1 },
    status: { observedGeneration: 1, conditions: [{ type: 'Available', status: available ? 'True' : 'False', reason: 'X' }] },
  });

  test('fails when the control plane that would start rolling is not ready, or the cluster is not available', () => {
    const r = upgradePreflights({ old: at('v1.34.2+rke2r1'), new: at('v1.35.1+rke2r1', { surge: 0 }), live: [liveCp(2), liveCluster(false)] });
    expect(messages(check(r, CHECK_CP_READY))).toEqual(['the control plane is not ready: 2/3 ready, 3 up to date']);
    expect(messages(check(r, CHECK_CLUSTER))).toEqual(['Cluster multinode-cluster is not available: Available=False (X)']);
  });

  test('a rollout already started (live spec = new spec) is resumed, not refused', () => {
    const started = at('v1.35.1+rke2r1', { surge: 0 });
    const r = upgradePreflights({ old: started, new: started, live: [liveCp(2), liveCluster(true)] });
    expect(check(r, CHECK_CP_READY)!.passed).toBe(true);
    expect(check(r, CHECK_CLUSTER)).toBeUndefined();
  });
});

describe('EKS Anywhere', () => {
  const eksa = (v: string) => parseAllDocuments(readFileSync(join(__dirname, '..', '..', 'dist', 'eksa-docker', 'dev-eks-a-cluster.yaml'), 'utf8'))
    .map(d => d.toJS()).map((o: any) => (o.kind === 'Cluster' ? { ...o, spec: { ...o.spec, kubernetesVersion: v } } : o));

  test('its upgrade checks are listed; skipping a minor fails', () => {
    expect(preflightsPassed(upgradePreflights({ old: eksa('1.35'), new: eksa('1.36') }))).toBe(true);
    const r = upgradePreflights({ old: eksa('1.34'), new: eksa('1.36') });
    expect(r.find(x => x.name === 'Upgrade cluster kubernetes version increment')!.passed).toBe(false);
  });
});

describe('the printed list', () => {
  test('✅ per passing check, ❌ with file:line per error, a closing line', () => {
    const r = upgradePreflights({ old: at('v1.33.6+rke2r1'), new: at('v1.35.1+rke2r1', { surge: 0 }) });
    const text = formatUpgradePreflights(r, (o, f) => (o ? `x.yaml:${f === 'spec.version' ? 403 : 1}` : undefined));
    expect(text.split('\n')).toEqual([
      'Performing setup and validations',
      `❌ ${CHECK_CP_VERSION}`,
      '   x.yaml:403 RKE2ControlPlane/multinode-cluster spec.version: cannot upgrade from v1.33.6+rke2r1 to v1.35.1+rke2r1: the control plane moves one minor version at a time (next: v1.34.x)',
      `✅ ${CHECK_WORKER_SKEW}`,
      `✅ ${CHECK_IMMUTABLE}`,
      `✅ ${CHECK_TEMPLATES}`,
      `✅ ${CHECK_HOSTS}`,
      '❌ Upgrade preflight validations failed: nothing was changed',
      '',
    ]);
  });
});

describe('rollouts', () => {
  test('a control plane rolls on a version or template change, a MachineDeployment on a template change', () => {
    const r = rolloutsOf(at('v1.34.2+rke2r1'), at('v1.35.1+rke2r1'));
    expect(r.map(x => [x.kind, x.object.metadata?.name, x.fromVersion, x.toVersion, x.maxSurge])).toEqual([
      [RolloutKind.CONTROL_PLANE, 'multinode-cluster', 'v1.34.2+rke2r1', 'v1.35.1+rke2r1', 0],
      [RolloutKind.WORKERS, 'multinode-cluster-workers', 'v1.34.2+rke2r1', 'v1.35.1+rke2r1', 0],
    ]);
    expect(rolloutsOf(at('v1.34.2+rke2r1'), at('v1.34.2+rke2r1'))).toEqual([]);
    expect(rolloutsOf(at('v1.34.2+rke2r1'), at('v1.34.2+rke2r1', { template: 't2' }))[0].templateChanged).toBe(true);
  });

  const cpObj = {
    apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
    kind: 'RKE2ControlPlane',
    metadata: { name: 'cp', namespace: 'default', generation: 3 },
    spec: { replicas: 3, version: 'v2' },
    status: { observedGeneration: 3, initialization: { controlPlaneInitialized: true }, replicas: 3, readyReplicas: 3, upToDateReplicas: 3, conditions: [{ type: 'Available', status: 'True' }] },
  };
  const m = (name: string, version: string, ready: boolean, deleting = false) => ({
    apiVersion: 'cluster.x-k8s.io/v1beta2',
    kind: 'Machine',
    metadata: { name, namespace: 'default', labels: { 'cluster.x-k8s.io/control-plane-name': 'cp' }, ...(deleting ? { deletionTimestamp: 't' } : {}) },
    spec: { version },
    status: { conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] },
  });

  test('is current only when every machine runs the target version, ready, and no old or deleting machine is left', () => {
    expect(rolloutReadiness(cpObj, [m('a', 'v2', true), m('b', 'v2', true), m('c', 'v2', true)], 'v2').status).toBe(ReadinessStatus.CURRENT);
    const mid = rolloutReadiness(cpObj, [m('a', 'v2', true), m('b', 'v1', true), m('c', 'v2', false), m('d', 'v1', true, true), m('x', 'v1', true)].filter(x => x.metadata.name !== 'x'), 'v2');
    expect(mid.status).toBe(ReadinessStatus.IN_PROGRESS);
    expect(mid.message).toMatch(/^2\/3 machines on v2, 1 old left \(b v1\), 1 being deleted, 2 ready; /);
    expect(rolloutReadiness(undefined, [], 'v2').status).toBe(ReadinessStatus.NOT_FOUND);
    const s = summarize(cpObj, [m('a', 'v2', false), m('b', 'v1', true), m('c', 'v1', true)], 'v2');
    expect(describeSummary(s, 'v2')).toBe('1/3 machines on v2, 2 old left (b v1, c v1), 2 ready');
    expect(whereItStopped(cpObj, [m('a', 'v2', false), m('b', 'v1', true), m('c', 'v1', true)], 'v2'))
      .toBe('the control plane rollout stopped with 0 of 3 machine(s) replaced and ready; not ready: a; still serving on 2 old machine(s): b (v1), c (v1)');
  });
});
