// The simulated controllers on a ManualClock at realistic durations (speed 1): time only
// moves when the test advances it, so the runs are deterministic and take milliseconds.
import { applyAll, conditionOf, controllerErrors, docs, fixture, get, list, manualSim, rt } from './helpers';
import { KubeconfigSecretTiming } from '../../src/sim/simulator';

afterEach(() => {
  // Controllers retry failed reconciles; a failure is still a bug in the simulation.
  expect(controllerErrors.splice(0)).toEqual([]);
});

const MIN = 60_000;
const HOUR = 60 * MIN;

function hostStates(engine: any): Record<string, string> {
  const out: Record<string, string> = {};
  for (const h of list(engine, 'metal3.io/v1alpha1', 'BareMetalHost')) out[h.metadata.name] = h.status?.provisioning?.state;
  return out;
}

/** The first two control plane hosts and secrets from the fixture. */
function twoHosts(): string {
  return docs(fixture('hosts-control-plane.yaml')).filter(d => !d.metadata.name.startsWith('node3')).map(d => JSON.stringify(d)).join('\n---\n');
}

describe('BareMetalHost', () => {
  test('registers, inspects and becomes available with hardware details', async () => {
    const { sim, engine } = manualSim();
    applyAll(engine, fixture('hosts-control-plane.yaml'));
    await sim.advance(1 * MIN);
    expect(hostStates(engine).node1).toBe('inspecting');
    await sim.advance(15 * MIN);
    const h = get(engine, 'metal3.io/v1alpha1', 'BareMetalHost', 'node1');
    expect(h.status.provisioning.state).toBe('available');
    expect(h.status.operationalStatus).toBe('OK');
    expect(h.status.errorMessage).toBe('');
    expect(h.status.hardware.nics[0].mac).toBe('52:54:00:00:00:01');
    expect(h.status.goodCredentials.credentials).toEqual({ name: 'node1-credentials', namespace: 'default' });
    expect(h.metadata.finalizers).toEqual(['baremetalhost.metal3.io']);
    // BMO makes the host own its credentials Secret.
    const secret = get(engine, 'v1', 'Secret', 'node1-credentials');
    expect(secret.metadata.ownerReferences).toEqual([expect.objectContaining({ kind: 'BareMetalHost', name: 'node1', uid: h.metadata.uid })]);
  });

  test('fails registration with bad credentials (fault annotation) and stays in error', async () => {
    const { sim, engine } = manualSim();
    const yaml = fixture('hosts-control-plane.yaml').replace('  name: node1\n  namespace: default\n  labels:',
      '  name: node1\n  namespace: default\n  annotations:\n    sim.cdk8s-capi.io/fault: bad-credentials\n  labels:');
    applyAll(engine, yaml);
    await sim.advance(30 * MIN);
    const h = get(engine, 'metal3.io/v1alpha1', 'BareMetalHost', 'node1');
    expect(h.status.provisioning.state).toBe('registering');
    expect(h.status.operationalStatus).toBe('error');
    expect(h.status.errorType).toBe('registration error');
    expect(h.status.errorMessage).toMatch(/returned code 401/);
    expect(h.status.errorCount).toBeGreaterThan(1);
    expect(hostStates(engine).node2).toBe('available');
  });

  test('fails registration when the credentials Secret is missing, then recovers when it appears', async () => {
    const { sim, engine } = manualSim();
    const all = docs(fixture('hosts-control-plane.yaml'));
    const secret = all.find(d => d.metadata.name === 'node1-credentials');
    applyAll(engine, all.filter(d => d !== secret).map(d => JSON.stringify(d)).join('\n---\n'));
    await sim.advance(5 * MIN);
    let h = get(engine, 'metal3.io/v1alpha1', 'BareMetalHost', 'node1');
    expect(h.status.errorType).toBe('registration error');
    expect(h.status.errorMessage).toBe('failed to read BMC credentials: secrets "node1-credentials" not found');
    applyAll(engine, JSON.stringify(secret));
    await sim.advance(15 * MIN);
    h = get(engine, 'metal3.io/v1alpha1', 'BareMetalHost', 'node1');
    expect(h.status.provisioning.state).toBe('available');
    expect(h.status.operationalStatus).toBe('OK');
  });

  test('fails registration when the Secret has no password', async () => {
    const { sim, engine } = manualSim();
    applyAll(engine, fixture('hosts-control-plane.yaml').replace('  password: node2-secret\n', ''));
    await sim.advance(5 * MIN);
    const h = get(engine, 'metal3.io/v1alpha1', 'BareMetalHost', 'node2');
    expect(h.status.operationalStatus).toBe('error');
    expect(h.status.errorMessage).toBe("Missing BMC connection detail 'password' in credentials");
  });

  test('an inspection failure (host fault option) loops in inspecting with an inspection error', async () => {
    const { sim, engine } = manualSim({ hostFaults: { 'default/node3': ['inspection-failure'] } });
    applyAll(engine, fixture('hosts-control-plane.yaml'));
    await sim.advance(40 * MIN);
    const h = get(engine, 'metal3.io/v1alpha1', 'BareMetalHost', 'node3');
    expect(h.status.provisioning.state).toBe('inspecting');
    expect(h.status.errorType).toBe('inspection error');
    expect(h.status.errorMessage).toBe('timeout reached while inspecting the node');
    expect(h.status.errorCount).toBeGreaterThanOrEqual(2);
  });

  test('an externally provisioned host goes from registering to externally provisioned', async () => {
    const { sim, engine } = manualSim();
    applyAll(engine, fixture('hosts-control-plane.yaml').replace('  online: true\n', '  online: true\n  externallyProvisioned: true\n'));
    await sim.advance(5 * MIN);
    expect(hostStates(engine)).toEqual({ node1: 'externally provisioned', node2: 'inspecting', node3: 'inspecting' });
  });

  test('a provisioning failure keeps the host provisioning and surfaces on the Machine', async () => {
    const { sim, engine } = manualSim({ hostFaults: { 'default/node1': ['provisioning-failure'] } });
    applyAll(engine, fixture('hosts-control-plane.yaml'));
    await sim.advance(20 * MIN);
    applyAll(engine, fixture('cluster-rke2.yaml').replace('replicas: 3', 'replicas: 1'));
    await sim.advance(1 * HOUR);
    const h = get(engine, 'metal3.io/v1alpha1', 'BareMetalHost', 'node1');
    expect([h.status.provisioning.state, h.status.errorType]).toEqual(['provisioning', 'provisioning error']);
    const [m] = list(engine, 'cluster.x-k8s.io/v1beta2', 'Machine');
    expect(conditionOf(m, 'InfrastructureReady').message).toMatch(/^BareMetalHost default\/node1 is provisioning \(provisioning error: Image provisioning failed/);
    const rcp = get(engine, 'controlplane.cluster.x-k8s.io/v1beta2', 'RKE2ControlPlane', 'multinode-cluster');
    expect(conditionOf(rcp, 'Available').message).toContain('provisioning error: Image provisioning failed');
  });

  test('deleting an available host powers it off, releases the finalizer and collects its Secret', async () => {
    const { sim, engine } = manualSim();
    applyAll(engine, fixture('hosts-control-plane.yaml'));
    await sim.advance(20 * MIN);
    engine.delete(rt(engine, 'metal3.io/v1alpha1', 'BareMetalHost'), 'default', 'node1');
    await sim.settle();
    expect(hostStates(engine).node1).toBe('powering off before delete');
    await sim.advance(2 * MIN);
    expect(get(engine, 'metal3.io/v1alpha1', 'BareMetalHost', 'node1')).toBeUndefined();
    expect(get(engine, 'v1', 'Secret', 'node1-credentials')).toBeUndefined();
  });
});

describe('RKE2 control plane on Metal3', () => {
  test('three control-plane hosts and replicas: 3 provision one machine at a time and the Cluster becomes Available', async () => {
    const { sim, engine } = manualSim();
    applyAll(engine, fixture('hosts-control-plane.yaml'));
    await sim.advance(20 * MIN);
    applyAll(engine, fixture('cluster-rke2.yaml'));
    await sim.advance(1 * MIN);
    expect(list(engine, 'cluster.x-k8s.io/v1beta2', 'Machine')).toHaveLength(1);
    await sim.advance(2 * HOUR);

    const machines = list(engine, 'cluster.x-k8s.io/v1beta2', 'Machine');
    expect(machines).toHaveLength(3);
    for (const m of machines) {
      expect(m.status.phase).toBe('Running');
      expect(conditionOf(m, 'Ready').status).toBe('True');
      expect(m.metadata.labels['cluster.x-k8s.io/control-plane-name']).toBe('multinode-cluster');
      expect(m.spec.providerID).toMatch(/^metal3:\/\/default\/node[123]\//);
    }
    const created = machines.map(m => m.metadata.creationTimestamp).sort();
    expect(new Set(created).size).toBe(3);

    const hosts = list(engine, 'metal3.io/v1alpha1', 'BareMetalHost');
    expect(hosts.map(h => h.status.provisioning.state)).toEqual(['provisioned', 'provisioned', 'provisioned']);
    expect(new Set(hosts.map(h => h.spec.consumerRef.name))).toEqual(new Set(machines.map(m => m.metadata.name)));
    expect(hosts[0].spec.image.url).toBe('http://imagecache.local:8080/SL-Micro.x86_64-6.1-Base-GM.raw');

    const rcp = get(engine, 'controlplane.cluster.x-k8s.io/v1beta2', 'RKE2ControlPlane', 'multinode-cluster');
    expect(rcp.status).toEqual(expect.objectContaining({ replicas: 3, readyReplicas: 3, availableReplicas: 3, upToDateReplicas: 3, version: 'v1.32.4+rke2r1' }));
    expect(rcp.status.initialization.controlPlaneInitialized).toBe(true);
    expect(rcp.status.observedGeneration).toBe(rcp.metadata.generation);
    expect(conditionOf(rcp, 'Available').status).toBe('True');

    const cluster = get(engine, 'cluster.x-k8s.io/v1beta2', 'Cluster', 'multinode-cluster');
    expect(cluster.status.phase).toBe('Provisioned');
    expect(cluster.status.initialization).toEqual({ infrastructureProvisioned: true, controlPlaneInitialized: true });
    for (const t of ['Available', 'InfrastructureReady', 'ControlPlaneInitialized', 'ControlPlaneAvailable', 'WorkersAvailable']) {
      expect([t, conditionOf(cluster, t).status]).toEqual([t, 'True']);
    }
    expect(conditionOf(cluster, 'WorkersAvailable').reason).toBe('NoWorkers');
    expect(cluster.spec.controlPlaneEndpoint).toEqual({ host: '192.168.125.200', port: 6443 });
    expect(cluster.status.controlPlane).toEqual({ desiredReplicas: 3, replicas: 3, upToDateReplicas: 3, readyReplicas: 3, availableReplicas: 3 });

    const kc = get(engine, 'v1', 'Secret', 'multinode-cluster-kubeconfig');
    expect(kc.type).toBe('cluster.x-k8s.io/secret');
    expect(kc.metadata.labels['cluster.x-k8s.io/cluster-name']).toBe('multinode-cluster');
    expect(Buffer.from(kc.data.value, 'base64').toString()).toContain('server: https://192.168.125.200:6443');
  });

  test('two matching hosts and replicas: 3 stall with a clear reason, and recover when a third host arrives', async () => {
    const { sim, engine } = manualSim();
    applyAll(engine, twoHosts());
    await sim.advance(20 * MIN);
    applyAll(engine, fixture('cluster-rke2.yaml'));
    await sim.advance(3 * HOUR);

    const machines = list(engine, 'cluster.x-k8s.io/v1beta2', 'Machine');
    expect(machines).toHaveLength(3);
    expect(machines.filter(m => conditionOf(m, 'Ready').status === 'True')).toHaveLength(2);
    const stuck = machines.find(m => conditionOf(m, 'Ready').status !== 'True');
    const m3m = get(engine, 'infrastructure.cluster.x-k8s.io/v1beta2', 'Metal3Machine', stuck.metadata.name);
    expect(conditionOf(m3m, 'AssociateBMH')).toEqual(expect.objectContaining({ status: 'False', reason: 'AssociateBMHFailed' }));
    expect(conditionOf(m3m, 'AssociateBMH').message).toMatch(/^No available host found matching the hostSelector: 2 host\(s\) match \{cluster-role=control-plane\} but none is available \(node1: consumed by Metal3Machine .*; node2: consumed by Metal3Machine .*\)$/);

    const rcp = get(engine, 'controlplane.cluster.x-k8s.io/v1beta2', 'RKE2ControlPlane', 'multinode-cluster');
    expect(rcp.status.readyReplicas).toBe(2);
    expect(conditionOf(rcp, 'ScalingUp').status).toBe('True');
    expect(conditionOf(rcp, 'ScalingUp').message).toContain(`Scaling up from 2 to 3 replicas is blocked because:\n* Machine ${stuck.metadata.name}: No available host found matching the hostSelector`);
    expect(get(engine, 'cluster.x-k8s.io/v1beta2', 'Cluster', 'multinode-cluster').status.controlPlane.readyReplicas).toBe(2);

    applyAll(engine, fixture('hosts-control-plane.yaml'));
    await sim.advance(1 * HOUR);
    expect(get(engine, 'controlplane.cluster.x-k8s.io/v1beta2', 'RKE2ControlPlane', 'multinode-cluster').status.readyReplicas).toBe(3);
  });

  test('workers: a MachineDeployment of two becomes Available and is counted on the Cluster', async () => {
    const { sim, engine } = manualSim();
    applyAll(engine, fixture('hosts-control-plane.yaml') + '\n---\n' + fixture('hosts-workers.yaml'));
    await sim.advance(20 * MIN);
    applyAll(engine, fixture('cluster-rke2.yaml') + '\n---\n' + fixture('workers-rke2.yaml'));
    await sim.advance(3 * HOUR);
    const md = get(engine, 'cluster.x-k8s.io/v1beta2', 'MachineDeployment', 'multinode-cluster-workers');
    expect(md.status).toEqual(expect.objectContaining({ replicas: 2, readyReplicas: 2, availableReplicas: 2, upToDateReplicas: 2, phase: 'Running' }));
    expect(conditionOf(md, 'Available').status).toBe('True');
    const workers = list(engine, 'metal3.io/v1alpha1', 'BareMetalHost').filter(h => h.metadata.labels['cluster-role'] === 'worker');
    expect(workers.map(h => h.status.provisioning.state)).toEqual(['provisioned', 'provisioned']);
    const cluster = get(engine, 'cluster.x-k8s.io/v1beta2', 'Cluster', 'multinode-cluster');
    expect(cluster.status.workers).toEqual(expect.objectContaining({ desiredReplicas: 2, availableReplicas: 2 }));
    expect(conditionOf(cluster, 'WorkersAvailable')).toEqual(expect.objectContaining({ status: 'True', reason: 'Available' }));
  });

  test('the kubeconfig Secret exists as soon as the endpoint is known, before any node is up', async () => {
    const { sim, engine } = manualSim();
    applyAll(engine, fixture('hosts-control-plane.yaml'));
    await sim.advance(20 * MIN);
    applyAll(engine, fixture('cluster-rke2.yaml'));
    await sim.advance(1 * MIN);
    expect(get(engine, 'v1', 'Secret', 'multinode-cluster-kubeconfig')).toBeDefined();
    expect(get(engine, 'controlplane.cluster.x-k8s.io/v1beta2', 'RKE2ControlPlane', 'multinode-cluster').status.initialization.controlPlaneInitialized).toBe(false);
  });

  test('with KubeconfigSecretTiming.INITIALIZED the Secret waits for the control plane', async () => {
    const { sim, engine } = manualSim({ kubeconfigSecretTiming: KubeconfigSecretTiming.INITIALIZED });
    applyAll(engine, fixture('hosts-control-plane.yaml'));
    await sim.advance(20 * MIN);
    applyAll(engine, fixture('cluster-rke2.yaml'));
    await sim.advance(1 * MIN);
    expect(get(engine, 'v1', 'Secret', 'multinode-cluster-kubeconfig')).toBeUndefined();
    await sim.advance(1 * HOUR);
    expect(get(engine, 'v1', 'Secret', 'multinode-cluster-kubeconfig')).toBeDefined();
  });

  test('deleting the Cluster removes machines, deprovisions hosts back to available, then the Cluster goes', async () => {
    const { sim, engine } = manualSim();
    applyAll(engine, fixture('hosts-control-plane.yaml'));
    await sim.advance(20 * MIN);
    applyAll(engine, fixture('cluster-rke2.yaml'));
    await sim.advance(2 * HOUR);
    const seen = new Set<string>();
    engine.store.subscribe(e => {
      if (e.gr === 'metal3.io/baremetalhosts') seen.add(e.object.status?.provisioning?.state);
    });
    engine.delete(rt(engine, 'cluster.x-k8s.io/v1beta2', 'Cluster'), 'default', 'multinode-cluster');
    await sim.settle();
    expect(get(engine, 'cluster.x-k8s.io/v1beta2', 'Cluster', 'multinode-cluster').status.phase).toBe('Deleting');
    await sim.advance(1 * HOUR);
    expect(seen.has('deprovisioning')).toBe(true);
    expect(get(engine, 'cluster.x-k8s.io/v1beta2', 'Cluster', 'multinode-cluster')).toBeUndefined();
    expect(list(engine, 'cluster.x-k8s.io/v1beta2', 'Machine')).toEqual([]);
    expect(list(engine, 'infrastructure.cluster.x-k8s.io/v1beta2', 'Metal3Machine')).toEqual([]);
    expect(get(engine, 'infrastructure.cluster.x-k8s.io/v1beta2', 'Metal3Cluster', 'multinode-cluster')).toBeUndefined();
    expect(get(engine, 'v1', 'Secret', 'multinode-cluster-kubeconfig')).toBeUndefined();
    const hosts = list(engine, 'metal3.io/v1alpha1', 'BareMetalHost');
    expect(hosts.map(h => [h.status.provisioning.state, h.spec.consumerRef, h.spec.image])).toEqual([
      ['available', undefined, undefined], ['available', undefined, undefined], ['available', undefined, undefined],
    ]);
  });

  test('runs are deterministic for a seed (same machine names and host assignment)', async () => {
    const run = async () => {
      const { sim, engine } = manualSim();
      applyAll(engine, fixture('hosts-control-plane.yaml'));
      await sim.advance(20 * MIN);
      applyAll(engine, fixture('cluster-rke2.yaml'));
      await sim.advance(2 * HOUR);
      return list(engine, 'metal3.io/v1alpha1', 'BareMetalHost').map(h => `${h.metadata.name}=${h.spec.consumerRef?.name}@${h.metadata.resourceVersion}`);
    };
    expect(await run()).toEqual(await run());
  });
});

describe('rollouts and host selection', () => {
  async function provisioned(maxSurge: number, extraHost: boolean) {
    const env = manualSim();
    let hosts = fixture('hosts-control-plane.yaml');
    if (extraHost) hosts += '\n---\n' + hosts.split('---')[0].replace(/node1/g, 'node4') + '\n---\n' + hosts.split('---')[1].replace(/node1/g, 'node4').replace('00:01', '00:04');
    applyAll(env.engine, hosts);
    await env.sim.advance(20 * MIN);
    applyAll(env.engine, fixture('cluster-rke2.yaml').replace('maxSurge: 0', `maxSurge: ${maxSurge}`));
    await env.sim.advance(2 * HOUR);
    return env;
  }

  async function upgrade(env: ReturnType<typeof manualSim>, maxSurge: number): Promise<number> {
    let most = 0;
    env.engine.store.subscribe(() => {
      most = Math.max(most, env.engine.store.list('cluster.x-k8s.io/machines').filter(m => !m.metadata.deletionTimestamp).length);
    });
    applyAll(env.engine, fixture('cluster-rke2.yaml').replace('maxSurge: 0', `maxSurge: ${maxSurge}`).replace('v1.32.4+rke2r1', 'v1.32.5+rke2r1'));
    await env.sim.advance(4 * HOUR);
    return most;
  }

  function expectUpgraded(engine: any) {
    const machines = list(engine, 'cluster.x-k8s.io/v1beta2', 'Machine');
    expect(machines.map(m => m.spec.version)).toEqual(['v1.32.5+rke2r1', 'v1.32.5+rke2r1', 'v1.32.5+rke2r1']);
    const rcp = get(engine, 'controlplane.cluster.x-k8s.io/v1beta2', 'RKE2ControlPlane', 'multinode-cluster');
    expect(rcp.status).toEqual(expect.objectContaining({ version: 'v1.32.5+rke2r1', readyReplicas: 3, upToDateReplicas: 3 }));
    expect(conditionOf(rcp, 'RollingOut').status).toBe('False');
  }

  test('a version change with maxSurge 0 replaces machines one by one without an extra host', async () => {
    const env = await provisioned(0, false);
    expect(await upgrade(env, 0)).toBe(3);
    expectUpgraded(env.engine);
  });

  test('a version change with maxSurge 1 surges to four machines (needs a fourth host)', async () => {
    const env = await provisioned(1, true);
    expect(await upgrade(env, 1)).toBe(4);
    expectUpgraded(env.engine);
  });

  test('hostSelector matchExpressions pick only the hosts they select', async () => {
    const { sim, engine } = manualSim();
    applyAll(engine, fixture('hosts-control-plane.yaml').replace('    cluster-role: control-plane\n', '    cluster-role: control-plane\n    rack: r2\n'));
    await sim.advance(20 * MIN);
    const cluster = fixture('cluster-rke2.yaml')
      .replace('replicas: 3', 'replicas: 2')
      .replace('        matchLabels:\n          cluster-role: control-plane\n',
        '        matchLabels:\n          cluster-role: control-plane\n        matchExpressions:\n          - key: rack\n            operator: NotIn\n            values: [r2]\n');
    applyAll(engine, cluster);
    await sim.advance(2 * HOUR);
    const hosts = list(engine, 'metal3.io/v1alpha1', 'BareMetalHost');
    expect(hosts.map(h => [h.metadata.name, h.metadata.labels.rack ?? '-', h.status.provisioning.state])).toEqual([
      ['node1', 'r2', 'available'], ['node2', '-', 'provisioned'], ['node3', '-', 'provisioned'],
    ]);
  });

  test.each([
    ['!', ['available', 'provisioned', 'provisioned'], undefined],
    ['DoesNotExist', ['available', 'available', 'available'], /^invalid hostSelector: matchExpressions\[0\]\.operator: Unsupported value: "doesnotexist"/],
  ])('hostSelector operator %s reads as CAPM3 reads it', async (operator, states, message) => {
    const { sim, engine } = manualSim();
    applyAll(engine, fixture('hosts-control-plane.yaml').replace('    cluster-role: control-plane\n', '    cluster-role: control-plane\n    rack: r2\n'));
    await sim.advance(20 * MIN);
    applyAll(engine, fixture('cluster-rke2.yaml')
      .replace('replicas: 3', 'replicas: 2')
      .replace('        matchLabels:\n          cluster-role: control-plane\n',
        `        matchLabels:\n          cluster-role: control-plane\n        matchExpressions:\n          - key: rack\n            operator: "${operator}"\n            values: []\n`));
    await sim.advance(2 * HOUR);
    const hosts = list(engine, 'metal3.io/v1alpha1', 'BareMetalHost');
    expect(hosts.map(h => h.status.provisioning.state)).toEqual(states);
    if (message) {
      const m3m = list(engine, 'infrastructure.cluster.x-k8s.io/v1beta2', 'Metal3Machine')[0];
      expect(conditionOf(m3m, 'AssociateBMH').message).toMatch(message);
    }
  });
});

describe('API versions', () => {
  test('objects written in another served version are stored but not reconciled, with a Warning Event saying why', async () => {
    const { sim, engine } = manualSim();
    applyAll(engine, JSON.stringify({
      apiVersion: 'cluster.x-k8s.io/v1beta1',
      kind: 'Cluster',
      metadata: { name: 'old', namespace: 'default' },
      spec: { controlPlaneRef: { apiVersion: 'controlplane.cluster.x-k8s.io/v1beta1', kind: 'RKE2ControlPlane', name: 'old' } },
    }));
    await sim.advance(5 * MIN);
    const c = get(engine, 'cluster.x-k8s.io/v1beta1', 'Cluster', 'old');
    expect(c.status).toBeUndefined();
    expect(c.metadata.finalizers).toBeUndefined();
    const events = list(engine, 'v1', 'Event').filter(e => e.involvedObject.name === 'old');
    expect(events).toHaveLength(1);
    expect(events[0]).toEqual(expect.objectContaining({ reason: 'UnsupportedVersion', type: 'Warning' }));
    expect(events[0].message).toBe('the cdk8s-capi simulator reconciles Cluster cluster.x-k8s.io/v1beta2 only (it has no conversion webhooks); this object was written as cluster.x-k8s.io/v1beta1');
  });
});

describe('EKS Anywhere Cluster', () => {
  test('waits for its datacenter and machine configs, then reports Ready in the CLI order', async () => {
    const { sim, engine, clock } = manualSim();
    applyAll(engine, fixture('eksa-workload.yaml'));
    await sim.advance(1 * MIN);
    let c = get(engine, 'anywhere.eks.amazonaws.com/v1alpha1', 'Cluster', 'w01');
    expect(conditionOf(c, 'Ready')).toEqual(expect.objectContaining({ status: 'False', reason: 'OutdatedInformation' }));
    expect(conditionOf(c, 'Ready').message).toBe('Waiting for TinkerbellDatacenterConfig default/w01, TinkerbellMachineConfig default/w01-cp');
    expect(c.status.observedGeneration).toBe(c.metadata.generation);

    applyAll(engine, fixture('eksa-provider.yaml'));
    const started = clock.now();
    const firstTrue: Record<string, number> = {};
    engine.store.subscribe(e => {
      if (e.gr !== 'anywhere.eks.amazonaws.com/clusters') return;
      for (const cond of e.object.status?.conditions ?? []) if (cond.status === 'True' && firstTrue[cond.type] === undefined) firstTrue[cond.type] = clock.now() - started;
    });
    await sim.advance(1 * HOUR);
    c = get(engine, 'anywhere.eks.amazonaws.com/v1alpha1', 'Cluster', 'w01');
    for (const t of ['Ready', 'ControlPlaneInitialized', 'ControlPlaneReady', 'DefaultCNIConfigured', 'WorkersReady']) expect([t, conditionOf(c, t).status]).toEqual([t, 'True']);
    expect(firstTrue.ControlPlaneInitialized).toBeLessThan(firstTrue.ControlPlaneReady);
    expect(firstTrue.ControlPlaneReady).toBeLessThan(firstTrue.DefaultCNIConfigured);
    expect(firstTrue.DefaultCNIConfigured).toBeLessThan(firstTrue.WorkersReady);
    expect(firstTrue.WorkersReady).toBeLessThanOrEqual(firstTrue.Ready);
    const kc = get(engine, 'v1', 'Secret', 'w01-kubeconfig', 'eksa-system');
    expect(Buffer.from(kc.data.value, 'base64').toString()).toContain('server: https://10.0.0.50:6443');
  });

  test('a validation-failure fault sets failureMessage', async () => {
    const { sim, engine } = manualSim();
    applyAll(engine, fixture('eksa-provider.yaml'));
    applyAll(engine, fixture('eksa-workload.yaml').replace('  namespace: default\nspec:', '  namespace: default\n  annotations:\n    sim.cdk8s-capi.io/fault: validation-failure\nspec:'));
    await sim.advance(1 * MIN);
    const c = get(engine, 'anywhere.eks.amazonaws.com/v1alpha1', 'Cluster', 'w01');
    expect(c.status.failureMessage).toBe('Cluster spec validation failed (simulated fault)');
    expect(conditionOf(c, 'Ready')).toEqual(expect.objectContaining({ status: 'False', severity: 'Error' }));
  });
});
