// The applier in process against a simulator in simulated time (scenario.ts: no HTTP, no client-node):
// placeholders, namespaces and output paths are checked before anything is touched; a dry run
// says so and writes nothing; kubeconfigs and hints are the run's own.
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { EngineKube } from './engine-kube';
import { Scenario } from './scenario';
import { Applier, ApplyOptions } from '../../src/apply/applier';
import { RunError } from '../../src/apply/engine/run-error';
import { ProgressEvent } from '../../src/apply/events';
import { plainRenderer } from '../../src/apply/progress';
import { KubeObject } from '../../src/core/kube-object';
import { Simulator } from '../../src/sim/simulator';

const REFERENCE = join(__dirname, '..', '..', 'dist', 'reference-multinode', 'multinode-cluster.k8s.yaml');
const reference = (): KubeObject[] => parseAllDocuments(readFileSync(REFERENCE, 'utf8')).map(d => d.toJS());

/** Distinctive values, so "never printed" can be checked by searching for them. */
const BMC: Record<string, string> = {};
for (const n of [1, 2, 3]) {
  BMC[`BMC_NODE${n}_USERNAME`] = `user-n${n}-Zq7`;
  BMC[`BMC_NODE${n}_PASSWORD`] = `pw-n${n}-K9x!v`;
}
const VALUES = Object.values(BMC);

let current: Scenario | undefined;
afterEach(async () => {
  await current?.stop();
  current = undefined;
});

/** A simulator on a manual clock (realistic durations, simulated time) and a client of it. */
function setup(): { sim: Simulator; kube: EngineKube; dir: string } {
  current = new Scenario({ seed: 5 });
  return { sim: current.sim, kube: current.kube(), dir: current.dir };
}

/** Runs the operation to its end in simulated time. */
async function settled<T>(operation: Promise<T>): Promise<T> {
  const r = await current!.drive(operation);
  if (r.error) throw r.error;
  return r.result as T;
}

async function run(kube: EngineKube, objects: KubeObject[], opts: ApplyOptions): Promise<{ events: ProgressEvent[]; error?: RunError }> {
  const events: ProgressEvent[] = [];
  try {
    await settled(new Applier(kube, { clock: current!.clock, timeouts: { stable: 50 }, ...opts, onEvent: e => events.push(e) }).apply(objects));
    return { events };
  } catch (e) {
    if (e instanceof RunError) return { events, error: e };
    throw e;
  }
}

const stored = (sim: Simulator, apiVersion: string, kind: string) => {
  const t = sim.server.engine.types.forKind(apiVersion, kind)!;
  return sim.server.engine.list(t, undefined).items as any[];
};

describe('placeholders', () => {
  test('fails before anything is touched when a variable is unset, naming variables, objects and fields, never a value', async () => {
    const { kube, dir } = setup();
    const { BMC_NODE2_PASSWORD: _, ...partial } = BMC;
    const { events, error } = await run(kube, reference(), { variables: partial, kubeconfigDir: dir });
    expect(error?.message).toBe([
      'unresolved placeholders, nothing was applied: variable not set: BMC_NODE2_PASSWORD',
      '  Secret default/node2-example-credentials stringData.password: ${BMC_NODE2_PASSWORD} not set',
      'set them in the environment or in a file given with --env-file (KEY=VALUE lines)',
    ].join('\n'));
    expect(kube.writes).toEqual([]);
    expect(kube.stats.requests).toBe(0);
    expect(events.map(e => e.type)).toEqual(['failed']);
    for (const v of VALUES) expect(JSON.stringify(events)).not.toContain(v);
    expect(readdirSync(dir)).toEqual([]);
  });

  test('with every variable set, the cluster stores the values (no placeholder reaches it) and the run completes', async () => {
    const { sim, kube, dir } = setup();
    // A journal that already knows another cluster: the result lists only this run's.
    mkdirSync(join(dir, '.cdk8s-capi'));
    writeFileSync(join(dir, '.cdk8s-capi', 'journal.json'), JSON.stringify({ kubeconfigs: { 'other-cluster': '/elsewhere/other.kubeconfig' }, paused: [] }));
    const events: ProgressEvent[] = [];
    const applier = new Applier(kube, {
      clock: current!.clock, variables: BMC, kubeconfigDir: dir, timeouts: { stable: 50 }, onEvent: e => events.push(e),
    });
    const result = await settled(applier.apply(reference()));
    const secrets = stored(sim, 'v1', 'Secret').filter(s => /^node\d-example-credentials$/.test(s.metadata.name));
    expect(secrets.map(s => [s.metadata.name, Buffer.from(s.data.username, 'base64').toString(), Buffer.from(s.data.password, 'base64').toString()])).toEqual([
      ['node1-example-credentials', 'user-n1-Zq7', 'pw-n1-K9x!v'],
      ['node2-example-credentials', 'user-n2-Zq7', 'pw-n2-K9x!v'],
      ['node3-example-credentials', 'user-n3-Zq7', 'pw-n3-K9x!v'],
    ]);
    const everything = JSON.stringify(sim.server.store.resources().flatMap(gr => sim.server.store.list(gr)));
    expect(everything).not.toMatch(/\$\{BMC_/);
    expect(stored(sim, 'metal3.io/v1alpha1', 'BareMetalHost').map(h => h.status.provisioning.state)).toEqual(['provisioned', 'provisioned', 'provisioned']);
    expect(result.kubeconfigs).toEqual({ 'multinode-cluster': join(dir, 'multinode-cluster.kubeconfig') });
    expect(statSync(join(dir, 'multinode-cluster.kubeconfig')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, '.cdk8s-capi')).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(join(dir, '.cdk8s-capi', 'journal.json'), 'utf8')).kubeconfigs).toEqual({
      'other-cluster': '/elsewhere/other.kubeconfig', 'multinode-cluster': join(dir, 'multinode-cluster.kubeconfig'),
    });
    for (const v of VALUES) expect(JSON.stringify(events)).not.toContain(v);
  });
});

describe('namespaces', () => {
  const inNamespace = (ns: string) => reference().map(o => ({ ...o, metadata: { ...o.metadata, namespace: ns } }));

  test('fails before anything is touched when a namespace is missing, naming it and the objects that need it', async () => {
    const { kube, dir } = setup();
    const { error } = await run(kube, inNamespace('site-9'), { variables: BMC, kubeconfigDir: dir });
    expect(error?.message).toBe('nothing was applied: namespace site-9 does not exist and is not in the manifests; needed by '
      + 'Secret site-9/node1-example-credentials, BareMetalHost site-9/node1-example, Secret site-9/node2-example-credentials, '
      + 'BareMetalHost site-9/node2-example, Secret site-9/node3-example-credentials and 10 more');
    expect(error?.next).toEqual(['kubectl create namespace site-9   # or add a Namespace object to the manifests']);
    expect(kube.writes).toEqual([]);
  });

  test('a Namespace object in the input counts (it is applied first)', async () => {
    const { sim, kube, dir } = setup();
    const ns: KubeObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'site-9' } };
    const objects = [...inNamespace('site-9'), ns].filter(o => o.kind === 'Namespace' || /^node1-example/.test(o.metadata?.name ?? ''));
    const { error } = await run(kube, objects, { variables: BMC, kubeconfigDir: dir, timeouts: { stable: 50 } });
    expect(error).toBeUndefined();
    expect(stored(sim, 'metal3.io/v1alpha1', 'BareMetalHost').map(h => `${h.metadata.namespace}/${h.metadata.name}`)).toEqual(['site-9/node1-example']);
  });

  test('a dry run cannot check objects in a namespace only the input creates: it says so instead of failing on a 404', async () => {
    const { kube, dir } = setup();
    const ns: KubeObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'site-9' } };
    let out = '';
    const r = plainRenderer(t => (out += t), t => (out += t), 1);
    await settled(new Applier(kube, { clock: current!.clock, dryRun: true, variables: BMC, kubeconfigDir: dir, onEvent: r.sink }).apply([ns, ...inNamespace('site-9')]));
    expect(out).toMatch(/^ {3}accepted \(dry run\) Namespace site-9$/m);
    expect(out).toMatch(/^ {3}not checked \(dry run\) Secret site-9\/node1-example-credentials \(namespace site-9 does not exist yet\)$/m);
    expect(out).toMatch(/^✔ Dry run done in \S+: the server accepted 1 object, 15 could not be checked \(their namespace does not exist yet\) \(\d+ API requests\); nothing was changed$/m);
  });

  test('fails for a namespace the cluster is deleting', async () => {
    const { sim, kube, dir } = setup();
    const engine = sim.server.engine;
    const nsType = engine.types.forKind('v1', 'Namespace')!;
    const cmType = engine.types.forKind('v1', 'ConfigMap')!;
    engine.create(nsType, '', { metadata: { name: 'going' } }, { fieldManager: 'test' });
    engine.create(cmType, 'going', { metadata: { name: 'keep' } }, { fieldManager: 'test' });
    engine.update(cmType, 'going', 'keep', { ...engine.get(cmType, 'going', 'keep'), metadata: { ...engine.get(cmType, 'going', 'keep').metadata, finalizers: ['test/hold'] } }, { fieldManager: 'test' });
    engine.delete(nsType, '', 'going');
    const { error } = await run(kube, [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'going' }, data: {} }], { kubeconfigDir: dir });
    expect(error?.message).toBe('nothing was applied: namespace going is being deleted; needed by ConfigMap going/c');
    expect(kube.writes).toEqual([]);
  });
});

describe('dry run', () => {
  test('says "dry run" on every stage line and at the end, reads nowhere as applied, writes no kubeconfig and leaves the journal alone', async () => {
    const { sim, kube, dir } = setup();
    mkdirSync(join(dir, '.cdk8s-capi'), { mode: 0o755 });
    const journal = join(dir, '.cdk8s-capi', 'journal.json');
    writeFileSync(journal, '{"kubeconfigs":{},"paused":[]}\n');
    const before = { text: readFileSync(journal, 'utf8'), mtime: statSync(journal).mtimeMs, dirMode: statSync(join(dir, '.cdk8s-capi')).mode };
    let out = '';
    for (const verbose of [0, 1]) {
      out = '';
      const r = plainRenderer(t => (out += t), t => (out += t), verbose);
      const applier = new Applier(kube, { clock: current!.clock, dryRun: true, variables: BMC, kubeconfigDir: dir, onEvent: r.sink });
      const result = await settled(applier.apply(reference()));
      expect(result.kubeconfigs).toEqual({});
      const lines = out.trim().split('\n');
      const stageLines = lines.filter(l => !l.startsWith('   '));
      expect(stageLines.slice(0, -1).every(l => /Dry run: /.test(l))).toBe(true);
      expect(lines[lines.length - 1]).toMatch(/^✔ Dry run done in \S+: the server accepted all 15 objects \(\d+ API requests\); nothing was changed$/);
      expect(out).not.toMatch(/\bapplied\b|\bcreated\b|written|🎉/);
      if (verbose) expect(lines.filter(l => l.startsWith('   accepted (dry run) '))).toHaveLength(15);
    }
    expect(out.split('\n').filter(l => l && !l.startsWith('   '))).toEqual([
      'Dry run: Enrolling bare-metal hosts',
      expect.stringMatching(/^✅ Dry run: Enrolling bare-metal hosts \(\d+ms\)$/),
      'Dry run: Creating cluster objects',
      expect.stringMatching(/^✅ Dry run: Creating cluster objects \(\d+ms\)$/),
      // the stages that only wait are left out
      expect.stringMatching(/^✔ Dry run done/),
    ]);
    expect(stored(sim, 'v1', 'Secret').filter(s => /credentials/.test(s.metadata.name))).toEqual([]);
    expect(stored(sim, 'metal3.io/v1alpha1', 'BareMetalHost')).toEqual([]);
    expect(readdirSync(dir)).toEqual(['.cdk8s-capi']);
    expect(readdirSync(join(dir, '.cdk8s-capi'))).toEqual(['journal.json']);
    expect({ text: readFileSync(journal, 'utf8'), mtime: statSync(journal).mtimeMs, dirMode: statSync(join(dir, '.cdk8s-capi')).mode }).toEqual(before);
  });

  test('still refuses unresolved placeholders (the server would accept them)', async () => {
    const { kube, dir } = setup();
    const { error } = await run(kube, reference(), { dryRun: true, kubeconfigDir: dir });
    expect(error?.message).toMatch(/^unresolved placeholders, nothing was applied: variables not set: BMC_NODE1_PASSWORD, /);
  });
});

describe('files written', () => {
  test('fails before anything is touched when the kubeconfig to write is a symbolic link, and leaves its target alone', async () => {
    const { kube, dir } = setup();
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'precious');
    symlinkSync(victim, join(dir, 'multinode-cluster.kubeconfig'));
    const { error } = await run(kube, reference(), { variables: BMC, kubeconfigDir: dir });
    expect(error?.message).toBe(`nothing was applied: refusing to write ${join(dir, 'multinode-cluster.kubeconfig')}: it is a symbolic link (to ${victim}); remove the link or choose another path`);
    expect(kube.writes).toEqual([]);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(lstatSync(join(dir, 'multinode-cluster.kubeconfig')).isSymbolicLink()).toBe(true);
  });

  test('fails before anything is touched when the journal is a symbolic link', async () => {
    const { kube, dir } = setup();
    mkdirSync(join(dir, '.cdk8s-capi'));
    symlinkSync(join(dir, 'victim.json'), join(dir, '.cdk8s-capi', 'journal.json'));
    const { error } = await run(kube, reference(), { variables: BMC, kubeconfigDir: dir });
    expect(error?.message).toMatch(/^nothing was applied: refusing to write .*journal\.json: it is a symbolic link/);
    expect(kube.writes).toEqual([]);
    expect(existsSync(join(dir, 'victim.json'))).toBe(false);
  });
});

describe('failure summary', () => {
  test('names the commands it was given for status and resume, and no "(unchanged for 0ms)"', async () => {
    const { kube, dir } = setup();
    const creds = reference().map(o => (o.kind === 'BareMetalHost' && o.metadata?.name === 'node2-example'
      ? { ...o, metadata: { ...o.metadata, annotations: { 'sim.cdk8s-capi.io/fault': 'bad-credentials' } } } : o));
    const { error } = await run(kube, creds, {
      variables: BMC,
      kubeconfigDir: dir,
      timeouts: { stable: 50, failureWindow: 100 },
      statusCommand: 'cdk8s-capi status dist/x --kubeconfig k',
      resumeCommand: 'cdk8s-capi apply dist/x --kubeconfig k --env-file bmc.env',
    });
    expect(error?.message).toMatch(/^BareMetalHost default\/node2-example failed: registration error: .*returned code 401/);
    expect(error?.next).toEqual([
      'kubectl describe baremetalhost.metal3.io node2-example -n default',
      'cdk8s-capi status dist/x --kubeconfig k',
      'cdk8s-capi apply dist/x --kubeconfig k --env-file bmc.env   # resumes from the cluster\'s state',
    ]);
    for (const s of error!.stuck) expect(s.since === undefined || !/ms$/.test(s.since)).toBe(true);
  });
});
