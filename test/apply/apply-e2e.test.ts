// The applier against the management-cluster simulator, through the built CLI.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { REFERENCE_DIST, RunningSim, cli, live, startSim } from './e2e-helpers';

const KINDS: Array<[string, string]> = [
  ['v1', 'Secret'], ['metal3.io/v1alpha1', 'BareMetalHost'], ['cluster.x-k8s.io/v1beta2', 'Cluster'], ['cluster.x-k8s.io/v1beta2', 'Machine'],
  ['cluster.x-k8s.io/v1beta2', 'MachineDeployment'], ['controlplane.cluster.x-k8s.io/v1beta2', 'RKE2ControlPlane'],
  ['infrastructure.cluster.x-k8s.io/v1beta2', 'Metal3Machine'], ['infrastructure.cluster.x-k8s.io/v1beta2', 'Metal3MachineTemplate'],
];

describe('apply / status / delete against the simulator', () => {
  let env: RunningSim | undefined;
  afterEach(async () => {
    await env?.stop();
    env = undefined;
  });

  test('the reference cluster goes from empty to a kubeconfig; status agrees; delete leaves nothing behind', async () => {
    env = await startSim();
    const out = join(env.dir, 'kubeconfigs');
    const r = await cli(['apply', REFERENCE_DIST, '--kubeconfig', env.kubeconfig, '--kubeconfig-out', out, '--stable', '200ms', '--output', 'json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const events = r.stdout.trim().split('\n').map(l => JSON.parse(l));
    expect(events.filter(e => e.type === 'stage-done').map(e => e.stage)).toEqual(['hosts', 'objects', 'control-plane', 'workers', 'kubeconfig', 'cluster']);
    const kc = events.find(e => e.type === 'kubeconfig');
    expect(kc.path).toBe(join(out, 'multinode-cluster.kubeconfig'));
    expect(statSync(kc.path).mode & 0o777).toBe(0o600);
    expect(readFileSync(kc.path, 'utf8')).toMatch(/server: https:\/\/192\.168\.125\.100:6443/);
    const done = events.find(e => e.type === 'done');
    // 15 objects; one apply each, plus discovery and one list + one watch per waited kind.
    expect(done.objects).toBe(15);
    expect(done.requests / done.objects).toBeLessThan(3);

    const status = await cli(['status', REFERENCE_DIST, '--kubeconfig', env.kubeconfig]);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/^Enrolling bare-metal hosts$/m);
    expect(status.stdout).toMatch(/^ {2}✔ BareMetalHost default\/node1-example +provisioned$/m);
    expect(status.stdout).toMatch(/✔ RKE2ControlPlane default\/multinode-cluster +3\/3 ready/);

    const del = await cli(['delete', REFERENCE_DIST, '--kubeconfig', env.kubeconfig]);
    expect(del.stderr).toBe('');
    expect(del.code).toBe(0);
    for (const [av, kind] of KINDS) expect({ kind, left: live(env.sim, av, kind).map(o => o.metadata.name) }).toEqual({ kind, left: [] });
  });

  test('a host with bad credentials fails the run in the host phase, with the BMH error', async () => {
    env = await startSim({ hostFaults: { 'default/node2-example': ['bad-credentials'] } });
    const r = await cli(['apply', REFERENCE_DIST, '--kubeconfig', env.kubeconfig, '--kubeconfig-out', env.dir, '--failure-window', '1s', '--stable', '200ms']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/Enrolling bare-metal hosts/);
    expect(r.stdout).not.toMatch(/Creating cluster objects/);
    expect(r.stderr).toMatch(/❌ BareMetalHost default\/node2-example failed: registration error: /);
    expect(r.stderr).toMatch(/Stuck:\n {2}BareMetalHost default\/node2-example: failed — registration error/);
    expect(r.stderr).not.toMatch(/node1-example/);
    expect(r.stderr).toMatch(/Next:\n {2}kubectl describe baremetalhost.metal3.io node2-example -n default/);
    // nothing of the cluster was created
    expect(live(env.sim, 'cluster.x-k8s.io/v1beta2', 'Cluster')).toEqual([]);
  });

  test('too few hosts: refused up front; forced through, the control plane stalls with the reason', async () => {
    env = await startSim();
    const dir = join(env.dir, 'two-hosts');
    mkdirSync(dir);
    const docs = parseAllDocuments(readFileSync(join(REFERENCE_DIST, 'multinode-cluster.k8s.yaml'), 'utf8')).map(d => d.toJS())
      .filter(o => !/^node3-example/.test(o.metadata.name));
    writeFileSync(join(dir, 'cluster.yaml'), docs.map(d => stringify(d)).join('---\n'));
    const refused = await cli(['apply', dir, '--kubeconfig', env.kubeconfig]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/validation failed, nothing was applied:\n {2}RKE2ControlPlane\/multinode-cluster spec.replicas: 3 control-plane replicas but only 2 BareMetalHost/);
    expect(live(env.sim, 'metal3.io/v1alpha1', 'BareMetalHost')).toEqual([]);

    const forced = await cli(['apply', dir, '--no-validate', '--kubeconfig', env.kubeconfig, '--kubeconfig-out', env.dir, '--stable', '200ms',
      '--stage-timeout', 'control-plane=20s']);
    expect(forced.code).toBe(1);
    expect(forced.stderr).toMatch(/❌ Waiting for control plane to be ready: the control-plane stage timeout \(20s\) expired/);
    expect(forced.stderr).toMatch(/RKE2ControlPlane default\/multinode-cluster: in-progress — .*2\/3 ready.*No available host/s);
  });

  test('under injected 429/5xx/connection resets/watch drops the run still converges', async () => {
    env = await startSim({ faults: '429:0.1@1s,500:0.03,503:0.05,reset:0.02,watchdrop:3s,seed:11' });
    const r = await cli(['apply', REFERENCE_DIST, '--kubeconfig', env.kubeconfig, '--kubeconfig-out', env.dir, '--stable', '200ms', '--output', 'json'], { timeoutMs: 180_000 });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const done = r.stdout.trim().split('\n').map(l => JSON.parse(l)).find(e => e.type === 'done');
    expect(done.objects).toBe(15);
    expect(live(env.sim, 'cluster.x-k8s.io/v1beta2', 'Machine')).toHaveLength(3);
  });

  test('killed mid-run and rerun: completes, every object present once', async () => {
    env = await startSim({ speed: 150 });
    const args = ['apply', REFERENCE_DIST, '--kubeconfig', env.kubeconfig, '--kubeconfig-out', env.dir, '--stable', '200ms'];
    const killed = await cli(args, { killWhen: /Waiting for control plane to be ready/ });
    expect(killed.signal).toBe('SIGKILL');
    const rerun = await cli(args);
    expect(rerun.stderr).toBe('');
    expect(rerun.code).toBe(0);
    expect(live(env.sim, 'metal3.io/v1alpha1', 'BareMetalHost')).toHaveLength(3);
    expect(live(env.sim, 'cluster.x-k8s.io/v1beta2', 'Machine')).toHaveLength(3);
    expect(live(env.sim, 'infrastructure.cluster.x-k8s.io/v1beta2', 'Metal3Machine')).toHaveLength(3);
    expect(live(env.sim, 'cluster.x-k8s.io/v1beta2', 'Cluster').map(c => c.metadata.name)).toEqual(['multinode-cluster']);
    const hosts = live(env.sim, 'metal3.io/v1alpha1', 'BareMetalHost');
    expect(new Set(hosts.map(h => h.spec.consumerRef?.name)).size).toBe(3);
  });

  test('an unreachable cluster and a missing provider are clear errors (exit 2 / 1) and touch nothing', async () => {
    env = await startSim({ pinnedCrds: false });
    const missing = await cli(['apply', REFERENCE_DIST, '--kubeconfig', env.kubeconfig]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/nothing was applied:/);
    expect(missing.stderr).toMatch(/the cluster does not serve BareMetalHost \(metal3.io\/v1alpha1\): install the Metal3 baremetal-operator/);
    expect(missing.stderr).toMatch(/RKE2ControlPlane .*clusterctl init --control-plane rke2/);
    expect(live(env.sim, 'v1', 'Secret')).toEqual([]);
    await env.stop();
    const gone = await cli(['apply', REFERENCE_DIST, '--kubeconfig', env.kubeconfig]);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toMatch(/^error: cannot reach the cluster at https:\/\/127\.0\.0\.1:\d+/);
    env = undefined;
  });
});
