// Fault injection: the spec grammar (and its errors), seeded determinism, and each fault as an
// HTTP client sees it. Timing faults run on a ManualClock, so nothing here waits on wall time.
import { request } from 'node:https';
import { ManualClock } from '../../src/core/clock';
import { ValidationError } from '../../src/core/errors';
import { SimApiServer, SimServerHandle } from '../../src/sim/api-server';
import { FaultInjector, parseFaultSpec } from '../../src/sim/faults';

describe('fault spec', () => {
  test('parses the compact form', () => {
    expect(parseFaultSpec('429:0.1@3s,500:0.02,503:0.05,reset:0.02,watchdrop:30s,slow:200ms@0.5,webhook:10s@metal3.io+metallb.io,seed:42')).toEqual({
      tooManyRequests: 0.1,
      retryAfterSeconds: 3,
      internalError: 0.02,
      unavailable: 0.05,
      reset: 0.02,
      watchDropMs: 30_000,
      slowMs: 200,
      slowProbability: 0.5,
      webhookWindowMs: 10_000,
      webhookGroups: ['metal3.io', 'metallb.io'],
      seed: 42,
    });
    expect(parseFaultSpec('')).toEqual({});
  });

  test.each([
    ['418:0.1', '418:0.1', /unknown fault "418"/],
    ['429:1.5', '429:1.5', /"1.5" is not a probability/],
    ['watchdrop:30', 'watchdrop:30', /"30" is not a duration/],
    ['503:0.1,503:0.2', '503:0.2', /"503" is given twice/],
    ['429:0.6,503:0.6', '429:0.6,503:0.6', /add up to 1.2/],
    ['slow', 'slow', /has no value/],
  ])('fails for %s naming the item', (spec, field, problem) => {
    let err: unknown;
    try {
      parseFaultSpec(spec);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).where).toBe('--faults');
    expect((err as ValidationError).field).toBe(field);
    expect((err as ValidationError).problem).toMatch(problem);
  });

  test('the same seed gives the same decisions; the rate follows the probability', () => {
    const spec = parseFaultSpec('429:0.1,503:0.05,seed:9');
    const seq = () => {
      const f = new FaultInjector(spec, new ManualClock());
      return Array.from({ length: 2000 }, () => f.decide({ method: 'GET', group: '' }).error?.code ?? 0);
    };
    const a = seq();
    expect(seq()).toEqual(a);
    const r429 = a.filter(c => c === 429).length;
    const r503 = a.filter(c => c === 503).length;
    expect(r429).toBeGreaterThan(140);
    expect(r429).toBeLessThan(260);
    expect(r503).toBeGreaterThan(60);
    expect(r503).toBeLessThan(140);
  });
});

describe('faults over HTTP', () => {
  let server: SimApiServer;
  let h: SimServerHandle;
  let clock: ManualClock;

  async function start(faults: string) {
    clock = new ManualClock();
    server = new SimApiServer({ seed: 1, clock, faults });
    h = await server.start();
  }

  afterEach(async () => {
    await server?.stop();
  });

  function call(method: string, path: string, body?: string): Promise<{ status: number; headers: any; json: any }> {
    return new Promise((resolve, reject) => {
      const req = request(`${h.url}${path}`, { method, headers: { 'Content-Type': 'application/json', 'Authorization': `Bearer ${h.token}` }, ca: h.caCert }, res => {
        let text = '';
        res.on('data', d => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, json: text ? JSON.parse(text) : undefined }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  test('429 with Retry-After and a TooManyRequests Status', async () => {
    await start('429:1@3s');
    const r = await call('GET', '/api/v1/namespaces/default/configmaps');
    expect(r.status).toBe(429);
    expect(r.headers['retry-after']).toBe('3');
    expect(r.json).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      code: 429,
      reason: 'TooManyRequests',
      message: 'Too many requests, please try again later.',
      details: { retryAfterSeconds: 3 },
    });
    // Discovery is not subject to faults, so clients can still find their way.
    expect((await call('GET', '/apis')).status).toBe(200);
  });

  test('503 ServiceUnavailable', async () => {
    await start('503:1');
    const r = await call('GET', '/api/v1/namespaces/default/configmaps');
    expect([r.status, r.json.reason]).toEqual([503, 'ServiceUnavailable']);
  });

  test('reset drops the connection without a response', async () => {
    await start('reset:1');
    await expect(call('GET', '/api/v1/namespaces/default/configmaps')).rejects.toThrow(/socket hang up|ECONNRESET/);
  });

  test('webhook: writes to webhook groups fail with 500 "failed calling webhook" until the window has passed', async () => {
    await start('webhook:10s@metal3.io');
    const bmh = JSON.stringify({ apiVersion: 'metal3.io/v1alpha1', kind: 'BareMetalHost', metadata: { name: 'h' }, spec: { online: true } });
    const early = await call('POST', '/apis/metal3.io/v1alpha1/namespaces/default/baremetalhosts', bmh);
    expect(early.status).toBe(500);
    expect(early.json.reason).toBe('InternalError');
    expect(early.json.message).toMatch(/^Internal error occurred: failed calling webhook "baremetalhost\.metal3\.io": failed to call webhook: Post "https:\/\/baremetal-operator-webhook-service\.baremetal-operator-system\.svc:443\/.*connect: connection refused$/);
    expect((await call('GET', '/apis/metal3.io/v1alpha1/namespaces/default/baremetalhosts')).status).toBe(200);
    expect((await call('POST', '/api/v1/namespaces/default/configmaps', JSON.stringify({ metadata: { name: 'c' } }))).status).toBe(201);
    await clock.advance(10_000);
    expect((await call('POST', '/apis/metal3.io/v1alpha1/namespaces/default/baremetalhosts', bmh)).status).toBe(201);
  });

  test('slow holds the response until the delay has passed on the clock', async () => {
    await start('slow:300ms');
    let done = false;
    const p = call('GET', '/api/v1/namespaces/default/configmaps').then(r => {
      done = true;
      return r;
    });
    await new Promise(r => setTimeout(r, 50));
    expect(done).toBe(false);
    await clock.advance(300);
    expect((await p).status).toBe(200);
  });

  test('watchdrop ends watch streams cleanly after the duration', async () => {
    await start('watchdrop:2s');
    let ended = false;
    const req = request(`${h.url}/api/v1/namespaces/default/configmaps?watch=1`, { headers: { Authorization: `Bearer ${h.token}` }, ca: h.caCert }, res => {
      res.resume();
      res.on('end', () => (ended = true));
    });
    req.end();
    await new Promise(r => setTimeout(r, 50));
    expect(ended).toBe(false);
    await clock.advance(2000);
    for (let i = 0; i < 100 && !ended; i++) await new Promise(r => setTimeout(r, 5));
    expect(ended).toBe(true);
  });
});
