// apply, status and delete through the CLI (main() in this process) against the simulator, in
// simulated time at realistic durations: the scenarios of the former end-to-end suite, with the
// same assertions on the same output. Kills are a client dying mid-run and a new process
// starting against the same cluster state. (The real-process versions: test/smoke/.)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { expectReferenceApplied, REFERENCE_KINDS as KINDS } from './reference-apply';
import { BMC_ENV, HOUR, MIN, REFERENCE_FILE, Scenario } from './scenario';

const REFERENCE_DIST = join(REFERENCE_FILE, '..');
const KC = ['--kubeconfig', '/nowhere/sim.kubeconfig'];
let sc: Scenario;
afterEach(async () => {
  expect(sc.errors).toEqual([]);
  await sc.stop();
});

test('the reference cluster goes from empty to a kubeconfig; status agrees; delete leaves nothing behind', async () => {
  sc = new Scenario();
  const out = join(sc.dir, 'kubeconfigs');
  const r = await sc.cli(['apply', REFERENCE_DIST, ...KC, '--kubeconfig-out', out, '--output', 'json']);
  const { done } = expectReferenceApplied(r, out);
  // Realistic durations: hosts inspect for minutes, the control plane takes most of an hour.
  expect(done.ms).toBeGreaterThan(30 * MIN);
  expect(done.ms).toBeLessThan(2 * HOUR);
  // The BMC credentials were substituted: the cluster has the values, no output has them.
  const secrets = sc.live('v1', 'Secret').filter(x => /^node\d-example-credentials$/.test(x.metadata.name));
  expect(secrets.map(x => Buffer.from(x.data.password, 'base64').toString())).toEqual([BMC_ENV.BMC_NODE1_PASSWORD, BMC_ENV.BMC_NODE2_PASSWORD, BMC_ENV.BMC_NODE3_PASSWORD]);
  for (const v of Object.values(BMC_ENV)) expect(r.stdout + r.stderr).not.toContain(v);

  const status = await sc.cli(['status', REFERENCE_DIST, ...KC]);
  expect(status.code).toBe(0);
  expect(status.stdout).toMatch(/^Enrolling bare-metal hosts$/m);
  expect(status.stdout).toMatch(/^ {2}✔ BareMetalHost default\/node1-example +provisioned$/m);
  expect(status.stdout).toMatch(/✔ RKE2ControlPlane default\/multinode-cluster +3\/3 ready/);

  const del = await sc.cli(['delete', REFERENCE_DIST, ...KC]);
  expect(del.stderr).toBe('');
  expect(del.code).toBe(0);
  // (objects the Cluster's foreground deletion removed first count as already gone)
  expect(del.stdout).toMatch(/^deleted \d+ objects$/m);
  expect(del.stdout).not.toMatch(/: deleted$/m);
  for (const [av, kind] of KINDS) expect({ kind, left: sc.live(av, kind).map(o => o.metadata.name) }).toEqual({ kind, left: [] });
});

test('a host with bad credentials fails the run in the host phase, with the BMH error', async () => {
  sc = new Scenario({ hostFaults: { 'default/node2-example': ['bad-credentials'] } });
  const r = await sc.cli(['apply', REFERENCE_DIST, ...KC, '--kubeconfig-out', sc.dir, '--failure-window', '1s', '--stable', '200ms']);
  expect(r.code).toBe(1);
  expect(r.stdout).toMatch(/Enrolling bare-metal hosts/);
  expect(r.stdout).not.toMatch(/Creating cluster objects/);
  expect(r.stderr).toMatch(/❌ BareMetalHost default\/node2-example failed: registration error: /);
  expect(r.stderr).toMatch(/Stuck:\n {2}BareMetalHost default\/node2-example: failed — registration error/);
  expect(r.stderr).not.toMatch(/node1-example/);
  expect(r.stderr).toMatch(/Next:\n {2}kubectl describe baremetalhost.metal3.io node2-example -n default/);
  // nothing of the cluster was created
  expect(sc.live('cluster.x-k8s.io/v1beta2', 'Cluster')).toEqual([]);
});

test('the default failure window: BMO retries registration for two minutes before the run gives up', async () => {
  sc = new Scenario({ hostFaults: { 'default/node2-example': ['bad-credentials'] } });
  const r = await sc.cli(['apply', REFERENCE_DIST, ...KC, '--kubeconfig-out', sc.dir]);
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(/❌ BareMetalHost default\/node2-example failed: registration error: .* \(for 2m\)/);
});

test('too few hosts: refused up front at file:line; forced through, the control plane stalls with the reason', async () => {
  sc = new Scenario();
  const dir = join(sc.dir, 'two-hosts');
  mkdirSync(dir);
  const docs = parseAllDocuments(readFileSync(REFERENCE_FILE, 'utf8')).map(d => d.toJS()).filter(o => !/^node3-example/.test(o.metadata.name));
  writeFileSync(join(dir, 'cluster.yaml'), docs.map(d => stringify(d)).join('---\n'));
  const refused = await sc.cli(['apply', dir, ...KC]);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(new RegExp(`validation failed, nothing was applied:\\n {2}${join(dir, 'cluster.yaml').replace(/[.]/g, '\\.')}:\\d+ RKE2ControlPlane/multinode-cluster spec.replicas: 3 control-plane replicas but only 2 BareMetalHost`));
  expect(sc.live('metal3.io/v1alpha1', 'BareMetalHost')).toEqual([]);

  const forced = await sc.cli(['apply', dir, '--no-validate', ...KC, '--kubeconfig-out', sc.dir, '--stage-timeout', 'control-plane=2h', '--resource-timeout', '3h']);
  expect(forced.code).toBe(1);
  expect(forced.stderr).toMatch(/❌ Waiting for control plane to be ready: the control-plane stage timeout \(2h\) expired/);
  expect(forced.stderr).toMatch(/RKE2ControlPlane default\/multinode-cluster: in-progress — .*2\/3 ready.*No available host/s);
});

test('under injected 429/5xx/connection resets/watch drops the run still converges', async () => {
  sc = new Scenario();
  const r = await sc.cli(['apply', REFERENCE_DIST, ...KC, '--kubeconfig-out', sc.dir, '--output', 'json', '-v'],
    { kube: { faults: '429:0.1@1s,500:0.03,503:0.05,reset:0.02,watchdrop:3s,seed:11' } });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const events = r.stdout.trim().split('\n').map(l => JSON.parse(l));
  const done = events.find(e => e.type === 'done');
  expect(done.objects).toBe(15);
  // The faults happened and were retried, each reported; dropped watches were watched again.
  expect(done.retries).toBeGreaterThan(0);
  expect(events.filter(e => e.type === 'retry')).toHaveLength(done.retries);
  expect(done.watches).toBeGreaterThan(20);
  expect(sc.live('cluster.x-k8s.io/v1beta2', 'Machine')).toHaveLength(3);
});

test('killed mid-run and rerun: completes, every object present once', async () => {
  sc = new Scenario();
  const args = ['apply', REFERENCE_DIST, ...KC, '--kubeconfig-out', sc.dir];
  const killed = await sc.cli(args, { killWhen: /Waiting for control plane to be ready/ });
  expect(killed.killed).toBe(true);
  const rerun = await sc.cli(args);
  expect(rerun.stderr).toBe('');
  expect(rerun.code).toBe(0);
  expect(sc.live('metal3.io/v1alpha1', 'BareMetalHost')).toHaveLength(3);
  expect(sc.live('cluster.x-k8s.io/v1beta2', 'Machine')).toHaveLength(3);
  expect(sc.live('infrastructure.cluster.x-k8s.io/v1beta2', 'Metal3Machine')).toHaveLength(3);
  expect(sc.live('cluster.x-k8s.io/v1beta2', 'Cluster').map(c => c.metadata.name)).toEqual(['multinode-cluster']);
  const hosts = sc.live('metal3.io/v1alpha1', 'BareMetalHost');
  expect(new Set(hosts.map(h => h.spec.consumerRef?.name)).size).toBe(3);
});

test('without the BMC variables: exit 1 before anything is touched, naming them; with --env-file it goes ahead', async () => {
  sc = new Scenario();
  const unset = Object.fromEntries(Object.keys(BMC_ENV).map(k => [k, undefined]));
  const r = await sc.cli(['apply', REFERENCE_DIST, ...KC, '--kubeconfig-out', sc.dir], { env: unset });
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(/^error: unresolved placeholders, nothing was applied: variables not set: BMC_NODE1_PASSWORD, BMC_NODE1_USERNAME, /);
  expect(r.stderr).toContain('  Secret default/node2-example-credentials stringData.password: ${BMC_NODE2_PASSWORD} not set');
  expect(sc.live('v1', 'Secret')).toEqual([]);

  const envFile = join(sc.dir, 'bmc.env');
  writeFileSync(envFile, Object.entries(BMC_ENV).map(([k, v]) => `${k}="${v}"`).join('\n'));
  const dry = await sc.cli(['apply', REFERENCE_DIST, ...KC, '--kubeconfig-out', sc.dir, '--env-file', envFile, '--dry-run', 'server'], { env: unset });
  expect(dry.stderr).toBe('');
  expect(dry.code).toBe(0);
});

test('--dry-run server: "dry run" on every stage and at the end, nothing created, no kubeconfig, no journal', async () => {
  sc = new Scenario();
  const out = join(sc.dir, 'out');
  const r = await sc.cli(['-v', 'apply', REFERENCE_DIST, ...KC, '--kubeconfig-out', out, '--dry-run', 'server']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const lines = r.stdout.trim().split('\n');
  expect(lines.filter(l => !l.startsWith('   ')).every(l => /Dry run/.test(l))).toBe(true);
  expect(lines[lines.length - 1]).toMatch(/^✔ Dry run done in \S+: the server accepted all 15 objects \(\d+ API requests\); nothing was changed$/);
  expect(lines.filter(l => /^ {3}accepted \(dry run\) /.test(l))).toHaveLength(15);
  expect(r.stdout).not.toMatch(/\bapplied\b|written|kubeconfig multinode-cluster/);
  expect(existsSync(out)).toBe(false);
  expect(sc.live('metal3.io/v1alpha1', 'BareMetalHost')).toEqual([]);
  expect(sc.live('v1', 'Secret')).toEqual([]);
});

test('a missing provider is a clear error (exit 1) naming what to install, and nothing is touched', async () => {
  sc = new Scenario({ pinnedCrds: false });
  const missing = await sc.cli(['apply', REFERENCE_DIST, ...KC]);
  expect(missing.code).toBe(1);
  expect(missing.stderr).toMatch(/nothing was applied:/);
  expect(missing.stderr).toMatch(/the cluster does not serve BareMetalHost \(metal3.io\/v1alpha1\): install the Metal3 baremetal-operator/);
  expect(missing.stderr).toMatch(/RKE2ControlPlane .*clusterctl init --control-plane rke2/);
  expect(sc.live('v1', 'Secret')).toEqual([]);
});
