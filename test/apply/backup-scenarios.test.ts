// backup and restore through the CLI (main() in this process) against the simulator, in
// simulated time: the reference cluster backed up, lost from the management cluster (its objects
// gone, the hardware still provisioned), restored, and `status` ready with nothing duplicated; a
// restore into another management cluster killed while the Cluster is paused, and rerun; a
// backup without Secrets refused up front by a target that lacks them. The former end-to-end
// suite's assertions, in process.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { REFERENCE_FILE, Scenario } from './scenario';

const REFERENCE_DIST = join(REFERENCE_FILE, '..');
const CAPI = 'cluster.x-k8s.io/v1beta2';
const INFRA = 'infrastructure.cluster.x-k8s.io/v1beta2';
const BMH = 'metal3.io/v1alpha1';
const KC = ['--kubeconfig', '/nowhere/sim.kubeconfig'];

const condition = (o: any, type: string) => (o?.status?.conditions ?? []).find((c: any) => c.type === type);

/** The management cluster loses the objects (etcd restored from an old snapshot, a namespace deleted): gone without controllers running their finalizers. */
function lose(sc: Scenario, objects: any[]): void {
  const engine = sc.sim.server.engine;
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

function expectNotPaused(sc: Scenario): void {
  for (const c of sc.live(CAPI, 'Cluster')) {
    expect(c.spec.paused === true).toBe(false);
    expect(c.metadata.annotations?.['cdk8s-capi.io/paused']).toBeUndefined();
  }
  for (const h of sc.live(BMH, 'BareMetalHost')) expect(h.metadata.annotations?.['baremetalhost.metal3.io/paused']).toBeUndefined();
}

function expectOneOfEach(sc: Scenario, machineNames: string[]): void {
  expect(sc.live(CAPI, 'Cluster').map(c => c.metadata.name)).toEqual(['multinode-cluster']);
  expect(sc.live(CAPI, 'Machine').map(m => m.metadata.name).sort()).toEqual(machineNames);
  expect(sc.live(INFRA, 'Metal3Machine').map(m => m.metadata.name).sort()).toEqual(machineNames);
  const hosts = sc.live(BMH, 'BareMetalHost');
  expect(hosts.map(h => h.status?.provisioning?.state)).toEqual(['provisioned', 'provisioned', 'provisioned']);
  expect(hosts.map(h => h.spec.consumerRef?.name).sort()).toEqual(machineNames);
}

const scenarios: Scenario[] = [];
afterEach(async () => {
  for (const s of scenarios.splice(0)) {
    expect(s.errors).toEqual([]);
    await s.stop();
  }
});
const scenario = (opts = {}) => {
  const s = new Scenario(opts);
  scenarios.push(s);
  return s;
};

test('backup → objects lost → restore → status: the cluster is back and ready, nothing duplicated, nothing paused', async () => {
  const sc = scenario();
  expect((await sc.cli(['apply', REFERENCE_DIST, ...KC, '--kubeconfig-out', sc.dir])).code).toBe(0);
  const machineNames = sc.live(CAPI, 'Machine').map(m => m.metadata.name).sort();

  const plainDir = join(sc.dir, 'backup');
  const plain = await sc.cli(['backup', 'multinode-cluster', '-o', plainDir, ...KC]);
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

  const fullDir = join(sc.dir, 'backup-full');
  const full = await sc.cli(['backup', 'multinode-cluster', '-o', fullDir, '--include-secrets', ...KC]);
  expect(full.code).toBe(0);
  const secrets = readDir(fullDir).filter(f => f.object.kind === 'Secret');
  expect(secrets.map(s => s.object.metadata.name)).toContain('node1-example-credentials');
  expect(secrets.map(s => s.object.metadata.name)).toContain('multinode-cluster-kubeconfig');
  for (const s of secrets) expect(statSync(join(fullDir, s.file)).mode & 0o777).toBe(0o600);
  expect(statSync(fullDir).mode & 0o777).toBe(0o700);
  const refused = await sc.cli(['backup', 'multinode-cluster', '-o', fullDir, ...KC]);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/is not empty: back up into a new or empty directory/);

  lose(sc, readDir(fullDir).map(f => f.object));
  expect(sc.live(CAPI, 'Cluster')).toEqual([]);
  expect(sc.live(BMH, 'BareMetalHost')).toEqual([]);

  const restored = await sc.cli(['restore', fullDir, ...KC, '--journal', join(sc.dir, 'journal.json')]);
  expect(restored.stderr).toBe('');
  expect(restored.code).toBe(0);
  expect(restored.stdout).toMatch(/Resumed reconciliation of Cluster default\/multinode-cluster \(spec\.paused\)/);
  expect(restored.stdout).toMatch(/^restored \d+ objects \(0 already present, \d+ linked to their owners\)$/m);
  const status = await sc.cli(['status', REFERENCE_DIST, ...KC]);
  expect(status.code).toBe(0);
  expect(status.stdout).toMatch(/✔ RKE2ControlPlane default\/multinode-cluster +3\/3 ready/);
  expectOneOfEach(sc, machineNames);
  // Owners linked to the new uids.
  const cluster = sc.live(CAPI, 'Cluster')[0];
  const rcp = sc.live('controlplane.cluster.x-k8s.io/v1beta2', 'RKE2ControlPlane')[0];
  expect(rcp.metadata.ownerReferences.map((r: any) => r.uid)).toContain(cluster.metadata.uid);
  for (const m of sc.live(CAPI, 'Machine')) expect(m.metadata.ownerReferences.map((r: any) => r.uid)).toEqual([rcp.metadata.uid]);
  expect(condition(cluster, 'Available').status).toBe('True');
  expectNotPaused(sc);
});

test('restore into another management cluster, killed while the Cluster is paused, then rerun: it continues and unpauses; a backup without Secrets is refused up front', async () => {
  const source = scenario();
  expect((await source.cli(['apply', REFERENCE_DIST, ...KC, '--kubeconfig-out', source.dir])).code).toBe(0);
  const machineNames = source.live(CAPI, 'Machine').map(m => m.metadata.name).sort();
  const plainDir = join(source.dir, 'plain');
  const fullDir = join(source.dir, 'full');
  expect((await source.cli(['backup', 'multinode-cluster', '-o', plainDir, ...KC])).code).toBe(0);
  expect((await source.cli(['backup', 'multinode-cluster', '-o', fullDir, '--include-secrets', ...KC])).code).toBe(0);

  const target = scenario({ seed: 9 });
  const missing = await target.cli(['restore', plainDir, ...KC]);
  expect(missing.code).toBe(1);
  expect(missing.stderr).toMatch(/❌ nothing was restored: 3 Secret\(s\) the cluster needs are neither in the backup nor in the target: default\/node1-example-credentials \(credentials\)/);
  expect(target.live(BMH, 'BareMetalHost')).toEqual([]);

  const journal = join(target.dir, 'journal.json');
  const killed = await target.cli(['-v', 'restore', fullDir, ...KC, '--journal', journal], { killWhen: /applied Cluster default\/multinode-cluster/ });
  expect(killed.killed).toBe(true);
  const paused = target.live(CAPI, 'Cluster')[0];
  expect(paused.spec.paused).toBe(true);
  expect(JSON.parse(paused.metadata.annotations['cdk8s-capi.io/paused'])).toEqual({ by: 'restore', previous: null });
  expect(JSON.parse(readFileSync(journal, 'utf8')).paused.map((p: any) => p.key)).toEqual(['cluster.x-k8s.io/Cluster/default/multinode-cluster']);

  const rerun = await target.cli(['restore', fullDir, ...KC, '--journal', journal]);
  expect(rerun.stderr).toBe('');
  expect(rerun.code).toBe(0);
  expectOneOfEach(target, machineNames);
  expectNotPaused(target);
  expect(JSON.parse(readFileSync(journal, 'utf8')).paused).toEqual([]);
  const status = await target.cli(['status', REFERENCE_DIST, ...KC]);
  expect(status.code).toBe(0);
});
