// What a finished apply of the reference cluster must report, checked the same way in process
// (apply-scenarios.test.ts) and by the built CLI in its own process (test/smoke/apply.test.ts).
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The kinds the reference cluster creates (delete must leave none of them behind). */
export const REFERENCE_KINDS: Array<[string, string]> = [
  ['v1', 'Secret'], ['metal3.io/v1alpha1', 'BareMetalHost'], ['cluster.x-k8s.io/v1beta2', 'Cluster'], ['cluster.x-k8s.io/v1beta2', 'Machine'],
  ['cluster.x-k8s.io/v1beta2', 'MachineDeployment'], ['controlplane.cluster.x-k8s.io/v1beta2', 'RKE2ControlPlane'],
  ['infrastructure.cluster.x-k8s.io/v1beta2', 'Metal3Machine'], ['infrastructure.cluster.x-k8s.io/v1beta2', 'Metal3MachineTemplate'],
];

/**
 * The JSON events of `apply --output json` of the reference cluster: every stage in order, the
 * kubeconfig written 0600 with the VIP as server, 15 objects at fewer than 3 requests each.
 * Returns the events and the `done` event for further checks.
 */
export function expectReferenceApplied(r: { code?: number | null; stdout: string; stderr: string }, kubeconfigDir: string):
{ events: any[]; done: any } {
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const events = r.stdout.trim().split('\n').map(l => JSON.parse(l));
  expect(events.filter(e => e.type === 'stage-done').map(e => e.stage)).toEqual(['hosts', 'objects', 'control-plane', 'workers', 'kubeconfig', 'cluster']);
  const kc = events.find(e => e.type === 'kubeconfig');
  expect(kc.path).toBe(join(kubeconfigDir, 'multinode-cluster.kubeconfig'));
  expect(statSync(kc.path).mode & 0o777).toBe(0o600);
  expect(readFileSync(kc.path, 'utf8')).toMatch(/server: https:\/\/192\.168\.125\.100:6443/);
  const done = events.find(e => e.type === 'done');
  // 15 objects; one apply each, plus discovery and one list + one watch per waited kind.
  expect(done.objects).toBe(15);
  expect(done.requests / done.objects).toBeLessThan(3);
  return { events, done };
}
