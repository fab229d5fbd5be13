// A user's cdk8s app, as the README's "Use it in your own project" describes it: it imports the
// installed package by name and uses every public construct. The consumer test
// (build-tools/consumer-test.ts) copies this folder into a new project, installs the packed
// tarball and runs `cdk8s synth`, `tsc` (strict, skipLibCheck: false) and the installed CLI.
import { ApiObject, Chart, JsonPatch } from 'cdk8s';
import {
  BareMetalHostEnrollment, BmcCredentials, ButaneConfig, EksaApp, EksaCluster, EksaProvider, HostRole, IngressVip, MetalLbVip,
  MultinodeRke2Cluster, SingleNodeRke2Cluster, capi, validateObjects,
} from 'cdk8s-capi';

const IMAGE = { url: 'http://imagecache.local:8080/eibimage-output-telco.raw' };
// One app for everything: RKE2 clusters, plain charts and EKS-A clusters (EksaApp also writes hardware.csv).
const app = new EksaApp();

// A multinode RKE2 cluster on three enrolled hosts, with API and ingress VIPs.
const site = new Chart(app, 'site-1', { disableResourceNameHashes: true });
const hosts = new BareMetalHostEnrollment(site, 'hosts', {
  hosts: [1, 2, 3].map(n => ({
    name: `node${n}`,
    role: HostRole.CONTROL_PLANE,
    bmcAddress: `redfish-virtualmedia://192.168.200.${10 + n}/redfish/v1/Systems/1`,
    bootMacAddress: `0c:c4:7a:6b:00:0${n}`,
    credentials: BmcCredentials.fromEnv(`BMC_NODE${n}_USERNAME`, `BMC_NODE${n}_PASSWORD`),
  })),
});
hosts.addHost({ name: 'node4', role: HostRole.WORKER, bmcAddress: 'ipmi://192.168.200.14', bootMacAddress: '0c:c4:7a:6b:00:04' });
const cluster = new MultinodeRke2Cluster(site, 'cluster', {
  clusterName: 'site-1',
  version: 'v1.36.3+rke2r1',
  apiVip: { ipv4: '192.168.125.100' },
  ingressVip: { ipv4: '192.168.125.101' },
  controlPlane: { replicas: 3, image: IMAGE },
  workers: { replicas: 1, image: IMAGE },
  hosts,
});
// Escape hatch: a field no prop covers, on the typed L1 object, checked again at synth.
ApiObject.of(cluster.controlPlane).addJsonPatch(JsonPatch.add('/metadata/labels', { team: 'edge' }));

// A single-node edge site reached on the node's own address.
const edge = new Chart(app, 'edge-7', { disableResourceNameHashes: true });
const edgeHosts = new BareMetalHostEnrollment(edge, 'hosts', {
  hosts: [{ name: 'edge7', role: HostRole.CONTROL_PLANE, bmcAddress: 'redfish://10.7.0.2/redfish/v1/Systems/1', bootMacAddress: '0c:c4:7a:6b:07:01' }],
});
new SingleNodeRke2Cluster(edge, 'cluster', { clusterName: 'edge-7', version: 'v1.36.3+rke2r1', endpoint: '10.7.0.10', controlPlane: { image: IMAGE }, hosts: edgeHosts });

// MetalLB VIPs on their own: the manifests go wherever the user's nodes read them (here a Butane config).
const vips = new Chart(app, 'vips');
const api = new MetalLbVip(vips, 'api', { vip: { ipv4: '10.8.0.100' } });
const ingress = new IngressVip(vips, 'ingress', { vip: { ipv4: '10.8.0.101' } });
const butane = new ButaneConfig({ strict: true });
for (const f of [...api.files, ...ingress.files]) butane.addManifestFile(f.path, [...f.objects]);
new ApiObject(vips, 'butane', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'vip-butane' }, data: { 'config.bu': butane.toYaml() } });

// A typed L1 class for a kind no construct covers.
new capi.MachineHealthCheck(site, 'mhc', {
  metadata: { name: 'site-1-workers', namespace: 'default' },
  spec: { clusterName: 'site-1', selector: { matchLabels: { nodepool: 'nodepool-0' } } },
});

// EKS Anywhere: Docker and bare metal (Tinkerbell) clusters in the same app.
new EksaCluster(app, 'dev', { provider: EksaProvider.docker() });
new EksaCluster(app, 'metal', {
  controlPlane: { count: 1, endpoint: '10.9.0.100' },
  workerNodeGroups: [{ name: 'md-0', count: 1 }],
  provider: EksaProvider.tinkerbell({
    tinkerbellIp: '10.9.0.101',
    osImageUrl: 'https://artifacts.example.com/eksa/ubuntu-2204-kube-1-36.gz',
    hosts: [
      { name: 'cp1', role: HostRole.CONTROL_PLANE, bmcAddress: 'ipmi://10.9.1.1', bootMacAddress: '0c:c4:7a:6b:09:01', network: { ipv4: { address: '10.9.0.11/24', gateway: '10.9.0.1' }, nameservers: ['10.9.0.1'] }, rootDeviceHints: { deviceName: '/dev/sda' } },
      { name: 'w1', role: HostRole.WORKER, bmcAddress: 'ipmi://10.9.1.2', bootMacAddress: '0c:c4:7a:6b:09:02', network: { ipv4: { address: '10.9.0.12/24', gateway: '10.9.0.1' }, nameservers: ['10.9.0.1'] }, rootDeviceHints: { deviceName: '/dev/sda' } },
    ],
  }),
});

// The validation API on plain objects.
const findings = validateObjects(cluster.objects).flatMap(r => r.findings.filter(f => f.severity === 'error'));
if (findings.length) throw new Error(`unexpected findings: ${JSON.stringify(findings)}`);

app.synth();
