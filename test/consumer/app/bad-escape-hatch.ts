// An escape-hatch edit that breaks an upstream rule: the consumer test expects this program to
// fail at synth, naming the object and the field (the construct validates its final JSON).
import { ApiObject, App, Chart, JsonPatch } from 'cdk8s';
import { BareMetalHostEnrollment, HostRole, MultinodeRke2Cluster } from 'cdk8s-capi';

const app = new App();
const chart = new Chart(app, 'site-2', { disableResourceNameHashes: true });
const hosts = new BareMetalHostEnrollment(chart, 'hosts', {
  hosts: [{ name: 'n1', role: HostRole.CONTROL_PLANE, bmcAddress: 'ipmi://10.2.0.1', bootMacAddress: '0c:c4:7a:6b:02:01' }],
});
const cluster = new MultinodeRke2Cluster(chart, 'cluster', {
  clusterName: 'site-2',
  version: 'v1.36.3+rke2r1',
  apiVip: { ipv4: '10.2.0.100' },
  controlPlane: { replicas: 1, image: { url: 'http://imagecache.local:8080/eibimage-output-telco.raw' } },
  workers: { replicas: 0, image: { url: 'http://imagecache.local:8080/eibimage-output-telco.raw' } },
  hosts,
});
ApiObject.of(cluster.workerPools[0].machineDeployment).addJsonPatch(JsonPatch.replace('/spec/template/spec/version', 'latest'));
app.synth();
