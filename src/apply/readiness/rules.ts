// The per-kind readiness rules (applier-anchors.md "Design lessons" 1): explicit predicates
// for the kinds this domain waits on, tolerant of v1beta1 and v1beta2 status shapes.
import { condition, describe, generationGate, isTrue, noStatus } from './conditions';
import { Readiness, ReadinessRule, ReadinessStatus, current, failed, inProgress } from './types';
import { groupKindOf, groupOf } from '../../core/gvk';
import { KubeObject } from '../../core/kube-object';

const ENROLLED_STATES = new Set(['available', 'ready', 'provisioning', 'provisioned', 'externally provisioned']);

/** BareMetalHost: enrolled once available (or already in use); errors are operationalStatus + errorType. */
export const bareMetalHost: ReadinessRule = {
  name: 'BareMetalHost',
  group: 'metal3.io',
  kind: 'BareMetalHost',
  evaluate(obj) {
    const st = obj.status ?? {};
    const state: string = st.provisioning?.state ?? '';
    if (st.operationalStatus === 'error' || st.errorType) {
      const count = st.errorCount ? ` (attempt ${st.errorCount})` : '';
      return failed(`${st.errorType || 'error'}: ${st.errorMessage || 'no message'}${count} [state ${state || 'none'}]`, st.errorType || 'error');
    }
    if (ENROLLED_STATES.has(state)) return current(state === 'ready' ? 'available' : state, state);
    if (st.operationalStatus === 'detached') return current('detached', 'detached');
    return inProgress(state ? `${state}${st.operationalStatus && st.operationalStatus !== 'OK' ? ` (${st.operationalStatus})` : ''}` : 'not yet registered', state || 'NoStatus');
  },
};

/** BareMetalHost as a machine's host: provisioned (used when waiting for a rollout). */
export function bareMetalHostProvisioned(obj: KubeObject): Readiness {
  const r = bareMetalHost.evaluate(obj);
  if (r.status !== ReadinessStatus.CURRENT) return r;
  return obj.status?.provisioning?.state === 'provisioned' ? r : inProgress(r.message, r.reason);
}

/** CAPI Cluster v1beta2: Available (staged message), v1beta1: Ready / phase. */
export const capiCluster: ReadinessRule = {
  name: 'Cluster (CAPI)',
  group: 'cluster.x-k8s.io',
  kind: 'Cluster',
  evaluate(obj) {
    const gate = noStatus(obj) ?? generationGate(obj);
    if (gate) return gate;
    const v1beta1 = (obj.apiVersion ?? '').endsWith('/v1beta1');
    if (v1beta1) {
      if (obj.status?.failureMessage) return failed(`${obj.status.failureReason ?? 'failure'}: ${obj.status.failureMessage}`, obj.status.failureReason);
      const ready = condition(obj, 'Ready');
      if (isTrue(ready)) return current('Ready', 'Ready');
      return inProgress(describe(ready, `phase ${obj.status?.phase ?? 'unknown'}`), ready?.reason ?? obj.status?.phase);
    }
    const available = condition(obj, 'Available');
    if (isTrue(available)) return current('Available', 'Available');
    // Staged like the EKS-A waits: say which stage holds it up.
    for (const stage of ['InfrastructureReady', 'ControlPlaneInitialized', 'ControlPlaneAvailable', 'WorkersAvailable', 'RemoteConnectionProbe']) {
      const c = condition(obj, stage);
      if (c && !isTrue(c)) return inProgress(describe(c, stage), c.reason ?? stage);
    }
    return inProgress(describe(available, `phase ${obj.status?.phase ?? 'unknown'}`), available?.reason ?? obj.status?.phase);
  },
};

/** RKE2ControlPlane: all replicas ready and up to date, and Available (v1beta1: ready + initialized). */
export const rke2ControlPlane: ReadinessRule = {
  name: 'RKE2ControlPlane',
  group: 'controlplane.cluster.x-k8s.io',
  kind: 'RKE2ControlPlane',
  evaluate(obj) {
    const gate = noStatus(obj) ?? generationGate(obj);
    if (gate) return gate;
    const st = obj.status;
    const want = obj.spec?.replicas ?? 1;
    const v1beta1 = (obj.apiVersion ?? '').endsWith('/v1beta1');
    if (v1beta1 && st.failureMessage) return failed(`${st.failureReason ?? 'failure'}: ${st.failureMessage}`, st.failureReason);
    const initialized = v1beta1 ? st.initialized === true : st.initialization?.controlPlaneInitialized === true;
    const upToDate = v1beta1 ? st.updatedReplicas : st.upToDateReplicas;
    const counts = `${st.readyReplicas ?? 0}/${want} ready, ${upToDate ?? 0} up to date`;
    if (!initialized) return inProgress(`not initialized yet (${counts})${describeAvailable(obj)}`, 'WaitingForRKE2Server');
    const available = v1beta1 ? st.ready === true : isTrue(condition(obj, 'Available'));
    if (available && (st.readyReplicas ?? 0) >= want && (upToDate ?? 0) >= want && (st.replicas ?? want) === want) return current(counts, 'Available');
    return inProgress(`${counts}${describeAvailable(obj)}`, 'Scaling');
  },
};

/** Why replicas are missing: the first informative condition (CAPI v1beta2 and CAPRKE2 set ScalingUp / MachinesReady with the blockers). */
function describeAvailable(obj: KubeObject): string {
  const scaling = condition(obj, 'ScalingUp');
  if (isTrue(scaling) && scaling?.message) return `; ${scaling.message.replace(/\s*\n\s*/g, ' ')}`;
  for (const type of ['MachinesReady', 'Available']) {
    const c = condition(obj, type);
    if (c && !isTrue(c) && (c.message || c.reason)) return `; ${describe(c, '').replace(/\s*\n\s*/g, ' ')}`;
  }
  return '';
}

/** Metal3Cluster: provisioned (v1beta2 initialization) / ready (v1beta1). */
export const metal3Cluster: ReadinessRule = {
  name: 'Metal3Cluster',
  group: 'infrastructure.cluster.x-k8s.io',
  kind: 'Metal3Cluster',
  evaluate(obj) {
    const gate = noStatus(obj);
    if (gate) return gate;
    const st = obj.status;
    if (st.failureMessage) return failed(`${st.failureReason ?? 'failure'}: ${st.failureMessage}`, st.failureReason);
    if (st.initialization?.provisioned === true || st.ready === true) return current('provisioned', 'Provisioned');
    return inProgress('infrastructure not provisioned yet', 'NotProvisioned');
  },
};

/** MachineDeployment: ready, available and up-to-date replicas all equal spec.replicas. */
export const machineDeployment: ReadinessRule = {
  name: 'MachineDeployment',
  group: 'cluster.x-k8s.io',
  kind: 'MachineDeployment',
  evaluate(obj) {
    const gate = noStatus(obj) ?? generationGate(obj);
    if (gate) return gate;
    const st = obj.status;
    const want = obj.spec?.replicas ?? 1;
    const upToDate = st.upToDateReplicas ?? st.updatedReplicas ?? 0;
    const counts = `${st.readyReplicas ?? 0}/${want} ready, ${st.availableReplicas ?? 0} available, ${upToDate} up to date`;
    if (st.phase === 'Failed') return failed(`phase Failed (${counts})`, 'Failed');
    if ((st.readyReplicas ?? 0) >= want && (st.availableReplicas ?? 0) >= want && upToDate >= want && (st.replicas ?? want) === want) {
      return current(counts, 'Running');
    }
    return inProgress(`${counts}${describeAvailable(obj)}`, st.phase ?? 'ScalingUp');
  },
};

/** Services: a LoadBalancer is ready once it has an ingress address; others on existence. */
export const service: ReadinessRule = {
  name: 'Service',
  group: '',
  kind: 'Service',
  evaluate(obj) {
    if (obj.spec?.type !== 'LoadBalancer') return current('exists');
    const ingress = obj.status?.loadBalancer?.ingress;
    if (Array.isArray(ingress) && ingress.length) return current(`ingress ${ingress.map((i: any) => i.ip ?? i.hostname).join(', ')}`, 'LoadBalancer');
    return inProgress('waiting for a load-balancer address', 'Pending');
  },
};

/** The CAPI kubeconfig Secret: exists with a `value` key (which does not yet mean the API answers). */
export const kubeconfigSecret: ReadinessRule = {
  name: 'kubeconfig Secret',
  group: '',
  kind: 'Secret',
  evaluate(obj) {
    return typeof obj.data?.value === 'string' && obj.data.value ? current('kubeconfig available', 'Available') : inProgress('no value key yet', 'Pending');
  },
};

/** EKS Anywhere Cluster (applied to a management cluster): Ready, failureMessage, reconciled generation. */
export const eksaCluster: ReadinessRule = {
  name: 'Cluster (EKS Anywhere)',
  group: 'anywhere.eks.amazonaws.com',
  kind: 'Cluster',
  evaluate(obj) {
    const gate = noStatus(obj) ?? generationGate(obj);
    if (gate) return gate;
    const st = obj.status;
    if (st.failureMessage) return failed(`${st.failureReason ?? 'failure'}: ${st.failureMessage}`, st.failureReason);
    const ready = condition(obj, 'Ready');
    if (isTrue(ready)) return current('Ready', 'Ready');
    for (const stage of ['ControlPlaneInitialized', 'ControlPlaneReady', 'DefaultCNIConfigured', 'WorkersReady']) {
      const c = condition(obj, stage);
      if (c && !isTrue(c)) return inProgress(describe(c, stage), c.reason ?? stage);
    }
    return inProgress(describe(ready, 'not ready'), ready?.reason);
  },
};

/** Objects without a status of their own: current once they exist. */
const STATIC_KINDS = new Set(['/Secret', '/ConfigMap', '/ServiceAccount', 'rbac.authorization.k8s.io/Role',
  'rbac.authorization.k8s.io/ClusterRole', 'rbac.authorization.k8s.io/RoleBinding', 'rbac.authorization.k8s.io/ClusterRoleBinding']);

/** Templates are inert data until something uses them. */
const TEMPLATE_KIND = /Template$/;

/** Objects that are ready once they exist (no controller reports on them): nothing to wait for. */
export function isStatic(obj: KubeObject): boolean {
  return STATIC_KINDS.has(groupKindOf(obj)) || TEMPLATE_KIND.test(obj.kind ?? '');
}

/** kstatus-style fallback: generation, then Ready / Available conditions; no conditions → current. */
export const generic: ReadinessRule = {
  name: 'generic',
  group: '*',
  kind: '*',
  evaluate(obj) {
    if (isStatic(obj)) return current('exists');
    if (obj.kind === 'Namespace') return obj.status?.phase === 'Terminating' ? inProgress('terminating', 'Terminating') : current('exists');
    const gate = generationGate(obj);
    if (gate) return gate;
    for (const type of ['Ready', 'Available']) {
      const c = condition(obj, type);
      if (isTrue(c)) return current(type, type);
      if (c && c.status === 'False' && /fail|error/i.test(c.reason ?? '')) return failed(describe(c, type), c.reason);
      if (c) return inProgress(describe(c, type), c.reason);
    }
    const stalled = condition(obj, 'Stalled');
    if (isTrue(stalled)) return failed(describe(stalled, 'Stalled'), stalled?.reason);
    return current('exists (no readiness conditions)');
  },
};

/** A CRD can be used once its names are accepted and it is Established. */
export const customResourceDefinition: ReadinessRule = {
  name: 'CustomResourceDefinition',
  group: 'apiextensions.k8s.io',
  kind: 'CustomResourceDefinition',
  evaluate(obj) {
    const c = condition(obj, 'Established');
    return isTrue(c) ? current('established', 'Established') : inProgress(describe(c, 'not established yet'), c?.reason ?? 'NotEstablished');
  },
};

export const READINESS_RULES: readonly ReadinessRule[] = [
  customResourceDefinition,
  bareMetalHost, capiCluster, rke2ControlPlane, metal3Cluster, machineDeployment, service, eksaCluster,
];

/** The rule for an object: the kind's own rule, else the generic fallback. */
export function ruleFor(obj: KubeObject): ReadinessRule {
  if (obj.kind === 'Secret' && obj.type === 'cluster.x-k8s.io/secret' && /-kubeconfig$/.test(obj.metadata?.name ?? '')) return kubeconfigSecret;
  return READINESS_RULES.find(r => r.group === groupOf(obj) && r.kind === obj.kind) ?? generic;
}

export function readinessOf(obj: KubeObject | undefined): Readiness {
  if (!obj) return { status: ReadinessStatus.NOT_FOUND, message: 'not found' };
  return ruleFor(obj).evaluate(obj);
}
