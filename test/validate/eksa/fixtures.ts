// Hand-written EKS Anywhere cluster configs (as a user would write them for eksctl) that pass
// every preflight, plus helpers to mutate them and read the preflight outcome.
import { parseAllDocuments } from 'yaml';
import { KubeObject } from '../../../src/core/kube-object';
import { PreflightOptions, PreflightResult, runPreflights } from '../../../src/validate/eksa/preflights';

const VSPHERE_MACHINE = `  datastore: ds1
  folder: ""
  memoryMiB: 8192
  numCPUs: 2
  osFamily: bottlerocket
  resourcePool: /dc1/host/c1/Resources
  users: [{name: ec2-user, sshAuthorizedKeys: ["ssh-ed25519 AAAA"]}]`;

export const VSPHERE_YAML = `
apiVersion: anywhere.eks.amazonaws.com/v1alpha1
kind: Cluster
metadata:
  name: prod
spec:
  clusterNetwork:
    cniConfig:
      cilium: {}
    pods:
      cidrBlocks: [192.168.0.0/16]
    services:
      cidrBlocks: [10.96.0.0/12]
  controlPlaneConfiguration:
    count: 3
    endpoint:
      host: 10.20.0.10
    machineGroupRef: {kind: VSphereMachineConfig, name: prod-cp}
  datacenterRef: {kind: VSphereDatacenterConfig, name: prod}
  externalEtcdConfiguration:
    count: 3
    machineGroupRef: {kind: VSphereMachineConfig, name: prod-etcd}
  kubernetesVersion: "1.35"
  managementCluster: {name: prod}
  workerNodeGroupConfigurations:
    - name: md-0
      count: 2
      machineGroupRef: {kind: VSphereMachineConfig, name: prod}
---
apiVersion: anywhere.eks.amazonaws.com/v1alpha1
kind: VSphereDatacenterConfig
metadata:
  name: prod
spec:
  datacenter: dc1
  insecure: false
  network: /dc1/network/nodes
  server: vcenter.example.com
  thumbprint: ""
---
apiVersion: anywhere.eks.amazonaws.com/v1alpha1
kind: VSphereMachineConfig
metadata:
  name: prod-cp
spec:
${VSPHERE_MACHINE}
---
apiVersion: anywhere.eks.amazonaws.com/v1alpha1
kind: VSphereMachineConfig
metadata:
  name: prod
spec:
${VSPHERE_MACHINE}
---
apiVersion: anywhere.eks.amazonaws.com/v1alpha1
kind: VSphereMachineConfig
metadata:
  name: prod-etcd
spec:
${VSPHERE_MACHINE}
`;

export const TINKERBELL_YAML = `
apiVersion: anywhere.eks.amazonaws.com/v1alpha1
kind: Cluster
metadata:
  name: metal
spec:
  clusterNetwork:
    cniConfig:
      cilium: {}
    pods:
      cidrBlocks: [192.168.0.0/16]
    services:
      cidrBlocks: [10.96.0.0/12]
  controlPlaneConfiguration:
    count: 3
    endpoint:
      host: 10.0.0.100
    machineGroupRef: {kind: TinkerbellMachineConfig, name: metal-cp}
  datacenterRef: {kind: TinkerbellDatacenterConfig, name: metal}
  kubernetesVersion: "1.35"
  managementCluster: {name: metal}
  workerNodeGroupConfigurations:
    - name: md-0
      count: 2
      machineGroupRef: {kind: TinkerbellMachineConfig, name: metal}
---
apiVersion: anywhere.eks.amazonaws.com/v1alpha1
kind: TinkerbellDatacenterConfig
metadata:
  name: metal
spec:
  osImageURL: https://artifacts.example.com/eksa/ubuntu-2204-kube-1-35.gz
  tinkerbellIP: 10.0.0.99
---
apiVersion: anywhere.eks.amazonaws.com/v1alpha1
kind: TinkerbellMachineConfig
metadata:
  name: metal-cp
spec:
  hardwareSelector: {type: cp}
  osFamily: ubuntu
  users: [{name: ec2-user, sshAuthorizedKeys: ["ssh-ed25519 AAAA"]}]
---
apiVersion: anywhere.eks.amazonaws.com/v1alpha1
kind: TinkerbellMachineConfig
metadata:
  name: metal
spec:
  hardwareSelector: {type: worker}
  osFamily: ubuntu
  users: [{name: ec2-user, sshAuthorizedKeys: ["ssh-ed25519 AAAA"]}]
`;

export const DOCKER_YAML = `
apiVersion: anywhere.eks.amazonaws.com/v1alpha1
kind: Cluster
metadata:
  name: dev
spec:
  clusterNetwork:
    cniConfig:
      cilium: {}
    pods:
      cidrBlocks: [192.168.0.0/16]
    services:
      cidrBlocks: [10.96.0.0/12]
  controlPlaneConfiguration:
    count: 1
  datacenterRef: {kind: DockerDatacenterConfig, name: dev}
  externalEtcdConfiguration:
    count: 1
  kubernetesVersion: "1.36"
  managementCluster: {name: dev}
  workerNodeGroupConfigurations:
    - name: md-0
      count: 1
---
apiVersion: anywhere.eks.amazonaws.com/v1alpha1
kind: DockerDatacenterConfig
metadata:
  name: dev
spec: {}
`;

export function load(yaml: string): KubeObject[] {
  return parseAllDocuments(yaml).map(d => d.toJS() as KubeObject).filter(Boolean);
}

export const vsphere = () => load(VSPHERE_YAML);
export const tinkerbell = () => load(TINKERBELL_YAML);
export const docker = () => load(DOCKER_YAML);

/** Applies `fn` to the first object of `kind` (by name when given) of a fresh copy. */
export function edit(objects: KubeObject[], kind: string, fn: (o: any) => void, name?: string): KubeObject[] {
  const copy = JSON.parse(JSON.stringify(objects)) as KubeObject[];
  const target = copy.find(o => o.kind === kind && (name === undefined || o.metadata?.name === name));
  if (!target) throw new Error(`no ${kind}${name ? `/${name}` : ''}`);
  fn(target);
  return copy;
}

export const cluster = (objects: KubeObject[], fn: (spec: any, obj: any) => void) => edit(objects, 'Cluster', o => fn(o.spec, o));

/** `check: Kind/name field: message` for every error of a run. */
export function errors(objects: KubeObject[], opts: PreflightOptions = {}): string[] {
  return lines(runPreflights(objects, opts), 'error');
}

export function warnings(objects: KubeObject[], opts: PreflightOptions = {}): string[] {
  return lines(runPreflights(objects, opts), 'warning');
}

export function lines(results: readonly PreflightResult[], severity: string): string[] {
  return results.flatMap(r => r.findings.filter(f => f.severity === severity)
    .map(f => `${r.name}: ${f.kind}/${f.name} ${f.field}: ${f.message}`));
}
