// Small CAPRKE2 v0.25.0 objects for the rule cases: each valid as given; a case changes one thing.
import { KubeObject } from '../../../src/core/kube-object';

const meta = (name: string) => ({ name, namespace: 'default' });
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x));

/** A deep copy of `base` with `change` applied to it. */
export function edit<T extends KubeObject>(base: T, change: (o: any) => void): T {
  const o = clone(base);
  change(o);
  return o;
}

export const VERSION = 'v1.33.6+rke2r1';

export const CONTROL_PLANE: KubeObject = {
  apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
  kind: 'RKE2ControlPlane',
  metadata: meta('c1'),
  spec: {
    version: VERSION,
    replicas: 3,
    rolloutStrategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1 } },
    registrationMethod: 'address',
    registrationAddress: '192.168.125.100',
    machineTemplate: { spec: { infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'Metal3MachineTemplate', name: 'c1-cp' } } },
    serverConfig: { cni: 'cilium' },
    agentConfig: {},
  },
};

export const CONTROL_PLANE_V1BETA1: KubeObject = {
  apiVersion: 'controlplane.cluster.x-k8s.io/v1beta1',
  kind: 'RKE2ControlPlane',
  metadata: meta('c1'),
  spec: {
    version: VERSION,
    replicas: 3,
    rolloutStrategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1 } },
    registrationMethod: 'address',
    registrationAddress: '192.168.125.100',
    machineTemplate: { infrastructureRef: { apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta1', kind: 'Metal3MachineTemplate', name: 'c1-cp' } },
    agentConfig: {},
  },
};

export const CONTROL_PLANE_TEMPLATE: KubeObject = {
  apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
  kind: 'RKE2ControlPlaneTemplate',
  metadata: meta('cpt'),
  spec: {
    template: {
      spec: {
        rolloutStrategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1 } },
        registrationMethod: 'address',
        registrationAddress: '192.168.125.100',
        serverConfig: { cni: 'cilium' },
        agentConfig: {},
      },
    },
  },
};

export const CONFIG: KubeObject = {
  apiVersion: 'bootstrap.cluster.x-k8s.io/v1beta2',
  kind: 'RKE2Config',
  metadata: meta('w1'),
  spec: { agentConfig: {} },
};

export const CONFIG_V1BETA1: KubeObject = { ...clone(CONFIG), apiVersion: 'bootstrap.cluster.x-k8s.io/v1beta1' };

export const CONFIG_TEMPLATE: KubeObject = {
  apiVersion: 'bootstrap.cluster.x-k8s.io/v1beta2',
  kind: 'RKE2ConfigTemplate',
  metadata: meta('workers'),
  spec: { template: { spec: { agentConfig: {} } } },
};

/** A MachineDeployment whose machines are bootstrapped from CONFIG_TEMPLATE, at `version`. */
export function machineDeployment(version: string): KubeObject {
  return {
    apiVersion: 'cluster.x-k8s.io/v1beta2',
    kind: 'MachineDeployment',
    metadata: meta('workers'),
    spec: {
      clusterName: 'c1',
      replicas: 1,
      selector: { matchLabels: { pool: 'workers' } },
      template: {
        metadata: { labels: { pool: 'workers' } },
        spec: {
          clusterName: 'c1',
          version,
          bootstrap: { configRef: { apiGroup: 'bootstrap.cluster.x-k8s.io', kind: 'RKE2ConfigTemplate', name: 'workers' } },
          infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'Metal3MachineTemplate', name: 'workers' },
        },
      },
    },
  };
}

export const SECRET = (name: string, data: Record<string, string>, type = 'Opaque'): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Secret', metadata: meta(name), type, stringData: data } as KubeObject);

/** The control plane with agentConfig.format: ignition and `files`. */
export const ignitionFiles = (files: object[]) => edit(CONTROL_PLANE, o => { o.spec.agentConfig.format = 'ignition'; o.spec.files = files; });
/** The control plane with the default format (cloud-config) and `files`. */
export const cloudConfigFiles = (files: object[]) => edit(CONTROL_PLANE, o => { o.spec.files = files; });
