// `simulate` flags are checked before anything starts: bad values are usage errors (exit 2)
// naming the bad part; the fault spec grammar is strict (issue 13). In process.
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STACK_LINE, run } from './capture';
import { ValidationError } from '../../src/core/errors';
import { FAULT_SPEC_GRAMMAR, parseFaultSpec } from '../../src/sim/faults';

async function usage(args: string[], message: RegExp): Promise<string> {
  const r = await run(['simulate', ...args]);
  expect(r.stderr).toMatch(message);
  expect(r.stderr).not.toMatch(STACK_LINE);
  expect(r.stdout).toBe('');
  expect(r.code).toBe(2);
  return r.stderr;
}

test.each([
  [['--port', '99999'], /^error: --port must be an integer from 0 to 65535 \(0: a free port\), got "99999"/],
  [['--port', '-1'], /--port must be an integer/],
  [['--port', '80.5'], /--port must be an integer/],
  [['--speed', '0'], /^error: --speed must be a positive number/],
  [['--speed', 'fast'], /--speed must be a positive number/],
  [['--seed', '1.5'], /^error: --seed must be a non-negative integer/],
])('simulate %j exits 2', async (args, message) => {
  await usage(args, message);
});

test('--faults errors name the bad item and give the grammar', async () => {
  const stderr = await usage(['--faults', 'junk'], /^error: --faults: junk: "junk" has no value/);
  expect(stderr).toContain(`--faults takes ${FAULT_SPEC_GRAMMAR}`);
  await usage(['--faults', 'reset:0.5@'], /--faults: reset:0.5@: "reset" takes no @ part/);
});

test('a port in use is a usage error', async () => {
  const server = createServer();
  await new Promise<void>(r => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  try {
    await usage(['--port', String(port), '--kubeconfig-out', join(mkdtempSync(join(tmpdir(), 'sim-')), 'k')], new RegExp(`^error: --port ${port}: 127.0.0.1:${port} is already in use`));
  } finally {
    server.close();
  }
});

test('an unwritable --kubeconfig-out is an I/O error and leaves nothing listening', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'sim-')), 'file');
  writeFileSync(file, '');
  await usage(['--kubeconfig-out', join(file, 'k')], /^error: --kubeconfig-out: refusing to use .*file: it exists and is not a directory/);
});

test('a --kubeconfig-out that is a symbolic link is refused (another file would be rewritten)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sim-'));
  writeFileSync(join(dir, 'someone-elses'), 'keep me');
  symlinkSync(join(dir, 'someone-elses'), join(dir, 'k'));
  await usage(['--kubeconfig-out', join(dir, 'k')], /^error: --kubeconfig-out: .*symbolic link/);
  expect(readFileSync(join(dir, 'someone-elses'), 'utf8')).toBe('keep me');
});

describe('parseFaultSpec is strict', () => {
  test.each([
    ['reset:0.5@', /"reset" takes no @ part/],
    ['503:0.1@1s', /"503" takes no @ part/],
    ['429:0.1@', /nothing after @/],
    ['slow:200ms@', /nothing after @/],
    ['429:0.1@1s@2s', /has more than one @/],
    ['429:0.1,', /has an empty item/],
    [',429:0.1', /has an empty item/],
    ['429:0.1,,503:0.1', /has an empty item/],
    ['429: 0.1', /" 0.1" is not a probability/],
    ['429:0x1', /"0x1" is not a probability/],
    ['429:1e-1', /"1e-1" is not a probability/],
    ['429:', /"" is not a probability/],
    ['watchdrop:99999999999m', /longer than 24h/],
    ['webhook:10s@+', /"" is not an API group/],
    ['webhook:10s@Metal3.io', /"Metal3.io" is not an API group/],
    ['seed:99999999999999999999', /is not a non-negative integer/],
    [':0.1', /unknown fault ""/],
  ])('%s', (spec, problem) => {
    let err: unknown;
    try {
      parseFaultSpec(spec);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).problem).toMatch(problem);
  });

  test('the documented forms still parse', () => {
    expect(parseFaultSpec(' 429:0.1@3s , slow:200ms@.5,webhook:1m@metal3.io+metallb.io,reset:0.9,seed:0')).toEqual({
      tooManyRequests: 0.1,
      retryAfterSeconds: 3,
      slowMs: 200,
      slowProbability: 0.5,
      webhookWindowMs: 60_000,
      webhookGroups: ['metal3.io', 'metallb.io'],
      reset: 0.9,
      seed: 0,
    });
    expect(parseFaultSpec('  ')).toEqual({});
  });
});
