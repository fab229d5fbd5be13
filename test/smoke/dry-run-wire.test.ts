// Smoke: `apply --dry-run server` of a few sites through the built CLI, client-node over HTTPS
// to the simulator, counted by the server: one PATCH per object over a few reused
// connections (one keep-alive agent), at most --concurrency in flight, every request the CLI
// reports is one the server saw. The offline validation comes first: when it fails, its errors
// come alone and nothing is sent.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { REFERENCE_DIST, RunningSim, cli, startSim } from './processes';

const SITES = ['site-0', 'site-1', 'site-2', 'site-3'];
const reference = () => parseAllDocuments(readFileSync(join(REFERENCE_DIST, 'multinode-cluster.k8s.yaml'), 'utf8')).map(d => d.toJS());

/** One folder per site: the reference cluster in the site's namespace. */
function writeFleet(dir: string, edit: (o: any) => any = o => o): string {
  for (const ns of SITES) {
    mkdirSync(join(dir, 'fleet', ns), { recursive: true });
    const objects = reference().map(o => edit({ ...o, metadata: { ...o.metadata, namespace: ns } }));
    writeFileSync(join(dir, 'fleet', ns, 'cluster.yaml'), objects.map(o => stringify(o)).join('---\n'));
  }
  return join(dir, 'fleet');
}

let env: RunningSim | undefined;
afterEach(async () => {
  await env?.stop();
  env = undefined;
});

test.each([8, 3])('--concurrency %i: one PATCH per object over at most that many reused connections, every request counted', async concurrency => {
  env = await startSim({ namespaces: SITES });
  const fleet = writeFleet(env.dir);
  env.sim.server.resetStats();
  const r = await cli(['apply', fleet, '--dry-run', 'server', '--kubeconfig', env.kubeconfig, '--output', 'json', '--concurrency', String(concurrency)]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const events = r.stdout.trim().split('\n').map(l => JSON.parse(l));
  const done = events.find(e => e.type === 'done');
  const objects = SITES.length * reference().length;
  expect(done.objects).toBe(objects);
  expect(events.filter(e => e.type === 'applied' && e.result === 'dry-run')).toHaveLength(objects);
  const s = env.sim.server.stats;
  expect(s.byMethod.PATCH).toBe(objects);
  // GET /version, discovery once per group version, one LIST of namespaces.
  expect(s.byMethod.GET).toBeLessThanOrEqual(1 + 8 + 1);
  expect(s.requests).toBe(done.requests);
  expect(s.maxInFlight).toBeLessThanOrEqual(concurrency);
  // Connections are reused: as many as requests ran at once (the first ones), not one per request.
  expect(s.connections).toBeLessThanOrEqual(concurrency);
});

test('invalid manifests: the validation errors alone (not the server\'s refusal of the same objects), exit 1, nothing sent', async () => {
  env = await startSim({ namespaces: SITES });
  const fleet = writeFleet(env.dir, o => (o.kind === 'BareMetalHost' ? { ...o, spec: { ...o.spec, bootMACAddress: 'not-a-mac' } } : o));
  env.sim.server.resetStats();
  for (const output of ['json', 'text']) {
    const r = await cli(['apply', fleet, '--dry-run', 'server', '--kubeconfig', env.kubeconfig, '--output', output]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: validation failed, nothing was applied:\n {2}\S+site-0\/cluster\.yaml:\d+ BareMetalHost\/node1-example spec\.bootMACAddress: /);
    expect(r.stderr).toMatch(/\(--no-validate skips this check\)\n$/);
    expect(r.stderr).not.toMatch(/refused/);
  }
  expect(env.sim.server.stats.requests).toBe(0);
});

test('valid manifests the server refuses: the dry run\'s own failure', async () => {
  env = await startSim({ namespaces: SITES });
  const fleet = writeFleet(env.dir);
  // The simulator serves no such group: the run refuses up front, after validation found nothing.
  writeFileSync(join(fleet, 'site-0', 'extra.yaml'), stringify({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'site-0' } }));
  const r = await cli(['apply', fleet, '--dry-run', 'server', '--kubeconfig', env.kubeconfig]);
  expect(r.code).toBe(1);
  expect(r.stderr).not.toMatch(/validation failed/);
  expect(r.stdout + r.stderr).toMatch(/example\.com\/v1/);
});
