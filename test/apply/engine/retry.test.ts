// Retries of one request: transient failures (429 with Retry-After, 5xx, a modified-object
// conflict, connection resets) are retried with backoff on the clock, each reported; anything
// else, and the last attempt, fails at once.
import { RetryInfo } from '../../../src/apply/engine/kube-client';
import { DEFAULT_RETRY, isTransient, withRetry } from '../../../src/apply/engine/retry';
import { ManualClock } from '../../../src/core/clock';

const error = (code: number | undefined, message: string, extra: object = {}) =>
  Object.assign(new Error(message), code === undefined ? {} : { code }, extra);

test.each([
  [error(429, 'too many'), true],
  [error(503, 'unavailable'), true],
  [error(500, 'failed calling webhook'), true],
  [error(409, 'Operation cannot be fulfilled: the object has been modified; please apply your changes to the latest version'), true],
  [error(409, 'conflict with "kubectl" using v1: .spec.x'), false],
  [error(422, 'Invalid value'), false],
  [error(404, 'not found'), false],
  [error(undefined, 'socket hang up', { cause: { code: 'ECONNRESET' } }), true],
  [error(undefined, 'undefined is not a function'), false],
])('%s is transient: %s', (e, transient) => {
  expect(isTransient(e)).toBe(transient);
});

async function retried(failures: unknown[], attempts = DEFAULT_RETRY.attempts) {
  const clock = new ManualClock();
  const stats = { requests: 0, retries: 0, inFlight: 0, maxConcurrent: 0 };
  const infos: RetryInfo[] = [];
  let calls = 0;
  let outcome: { value?: string; error?: unknown } | undefined;
  withRetry(async () => {
    const f = failures[calls++];
    if (f) throw f;
    return 'ok';
  }, { clock, policy: { ...DEFAULT_RETRY, attempts }, stats, onRetry: i => infos.push(i), random: () => 0.5 }, { request: 'apply Secret default/s' })
    .then(value => (outcome = { value }), e => (outcome = { error: e }));
  for (let i = 0; i < 20 && !outcome; i++) {
    await new Promise(r => setImmediate(r));
    const next = clock.nextTimerAt();
    if (next !== undefined) await clock.advance(next - clock.now());
  }
  return { outcome, infos, stats, elapsed: clock.now() - Date.UTC(2025, 0, 1) };
}

test('a 429 waits for its Retry-After, 5xx and resets back off exponentially; each retry is reported and counted', async () => {
  const r = await retried([error(429, 'too many', { headers: { 'retry-after': '3' }, body: { reason: 'TooManyRequests' } }), error(503, 'unavailable'),
    error(undefined, 'socket hang up', { cause: { code: 'ECONNRESET' } })]);
  expect(r.outcome).toEqual({ value: 'ok' });
  expect(r.infos).toEqual([
    { request: 'apply Secret default/s', reason: '429 TooManyRequests', attempt: 1, delayMs: 3_000 },
    { request: 'apply Secret default/s', reason: '503', attempt: 2, delayMs: 375 },
    { request: 'apply Secret default/s', reason: 'socket hang up', attempt: 3, delayMs: 750 },
  ]);
  expect(r.elapsed).toBe(4_125);
  expect(r.stats).toMatchObject({ requests: 4, retries: 3, inFlight: 0 });
});

test('a refusal fails at once; so does the last attempt', async () => {
  const refused = await retried([error(422, 'Invalid value')]);
  expect(refused.outcome?.error).toMatchObject({ code: 422 });
  expect(refused.infos).toEqual([]);
  const exhausted = await retried([error(503, 'a'), error(503, 'b'), error(503, 'c')], 3);
  expect(exhausted.outcome?.error).toMatchObject({ message: 'c' });
  expect(exhausted.infos).toHaveLength(2);
});
