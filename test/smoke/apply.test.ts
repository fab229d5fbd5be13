// Smoke: the applier as a user runs it — the built CLI in its own process, @kubernetes/client-node
// over HTTPS to the simulator's server (speed 400, real time), a real pseudo-terminal for the live
// view. Every scenario's behaviour is tested in process and in simulated time
// (test/apply/*-scenarios.test.ts); these prove the process, the client and the terminal.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BMC_ENV, REFERENCE_DIST, RunningSim, cli, live, startSim } from './processes';
import { BIN } from './run-cli';
import { FakeTerminal } from '../apply/fake-terminal';
import { expectReferenceApplied, REFERENCE_KINDS as KINDS } from '../apply/reference-apply';

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
    expectReferenceApplied(r, out);
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

  test('client-node under injected 429/5xx/connection resets/watch drops over HTTPS: the run still converges, retries reported', async () => {
    env = await startSim({ speed: 1000, faults: '429:0.1@1s,500:0.03,503:0.05,reset:0.02,watchdrop:3s,seed:11' });
    const r = await cli(['apply', REFERENCE_DIST, '--kubeconfig', env.kubeconfig, '--kubeconfig-out', env.dir, '--stable', '200ms', '--output', 'json'], { timeoutMs: 180_000 });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const events = r.stdout.trim().split('\n').map(l => JSON.parse(l));
    const done = events.find(e => e.type === 'done');
    expect(done.objects).toBe(15);
    expect(done.retries).toBeGreaterThan(0);
    expect(events.filter(e => e.type === 'retry')).toHaveLength(done.retries);
    expect(live(env.sim, 'cluster.x-k8s.io/v1beta2', 'Machine')).toHaveLength(3);
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
      // A loaded machine may see a transient error that the applier retries (and counts).
      expect.stringMatching(/^🎉 Done in \d+s \(15 objects, \d+ API requests(, \d+ retried)?\)$/),
      `kubeconfig multinode-cluster: ${join(env.dir, 'multinode-cluster.kubeconfig')}`,
    ]);
    expect(readdirSync(env.dir)).toContain('multinode-cluster.kubeconfig');
  }, 120_000);

  test('an unreachable cluster is a clear error (exit 2) and touches nothing', async () => {
    env = await startSim();
    await env.stop();
    const gone = await cli(['apply', REFERENCE_DIST, '--kubeconfig', env.kubeconfig]);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toMatch(/^error: cannot reach the cluster at https:\/\/127\.0\.0\.1:\d+/);
    env = undefined;
  });
});
