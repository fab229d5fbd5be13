import { readinessOf, ruleFor } from '../../src/apply/readiness/rules';
import { ReadinessStatus } from '../../src/apply/readiness/types';
import { KubeObject } from '../../src/core/kube-object';

const r = (o: KubeObject) => { const x = readinessOf(o); return `${x.status}: ${x.message}`; };
const bmh = (status: any): KubeObject => ({ apiVersion: 'metal3.io/v1alpha1', kind: 'BareMetalHost', metadata: { name: 'h' }, status });

describe('readiness rules', () => {
  test('BareMetalHost: registering/inspecting in progress, available current, errors failed with errorType', () => {
    expect(r(bmh(undefined))).toBe('in-progress: not yet registered');
    expect(r(bmh({ provisioning: { state: 'registering' }, operationalStatus: 'OK' }))).toBe('in-progress: registering');
    expect(r(bmh({ provisioning: { state: 'inspecting' }, operationalStatus: 'OK' }))).toBe('in-progress: inspecting');
    expect(r(bmh({ provisioning: { state: 'available' }, operationalStatus: 'OK' }))).toBe('current: available');
    expect(r(bmh({ provisioning: { state: 'ready' } }))).toBe('current: available');
    expect(r(bmh({ provisioning: { state: 'provisioned' }, operationalStatus: 'OK' }))).toBe('current: provisioned');
    expect(r(bmh({ provisioning: { state: 'registering' }, operationalStatus: 'error', errorType: 'registration error', errorMessage: 'Failed to get power state: 401 Unauthorized', errorCount: 3 })))
      .toBe('failed: registration error: Failed to get power state: 401 Unauthorized (attempt 3) [state registering]');
  });

  test('CAPI Cluster v1beta2: generation gate, staged conditions, Available', () => {
    const c = (status: any, generation = 1): KubeObject => ({ apiVersion: 'cluster.x-k8s.io/v1beta2', kind: 'Cluster', metadata: { name: 'c', generation }, status });
    expect(r(c(undefined))).toBe('in-progress: no status yet (controller has not reconciled it)');
    expect(r(c({ observedGeneration: 1, conditions: [{ type: 'Available', status: 'False' }] }, 2))).toMatch(/observe generation 2/);
    expect(r(c({ observedGeneration: 1, conditions: [{ type: 'Available', status: 'False' }, { type: 'InfrastructureReady', status: 'True' }, { type: 'ControlPlaneInitialized', status: 'False', reason: 'WaitingForControlPlane', message: '0 of 3 machines' }] })))
      .toBe('in-progress: ControlPlaneInitialized=False (WaitingForControlPlane: 0 of 3 machines)');
    expect(r(c({ observedGeneration: 1, conditions: [{ type: 'Available', status: 'True' }] }))).toBe('current: Available');
  });

  test('CAPI Cluster v1beta1: Ready condition and failureMessage', () => {
    const c = (status: any): KubeObject => ({ apiVersion: 'cluster.x-k8s.io/v1beta1', kind: 'Cluster', metadata: { name: 'c' }, status });
    expect(r(c({ phase: 'Provisioned', conditions: [{ type: 'Ready', status: 'True' }] }))).toBe('current: Ready');
    expect(r(c({ failureReason: 'InvalidConfiguration', failureMessage: 'bad' }))).toBe('failed: InvalidConfiguration: bad');
  });

  test('RKE2ControlPlane v1beta2 and v1beta1', () => {
    const v2 = (status: any): KubeObject => ({ apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2', kind: 'RKE2ControlPlane', metadata: { name: 'c' }, spec: { replicas: 3 }, status });
    expect(r(v2({ initialization: { controlPlaneInitialized: false }, readyReplicas: 0 }))).toBe('in-progress: not initialized yet (0/3 ready, 0 up to date)');
    expect(r(v2({ initialization: { controlPlaneInitialized: true }, replicas: 3, readyReplicas: 2, upToDateReplicas: 3, conditions: [{ type: 'Available', status: 'True' }] }))).toBe('in-progress: 2/3 ready, 3 up to date');
    expect(r(v2({ initialization: { controlPlaneInitialized: true }, replicas: 3, readyReplicas: 3, upToDateReplicas: 3, conditions: [{ type: 'Available', status: 'True' }] }))).toBe('current: 3/3 ready, 3 up to date');
    const v1: KubeObject = { apiVersion: 'controlplane.cluster.x-k8s.io/v1beta1', kind: 'RKE2ControlPlane', metadata: { name: 'c' }, spec: { replicas: 1 }, status: { initialized: true, ready: true, replicas: 1, readyReplicas: 1, updatedReplicas: 1 } };
    expect(r(v1)).toBe('current: 1/1 ready, 1 up to date');
  });

  test('MachineDeployment counts; Metal3Cluster provisioned; LoadBalancer ingress; kubeconfig Secret; EKS-A Cluster', () => {
    const md = (status: any): KubeObject => ({ apiVersion: 'cluster.x-k8s.io/v1beta2', kind: 'MachineDeployment', metadata: { name: 'm' }, spec: { replicas: 2 }, status });
    expect(r(md({ replicas: 2, readyReplicas: 1, availableReplicas: 1, upToDateReplicas: 2 }))).toBe('in-progress: 1/2 ready, 1 available, 2 up to date');
    expect(r(md({ replicas: 2, readyReplicas: 2, availableReplicas: 2, upToDateReplicas: 2 }))).toBe('current: 2/2 ready, 2 available, 2 up to date');
    expect(r({ apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta2', kind: 'Metal3Cluster', metadata: { name: 'm' }, status: { initialization: { provisioned: true } } })).toBe('current: provisioned');
    expect(r({ apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { type: 'LoadBalancer' }, status: {} })).toBe('in-progress: waiting for a load-balancer address');
    expect(r({ apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { type: 'LoadBalancer' }, status: { loadBalancer: { ingress: [{ ip: '10.0.0.1' }] } } })).toBe('current: ingress 10.0.0.1');
    expect(ruleFor({ apiVersion: 'v1', kind: 'Secret', type: 'cluster.x-k8s.io/secret', metadata: { name: 'c-kubeconfig' } }).name).toBe('kubeconfig Secret');
    expect(r({ apiVersion: 'v1', kind: 'Secret', type: 'cluster.x-k8s.io/secret', metadata: { name: 'c-kubeconfig' }, data: { value: 'eA==' } })).toBe('current: kubeconfig available');
    const eksa = (status: any): KubeObject => ({ apiVersion: 'anywhere.eks.amazonaws.com/v1alpha1', kind: 'Cluster', metadata: { name: 'e' }, status });
    expect(r(eksa({ conditions: [{ type: 'Ready', status: 'False' }, { type: 'ControlPlaneReady', status: 'False', reason: 'Scaling' }] }))).toBe('in-progress: ControlPlaneReady=False (Scaling)');
    expect(r(eksa({ failureReason: 'MissingHardware', failureMessage: 'not enough hardware' }))).toBe('failed: MissingHardware: not enough hardware');
  });

  test('generic fallback: static kinds current on existence, Ready conditions, Stalled failed; missing object', () => {
    expect(r({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } })).toBe('current: exists');
    expect(r({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, status: { conditions: [{ type: 'Ready', status: 'False', reason: 'Waiting' }] } })).toBe('in-progress: Ready=False (Waiting)');
    expect(r({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, status: { conditions: [{ type: 'Stalled', status: 'True', reason: 'Broken' }] } })).toBe('failed: Stalled=True (Broken)');
    expect(readinessOf(undefined).status).toBe(ReadinessStatus.NOT_FOUND);
  });
});
