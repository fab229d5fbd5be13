// Simulator support for upgrades and recovery, on a ManualClock at realistic durations:
// the stuck-machine fault, Cluster pause (and CAPM3 pausing its hosts), and hosts created
// with the baremetalhost.metal3.io/status annotation (a move or restore).
import { apply, applyAll, conditionOf, controllerErrors, docs, fixture, get, list, manualSim } from './helpers';

afterEach(() => {
  expect(controllerErrors.splice(0)).toEqual([]);
});

const MIN = 60_000;
const HOUR = 60 * MIN;
const CAPI = 'cluster.x-k8s.io/v1beta2';
const RCP = ['controlplane.cluster.x-k8s.io/v1beta2', 'RKE2ControlPlane', 'multinode-cluster'] as const;

async function provisionedCluster() {
  const env = manualSim();
  applyAll(env.engine, fixture('hosts-control-plane.yaml'));
  await env.sim.advance(20 * MIN);
  applyAll(env.engine, fixture('cluster-rke2.yaml'));
  await env.sim.advance(2 * HOUR);
  return env;
}

const machines = (engine: any) => list(engine, CAPI, 'Machine').filter((m: any) => !m.metadata.deletionTimestamp);
const annotate = (engine: any, obj: any, annotations: Record<string, string | null>) => {
  const current = { ...(obj.metadata.annotations ?? {}) };
  for (const [k, v] of Object.entries(annotations)) {
    if (v === null) delete current[k];
    else current[k] = v;
  }
  const t = engine.types.forKind(obj.apiVersion ?? RCP[0], obj.kind ?? RCP[1]);
  return engine.update(t, obj.metadata.namespace, obj.metadata.name, { ...obj, metadata: { ...obj.metadata, annotations: current } }, { fieldManager: 'test' }).object;
};

describe('stuck-machine fault', () => {
  test('the first new control-plane machine of a rollout never joins; the old ones keep serving; clearing the fault completes the rollout', async () => {
    const { sim, engine } = await provisionedCluster();
    const old = machines(engine).map((m: any) => m.metadata.name).sort();
    expect(old).toHaveLength(3);
    const rcp = get(engine, ...RCP.slice(0, 2) as [string, string], RCP[2]);
    annotate(engine, { apiVersion: RCP[0], kind: RCP[1], ...rcp }, { 'sim.cdk8s-capi.io/fault': 'stuck-machine' });
    applyAll(engine, fixture('cluster-rke2.yaml').replace('v1.32.4+rke2r1', 'v1.32.5+rke2r1'));
    await sim.advance(3 * HOUR);

    const now = machines(engine);
    const fresh = now.filter((m: any) => m.spec.version === 'v1.32.5+rke2r1');
    expect(fresh).toHaveLength(1);
    expect(fresh[0].metadata.annotations['sim.cdk8s-capi.io/fault']).toBe('stuck-machine');
    expect(conditionOf(fresh[0], 'NodeReady').message).toMatch(/stuck-machine fault/);
    // maxSurge 0: one old machine went first; the other two still serve.
    expect(now.filter((m: any) => m.spec.version === 'v1.32.4+rke2r1').map((m: any) => m.metadata.name).every((n: string) => old.includes(n))).toBe(true);
    expect(now.filter((m: any) => m.spec.version === 'v1.32.4+rke2r1')).toHaveLength(2);
    const cluster = get(engine, CAPI, 'Cluster', 'multinode-cluster');
    expect(conditionOf(cluster, 'Available').status).toBe('True');
    const status = get(engine, ...RCP.slice(0, 2) as [string, string], RCP[2]).status;
    expect(status).toEqual(expect.objectContaining({ readyReplicas: 2, upToDateReplicas: 1 }));

    annotate(engine, { apiVersion: RCP[0], kind: RCP[1], ...get(engine, ...RCP.slice(0, 2) as [string, string], RCP[2]) }, { 'sim.cdk8s-capi.io/fault': null });
    await sim.advance(4 * HOUR);
    expect(machines(engine).map((m: any) => m.spec.version)).toEqual(['v1.32.5+rke2r1', 'v1.32.5+rke2r1', 'v1.32.5+rke2r1']);
    expect(get(engine, ...RCP.slice(0, 2) as [string, string], RCP[2]).status).toEqual(expect.objectContaining({ readyReplicas: 3, upToDateReplicas: 3, version: 'v1.32.5+rke2r1' }));
  });

  test('stuck-machine:2 lets the first new machine join and stops at the second', async () => {
    const { sim, engine } = await provisionedCluster();
    annotate(engine, { apiVersion: RCP[0], kind: RCP[1], ...get(engine, ...RCP.slice(0, 2) as [string, string], RCP[2]) }, { 'sim.cdk8s-capi.io/fault': 'stuck-machine:2' });
    applyAll(engine, fixture('cluster-rke2.yaml').replace('v1.32.4+rke2r1', 'v1.32.5+rke2r1'));
    await sim.advance(4 * HOUR);
    const fresh = machines(engine).filter((m: any) => m.spec.version === 'v1.32.5+rke2r1');
    expect(fresh.map((m: any) => conditionOf(m, 'Ready').status).sort()).toEqual(['False', 'True']);
    expect(machines(engine)).toHaveLength(3);
  });
});

describe('pause', () => {
  test('a paused Cluster stops its controllers (no new machines), CAPM3 pauses its hosts with metal3.io/capm3, and unpausing undoes only that', async () => {
    const { sim, engine } = await provisionedCluster();
    const cluster = get(engine, CAPI, 'Cluster', 'multinode-cluster');
    apply(engine, { apiVersion: CAPI, kind: 'Cluster', metadata: { name: 'multinode-cluster', namespace: 'default' }, spec: { paused: true } }, 'pauser');
    await sim.advance(1 * MIN);
    expect(conditionOf(get(engine, CAPI, 'Cluster', 'multinode-cluster'), 'Paused').status).toBe('True');
    const hosts = list(engine, 'metal3.io/v1alpha1', 'BareMetalHost');
    expect(hosts.map((h: any) => h.metadata.annotations?.['baremetalhost.metal3.io/paused'])).toEqual(['metal3.io/capm3', 'metal3.io/capm3', 'metal3.io/capm3']);
    const before = machines(engine).map((m: any) => m.metadata.name).sort();
    applyAll(engine, fixture('cluster-rke2.yaml').replace('v1.32.4+rke2r1', 'v1.32.5+rke2r1').replace('paused: true', ''));
    await sim.advance(2 * HOUR);
    expect(machines(engine).map((m: any) => m.metadata.name).sort()).toEqual(before);
    expect(machines(engine).every((m: any) => m.spec.version === 'v1.32.4+rke2r1')).toBe(true);
    expect(cluster.metadata.uid).toBe(get(engine, CAPI, 'Cluster', 'multinode-cluster').metadata.uid);

    apply(engine, { apiVersion: CAPI, kind: 'Cluster', metadata: { name: 'multinode-cluster', namespace: 'default' }, spec: { paused: false } }, 'pauser');
    await sim.advance(4 * HOUR);
    expect(list(engine, 'metal3.io/v1alpha1', 'BareMetalHost').map((h: any) => h.metadata.annotations?.['baremetalhost.metal3.io/paused'])).toEqual([undefined, undefined, undefined]);
    expect(machines(engine).map((m: any) => m.spec.version)).toEqual(['v1.32.5+rke2r1', 'v1.32.5+rke2r1', 'v1.32.5+rke2r1']);
  });

  test('a host paused by someone else keeps its annotation when the cluster is unpaused', async () => {
    const { sim, engine } = await provisionedCluster();
    const h = list(engine, 'metal3.io/v1alpha1', 'BareMetalHost')[0];
    annotate(engine, { apiVersion: 'metal3.io/v1alpha1', kind: 'BareMetalHost', ...h }, { 'baremetalhost.metal3.io/paused': 'operator' });
    apply(engine, { apiVersion: CAPI, kind: 'Cluster', metadata: { name: 'multinode-cluster', namespace: 'default' }, spec: { paused: true } }, 'pauser');
    await sim.advance(1 * MIN);
    apply(engine, { apiVersion: CAPI, kind: 'Cluster', metadata: { name: 'multinode-cluster', namespace: 'default' }, spec: { paused: false } }, 'pauser');
    await sim.advance(1 * MIN);
    const hosts = list(engine, 'metal3.io/v1alpha1', 'BareMetalHost');
    expect(hosts.map((x: any) => x.metadata.annotations?.['baremetalhost.metal3.io/paused'])).toEqual(['operator', undefined, undefined]);
  });
});

describe('BareMetalHost status annotation', () => {
  test('a host created with baremetalhost.metal3.io/status takes that status instead of registering, and the annotation goes away', async () => {
    const { sim, engine } = manualSim();
    const [secret, host] = docs(fixture('hosts-control-plane.yaml')).slice(0, 2);
    const status = { provisioning: { state: 'provisioned', ID: 'abc', image: { url: 'http://x/img.raw' } }, operationalStatus: 'OK', errorMessage: '', errorCount: 0, poweredOn: true };
    apply(engine, secret);
    // Restored as it was: its spec still carries the image CAPM3 gave it.
    apply(engine, { ...host, spec: { ...host.spec, image: { url: 'http://x/img.raw' } }, metadata: { ...host.metadata, annotations: { 'baremetalhost.metal3.io/status': JSON.stringify(status) } } });
    await sim.advance(1000);
    const h = get(engine, 'metal3.io/v1alpha1', 'BareMetalHost', host.metadata.name);
    expect(h.status.provisioning).toEqual(status.provisioning);
    expect(h.metadata.annotations?.['baremetalhost.metal3.io/status']).toBeUndefined();
  });

  test('fails over to registering when the annotation is not valid JSON', async () => {
    const { sim, engine } = manualSim();
    const [secret, host] = docs(fixture('hosts-control-plane.yaml')).slice(0, 2);
    apply(engine, secret);
    apply(engine, { ...host, metadata: { ...host.metadata, annotations: { 'baremetalhost.metal3.io/status': '{nope' } } });
    await sim.advance(1000);
    const h = get(engine, 'metal3.io/v1alpha1', 'BareMetalHost', host.metadata.name);
    expect(h.status.provisioning.state).toBe('registering');
  });
});
