// The applier against the management-cluster simulator, through the built CLI.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { BMC_ENV, REFERENCE_DIST, RunningSim, cli, live, startSim } from './e2e-helpers';
import { FakeTerminal } from './fake-terminal';
import { BIN } from '../cli/run-cli';

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
    // The BMC credentials were substituted: the cluster has the values, no output has them.
    const secrets = live(env.sim, 'v1', 'Secret').filter(x => /^node\d-example-credentials$/.test(x.metadata.name));
    expect(secrets.map(x => Buffer.from(x.data.password, 'base64').toString())).toEqual(['e2e-pass-1-Vb7!x', 'e2e-pass-2-Vb7!x', 'e2e-pass-3-Vb7!x']);
    for (const v of Object.values(BMC_ENV)) expect(r.stdout + r.stderr).not.toContain(v);

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

  test('without the BMC variables: exit 1 before anything is touched, naming them; with --env-file it goes ahead', async () => {
    env = await startSim();
    const unset = Object.fromEntries(Object.keys(BMC_ENV).map(k => [k, undefined]));
    const r = await cli(['apply', REFERENCE_DIST, '--kubeconfig', env.kubeconfig, '--kubeconfig-out', env.dir], { env: unset });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: unresolved placeholders, nothing was applied: variables not set: BMC_NODE1_PASSWORD, BMC_NODE1_USERNAME, /);
    expect(r.stderr).toContain('  Secret default/node2-example-credentials stringData.password: ${BMC_NODE2_PASSWORD} not set');
    expect(live(env.sim, 'v1', 'Secret')).toEqual([]);

    const envFile = join(env.dir, 'bmc.env');
    writeFileSync(envFile, Object.entries(BMC_ENV).map(([k, v]) => `${k}="${v}"`).join('\n'));
    const dry = await cli(['apply', REFERENCE_DIST, '--kubeconfig', env.kubeconfig, '--kubeconfig-out', env.dir, '--env-file', envFile, '--dry-run', 'server'], { env: unset });
    expect(dry.stderr).toBe('');
    expect(dry.code).toBe(0);
  });

  test('--dry-run server: "dry run" on every stage and at the end, nothing created, no kubeconfig, no journal', async () => {
    env = await startSim();
    const out = join(env.dir, 'out');
    const r = await cli(['-v', 'apply', REFERENCE_DIST, '--kubeconfig', env.kubeconfig, '--kubeconfig-out', out, '--dry-run', 'server']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines.filter(l => !l.startsWith('   ')).every(l => /Dry run/.test(l))).toBe(true);
    expect(lines[lines.length - 1]).toMatch(/^✔ Dry run done in \S+: the server accepted all 15 objects \(\d+ API requests\); nothing was changed$/);
    expect(lines.filter(l => /^ {3}accepted \(dry run\) /.test(l))).toHaveLength(15);
    expect(r.stdout).not.toMatch(/\bapplied\b|written|kubeconfig multinode-cluster/);
    expect(existsSync(out)).toBe(false);
    expect(live(env.sim, 'metal3.io/v1alpha1', 'BareMetalHost')).toEqual([]);
    expect(live(env.sim, 'v1', 'Secret')).toEqual([]);
  });

  test('the live view in a real pseudo-terminal: in place, bounded, the right final screen', async () => {
    env = await startSim();
    const cpuFile = join(env.dir, 'cpu.json');
    const hook = join(env.dir, 'cpu.js');
    writeFileSync(hook, `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(cpuFile)}, JSON.stringify(process.cpuUsage())));\n`);
    const q = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;
    const command = `stty cols 100 rows 30; exec ${q(process.execPath)} --require ${q(hook)} ${q(BIN)} apply ${q(REFERENCE_DIST)} --kubeconfig ${q(env.kubeconfig)} `
      + `--kubeconfig-out ${q(env.dir)} --stable 200ms`;
    const ptyEnv: NodeJS.ProcessEnv = { ...process.env, ...BMC_ENV, TERM: 'xterm-256color' };
    delete ptyEnv.CI;
    delete ptyEnv.NO_COLOR;
    const started = Date.now();
    const { code, output } = await new Promise<{ code: number | null; output: Buffer }>((resolve, reject) => {
      const child = spawn('script', ['-qefc', command, '/dev/null'], { env: ptyEnv, stdio: ['ignore', 'pipe', 'pipe'] });
      const chunks: Buffer[] = [];
      child.stdout.on('data', d => chunks.push(d));
      child.stderr.on('data', d => chunks.push(d));
      child.on('error', reject);
      child.on('close', c => resolve({ code: c, output: Buffer.concat(chunks) }));
    });
    const seconds = (Date.now() - started) / 1000;
    expect(code).toBe(0);
    const term = new FakeTerminal(100, 30);
    term.write(output.toString('utf8'));
    const cpu = JSON.parse(readFileSync(cpuFile, 'utf8'));
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    // eslint-disable-next-line no-console
    console.log(`pty apply: ${seconds.toFixed(1)} s, ${output.length} bytes written, ${cpuSeconds.toFixed(2)} s CPU`);
    expect(output.length).toBeLessThan(20_000);
    expect(cpuSeconds).toBeLessThan(seconds / 2);
    expect(term.wraps).toBe(0);
    expect(term.clamps).toBe(0);
    const titles = ['Enrolling bare-metal hosts', 'Creating cluster objects', 'Waiting for control plane to be ready', 'Waiting for worker nodes to be ready',
      'Fetching kubeconfig', 'Waiting for cluster to be available'];
    for (const t of titles) expect(term.transcript.filter(l => l.includes(t))).toHaveLength(1);
    expect(term.lines).toEqual([
      expect.stringMatching(/^✔ Enrolling bare-metal hosts \(\d+s\)$/),
      expect.stringMatching(/^✔ Creating cluster objects \(\d+(ms|s)\)$/),
      expect.stringMatching(/^✔ Waiting for control plane to be ready \(\d+s\)$/),
      expect.stringMatching(/^✔ Waiting for worker nodes to be ready \(\d+(ms|s)\)$/),
      `✔ Fetching kubeconfig: ${join(env.dir, 'multinode-cluster.kubeconfig')} (${term.lines[4].replace(/^.* \((.*)\)$/, '$1')})`,
      expect.stringMatching(/^✔ Waiting for cluster to be available \(\d+(ms|s)\)$/),
      expect.stringMatching(/^🎉 Done in \d+s \(15 objects, \d+ API requests\)$/),
      `kubeconfig multinode-cluster: ${join(env.dir, 'multinode-cluster.kubeconfig')}`,
    ]);
    expect(readdirSync(env.dir)).toContain('multinode-cluster.kubeconfig');
  }, 120_000);

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
