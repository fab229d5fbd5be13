// The committed EKS-A examples (drift and validity are covered by test/examples.test.ts): what
// each one is meant to show.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { DIST_DIR } from '../../build-tools/examples';
import { KubeObject } from '../../src/core/kube-object';
import { loadHardwareCsv } from '../../src/validate/eksa/hardware-csv';
import { preflightErrors, runPreflights } from '../../src/validate/eksa/preflights';
import { find } from '../util';

const read = (example: string, file: string) => readFileSync(join(DIST_DIR, example, file), 'utf8');
const objectsOf = (example: string, file: string) => parseAllDocuments(read(example, file)).map(d => d.toJS() as KubeObject);

test('eksa-docker is what `eksctl anywhere generate clusterconfig dev --provider docker` describes', () => {
  const objects = objectsOf('eksa-docker', 'dev-eks-a-cluster.yaml');
  expect(objects.map(o => `${o.kind}/${o.metadata?.name}`)).toEqual(['Cluster/dev', 'DockerDatacenterConfig/dev']);
  expect(preflightErrors(runPreflights(objects))).toEqual([]);
});

test('eksa-vsphere wires GitOps, OIDC, mirror, proxy and a per-group machine config', () => {
  const objects = objectsOf('eksa-vsphere', 'mgmt-eks-a-cluster.yaml');
  expect(objects.map(o => `${o.kind}/${o.metadata?.name}`)).toEqual([
    'Cluster/mgmt', 'VSphereDatacenterConfig/mgmt', 'VSphereMachineConfig/mgmt-cp', 'VSphereMachineConfig/mgmt', 'VSphereMachineConfig/mgmt-gpu',
    'VSphereMachineConfig/mgmt-etcd', 'FluxConfig/mgmt', 'OIDCConfig/mgmt-oidc',
  ]);
  const spec = find(objects, 'Cluster').spec;
  expect(spec.workerNodeGroupConfigurations.map((g: any) => g.machineGroupRef.name)).toEqual(['mgmt', 'mgmt-gpu']);
  expect(preflightErrors(runPreflights(objects))).toEqual([]);
});

test('eksa-tinkerbell writes hardware.csv from the shared host model, with ${VAR} BMC credentials', () => {
  const objects = objectsOf('eksa-tinkerbell', 'metal-eks-a-cluster.yaml');
  const csv = read('eksa-tinkerbell', 'hardware.csv');
  const hardware = loadHardwareCsv(csv);
  expect(hardware.map(h => `${h.hostname} ${h.labels.type} ${h.bmcIp}`)).toEqual([
    'node1 cp 192.168.200.75', 'node2 cp 192.168.200.76', 'node3 cp 192.168.200.77', 'node4 worker 192.168.200.78', 'node5 worker 192.168.200.79',
  ]);
  expect(hardware.every(h => /^\$\{BMC_NODE\d_USERNAME\}$/.test(h.bmcUsername!) && /^\$\{BMC_NODE\d_PASSWORD\}$/.test(h.bmcPassword!))).toBe(true);
  expect(preflightErrors(runPreflights(objects, { hardware }))).toEqual([]);
});
