// The simulator answers only its own clients: TLS with a certificate made at start, a bearer
// token (both written into the kubeconfig it emits; 401 otherwise, with kube-apiserver's Status
// body) and a Host header naming this machine (127.0.0.1:<port> or localhost:<port>; anything
// else is DNS rebinding and gets 403).
import { X509Certificate } from 'node:crypto';
import { existsSync, lstatSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ManualClock } from '../../src/core/clock';
import { SimApiServer, SimServerHandle } from '../../src/sim/api-server';

let server: SimApiServer;
let h: SimServerHandle;

beforeAll(async () => {
  server = new SimApiServer({ seed: 4, clock: new ManualClock() });
  h = await server.start();
});

afterAll(async () => {
  await server.stop();
});

function get(path: string, headers: Record<string, string>): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    // A rebinding browser would see a certificate for 127.0.0.1 under another name; the Host
    // check must hold even when a client ignores that, so the identity check is off here.
    const req = request(`${h.url}${path}`, { headers, ca: h.caCert, checkServerIdentity: () => undefined }, res => {
      let text = '';
      res.on('data', d => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('the kubeconfig carries the token the server requires', () => {
  const kc = parse(readFileSync(h.kubeconfigPath, 'utf8'));
  expect(kc.users).toEqual([{ name: 'cdk8s-capi-sim', user: { token: h.token } }]);
  expect(h.token.length).toBeGreaterThanOrEqual(40);
});

test('fails without a token, or with a wrong one, with 401 Unauthorized as kube-apiserver answers', async () => {
  const unauthorized = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Unauthorized', reason: 'Unauthorized', code: 401 };
  for (const headers of [{} as Record<string, string>, { Authorization: 'Bearer nope' }, { Authorization: `Basic ${h.token}` }, { Authorization: `Bearer ${h.token}x` }]) {
    for (const path of ['/version', '/api/v1/namespaces/default/secrets', '/api/v1/namespaces/default/secrets?watch=1']) {
      const r = await get(path, headers);
      expect({ path, headers, status: r.status, body: r.json }).toEqual({ path, headers, status: 401, body: unauthorized });
    }
  }
});

test('answers with the token, for 127.0.0.1:<port> and localhost:<port>', async () => {
  for (const host of [`127.0.0.1:${h.port}`, `localhost:${h.port}`, `LOCALHOST:${h.port}`]) {
    const r = await get('/api/v1/namespaces', { Authorization: `Bearer ${h.token}`, Host: host });
    expect({ host, status: r.status }).toEqual({ host, status: 200 });
  }
});

test('fails a foreign Host header with 403, token or not (DNS rebinding)', async () => {
  for (const host of [`evil.example:${h.port}`, 'evil.example', `127.0.0.1:${h.port + 1}`, `127.0.0.1.nip.io:${h.port}`, `[::1]:${h.port}`]) {
    const r = await get('/api/v1/namespaces/default/secrets', { Authorization: `Bearer ${h.token}`, Host: host });
    expect({ host, status: r.status, reason: r.json?.reason }).toEqual({ host, status: 403, reason: 'Forbidden' });
    expect(r.json.message).toContain('the simulator answers only Host 127.0.0.1:');
  }
});

test('its certificate is for 127.0.0.1 and localhost, and is what the kubeconfig trusts', () => {
  const x = new X509Certificate(h.caCert);
  expect(x.checkIP('127.0.0.1')).toBe('127.0.0.1');
  expect(x.checkHost('localhost')).toBe('localhost');
  expect(x.checkHost('evil.example')).toBeUndefined();
  expect(x.verify(x.publicKey)).toBe(true);
  const kc = parse(readFileSync(h.kubeconfigPath, 'utf8'));
  expect(Buffer.from(kc.clusters[0].cluster['certificate-authority-data'], 'base64').toString()).toBe(h.caCert);
  expect(kc.clusters[0].cluster['insecure-skip-tls-verify']).toBeUndefined();
});

test('a fixed token can be given', async () => {
  const s = new SimApiServer({ clock: new ManualClock(), token: 'fixed-token-for-tests' });
  const hh = await s.start();
  try {
    expect(hh.token).toBe('fixed-token-for-tests');
    expect(parse(readFileSync(hh.kubeconfigPath, 'utf8')).users[0].user.token).toBe('fixed-token-for-tests');
  } finally {
    await s.stop();
  }
});

test('fails to write its kubeconfig through a symbolic link, and leaves the link\'s target alone', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sim-auth-'));
  const victim = join(dir, 'victim.txt');
  writeFileSync(victim, 'precious\n');
  const link = join(dir, 'sim.kubeconfig');
  symlinkSync(victim, link);
  const s = new SimApiServer({ clock: new ManualClock(), kubeconfigPath: link });
  await expect(s.start()).rejects.toThrow(`refusing to write ${link}: it is a symbolic link (to ${victim})`);
  expect(readFileSync(victim, 'utf8')).toBe('precious\n');
  expect(lstatSync(link).isSymbolicLink()).toBe(true);
  expect(statSync(victim).mode & 0o777).not.toBe(0o600);
});

test('removes the kubeconfig it wrote at its default path when it stops; keeps one written where the caller said', async () => {
  const s = new SimApiServer({ clock: new ManualClock() });
  const own = (await s.start()).kubeconfigPath;
  expect(own.startsWith(tmpdir())).toBe(true);
  expect(readFileSync(own, 'utf8')).toContain('token:');
  await s.stop();
  expect(existsSync(own)).toBe(false);

  const dir = mkdtempSync(join(tmpdir(), 'sim-auth-'));
  const theirs = join(dir, 'sim.kubeconfig');
  const t = new SimApiServer({ clock: new ManualClock(), kubeconfigPath: theirs });
  await t.start();
  await t.stop();
  expect(readFileSync(theirs, 'utf8')).toContain('token:');
});
