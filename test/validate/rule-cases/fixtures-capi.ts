// Small CAPI v1.13.5 objects for the rule cases: each valid as given; a case changes one thing.
import { KubeObject } from '../../../src/core/kube-object';

const meta = (name: string, extra: Record<string, unknown> = {}) => ({ name, namespace: 'default', ...extra });
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x));
/** A deep copy of `base` with `edit` applied to it. */
export function edit<T extends KubeObject>(base: T, change: (o: any) => void): T {
  const o = clone(base);
  change(o);
  return o;
}

export const CLUSTER: KubeObject = {
  apiVersion: 'cluster.x-k8s.io/v1beta2',
  kind: 'Cluster',
  metadata: meta('c1'),
  spec: {
    clusterNetwork: { pods: { cidrBlocks: ['192.168.0.0/18'] }, services: { cidrBlocks: ['10.96.0.0/12'] } },
    controlPlaneRef: { apiGroup: 'controlplane.cluster.x-k8s.io', kind: 'RKE2ControlPlane', name: 'c1' },
    infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'Metal3Cluster', name: 'c1' },
  },
};

const ref = (kind: string, name: string, group = 'infrastructure.cluster.x-k8s.io') => ({ apiVersion: `${group}/v1beta2`, kind, name });

export const CLUSTER_CLASS: KubeObject = {
  apiVersion: 'cluster.x-k8s.io/v1beta2',
  kind: 'ClusterClass',
  metadata: meta('cc'),
  spec: {
    infrastructure: { templateRef: ref('Metal3ClusterTemplate', 'cc-cluster') },
    controlPlane: {
      templateRef: ref('RKE2ControlPlaneTemplate', 'cc-cp', 'controlplane.cluster.x-k8s.io'),
      machineInfrastructure: { templateRef: ref('Metal3MachineTemplate', 'cc-cp-machines') },
    },
    workers: {
      machineDeployments: [{
        class: 'default-worker',
        bootstrap: { templateRef: ref('RKE2ConfigTemplate', 'cc-worker-bootstrap', 'bootstrap.cluster.x-k8s.io') },
        infrastructure: { templateRef: ref('Metal3MachineTemplate', 'cc-worker-machines') },
      }],
    },
    variables: [
      { name: 'vip', required: true, schema: { openAPIV3Schema: { type: 'string', pattern: '^[0-9.]+$' } } },
      { name: 'workers', required: false, schema: { openAPIV3Schema: { type: 'object', properties: { count: { type: 'integer', minimum: 0, default: 1 } } } } },
    ],
    patches: [{
      name: 'vip',
      definitions: [{
        selector: { apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta2', kind: 'Metal3ClusterTemplate', matchResources: { infrastructureCluster: true } },
        jsonPatches: [{ op: 'add', path: '/spec/template/spec/controlPlaneEndpoint/host', valueFrom: { variable: 'vip' } }],
      }],
    }],
  },
};

export const TOPOLOGY_CLUSTER: KubeObject = {
  apiVersion: 'cluster.x-k8s.io/v1beta2',
  kind: 'Cluster',
  metadata: meta('t1'),
  spec: {
    topology: {
      classRef: { name: 'cc' },
      version: 'v1.36.3',
      controlPlane: { replicas: 3 },
      workers: { machineDeployments: [{ class: 'default-worker', name: 'md-0', replicas: 2 }] },
      variables: [{ name: 'vip', value: '10.0.0.10' }],
    },
  },
};

export const MACHINE_DEPLOYMENT: KubeObject = {
  apiVersion: 'cluster.x-k8s.io/v1beta2',
  kind: 'MachineDeployment',
  metadata: meta('c1-workers'),
  spec: {
    clusterName: 'c1',
    replicas: 2,
    selector: { matchLabels: { pool: 'a' } },
    template: {
      metadata: { labels: { pool: 'a' } },
      spec: {
        clusterName: 'c1',
        version: 'v1.36.3+rke2r1',
        bootstrap: { configRef: { apiGroup: 'bootstrap.cluster.x-k8s.io', kind: 'RKE2ConfigTemplate', name: 'w' } },
        infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'Metal3MachineTemplate', name: 'w' },
      },
    },
  },
};

export const MACHINE_DEPLOYMENT_V1BETA1: KubeObject = {
  apiVersion: 'cluster.x-k8s.io/v1beta1',
  kind: 'MachineDeployment',
  metadata: meta('c1-workers'),
  spec: {
    clusterName: 'c1',
    replicas: 2,
    selector: { matchLabels: { pool: 'a' } },
    template: {
      metadata: { labels: { pool: 'a' } },
      spec: {
        clusterName: 'c1',
        version: 'v1.36.3+rke2r1',
        bootstrap: { configRef: { apiVersion: 'bootstrap.cluster.x-k8s.io/v1beta1', kind: 'RKE2ConfigTemplate', name: 'w' } },
        infrastructureRef: { apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta1', kind: 'Metal3MachineTemplate', name: 'w' },
      },
    },
  },
};

export const MACHINE_SET: KubeObject = { ...clone(MACHINE_DEPLOYMENT), kind: 'MachineSet', metadata: meta('c1-workers-abc') };

export const MACHINE: KubeObject = {
  apiVersion: 'cluster.x-k8s.io/v1beta2',
  kind: 'Machine',
  metadata: meta('c1-m1'),
  spec: {
    clusterName: 'c1',
    version: 'v1.36.3+rke2r1',
    bootstrap: { dataSecretName: 'c1-m1-bootstrap' },
    infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'Metal3Machine', name: 'c1-m1' },
  },
};

export const MHC: KubeObject = {
  apiVersion: 'cluster.x-k8s.io/v1beta2',
  kind: 'MachineHealthCheck',
  metadata: meta('c1-mhc'),
  spec: {
    clusterName: 'c1',
    selector: { matchLabels: { pool: 'a' } },
    checks: {
      nodeStartupTimeoutSeconds: 600,
      unhealthyNodeConditions: [{ type: 'Ready', status: 'Unknown', timeoutSeconds: 300 }],
    },
    remediation: { triggerIf: { unhealthyLessThanOrEqualTo: '40%' } },
  },
};

export const MHC_V1BETA1: KubeObject = {
  apiVersion: 'cluster.x-k8s.io/v1beta1',
  kind: 'MachineHealthCheck',
  metadata: meta('c1-mhc'),
  spec: {
    clusterName: 'c1',
    selector: { matchLabels: { pool: 'a' } },
    nodeStartupTimeout: '10m',
    maxUnhealthy: '40%',
    unhealthyConditions: [{ type: 'Ready', status: 'Unknown', timeout: '300s' }],
  },
};

export const RKE2_CONTROL_PLANE = (version: string): KubeObject => ({
  apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
  kind: 'RKE2ControlPlane',
  metadata: meta('c1'),
  spec: {
    replicas: 3,
    version,
    registrationMethod: 'address',
    registrationAddress: '10.0.0.1',
    rolloutStrategy: { type: 'RollingUpdate' },
    machineTemplate: { spec: { infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'Metal3MachineTemplate', name: 't' } } },
  },
});

export const drainRule = (machines: unknown[]): KubeObject => ({
  apiVersion: 'cluster.x-k8s.io/v1beta2',
  kind: 'MachineDrainRule',
  metadata: meta('drain'),
  spec: { drain: { behavior: 'Skip' }, machines },
});

export const kubeadmConfig = (spec: Record<string, unknown>): KubeObject => ({
  apiVersion: 'bootstrap.cluster.x-k8s.io/v1beta2', kind: 'KubeadmConfig', metadata: meta('c1-cp-0'), spec,
});

export const kubeadmConfigTemplate = (spec: Record<string, unknown>): KubeObject => ({
  apiVersion: 'bootstrap.cluster.x-k8s.io/v1beta2', kind: 'KubeadmConfigTemplate', metadata: meta('c1-workers'), spec: { template: { spec } },
});

const kcpSpec = (kubeadmConfigSpec: Record<string, unknown>) => ({
  kubeadmConfigSpec,
  machineTemplate: { spec: { infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'Metal3MachineTemplate', name: 'c1-cp' } } },
});

export const kubeadmControlPlane = (kubeadmConfigSpec: Record<string, unknown>): KubeObject => ({
  apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
  kind: 'KubeadmControlPlane',
  metadata: meta('c1'),
  spec: { replicas: 3, version: 'v1.33.1', ...kcpSpec(kubeadmConfigSpec) },
});

export const kubeadmControlPlaneTemplate = (kubeadmConfigSpec: Record<string, unknown>): KubeObject => ({
  apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
  kind: 'KubeadmControlPlaneTemplate',
  metadata: meta('c1'),
  spec: { template: { spec: { kubeadmConfigSpec } } },
});
