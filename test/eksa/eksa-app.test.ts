// EksaApp writes <name>-eks-a-cluster.yaml (eksctl's file name) and hardware.csv next to it.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiObject, App, Chart } from 'cdk8s';
import { parseAllDocuments } from 'yaml';
import { BareMetalHostEnrollment } from '../../src/baremetal/bare-metal-host-enrollment';
import { HostRole } from '../../src/baremetal/host';
import { ValidationError } from '../../src/core/errors';
import { KubeObject } from '../../src/core/kube-object';
import { EksaApp } from '../../src/eksa/eksa-app';
import { EksaCluster } from '../../src/eksa/eksa-cluster';
import { EksaProvider } from '../../src/eksa/providers/provider';
import { SingleNodeRke2Cluster } from '../../src/rke2/single-node-rke2-cluster';
import { loadHardwareCsv } from '../../src/validate/eksa/hardware-csv';
import { runPreflights, preflightErrors } from '../../src/validate/eksa/preflights';

/** eksctl needs an OS image for Ubuntu, naming the Kubernetes version (tinkerbell validate.go validateOsFamily, validateK8sVersionInOSImageURLs). */
const UBUNTU_IMAGE = 'https://artifacts.example.com/eksa/ubuntu-2204-kube-1-36.gz';

let dir: string;
beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'eksa-app-')); });
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const hosts = [1, 2].map(n => ({
  name: `node${n}`,
  role: n === 1 ? HostRole.CONTROL_PLANE : HostRole.WORKER,
  bmcAddress: `ipmi://10.1.0.${n}`,
  bootMacAddress: `0c:c4:7a:00:00:0${n}`,
  rootDeviceHints: { deviceName: '/dev/sda' },
  network: { ipv4: { address: `10.0.0.${10 + n}/24`, gateway: '10.0.0.1' }, nameservers: ['10.0.0.2'] },
}));

test('one file per cluster named <name>-eks-a-cluster.yaml, plus hardware.csv', () => {
  const app = new EksaApp({ outdir: dir });
  new EksaCluster(app, 'dev', { provider: EksaProvider.docker() });
  new EksaCluster(app, 'metal', { provider: EksaProvider.tinkerbell({ tinkerbellIp: '10.0.0.9', osImageUrl: UBUNTU_IMAGE, hosts }), controlPlane: { endpoint: '10.0.0.100' } });
  app.synth();
  expect(readdirSync(dir).sort()).toEqual(['dev-eks-a-cluster.yaml', 'hardware.csv', 'metal-eks-a-cluster.yaml']);
  const objects = parseAllDocuments(readFileSync(join(dir, 'metal-eks-a-cluster.yaml'), 'utf8')).map(d => d.toJS() as KubeObject);
  const hardware = loadHardwareCsv(readFileSync(join(dir, 'hardware.csv'), 'utf8'));
  // What eksctl would read back passes the same preflights, hardware included.
  expect(preflightErrors(runPreflights(objects, { hardware }))).toEqual([]);
  expect(hardware.map(h => h.hostname)).toEqual(['node1', 'node2']);
});

test('a plain App keeps cdk8s\'s extension and writes no sidecar files', () => {
  const app = new App({ outdir: dir });
  new EksaCluster(app, 'dev', { provider: EksaProvider.docker() });
  app.synth();
  expect(readdirSync(dir)).toEqual(['dev-eks-a-cluster.k8s.yaml']);
});

test('fails when two Tinkerbell clusters would write the same hardware.csv', () => {
  const app = new EksaApp({ outdir: dir });
  new EksaCluster(app, 'a1', { provider: EksaProvider.tinkerbell({ tinkerbellIp: '10.0.0.9', osImageUrl: UBUNTU_IMAGE, hosts }), controlPlane: { endpoint: '10.0.0.100' } });
  new EksaCluster(app, 'b1', { provider: EksaProvider.tinkerbell({ tinkerbellIp: '10.0.0.9', osImageUrl: UBUNTU_IMAGE, hosts }), controlPlane: { endpoint: '10.0.0.100' } });
  expect(() => app.synth()).toThrow(ValidationError);
  expect(() => app.synth()).toThrow(/hardware\.csv is also written by a1-eks-a-cluster/);
  expect(readdirSync(dir)).toEqual([]);
});

test('a custom hardwareCsvFileName avoids the clash; a path is rejected', () => {
  const app = new EksaApp({ outdir: dir });
  new EksaCluster(app, 'a1', { provider: EksaProvider.tinkerbell({ tinkerbellIp: '10.0.0.9', osImageUrl: UBUNTU_IMAGE, hosts }), controlPlane: { endpoint: '10.0.0.100' } });
  new EksaCluster(app, 'b1', { provider: EksaProvider.tinkerbell({ tinkerbellIp: '10.0.0.9', osImageUrl: UBUNTU_IMAGE, hosts, hardwareCsvFileName: 'b1-hardware.csv' }), controlPlane: { endpoint: '10.0.0.100' } });
  app.synth();
  expect(readdirSync(dir).sort()).toEqual(['a1-eks-a-cluster.yaml', 'b1-eks-a-cluster.yaml', 'b1-hardware.csv', 'hardware.csv']);
  expect(() => new EksaCluster(new EksaApp({ outdir: dir }), 'c1', { provider: EksaProvider.tinkerbell({ tinkerbellIp: '10.0.0.9', osImageUrl: UBUNTU_IMAGE, hosts, hardwareCsvFileName: '../x.csv' }), controlPlane: { endpoint: '10.0.0.100' } }))
    .toThrow(/provider.hardwareCsvFileName: "..\/x.csv" is not a plain file name/);
});

describe('mixed apps: RKE2 clusters, plain Charts and EKS-A clusters in one synth', () => {
  const rke2 = (app: App) => {
    const chart = new Chart(app, 'site-1', { disableResourceNameHashes: true });
    const enrolled = new BareMetalHostEnrollment(chart, 'hosts', {
      hosts: [{ name: 'node1', role: HostRole.CONTROL_PLANE, bmcAddress: 'redfish-virtualmedia://10.9.0.1/redfish/v1/Systems/1', bootMacAddress: '0c:c4:7a:6b:00:01' }],
    });
    new SingleNodeRke2Cluster(chart, 'cluster', {
      clusterName: 'site-1',
      version: 'v1.36.3+rke2r1',
      endpoint: '10.9.0.10',
      hosts: enrolled,
      controlPlane: { image: { url: 'http://imagecache.local:8080/eibimage-output-telco.raw' } },
    });
  };
  const plain = (app: App) => new ApiObject(new Chart(app, 'extra'), 'cm', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'extra' } });
  const kindsIn = (file: string) => parseAllDocuments(readFileSync(join(dir, file), 'utf8')).map(d => (d.toJS() as KubeObject).kind);

  test('an EksaApp writes every chart as <id>.yaml, the EKS-A configs and hardware.csv', () => {
    const app = new EksaApp({ outdir: dir });
    rke2(app);
    plain(app);
    new EksaCluster(app, 'dev', { provider: EksaProvider.docker() });
    new EksaCluster(app, 'metal', { provider: EksaProvider.tinkerbell({ tinkerbellIp: '10.0.0.9', osImageUrl: UBUNTU_IMAGE, hosts }), controlPlane: { endpoint: '10.0.0.100' } });
    app.synth();
    expect(readdirSync(dir).sort()).toEqual(['dev-eks-a-cluster.yaml', 'extra.yaml', 'hardware.csv', 'metal-eks-a-cluster.yaml', 'site-1.yaml']);
    expect(kindsIn('site-1.yaml')).toEqual(expect.arrayContaining(['BareMetalHost', 'Cluster', 'RKE2ControlPlane', 'Metal3MachineTemplate']));
    expect(kindsIn('extra.yaml')).toEqual(['ConfigMap']);
    expect(kindsIn('metal-eks-a-cluster.yaml')).toEqual(expect.arrayContaining(['Cluster', 'TinkerbellDatacenterConfig']));
    expect(kindsIn('dev-eks-a-cluster.yaml')).toEqual(expect.arrayContaining(['Cluster', 'DockerDatacenterConfig']));
  });

  test('a plain App writes every chart as <id>.k8s.yaml, EKS-A clusters without sidecar files included', () => {
    const app = new App({ outdir: dir });
    rke2(app);
    plain(app);
    new EksaCluster(app, 'dev', { provider: EksaProvider.docker() });
    app.synth();
    expect(readdirSync(dir).sort()).toEqual(['dev-eks-a-cluster.k8s.yaml', 'extra.k8s.yaml', 'site-1.k8s.yaml']);
  });

  test('a plain App writes a Tinkerbell cluster\'s hardware.csv too (not only EksaApp)', () => {
    const app = new App({ outdir: dir });
    rke2(app);
    const cluster = new EksaCluster(app, 'metal', { provider: EksaProvider.tinkerbell({ tinkerbellIp: '10.0.0.9', osImageUrl: UBUNTU_IMAGE, hosts }), controlPlane: { endpoint: '10.0.0.100' } });
    // toJson() alone writes nothing (a library caller reading the objects).
    cluster.toJson();
    expect(readdirSync(dir)).toEqual([]);
    app.synth();
    expect(readdirSync(dir).sort()).toEqual(['hardware.csv', 'metal-eks-a-cluster.k8s.yaml', 'site-1.k8s.yaml']);
    expect(readFileSync(join(dir, 'hardware.csv'), 'utf8')).toBe(cluster.hardwareCsv);
  });

  test('fails when two clusters of a plain App would write the same hardware.csv', () => {
    const app = new App({ outdir: dir });
    new EksaCluster(app, 'a1', { provider: EksaProvider.tinkerbell({ tinkerbellIp: '10.0.0.9', osImageUrl: UBUNTU_IMAGE, hosts }), controlPlane: { endpoint: '10.0.0.100' } });
    new EksaCluster(app, 'b1', { provider: EksaProvider.tinkerbell({ tinkerbellIp: '10.0.0.9', osImageUrl: UBUNTU_IMAGE, hosts }), controlPlane: { endpoint: '10.0.0.100' } });
    expect(() => app.synth()).toThrow(/hardware\.csv is also written by a1-eks-a-cluster/);
  });

  test('instanceof EksaCluster is true only for EKS-A clusters', () => {
    const app = new EksaApp({ outdir: dir });
    const chart = new Chart(app, 'x');
    const cluster = new EksaCluster(app, 'dev', { provider: EksaProvider.docker() });
    expect(chart instanceof EksaCluster).toBe(false);
    expect(cluster instanceof EksaCluster).toBe(true);
    expect(cluster instanceof Chart).toBe(true);
    expect(EksaCluster.isEksaCluster(chart)).toBe(false);
    expect(EksaApp.isEksaApp(app)).toBe(true);
    expect(EksaApp.isEksaApp(new App())).toBe(false);
  });
});
