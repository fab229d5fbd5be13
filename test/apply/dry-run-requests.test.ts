// What a server-side dry run of a fleet costs in requests (in process, simulated time): one
// PATCH per object and one LIST for all the namespaces — no GET or discovery per object, no
// waits — with at most `concurrency` requests in flight.
import { BMC_ENV, Scenario, reference } from './scenario';
import { Applier } from '../../src/apply/applier';
import { ProgressEvent } from '../../src/apply/events';
import { KubeObject } from '../../src/core/kube-object';

const SITES = ['site-0', 'site-1', 'site-2', 'site-3', 'site-4', 'site-5'];
const fleet = (): KubeObject[] => SITES.flatMap(ns => reference().map(o => ({ ...o, metadata: { ...o.metadata, namespace: ns } })));

let current: Scenario | undefined;
afterEach(async () => {
  await current?.stop();
  current = undefined;
});

async function dryRun(concurrency: number): Promise<{ kube: ReturnType<Scenario['kube']>; events: ProgressEvent[]; objects: number }> {
  current = new Scenario({ seed: 3, namespaces: SITES });
  const kube = current.kube();
  const events: ProgressEvent[] = [];
  const objects = fleet();
  const r = await current.drive(new Applier(kube, {
    clock: current.clock,
    dryRun: true,
    variables: BMC_ENV,
    concurrency,
    kubeconfigDir: current.dir,
    onEvent: e => events.push(e),
  }).apply(objects));
  if (r.error) throw r.error;
  return { kube, events, objects: objects.length };
}

test('one request per object plus one namespace list; every object accepted; nothing written', async () => {
  const { kube, events, objects } = await dryRun(8);
  expect(objects).toBe(SITES.length * reference().length);
  expect(kube.stats.requests).toBe(objects + 1);
  expect(kube.stats.watches).toBe(0);
  expect(kube.writes).toEqual([]);
  const applied = events.filter(e => e.type === 'applied');
  expect(applied).toHaveLength(objects);
  expect(applied.every(e => e.type === 'applied' && e.result === 'dry-run')).toBe(true);
  expect(events.filter(e => e.type === 'waiting' || e.type === 'ready')).toEqual([]);
});

test.each([1, 3, 8])('at most %i requests in flight, and the limit is used', async concurrency => {
  const { kube } = await dryRun(concurrency);
  expect(kube.stats.maxConcurrent).toBe(concurrency);
});
