// The simulator as seen by @kubernetes/client-node 1.4. The client is ESM-only, which a
// CommonJS jest cannot load in its module sandbox, so each scenario runs in a plain Node
// child process (test/sim/clients/client-node.mjs) against the HTTP server started here, and
// reports what it observed as JSON. The child must be spawned asynchronously: the server
// runs on this process's event loop.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Simulator } from '../../src/sim/simulator';

const run = promisify(execFile);
const SCRIPT = join(__dirname, 'clients', 'client-node.mjs');

async function scenario(name: string, sim: Simulator): Promise<any> {
  const h = await sim.start();
  try {
    const { stdout } = await run(process.execPath, [SCRIPT, name, h.kubeconfigPath], { timeout: 30_000 });
    return JSON.parse(stdout.trim().split('\n').pop()!);
  } catch (e: any) {
    throw new Error(`client-node scenario ${name} failed: ${e.stdout ?? ''}${e.stderr ?? e}`);
  } finally {
    await sim.stop();
  }
}

test('CRUD, server-side apply conflicts and error bodies through client-node', async () => {
  const r = await scenario('crud', new Simulator({ seed: 2, speed: 1000 }));
  expect(r.applied).toEqual({ generation: 1, managers: ['applier/Apply'], defaulted: 'metadata' });
  expect(r.listed).toEqual(['n1']);
  expect(r.conflict).toEqual({
    code: 409,
    reason: 'Conflict',
    fields: ['.data.a'],
    message: 'Apply failed with 1 conflict: conflict with "editor" using v1: .data.a',
  });
  expect(r.forced).toEqual({ a: '1' });
  expect(r.invalid.code).toBe(422);
  expect(r.invalid.reason).toBe('Invalid');
  expect(r.invalid.causes).toEqual(expect.arrayContaining([
    { reason: 'FieldValueRequired', message: 'Required value', field: 'spec.online' },
  ]));
  expect(r.missing).toEqual({ code: 404, reason: 'NotFound', message: 'configmaps "nope" not found' });
  expect(r.deleted).toBe(404);
});

test('watch: 410 for an expired resourceVersion, bookmarks, and an informer that re-lists after expiry', async () => {
  const r = await scenario('watch', new Simulator({
    seed: 2, speed: 1000, providerControllers: false, watchHistory: 5, bookmarkIntervalMs: 200, faults: 'watchdrop:700ms',
  }));
  expect(r.stale.events).toEqual([{ type: 'ERROR', code: 410, reason: 'Expired' }]);
  expect(r.stale.doneError).toBeNull();
  expect(r.bookmark).toBe(true);
  expect(r.informer.errors).toEqual([]);
  expect(r.informer.listCalls).toBeGreaterThanOrEqual(2);
  expect(r.informer.added).toEqual(['wanted']);
});
