// plan and upgrade through the CLI (main() in this process) against the simulator, in simulated
// time at realistic durations: the reference cluster built at v1.33 / v1.34 / v1.35 (a new OS
// image at v1.35, so its machine templates get new content-hash names), a refused skip-a-minor
// upgrade, a stuck machine and a rerun, a killed run and a rerun, and an EKS Anywhere upgrade
// killed while its controller is paused. The former end-to-end suite's assertions, in process.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Scenario } from './scenario';
import { DIST_DIR } from '../../build-tools/examples';
import { build } from '../../examples/reference-multinode/main';

const CAPI = 'cluster.x-k8s.io/v1beta2';
const RCP = 'controlplane.cluster.x-k8s.io/v1beta2';
const EKSA = 'anywhere.eks.amazonaws.com/v1alpha1';
const IMAGE = 'http://imagecache.local:8080/eibimage-output-telco.raw';
const KC = ['--kubeconfig', '/nowhere/sim.kubeconfig'];

/** The reference cluster (examples/reference-multinode) at another version and image, synthesized into `dir`. */
function reference(dir: string, version: string, image = IMAGE): string {
  build(dir, { version, controlPlaneImage: image }).synth();
  return dir;
}

const machines = (sc: Scenario) => sc.live(CAPI, 'Machine').filter(m => !m.metadata.deletionTimestamp);
const rcp = (sc: Scenario) => sc.live(RCP, 'RKE2ControlPlane')[0];
const cluster = (sc: Scenario) => sc.live(CAPI, 'Cluster')[0];
const condition = (o: any, type: string) => (o?.status?.conditions ?? []).find((c: any) => c.type === type);

/** No pause of ours (or anybody's) left on the cluster's objects. */
function expectNothingPaused(sc: Scenario): void {
  const all = [...sc.live(CAPI, 'Cluster'), ...sc.live(RCP, 'RKE2ControlPlane'), ...sc.live(CAPI, 'MachineDeployment'),
    ...sc.live('metal3.io/v1alpha1', 'BareMetalHost'), ...sc.live(EKSA, 'Cluster')];
  for (const o of all) {
    expect({ object: `${o.kind}/${o.metadata.name}`, paused: o.spec?.paused === true, annotations: Object.keys(o.metadata.annotations ?? {}).filter(a => /paused/.test(a)) })
      .toEqual({ object: `${o.kind}/${o.metadata.name}`, paused: false, annotations: [] });
  }
}

function annotate(sc: Scenario, apiVersion: string, kind: string, name: string, key: string, value: string | null): void {
  const engine = sc.sim.server.engine;
  const t = engine.types.forKind(apiVersion, kind)!;
  const obj = engine.find(t, 'default', name);
  const annotations = { ...(obj.metadata.annotations ?? {}) };
  if (value === null) delete annotations[key];
  else annotations[key] = value;
  engine.update(t, 'default', name, { apiVersion, kind, ...obj, metadata: { ...obj.metadata, annotations } }, { fieldManager: 'test' });
}

let sc: Scenario;
let dirs: Record<string, string>;
beforeAll(() => {
  const base = mkdtempSync(join(tmpdir(), 'upgrade-scenarios-'));
  dirs = {
    v133: reference(join(base, 'v1.33'), 'v1.33.6+rke2r1'),
    v134: reference(join(base, 'v1.34'), 'v1.34.2+rke2r1'),
    v135: reference(join(base, 'v1.35'), 'v1.35.1+rke2r1', 'http://imagecache.local:8080/eibimage-output-telco-6.2.raw'),
  };
});
afterEach(async () => {
  expect(sc.errors).toEqual([]);
  await sc.stop();
});

test('v1.34 → v1.35: plan shows the field changes and passes; upgrade rolls every machine onto the new template and version', async () => {
  sc = new Scenario();
  expect((await sc.cli(['apply', dirs.v134, ...KC, '--kubeconfig-out', sc.dir])).code).toBe(0);
  const oldTemplate = rcp(sc).spec.machineTemplate.spec.infrastructureRef.name;

  const against = await sc.cli(['plan', dirs.v135, '--against', dirs.v134]);
  expect(against.code).toBe(0);
  expect(against.stdout).toMatch(/^~ RKE2ControlPlane default\/multinode-cluster: update$/m);
  expect(against.stdout).toMatch(/^ {4}~ spec\.version: "v1\.34\.2\+rke2r1" → "v1\.35\.1\+rke2r1"$/m);
  expect(against.stdout).toMatch(/^ {4}~ spec\.machineTemplate\.spec\.infrastructureRef\.name: "multinode-cluster-controlplane-[0-9a-f]{8}" → "multinode-cluster-controlplane-[0-9a-f]{8}"$/m);
  expect(against.stdout).toMatch(/^\+ Metal3MachineTemplate default\/multinode-cluster-controlplane-[0-9a-f]{8}: create$/m);
  expect(against.stdout).toMatch(/^✅ Control plane Kubernetes version increment$/m);
  expect(against.stdout).toMatch(/^✅ Upgrade preflight validations pass$/m);

  const livePlan = await sc.cli(['plan', dirs.v135, '--live', ...KC]);
  expect(livePlan.stderr).toBe('');
  expect(livePlan.code).toBe(0);
  expect(livePlan.stdout).toMatch(/server-side dry run/);
  expect(livePlan.stdout).toMatch(/^✅ Hosts available for rolling updates$/m);
  expect(livePlan.stdout).toMatch(/^✅ Cluster available$/m);
  // Server-set fields are not differences.
  expect(livePlan.stdout).not.toMatch(/resourceVersion|managedFields|uid|creationTimestamp/);
  expect(livePlan.stdout).toMatch(/^1 to create, 2 to update, \d+ unchanged$/m);

  const up = await sc.cli(['upgrade', dirs.v135, ...KC, '--output', 'json']);
  expect(up.stderr).toBe('');
  expect(up.code).toBe(0);
  const events = up.stdout.trim().split('\n').map(l => JSON.parse(l));
  expect(events[0].type).toBe('preflights');
  expect(events.filter(e => e.type === 'stage-done').map(e => e.title)).toEqual(['Applying new templates and hosts', 'Upgrading control plane', 'Upgrading worker nodes', 'Waiting for cluster to be available']);
  const applied = events.filter(e => e.type === 'applied').map(e => e.object);
  // The new template first, then the control plane that points at it.
  expect(applied.findIndex((o: string) => o.startsWith('Metal3MachineTemplate'))).toBeLessThan(applied.indexOf('RKE2ControlPlane default/multinode-cluster'));

  const newTemplate = rcp(sc).spec.machineTemplate.spec.infrastructureRef.name;
  expect(newTemplate).not.toBe(oldTemplate);
  expect(machines(sc).map(m => m.spec.version)).toEqual(['v1.35.1+rke2r1', 'v1.35.1+rke2r1', 'v1.35.1+rke2r1']);
  const m3ms = sc.live('infrastructure.cluster.x-k8s.io/v1beta2', 'Metal3Machine');
  expect(m3ms.map(m => m.metadata.annotations['cluster.x-k8s.io/cloned-from-name'])).toEqual([newTemplate, newTemplate, newTemplate]);
  expect(rcp(sc).status).toEqual(expect.objectContaining({ replicas: 3, readyReplicas: 3, upToDateReplicas: 3, version: 'v1.35.1+rke2r1' }));
  expect(condition(cluster(sc), 'Available').status).toBe('True');
  expectNothingPaused(sc);
});

test('v1.33 → v1.35 is refused by plan and by upgrade, before anything is touched', async () => {
  sc = new Scenario();
  expect((await sc.cli(['apply', dirs.v133, ...KC, '--kubeconfig-out', sc.dir])).code).toBe(0);
  const plan = await sc.cli(['plan', dirs.v135, '--against', dirs.v133]);
  expect(plan.code).toBe(1);
  expect(plan.stdout).toMatch(/^❌ Control plane Kubernetes version increment\n {3}\S+multinode-cluster\.k8s\.yaml:\d+ RKE2ControlPlane\/multinode-cluster spec\.version: cannot upgrade from v1\.33\.6\+rke2r1 to v1\.35\.1\+rke2r1: the control plane moves one minor version at a time \(next: v1\.34\.x\)$/m);
  expect(plan.stdout).toMatch(/^❌ Upgrade preflight validations failed: nothing was changed$/m);
  const livePlan = await sc.cli(['plan', dirs.v135, '--live', ...KC]);
  expect(livePlan.code).toBe(1);
  expect(livePlan.stdout).toMatch(/^❌ Control plane Kubernetes version increment$/m);

  const before = rcp(sc);
  const templates = sc.live('infrastructure.cluster.x-k8s.io/v1beta2', 'Metal3MachineTemplate').map(t => t.metadata.name);
  const up = await sc.cli(['upgrade', dirs.v135, ...KC]);
  expect(up.code).toBe(1);
  expect(up.stderr).toBe('');
  expect(up.stdout).toMatch(/^Performing setup and validations$/m);
  expect(up.stdout).toMatch(/^❌ Control plane Kubernetes version increment$/m);
  expect(up.stdout).not.toMatch(/Upgrading control plane|Applying new templates/);
  expect(rcp(sc).metadata.resourceVersion).toBe(before.metadata.resourceVersion);
  expect(rcp(sc).spec.version).toBe('v1.33.6+rke2r1');
  expect(sc.live('infrastructure.cluster.x-k8s.io/v1beta2', 'Metal3MachineTemplate').map(t => t.metadata.name)).toEqual(templates);
  expectNothingPaused(sc);
});

test('a stuck machine fails the upgrade with the cluster serving on its old machines; a rerun after clearing the fault completes it', async () => {
  sc = new Scenario();
  expect((await sc.cli(['apply', dirs.v134, ...KC, '--kubeconfig-out', sc.dir])).code).toBe(0);
  const original = machines(sc).map(m => m.metadata.name).sort();
  annotate(sc, RCP, 'RKE2ControlPlane', 'multinode-cluster', 'sim.cdk8s-capi.io/fault', 'stuck-machine');
  const failed = await sc.cli(['upgrade', dirs.v135, ...KC, '--resource-timeout', '40m']);
  expect(failed.code).toBe(1);
  expect(failed.stderr).toMatch(/^❌ RKE2ControlPlane default\/multinode-cluster made no progress for 40m: 1\/3 machines on v1\.35\.1\+rke2r1, 2 old left/m);
  expect(failed.stderr).toMatch(/the control plane rollout stopped with 0 of 3 machine\(s\) replaced and ready; not ready: multinode-cluster-\w+; still serving on 2 old machine\(s\): /);
  expect(failed.stderr).toMatch(/^ {2}kubectl describe machine\.cluster\.x-k8s\.io multinode-cluster-\w+ -n default$/m);
  expect(failed.stderr).toMatch(new RegExp(`^ {2}cdk8s-capi upgrade ${dirs.v135.replace(/[.+]/g, '\\$&')} --kubeconfig \\S+ {3}# resumes where it stopped$`, 'm'));
  // Still serving: two of the original machines, ready, and the Cluster Available.
  const serving = machines(sc).filter(m => original.includes(m.metadata.name));
  expect(serving).toHaveLength(2);
  expect(serving.every(m => condition(m, 'Ready').status === 'True' && m.spec.version === 'v1.34.2+rke2r1')).toBe(true);
  expect(condition(cluster(sc), 'Available').status).toBe('True');
  expectNothingPaused(sc);

  annotate(sc, RCP, 'RKE2ControlPlane', 'multinode-cluster', 'sim.cdk8s-capi.io/fault', null);
  const rerun = await sc.cli(['upgrade', dirs.v135, ...KC]);
  expect(rerun.stderr).toBe('');
  expect(rerun.code).toBe(0);
  expect(rerun.stdout).toMatch(/^✅ Upgrading control plane/m);
  expect(machines(sc).map(m => m.spec.version)).toEqual(['v1.35.1+rke2r1', 'v1.35.1+rke2r1', 'v1.35.1+rke2r1']);
  expect(machines(sc).some(m => original.includes(m.metadata.name))).toBe(false);
  expectNothingPaused(sc);
});

test('killed during the control-plane rollout and rerun: completes with three machines', async () => {
  sc = new Scenario();
  expect((await sc.cli(['apply', dirs.v134, ...KC, '--kubeconfig-out', sc.dir])).code).toBe(0);
  const killed = await sc.cli(['upgrade', dirs.v135, ...KC], { killWhen: /Upgrading control plane/ });
  expect(killed.killed).toBe(true);
  const rerun = await sc.cli(['upgrade', dirs.v135, ...KC]);
  expect(rerun.stderr).toBe('');
  expect(rerun.code).toBe(0);
  expect(machines(sc).map(m => m.spec.version)).toEqual(['v1.35.1+rke2r1', 'v1.35.1+rke2r1', 'v1.35.1+rke2r1']);
  expect(new Set(sc.live('metal3.io/v1alpha1', 'BareMetalHost').map(h => h.spec.consumerRef?.name)).size).toBe(3);
  expectNothingPaused(sc);
});

test('EKS Anywhere: killed while its controller is paused; the rerun restores the pause value first and completes', async () => {
  sc = new Scenario();
  const base = mkdtempSync(join(tmpdir(), 'upgrade-eksa-'));
  const v135 = join(base, 'eksa-1.35');
  mkdirSync(v135);
  const v136 = join(DIST_DIR, 'eksa-docker');
  writeFileSync(join(v135, 'dev.yaml'), readFileSync(join(v136, 'dev-eks-a-cluster.yaml'), 'utf8').replace('kubernetesVersion: "1.36"', 'kubernetesVersion: "1.35"'));
  const journal = join(sc.dir, 'journal.json');
  expect((await sc.cli(['apply', v135, ...KC, '--kubeconfig-out', sc.dir])).code).toBe(0);
  const killed = await sc.cli(['upgrade', v136, ...KC, '--journal', journal], { killWhen: /Pausing reconciliation of Cluster default\/dev/ });
  expect(killed.killed).toBe(true);
  const left = sc.live(EKSA, 'Cluster')[0];
  expect(left.metadata.annotations['anywhere.eks.amazonaws.com/paused']).toBe('true');
  expect(JSON.parse(left.metadata.annotations['cdk8s-capi.io/paused'])).toEqual({ by: 'upgrade', previous: null });

  const rerun = await sc.cli(['upgrade', v136, ...KC, '--journal', journal]);
  expect(rerun.stderr).toBe('');
  expect(rerun.code).toBe(0);
  // The leftover pause is undone before the validations, then paused and resumed again around the apply.
  const lines = rerun.stdout.split('\n');
  expect(lines.findIndex(l => /Resuming reconciliation of Cluster default\/dev/.test(l))).toBeLessThan(lines.indexOf('Performing setup and validations'));
  expect(rerun.stdout).toMatch(/^✅ Upgrade cluster kubernetes version increment$/m);
  const after = sc.live(EKSA, 'Cluster')[0];
  expect(after.spec.kubernetesVersion).toBe('1.36');
  expect(condition(after, 'Ready').status).toBe('True');
  expectNothingPaused(sc);
  expect(JSON.parse(readFileSync(journal, 'utf8')).paused).toEqual([]);
});

describe('help and usage', () => {
  beforeEach(() => {
    sc = new Scenario();
  });

  test.each(['plan', 'upgrade', 'backup', 'restore'])('%s --help has examples and exit codes', async command => {
    const r = await sc.cli([command, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Examples:\\n {2}\\$ cdk8s-capi ${command} `, 'm'));
    expect(r.stdout).toMatch(/^Exit codes: 0 /m);
  });

  test('plan fails with a usage error without --against or --live, and with both', async () => {
    for (const args of [[], ['--against', 'x', '--live']]) {
      const r = await sc.cli(['plan', join(DIST_DIR, 'reference-multinode'), ...args]);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe('error: give either --against OLD… (compare with manifests) or --live (compare with the cluster)\n');
    }
  });

  test('backup without -o is a usage error', async () => {
    const r = await sc.cli(['backup', 'multinode-cluster']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/required option '-o, --output-dir <dir>' not specified/);
  });
});
