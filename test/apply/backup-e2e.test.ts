// backup and restore against the simulator, through the built CLI: the reference cluster
// backed up, lost from the management cluster (its objects gone, the hardware still
// provisioned), restored, and `status` ready with nothing duplicated; a restore into another
// management cluster killed while the Cluster is paused, and rerun; a backup without Secrets
// refused up front by a target that lacks them.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { REFERENCE_DIST, RunningSim, cli, live, startSim } from './e2e-helpers';

const CAPI = 'cluster.x-k8s.io/v1beta2';
const INFRA = 'infrastructure.cluster.x-k8s.io/v1beta2';
const BMH = 'metal3.io/v1alpha1';

const condition = (o: any, type: string) => (o?.status?.conditions ?? []).find((c: any) => c.type === type);

/** The management cluster loses the objects (etcd restored from an old snapshot, a namespace deleted): gone without controllers running their finalizers. */
function lose(env: RunningSim, objects: any[]): void {
  const engine = env.sim.server.engine;
  for (const o of [...objects].reverse()) {
    const t = engine.types.forKind(o.apiVersion, o.kind)!;
    const ns = t.namespaced ? o.metadata.namespace ?? 'default' : '';
    const cur = engine.find(t, ns, o.metadata.name);
    if (!cur) continue;
    if (cur.metadata.finalizers?.length) engine.update(t, ns, o.metadata.name, { apiVersion: o.apiVersion, kind: o.kind, ...cur, metadata: { ...cur.metadata, finalizers: [] } }, { fieldManager: 'test' });
    if (engine.find(t, ns, o.metadata.name)) engine.delete(t, ns, o.metadata.name, {}, 'test');
  }
}

function readDir(dir: string): Array<{ file: string; object: any }> {
  return readdirSync(dir).filter(f => f.endsWith('.yaml')).sort().map(file => ({ file, object: parse(readFileSync(join(dir, file), 'utf8')) }));
}

function expectNotPaused(env: RunningSim): void {
  for (const c of live(env.sim, CAPI, 'Cluster')) {
    expect(c.spec.paused === true).toBe(false);
    expect(c.metadata.annotations?.['cdk8s-capi.io/paused']).toBeUndefined();
  }
  for (const h of live(env.sim, BMH, 'BareMetalHost')) expect(h.metadata.annotations?.['baremetalhost.metal3.io/paused']).toBeUndefined();
}

function expectOneOfEach(env: RunningSim, machineNames: string[]): void {
  expect(live(env.sim, CAPI, 'Cluster').map(c => c.metadata.name)).toEqual(['multinode-cluster']);
  expect(live(env.sim, CAPI, 'Machine').map(m => m.metadata.name).sort()).toEqual(machineNames);
  expect(live(env.sim, INFRA, 'Metal3Machine').map(m => m.metadata.name).sort()).toEqual(machineNames);
  const hosts = live(env.sim, BMH, 'BareMetalHost');
  expect(hosts.map(h => h.status?.provisioning?.state)).toEqual(['provisioned', 'provisioned', 'provisioned']);
  expect(hosts.map(h => h.spec.consumerRef?.name).sort()).toEqual(machineNames);
}

describe('backup and restore against the simulator', () => {
  const sims: RunningSim[] = [];
  afterEach(async () => {
    for (const s of sims.splice(0)) await s.stop();
  });
  const fast = ['--stable', '200ms'];

  test('backup → objects lost → restore → status: the cluster is back and ready, nothing duplicated, nothing paused', async () => {
    const env = await startSim();
    sims.push(env);
    expect((await cli(['apply', REFERENCE_DIST, '--kubeconfig', env.kubeconfig, '--kubeconfig-out', env.dir, ...fast])).code).toBe(0);
    const machineNames = live(env.sim, CAPI, 'Machine').map(m => m.metadata.name).sort();

    const plainDir = join(env.dir, 'backup');
    const plain = await cli(['backup', 'multinode-cluster', '-o', plainDir, '--kubeconfig', env.kubeconfig]);
    expect(plain.stderr).toBe('');
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/^backed up 22 objects of multinode-cluster to /m);
    expect(plain.stdout).toMatch(/Secret\(s\) not included .*node1-example-credentials \(credentials\)/);
    const files = readDir(plainDir);
    expect(files.map(f => f.file.replace(/-[a-z0-9]{5}\.yaml$/, '-*.yaml'))).toEqual([
      '001-baremetalhost-node1-example.yaml', '002-baremetalhost-node2-example.yaml', '003-baremetalhost-node3-example.yaml',
      '004-cluster-multinode-cluster.yaml', '005-metal3cluster-multinode-cluster.yaml',
      expect.stringMatching(/^006-metal3datatemplate-/), expect.stringMatching(/^007-metal3datatemplate-/),
      expect.stringMatching(/^008-metal3machinetemplate-/), expect.stringMatching(/^009-metal3machinetemplate-/),
      expect.stringMatching(/^010-rke2configtemplate-/), '011-rke2controlplane-multinode-cluster.yaml',
      '012-machinedeployment-multinode-cluster-workers.yaml', expect.stringMatching(/^013-machineset-multinode-cluster-workers-/),
      '014-machine-multinode-cluster-*.yaml', '015-machine-multinode-cluster-*.yaml', '016-machine-multinode-cluster-*.yaml',
      '017-metal3machine-multinode-cluster-*.yaml', '018-metal3machine-multinode-cluster-*.yaml', '019-metal3machine-multinode-cluster-*.yaml',
      '020-rke2config-multinode-cluster-*.yaml', '021-rke2config-multinode-cluster-*.yaml', '022-rke2config-multinode-cluster-*.yaml',
    ]);
    for (const { file, object } of files) {
      expect({ file, server: ['uid', 'resourceVersion', 'managedFields', 'creationTimestamp', 'generation'].filter(f => f in object.metadata), status: 'status' in object })
        .toEqual({ file, server: [], status: false });
      for (const r of object.metadata.ownerReferences ?? []) expect(r.uid).toBeUndefined();
    }
    const host = files[0].object;
    expect(JSON.parse(host.metadata.annotations['baremetalhost.metal3.io/status']).provisioning.state).toBe('provisioned');
    expect(files.some(f => f.object.kind === 'Secret')).toBe(false);
    const index = JSON.parse(readFileSync(join(plainDir, 'backup.json'), 'utf8'));
    expect(index.secrets.filter((s: any) => s.role === 'credentials').map((s: any) => s.name)).toEqual(['node1-example-credentials', 'node2-example-credentials', 'node3-example-credentials']);

    const fullDir = join(env.dir, 'backup-full');
    const full = await cli(['backup', 'multinode-cluster', '-o', fullDir, '--include-secrets', '--kubeconfig', env.kubeconfig]);
    expect(full.code).toBe(0);
    const secrets = readDir(fullDir).filter(f => f.object.kind === 'Secret');
    expect(secrets.map(s => s.object.metadata.name)).toContain('node1-example-credentials');
    expect(secrets.map(s => s.object.metadata.name)).toContain('multinode-cluster-kubeconfig');
    for (const s of secrets) expect(statSync(join(fullDir, s.file)).mode & 0o777).toBe(0o600);
    expect(statSync(fullDir).mode & 0o777).toBe(0o700);
    const refused = await cli(['backup', 'multinode-cluster', '-o', fullDir, '--kubeconfig', env.kubeconfig]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is not empty: back up into a new or empty directory/);

    lose(env, readDir(fullDir).map(f => f.object));
    expect(live(env.sim, CAPI, 'Cluster')).toEqual([]);
    expect(live(env.sim, BMH, 'BareMetalHost')).toEqual([]);

    const restored = await cli(['restore', fullDir, '--kubeconfig', env.kubeconfig, ...fast, '--journal', join(env.dir, 'journal.json')]);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/Resumed reconciliation of Cluster default\/multinode-cluster \(spec\.paused\)/);
    expect(restored.stdout).toMatch(/^restored \d+ objects \(0 already present, \d+ linked to their owners\)$/m);
    const status = await cli(['status', REFERENCE_DIST, '--kubeconfig', env.kubeconfig]);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/✔ RKE2ControlPlane default\/multinode-cluster +3\/3 ready/);
    expectOneOfEach(env, machineNames);
    // Owners linked to the new uids.
    const cluster = live(env.sim, CAPI, 'Cluster')[0];
    const rcp = live(env.sim, 'controlplane.cluster.x-k8s.io/v1beta2', 'RKE2ControlPlane')[0];
    expect(rcp.metadata.ownerReferences.map((r: any) => r.uid)).toContain(cluster.metadata.uid);
    for (const m of live(env.sim, CAPI, 'Machine')) expect(m.metadata.ownerReferences.map((r: any) => r.uid)).toEqual([rcp.metadata.uid]);
    expect(condition(cluster, 'Available').status).toBe('True');
    expectNotPaused(env);
  }, 180_000);

  test('restore into another management cluster, killed while the Cluster is paused, then rerun: it continues and unpauses; a backup without Secrets is refused up front', async () => {
    const source = await startSim();
    sims.push(source);
    expect((await cli(['apply', REFERENCE_DIST, '--kubeconfig', source.kubeconfig, '--kubeconfig-out', source.dir, ...fast])).code).toBe(0);
    const machineNames = live(source.sim, CAPI, 'Machine').map(m => m.metadata.name).sort();
    const plainDir = join(source.dir, 'plain');
    const fullDir = join(source.dir, 'full');
    expect((await cli(['backup', 'multinode-cluster', '-o', plainDir, '--kubeconfig', source.kubeconfig])).code).toBe(0);
    expect((await cli(['backup', 'multinode-cluster', '-o', fullDir, '--include-secrets', '--kubeconfig', source.kubeconfig])).code).toBe(0);

    const target = await startSim({ faults: 'slow:100ms', seed: 9 });
    sims.push(target);
    const missing = await cli(['restore', plainDir, '--kubeconfig', target.kubeconfig]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/❌ nothing was restored: 3 Secret\(s\) the cluster needs are neither in the backup nor in the target: default\/node1-example-credentials \(credentials\)/);
    expect(live(target.sim, BMH, 'BareMetalHost')).toEqual([]);

    const journal = join(target.dir, 'journal.json');
    const killed = await cli(['-v', 'restore', fullDir, '--kubeconfig', target.kubeconfig, '--journal', journal, ...fast], { killWhen: /applied Cluster default\/multinode-cluster/ });
    expect(killed.signal).toBe('SIGKILL');
    const paused = live(target.sim, CAPI, 'Cluster')[0];
    expect(paused.spec.paused).toBe(true);
    expect(JSON.parse(paused.metadata.annotations['cdk8s-capi.io/paused'])).toEqual({ by: 'restore', previous: null });
    expect(JSON.parse(readFileSync(journal, 'utf8')).paused.map((p: any) => p.key)).toEqual(['cluster.x-k8s.io/Cluster/default/multinode-cluster']);

    const rerun = await cli(['restore', fullDir, '--kubeconfig', target.kubeconfig, '--journal', journal, ...fast], { timeoutMs: 150_000 });
    expect(rerun.stderr).toBe('');
    expect(rerun.code).toBe(0);
    expectOneOfEach(target, machineNames);
    expectNotPaused(target);
    expect(JSON.parse(readFileSync(journal, 'utf8')).paused).toEqual([]);
    const status = await cli(['status', REFERENCE_DIST, '--kubeconfig', target.kubeconfig]);
    expect(status.code).toBe(0);
  }, 240_000);
});
