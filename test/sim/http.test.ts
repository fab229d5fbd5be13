// The HTTP surface: discovery documents, OpenAPI v3 index, routing errors, watch streams
// (line-delimited events, timeoutSeconds, bookmarks), Table responses, 0600 kubeconfig.
import { readFileSync, statSync } from 'node:fs';
import { request } from 'node:https';
import { parse } from 'yaml';
import { ManualClock } from '../../src/core/clock';
import { SimApiServer, SimServerHandle } from '../../src/sim/api-server';

let server: SimApiServer;
let h: SimServerHandle;
let clock: ManualClock;

beforeAll(async () => {
  clock = new ManualClock();
  server = new SimApiServer({ seed: 4, clock, bookmarkIntervalMs: 1000 });
  h = await server.start();
});

afterAll(async () => {
  await server.stop();
});

function call(method: string, path: string, body?: string,
  headers: Record<string, string> = {}): Promise<{ status: number; headers: any; text: string; json: any }> {
  return new Promise((resolve, reject) => {
    const req = request(`${h.url}${path}`, { method, headers: { 'Content-Type': 'application/json', 'Authorization': `Bearer ${h.token}`, ...headers }, ca: h.caCert }, res => {
      let text = '';
      res.on('data', d => (text += d));
      res.on('end', () => {
        let json: any;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Opens a watch and collects its lines until the stream ends. */
function watchStream(path: string): { lines: any[]; ended: Promise<void> } {
  const lines: any[] = [];
  const ended = new Promise<void>((resolve, reject) => {
    const req = request(`${h.url}${path}`, { headers: { Authorization: `Bearer ${h.token}` }, ca: h.caCert }, res => {
      let buf = '';
      res.on('data', d => {
        buf += d;
        let i;
        while ((i = buf.indexOf('\n')) >= 0) {
          lines.push(JSON.parse(buf.slice(0, i)));
          buf = buf.slice(i + 1);
        }
      });
      res.on('end', () => resolve());
    });
    req.on('error', reject);
    req.end();
  });
  return { lines, ended };
}

const until = async (f: () => boolean) => {
  for (let i = 0; i < 200 && !f(); i++) await new Promise(r => setTimeout(r, 5));
};

test('kubeconfig points at the server and is owner-only', () => {
  expect(statSync(h.kubeconfigPath).mode & 0o777).toBe(0o600);
  const kc = parse(readFileSync(h.kubeconfigPath, 'utf8'));
  expect(kc.clusters[0].cluster).toEqual({ 'server': h.url, 'certificate-authority-data': Buffer.from(h.caCert).toString('base64') });
  expect(h.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  expect(kc['current-context']).toBe('cdk8s-capi-sim');
});

test('discovery: /api, /apis, group and group/version documents', async () => {
  expect((await call('GET', '/api')).json).toEqual(expect.objectContaining({ kind: 'APIVersions', versions: ['v1'] }));
  const groups = (await call('GET', '/apis')).json;
  const capi = groups.groups.find((g: any) => g.name === 'cluster.x-k8s.io');
  expect(capi.preferredVersion).toEqual({ groupVersion: 'cluster.x-k8s.io/v1beta2', version: 'v1beta2' });
  expect(capi.versions.map((v: any) => v.version)).toEqual(['v1beta2', 'v1beta1']);
  const metal3 = (await call('GET', '/apis/metal3.io/v1alpha1')).json;
  const bmh = metal3.resources.find((r: any) => r.name === 'baremetalhosts');
  expect(bmh).toEqual({
    name: 'baremetalhosts',
    singularName: 'baremetalhost',
    namespaced: true,
    kind: 'BareMetalHost',
    verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
    shortNames: ['bmh', 'bmhost'],
  });
  expect(metal3.resources.map((r: any) => r.name)).toContain('baremetalhosts/status');
  const core = (await call('GET', '/api/v1')).json;
  expect(core.resources.map((r: any) => r.name)).toEqual(expect.arrayContaining(['namespaces', 'secrets', 'configmaps', 'services', 'events', 'namespaces/status']));
  expect((await call('GET', '/version')).json.gitVersion).toBe('v1.32.0-cdk8s-capi-sim');
});

test('OpenAPI v3 index and a group/version document carry the PATCH fieldValidation parameter', async () => {
  const root = (await call('GET', '/openapi/v3')).json;
  const url = root.paths['apis/metal3.io/v1alpha1'].serverRelativeURL;
  expect(url).toMatch(/^\/openapi\/v3\/apis\/metal3\.io\/v1alpha1\?hash=[0-9A-F]+$/);
  const doc = (await call('GET', url)).json;
  const patch = doc.paths['/apis/metal3.io/v1alpha1/namespaces/{namespace}/baremetalhosts/{name}'].patch;
  expect(patch['x-kubernetes-group-version-kind']).toEqual({ group: 'metal3.io', version: 'v1alpha1', kind: 'BareMetalHost' });
  expect(patch.parameters.map((p: any) => p.name)).toContain('fieldValidation');
});

test('unknown paths and resources are 404s in the server\'s shapes', async () => {
  const page = await call('GET', '/nope');
  expect([page.status, page.text]).toEqual([404, '404 page not found']);
  const res = await call('GET', '/apis/metal3.io/v1alpha1/namespaces/default/widgets');
  expect(res.status).toBe(404);
  expect(res.json).toEqual(expect.objectContaining({ kind: 'Status', reason: 'NotFound', message: 'the server could not find the requested resource' }));
  const obj = await call('GET', '/api/v1/namespaces/default/configmaps/missing');
  expect(obj.json).toEqual(expect.objectContaining({ code: 404, message: 'configmaps "missing" not found' }));
});

test('POST returns 201, PATCH with apply returns the object, warnings travel in the Warning header', async () => {
  const created = await call('POST', '/api/v1/namespaces/default/configmaps', JSON.stringify({ metadata: { name: 'w' }, data: { a: '1' }, extra: 1 }));
  expect(created.status).toBe(201);
  expect(created.headers.warning).toBe('299 - "unknown field \\"extra\\""');
  const applied = await call('PATCH', '/api/v1/namespaces/default/configmaps/w?fieldManager=t', JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'w' }, data: { b: '2' } }),
    { 'Content-Type': 'application/apply-patch+yaml' });
  expect(applied.status).toBe(200);
  expect(applied.json.data).toEqual({ a: '1', b: '2' });
});

test('Table responses for kubectl get', async () => {
  const t = await call('GET', '/api/v1/namespaces', undefined, { Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json' });
  expect(t.json.kind).toBe('Table');
  expect(t.json.columnDefinitions.map((c: any) => c.name)).toEqual(['Name', 'Status', 'Age']);
  expect(t.json.rows.map((r: any) => r.cells[0])).toEqual(['default', 'kube-node-lease', 'kube-public', 'kube-system']);
  expect(t.json.rows[0].cells[1]).toBe('Active');
});

test('watch: line-delimited events, BOOKMARKs on the interval, end at timeoutSeconds', async () => {
  const start = (await call('GET', '/api/v1/namespaces/default/configmaps')).json.metadata.resourceVersion;
  const w = watchStream(`/api/v1/namespaces/default/configmaps?watch=1&resourceVersion=${start}&allowWatchBookmarks=true&timeoutSeconds=5`);
  await new Promise(r => setTimeout(r, 20));
  await call('POST', '/api/v1/namespaces/default/configmaps', JSON.stringify({ metadata: { name: 'watched' } }));
  await until(() => w.lines.length >= 1);
  await clock.advance(1000);
  await until(() => w.lines.length >= 2);
  await clock.advance(5000);
  await w.ended;
  expect(w.lines[0]).toEqual(expect.objectContaining({ type: 'ADDED', object: expect.objectContaining({ kind: 'ConfigMap', metadata: expect.objectContaining({ name: 'watched' }) }) }));
  expect(w.lines[1].type).toBe('BOOKMARK');
  expect(w.lines[1].object).toEqual({ kind: 'ConfigMap', apiVersion: 'v1', metadata: { resourceVersion: expect.stringMatching(/^\d+$/), creationTimestamp: null } });
});

test('watch from an expired resourceVersion: HTTP 200, one ERROR event with a 410 Status, stream ends', async () => {
  server.store.compact();
  await call('POST', '/api/v1/namespaces/default/configmaps', JSON.stringify({ metadata: { name: 'after-compaction' } }));
  server.store.compact();
  const w = watchStream('/api/v1/namespaces/default/configmaps?watch=true&resourceVersion=1');
  await w.ended;
  expect(w.lines).toEqual([{ type: 'ERROR', object: expect.objectContaining({ kind: 'Status', code: 410, reason: 'Expired' }) }]);
});

test('fails with 405 for writes to a namespaced kind without a namespace', async () => {
  const r = await call('POST', '/api/v1/configmaps', JSON.stringify({ metadata: { name: 'x', namespace: 'default' } }));
  expect([r.status, r.json.reason]).toEqual([405, 'MethodNotAllowed']);
  const all = await call('GET', '/api/v1/configmaps');
  expect(all.json.kind).toBe('ConfigMapList');
});

test('fails with 405 for POST on a named object path', async () => {
  const r = await call('POST', '/api/v1/namespaces/default/configmaps/w', '{}');
  expect(r.status).toBe(405);
  expect(r.json.reason).toBe('MethodNotAllowed');
});
