// Plain-JS, JSON-fed or cast callers of the RKE2 cluster constructs (issue 13): ValidationErrors
// naming the construct path and the prop — never a TypeError, never a silent default.
import { App, Chart } from 'cdk8s';
import { IngressVip } from '../../src/metallb/ingress-vip';
import { MetalLbVip } from '../../src/metallb/metallb-vip';
import { MultinodeRke2Cluster } from '../../src/rke2/multinode-rke2-cluster';
import { SingleNodeRke2Cluster } from '../../src/rke2/single-node-rke2-cluster';
import { expectValidationError } from '../util';

const image = { url: 'http://imagecache.local:8080/eibimage-output-telco.raw' };
const multinode = (props: object) => new MultinodeRke2Cluster(new Chart(new App(), 's'), 'cluster', { version: 'v1.36.3+rke2r1', apiVip: { ipv4: '10.0.0.100' }, controlPlane: { image }, ...props } as any);

const fails = expectValidationError;

test.each([
  [{ additionalTlsSans: 'abc' }, /s\/cluster: additionalTlsSans: must be a list \(got string "abc"\)/],
  [{ network: { cidrBlocks: 'x' } }, /network.cidrBlocks: unknown prop "cidrBlocks" \(known: podCidrs, serviceCidrs\)/],
  [{ network: { podCidrs: 'x' } }, /network.podCidrs: must be a list/],
  [{ hosts: 'x' }, /hosts: must be a BareMetalHostEnrollment \(got string "x"\)/],
  [{ controlPlane: { image, replicas: '3' } }, /controlPlane.replicas: must be a whole number \(got string "3"\)/],
  [{ workers: { replicas: 1, image: 'http://x' } }, /workers.image: must be an object/],
  [{ apiVip: '10.0.0.100' }, /apiVip: must be an object/],
])('fails multinode props %j', (props, message) => {
  fails(() => multinode(props), message);
});

test('fails a numeric endpoint of a single-node cluster', () => {
  fails(() => new SingleNodeRke2Cluster(new Chart(new App(), 's'), 'cluster', { version: 'v1.36.3+rke2r1', endpoint: 10 as any, controlPlane: { image } }),
    /s\/cluster: endpoint: must be a string \(got number 10\)/);
});

test('fails a worker pool of the wrong shape added later, and props that are not an object', () => {
  const c = multinode({});
  fails(() => c.addWorkerPool({ name: 'gpu', replicas: 1, image, hostSelector: { matchLabels: 'gpu' } } as any), /workers\/gpu: hostSelector.matchLabels: must be a map/);
  fails(() => new MultinodeRke2Cluster(new Chart(new App(), 's'), 'cluster', 'props' as any), /s\/cluster: props: must be an object \(got string\)/);
});

test('fails MetalLB VIP props of the wrong shape', () => {
  fails(() => new MetalLbVip(new Chart(new App(), 'v'), 'api', { vip: { ipv4: '10.0.0.1' }, priority: 'high' } as any), /v\/api: priority: must be a whole number/);
  fails(() => new IngressVip(new Chart(new App(), 'v'), 'in', { vip: ['10.0.0.1'] } as any), /v\/in: vip: must be an object \(got a list/);
});
