// Server-side apply as one HTTPS request, against the simulator's HTTPS server on 127.0.0.1:
// the object comes back as JSON, a dry run stores nothing, requests share the keep-alive
// agent's connection, and a refusal keeps client-node's error shape (code, Status body,
// headers) so the retries see throttling and its Retry-After.
import { Agent } from 'node:https';
import { HttpStatusError, RequestTarget, resourcePath, sendApply } from '../../src/apply/apply-request';
import { errorCode, isTransient, statusBody } from '../../src/apply/engine/retry';
import { SimApiServer, SimServerHandle } from '../../src/sim/api-server';

let server: SimApiServer | undefined;
let agent: Agent | undefined;
afterEach(async () => {
  agent?.destroy();
  await server?.stop();
  server = undefined;
});

async function start(faults?: string): Promise<{ h: SimServerHandle; target: RequestTarget }> {
  server = new SimApiServer({ seed: 7, faults });
  const h = await server.start();
  agent = new Agent({ keepAlive: true, ca: h.caCert });
  return { h, target: { server: h.url, agent, options: async () => ({ headers: { Authorization: `Bearer ${h.token}` } }) } };
}

const cm = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' }, data: { a: '1' } });
const path = (name: string) => resourcePath('v1', { plural: 'configmaps', namespaced: true }, 'default', name);
const APPLY = { fieldManager: 'test', force: true, dryRun: false };

test('paths: core and grouped kinds, namespaced or not', () => {
  expect(path('x')).toBe('/api/v1/namespaces/default/configmaps/x');
  expect(resourcePath('metal3.io/v1alpha1', { plural: 'baremetalhosts', namespaced: true }, 'site-1')).toBe('/apis/metal3.io/v1alpha1/namespaces/site-1/baremetalhosts');
  expect(resourcePath('v1', { plural: 'namespaces', namespaced: false }, 'ignored', 'site-1')).toBe('/api/v1/namespaces/site-1');
});

test('applies and answers the stored object; a dry run answers the same and stores nothing', async () => {
  const { target } = await start();
  const dry: any = await sendApply(target, path('dry'), { ...APPLY, dryRun: true }, JSON.stringify(cm('dry')));
  expect(dry.data).toEqual({ a: '1' });
  expect(server!.engine.find(server!.types.forKind('v1', 'ConfigMap')!, 'default', 'dry')).toBeUndefined();
  const real: any = await sendApply(target, path('real'), APPLY, JSON.stringify(cm('real')));
  expect(real.metadata.managedFields.map((f: any) => `${f.manager}/${f.operation}`)).toEqual(['test/Apply']);
});

test('sequential requests share one connection of the agent', async () => {
  const { target } = await start();
  server!.resetStats();
  for (const n of ['a', 'b', 'c', 'd']) await sendApply(target, path(n), APPLY, JSON.stringify(cm(n)));
  expect(server!.stats).toMatchObject({ requests: 4, connections: 1, byMethod: { PATCH: 4 } });
});

test('a refusal: the status code, the Status body and the headers, as client-node reports them', async () => {
  const { target } = await start();
  const e = await sendApply(target, path('bad'), APPLY, JSON.stringify({ ...cm('bad'), data: { a: 1 } })).catch((x: any) => x);
  expect(e).toBeInstanceOf(HttpStatusError);
  expect(errorCode(e)).toBe(422);
  expect(statusBody(e)).toMatchObject({ kind: 'Status', reason: 'Invalid' });
  expect(isTransient(e)).toBe(false);
});

test('throttling is transient and carries Retry-After', async () => {
  const { target } = await start('429:1@3s');
  const e: HttpStatusError = await sendApply(target, path('t'), APPLY, JSON.stringify(cm('t'))).then(() => { throw new Error('not refused'); }, (x: HttpStatusError) => x);
  expect(errorCode(e)).toBe(429);
  expect(isTransient(e)).toBe(true);
  expect(e.headers['retry-after']).toBe('3');
});

test('without the token the server\'s 401 comes back as such', async () => {
  const { target } = await start();
  const e = await sendApply({ ...target, options: async () => ({}) }, path('x'), APPLY, JSON.stringify(cm('x'))).catch((x: any) => x);
  expect(errorCode(e)).toBe(401);
});
