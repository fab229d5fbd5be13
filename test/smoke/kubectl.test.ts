// The simulator through the real kubectl binary over HTTPS (its own CA and a bearer token from
// the kubeconfig it writes): server-side apply, get (server-side
// tables), wait --for=jsonpath / condition, delete waiting on finalizers, conflict and
// validation messages, protobuf bodies of built-in kinds. Speed 1000 on the real clock.
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kubectl } from './kubectl-process';
import { SimServerHandle } from '../../src/sim/api-server';
import { selfSignedCert } from '../../src/sim/self-signed-cert';
import { Simulator } from '../../src/sim/simulator';
import { FIXTURES } from '../sim/helpers';

let sim: Simulator;
let h: SimServerHandle;
const k = (args: string[], input?: string) => kubectl(h.kubeconfigPath, args, input);

beforeAll(async () => {
  sim = new Simulator({ seed: 11, speed: 1000 });
  h = await sim.start();
});

afterAll(async () => {
  await sim.stop();
});

test('kubeconfig: https on 127.0.0.1 verified with its CA, a token, owner-only file', async () => {
  expect(h.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  expect(statSync(h.kubeconfigPath).mode & 0o777).toBe(0o600);
  const v = await k(['version', '-o', 'json']);
  expect(v.code).toBe(0);
  expect(JSON.parse(v.stdout).serverVersion.gitVersion).toBe('v1.32.0-cdk8s-capi-sim');
});

test('fails with a wrong token (Unauthorized), and against a server whose certificate it does not trust', async () => {
  const wrong = await k(['get', 'namespaces', '--token', 'not-the-token']);
  expect(wrong.code).not.toBe(0);
  expect(wrong.stderr).toMatch(/Unauthorized|provide credentials/);
  const otherCa = join(mkdtempSync(join(tmpdir(), 'sim-ca-')), 'other-ca.pem');
  writeFileSync(otherCa, (await selfSignedCert()).cert);
  const untrusted = await k(['get', 'namespaces', '--certificate-authority', otherCa]);
  expect(untrusted.code).not.toBe(0);
  expect(untrusted.stderr).toMatch(/certificate signed by unknown authority|x509/);
});

test('apply --server-side, wait for hosts, provision a 3-node RKE2 cluster, fetch its kubeconfig, delete it', async () => {
  const hosts = await k(['apply', '--server-side', '-f', join(FIXTURES, 'hosts-control-plane.yaml')]);
  expect(hosts.code).toBe(0);
  expect(hosts.stdout).toContain('baremetalhost.metal3.io/node1 serverside-applied');

  const waitHosts = await k(['wait', 'bmh', '--all', '--for=jsonpath={.status.provisioning.state}=available', '--timeout=60s']);
  expect(waitHosts.stderr).toBe('');
  expect(waitHosts.stdout.trim().split('\n')).toEqual([
    'baremetalhost.metal3.io/node1 condition met', 'baremetalhost.metal3.io/node2 condition met', 'baremetalhost.metal3.io/node3 condition met',
  ]);

  const table = await k(['get', 'bmh']);
  expect(table.stdout.split('\n')[0].split(/\s+/)).toEqual(['NAME', 'STATE', 'CONSUMER', 'ONLINE', 'ERROR', 'AGE']);

  expect((await k(['apply', '--server-side', '-f', join(FIXTURES, 'cluster-rke2.yaml')])).code).toBe(0);
  // Available comes with the first ready control plane node (CAPI semantics); the rest follow.
  const ready = await k(['wait', 'clusters.cluster.x-k8s.io/multinode-cluster', '--for=condition=Available', '--timeout=90s']);
  expect(ready.stdout).toContain('condition met');
  const all = await k(['wait', 'rke2controlplane/multinode-cluster', '--for=jsonpath={.status.readyReplicas}=3', '--timeout=90s']);
  expect(all.stdout).toContain('condition met');
  const cp = await k(['get', 'rke2controlplane', 'multinode-cluster', '-o', 'jsonpath={.status.readyReplicas}/{.status.initialization.controlPlaneInitialized}']);
  expect(cp.stdout).toBe('3/true');
  const kc = await k(['get', 'secret', 'multinode-cluster-kubeconfig', '-o', 'jsonpath={.data.value}']);
  expect(Buffer.from(kc.stdout, 'base64').toString()).toContain('server: https://192.168.125.200:6443');

  const del = await k(['delete', 'clusters.cluster.x-k8s.io', 'multinode-cluster', '--timeout=90s']);
  expect(del.code).toBe(0);
  expect((await k(['get', 'machines.cluster.x-k8s.io', '-o', 'name'])).stdout).toBe('');
  const released = await k(['wait', 'bmh', '--all', '--for=jsonpath={.status.provisioning.state}=available', '--timeout=60s']);
  expect(released.code).toBe(0);
  expect((await k(['get', 'bmh', '-o', 'jsonpath={.items[*].spec.consumerRef}'])).stdout.trim()).toBe('');
});

test('server-side apply conflicts are reported by kubectl and resolved with --force-conflicts', async () => {
  const manifest = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: shared\n  namespace: default\ndata:\n  a: "1"\n';
  expect((await k(['apply', '--server-side', '-f', '-'], manifest)).code).toBe(0);
  expect((await k(['patch', 'configmap', 'shared', '--type', 'merge', '-p', '{"data":{"a":"2"}}'])).code).toBe(0);
  const conflict = await k(['apply', '--server-side', '-f', '-'], manifest);
  expect(conflict.code).not.toBe(0);
  expect(conflict.stderr).toContain('Apply failed with 1 conflict: conflict with "kubectl-patch" using v1: .data.a');
  const forced = await k(['apply', '--server-side', '--force-conflicts', '-f', '-'], manifest);
  expect(forced.code).toBe(0);
  expect((await k(['get', 'configmap', 'shared', '-o', 'jsonpath={.data.a}'])).stdout).toBe('1');
});

test('fails with the server\'s validation message for an invalid object', async () => {
  const bad = 'apiVersion: metal3.io/v1alpha1\nkind: BareMetalHost\nmetadata:\n  name: bad\n  namespace: default\nspec:\n  bootMode: weird\n';
  const r = await k(['apply', '--server-side', '-f', '-'], bad);
  expect(r.code).not.toBe(0);
  // kubectl re-renders the 422 Status from its causes.
  expect(r.stderr).toContain('The BareMetalHost "bad" is invalid');
  expect(r.stderr).toContain('spec.online: Required value');
  expect(r.stderr).toContain('spec.bootMode: Unsupported value: "weird"');
});

test('create and delete built-in objects (protobuf request bodies) and a terminating namespace', async () => {
  expect((await k(['create', 'namespace', 'team'])).code).toBe(0);
  expect((await k(['-n', 'team', 'create', 'configmap', 'c', '--from-literal=a=b'])).code).toBe(0);
  expect((await k(['-n', 'team', 'create', 'secret', 'generic', 's', '--from-literal=u=p'])).code).toBe(0);
  expect((await k(['-n', 'team', 'get', 'secret', 's', '-o', 'jsonpath={.data.u}'])).stdout).toBe(Buffer.from('p').toString('base64'));
  expect((await k(['delete', 'namespace', 'team', '--timeout=30s'])).code).toBe(0);
  const gone = await k(['get', 'namespace', 'team']);
  expect(gone.code).not.toBe(0);
  expect(gone.stderr).toContain('namespaces "team" not found');
});
