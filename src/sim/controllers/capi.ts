// Simulated Cluster API core (v1beta2): Cluster, Machine, MachineSet, MachineDeployment.
// Status follows the v1beta2 contract: `status.initialization`, replica summaries, and the
// conditions appliers wait on (Cluster Available / InfrastructureReady /
// ControlPlaneInitialized / ControlPlaneAvailable / WorkersAvailable, Machine Ready / NodeReady,
// MachineDeployment Available), with `phase` kept for older tooling.
import { createHash } from 'node:crypto';
import { generatedName } from '../object-meta';
import { selectorMatches, selectorString } from '../selectors';
import { StoreEvent } from '../storage';
import {
  byAge, CAPI, CLUSTER_NAME_LABEL, condition, CONTROL_PLANE_NAME_LABEL, ControllerContext, CP, DEPLOYMENT_NAME_LABEL, FAULT_ANNOTATION,
  isPausedObject, isTrue, key,
  ownerOfKind, ownerRef, ProviderController, SET_NAME_LABEL, setCondition, splitKey, STUCK_MACHINE_FAULT, stuckMachineOrdinal, TEMPLATE_HASH_LABEL,
} from './common';
import { ReconcileResult } from './runtime';
import { cloneFromTemplate, getRef } from './templates';
import { machineDeploymentStrategy } from '../../core/rollout';

const CLUSTER_GR = 'cluster.x-k8s.io/clusters';
const MACHINE_GR = 'cluster.x-k8s.io/machines';
const MS_GR = 'cluster.x-k8s.io/machinesets';
const MD_GR = 'cluster.x-k8s.io/machinedeployments';
const RCP_GR = 'controlplane.cluster.x-k8s.io/rke2controlplanes';
const CLUSTER_FINALIZER = 'cluster.cluster.x-k8s.io';
const MACHINE_FINALIZER = 'machine.cluster.x-k8s.io';
const MS_FINALIZER = 'cluster.x-k8s.io/machineset';
const MD_FINALIZER = 'cluster.x-k8s.io/machinedeployment';

type Status = 'True' | 'False' | 'Unknown';

function replicaCounts(machines: any[]): { replicas: number; ready: number; available: number; upToDate: number } {
  return {
    replicas: machines.length,
    ready: machines.filter(m => isTrue(m, 'Ready')).length,
    available: machines.filter(m => isTrue(m, 'Available')).length,
    upToDate: machines.filter(m => isTrue(m, 'UpToDate')).length,
  };
}

/** Why machines are not ready yet, one bullet each (the way v1beta2 condition messages aggregate). */
export function machineBlockers(machines: any[]): string {
  return machines.filter(m => !isTrue(m, 'Ready')).map(m => {
    const infra = condition(m, 'InfrastructureReady');
    const boot = condition(m, 'BootstrapConfigReady');
    const node = condition(m, 'NodeReady');
    const why = infra && infra.status !== 'True' ? infra.message
      : boot && boot.status !== 'True' ? boot.message : node?.message ?? 'not ready yet';
    return `* Machine ${m.metadata.name}: ${why}`;
  }).join('\n');
}

export class ClusterController extends ProviderController {
  constructor(ctx: ControllerContext) {
    super(ctx, 'capi-controller-manager');
  }

  keysFor(e: StoreEvent): string[] {
    if (e.gr === CLUSTER_GR) return [`${e.namespace}/${e.name}`];
    const obj = e.object;
    const owner = ownerOfKind(obj, 'Cluster');
    const keys = new Set<string>();
    // The objects a Cluster references (infrastructure, control plane), even before it owns them.
    const group = e.gr.split('/')[0];
    if (group === 'infrastructure.cluster.x-k8s.io' || group === 'controlplane.cluster.x-k8s.io') {
      for (const c of this.ctx.engine.store.list(CLUSTER_GR, e.namespace)) {
        for (const ref of [c.spec?.infrastructureRef, c.spec?.controlPlaneRef]) {
          if (ref?.apiGroup === group && ref.kind === obj?.kind && ref.name === e.name) keys.add(key(c));
        }
      }
    }
    if (owner) keys.add(`${e.namespace}/${owner.name}`);
    const label = obj?.metadata?.labels?.[CLUSTER_NAME_LABEL];
    if (label && (e.gr === MD_GR || e.gr === MACHINE_GR)) keys.add(`${e.namespace}/${label}`);
    if (e.gr === MD_GR && obj?.spec?.clusterName) keys.add(`${e.namespace}/${obj.spec.clusterName}`);
    return [...keys];
  }

  initialKeys(): string[] {
    return this.ctx.engine.store.list(CLUSTER_GR).map(c => key(c));
  }

  reconcile(k: string): ReconcileResult | void {
    const [ns, name] = splitKey(k);
    let cluster = this.client.get(CAPI, 'Cluster', ns, name);
    if (!cluster || !this.writtenAs(CAPI, 'Cluster', ns, name)) return;
    if (cluster.metadata.deletionTimestamp) return this.reconcileDelete(cluster);
    cluster = this.client.ensureFinalizer(cluster, CLUSTER_FINALIZER);
    if (cluster.spec.paused === true) {
      // A paused cluster: only the Paused condition is kept up to date (CAPI behaviour).
      const st = structuredClone(cluster.status ?? {});
      st.conditions = setCondition(st.conditions, { type: 'Paused', status: 'True', reason: 'Paused', message: '', observedGeneration: cluster.metadata.generation }, this.now());
      this.client.updateStatus({ ...cluster, status: st });
      return;
    }
    const infra = getRef(this.client, cluster.spec.infrastructureRef, ns);
    const cp = getRef(this.client, cluster.spec.controlPlaneRef, ns);
    const missingRef = (cluster.spec.infrastructureRef && !infra) || (cluster.spec.controlPlaneRef && !cp);
    for (const child of [infra, cp]) if (child) this.adopt(child, cluster);
    const endpoint = infra?.spec?.controlPlaneEndpoint;
    if (endpoint?.host && !cluster.spec.controlPlaneEndpoint?.host) {
      const controlPlaneEndpoint = { host: endpoint.host, port: endpoint.port ?? 6443 };
      cluster = this.client.update({ ...cluster, spec: { ...cluster.spec, controlPlaneEndpoint } });
    }
    const now = this.now();
    const st = structuredClone(cluster.status ?? {});
    const set = (type: string, status: Status, reason: string, message = '') => {
      st.conditions = setCondition(st.conditions, { type, status, reason, message, observedGeneration: cluster.metadata.generation }, now);
    };
    const infraRef = cluster.spec.infrastructureRef;
    const infraProvisioned = infra?.status?.initialization?.provisioned === true || st.initialization?.infrastructureProvisioned === true;
    if (!infraRef) set('InfrastructureReady', 'True', 'NoInfrastructure');
    else if (!infra) set('InfrastructureReady', 'False', 'DoesNotExist', `${infraRef.kind} ${infraRef.name} does not exist`);
    else if (!infraProvisioned) set('InfrastructureReady', 'False', 'NotReady', condition(infra, 'Ready')?.message || `${infraRef.kind} status.initialization.provisioned is false`);
    else set('InfrastructureReady', 'True', 'Ready');

    const cpRef = cluster.spec.controlPlaneRef;
    const cpInitialized = cp?.status?.initialization?.controlPlaneInitialized === true || st.initialization?.controlPlaneInitialized === true;
    if (cpInitialized) set('ControlPlaneInitialized', 'True', 'Initialized');
    else if (!cp && cpRef) set('ControlPlaneInitialized', 'False', 'DoesNotExist', `${cpRef.kind} ${cpRef.name} does not exist`);
    else set('ControlPlaneInitialized', 'False', 'NotInitialized', 'Control plane not yet initialized');
    const cpAvailable = condition(cp, 'Available');
    if (!cp) set('ControlPlaneAvailable', 'False', cpRef ? 'DoesNotExist' : 'NoControlPlane', cpRef ? `${cpRef.kind} ${cpRef.name} does not exist` : '');
    else if (cpAvailable?.status === 'True') set('ControlPlaneAvailable', 'True', 'Available');
    else set('ControlPlaneAvailable', 'False', 'NotAvailable', [cpAvailable?.message, condition(cp, 'ScalingUp')?.message].filter(Boolean).join('\n') || 'Control plane is not available yet');
    if (cpInitialized) set('RemoteConnectionProbe', 'True', 'ProbeSucceeded');
    else set('RemoteConnectionProbe', 'False', 'ProbeFailed', 'Remote connection not established yet');

    const mds = this.client.list(CAPI, 'MachineDeployment', ns).filter(md => md.spec.clusterName === name);
    if (mds.length === 0) {
      set('WorkersAvailable', 'True', 'NoWorkers');
    } else {
      const notAvailable = mds.filter(md => !isTrue(md, 'Available'));
      if (notAvailable.length === 0) set('WorkersAvailable', 'True', 'Available');
      else set('WorkersAvailable', 'False', 'NotAvailable', notAvailable.map(md => `* MachineDeployment ${md.metadata.name}: ${condition(md, 'Available')?.message || 'not available yet'}`).join('\n'));
    }
    const gates = ['InfrastructureReady', 'ControlPlaneAvailable', 'WorkersAvailable', 'RemoteConnectionProbe'];
    for (const g of cluster.spec.availabilityGates ?? []) gates.push(g.conditionType);
    const failing = gates.filter(g => condition({ status: st }, g)?.status !== 'True');
    if (failing.length === 0) set('Available', 'True', 'Available');
    else set('Available', 'False', 'NotAvailable', failing.map(g => `* ${g}: ${condition({ status: st }, g)?.message || 'Condition not yet reported'}`).join('\n'));
    set('Paused', cluster.spec.paused ? 'True' : 'False', cluster.spec.paused ? 'Paused' : 'NotPaused');
    set('Deleting', 'False', 'NotDeleting');

    st.initialization = { infrastructureProvisioned: infraProvisioned, controlPlaneInitialized: cpInitialized };
    if (cp) {
      st.controlPlane = {
        desiredReplicas: cp.spec?.replicas ?? 1,
        replicas: cp.status?.replicas ?? 0,
        upToDateReplicas: cp.status?.upToDateReplicas ?? 0,
        readyReplicas: cp.status?.readyReplicas ?? 0,
        availableReplicas: cp.status?.availableReplicas ?? 0,
      };
    }
    st.workers = {
      desiredReplicas: mds.reduce((n, md) => n + (md.spec.replicas ?? 1), 0),
      replicas: mds.reduce((n, md) => n + (md.status?.replicas ?? 0), 0),
      upToDateReplicas: mds.reduce((n, md) => n + (md.status?.upToDateReplicas ?? 0), 0),
      readyReplicas: mds.reduce((n, md) => n + (md.status?.readyReplicas ?? 0), 0),
      availableReplicas: mds.reduce((n, md) => n + (md.status?.availableReplicas ?? 0), 0),
    };
    st.phase = !infra && infraRef ? 'Pending' : infraProvisioned && cluster.spec.controlPlaneEndpoint?.host ? 'Provisioned' : 'Provisioning';
    st.observedGeneration = cluster.metadata.generation;
    this.client.updateStatus({ ...cluster, status: st });
    return missingRef ? { requeueAfterMs: this.ms('errorRetry') } : undefined;
  }

  private adopt(child: any, cluster: any): void {
    const refs: any[] = child.metadata.ownerReferences ?? [];
    const labels = child.metadata.labels ?? {};
    if (refs.some(r => r.uid === cluster.metadata.uid) && labels[CLUSTER_NAME_LABEL] === cluster.metadata.name) return;
    this.client.update({
      ...child,
      metadata: {
        ...child.metadata,
        labels: { ...labels, [CLUSTER_NAME_LABEL]: cluster.metadata.name },
        ownerReferences: refs.some(r => r.uid === cluster.metadata.uid) ? refs : [...refs, ownerRef(cluster, false)],
      },
    });
  }

  /** Deletes the control plane and workers first, the infrastructure cluster last. */
  private reconcileDelete(cluster: any): void {
    const ns = cluster.metadata.namespace;
    const name = cluster.metadata.name;
    const cpRef = cluster.spec.controlPlaneRef;
    const infraRef = cluster.spec.infrastructureRef;
    const cp = getRef(this.client, cpRef, ns);
    const mds = this.client.list(CAPI, 'MachineDeployment', ns).filter(md => md.spec.clusterName === name);
    const machines = this.client.list(CAPI, 'Machine', ns).filter(m => m.spec.clusterName === name);
    if (cp && !cp.metadata.deletionTimestamp) this.client.delete(cp.apiVersion, cp.kind, ns, cp.metadata.name);
    for (const md of mds) if (!md.metadata.deletionTimestamp) this.client.delete(CAPI, 'MachineDeployment', ns, md.metadata.name);
    const st = structuredClone(cluster.status ?? {});
    st.phase = 'Deleting';
    st.conditions = setCondition(st.conditions, { type: 'Deleting', status: 'True', reason: 'Deleting', message: `* Waiting for ${[cp ? 'the control plane' : '', mds.length ? `${mds.length} MachineDeployment(s)` : '', machines.length ? `${machines.length} Machine(s)` : ''].filter(Boolean).join(', ') || 'the infrastructure'} to be deleted` }, this.now());
    this.client.updateStatus({ ...cluster, status: st });
    if (cp || mds.length || machines.length) return;
    const infra = getRef(this.client, infraRef, ns);
    if (infra) {
      if (!infra.metadata.deletionTimestamp) this.client.delete(infra.apiVersion, infra.kind, ns, infra.metadata.name);
      return;
    }
    const fresh = this.client.get(CAPI, 'Cluster', ns, name);
    if (fresh) this.client.removeFinalizer(fresh, CLUSTER_FINALIZER);
  }
}

export class MachineController extends ProviderController {
  constructor(ctx: ControllerContext) {
    super(ctx, 'capi-controller-manager');
  }

  keysFor(e: StoreEvent): string[] {
    if (e.gr === MACHINE_GR) return [`${e.namespace}/${e.name}`];
    const owner = ownerOfKind(e.object, 'Machine');
    if (owner) return [`${e.namespace}/${owner.name}`];
    if (e.gr === CLUSTER_GR) return this.ctx.engine.store.list(MACHINE_GR, e.namespace).filter(m => m.spec?.clusterName === e.name).map(m => key(m));
    // A stuck-machine fault cleared on the owner lets its stuck machines go on.
    const label = e.gr === RCP_GR ? CONTROL_PLANE_NAME_LABEL : e.gr === MD_GR ? DEPLOYMENT_NAME_LABEL : undefined;
    if (label) {
      return this.ctx.engine.store.list(MACHINE_GR, e.namespace)
        .filter(m => m.metadata.labels?.[label] === e.name && m.metadata.annotations?.[FAULT_ANNOTATION] === STUCK_MACHINE_FAULT).map(m => key(m));
    }
    return [];
  }

  initialKeys(): string[] {
    return this.ctx.engine.store.list(MACHINE_GR).map(m => key(m));
  }

  reconcile(k: string): ReconcileResult | void {
    const [ns, name] = splitKey(k);
    let machine = this.client.get(CAPI, 'Machine', ns, name);
    if (!machine) {
      this.resetPhase(k);
      return;
    }
    if (!this.writtenAs(CAPI, 'Machine', ns, name)) return;
    if (isPausedObject(this.client, machine, machine.spec.clusterName)) return;
    const infra = getRef(this.client, machine.spec.infrastructureRef, ns);
    const boot = getRef(this.client, machine.spec.bootstrap?.configRef, ns);
    if (machine.metadata.deletionTimestamp) {
      for (const o of [infra, boot]) if (o && !o.metadata.deletionTimestamp) this.client.delete(o.apiVersion, o.kind, ns, o.metadata.name);
      const st = structuredClone(machine.status ?? {});
      st.phase = 'Deleting';
      st.conditions = setCondition(st.conditions, { type: 'Deleting', status: 'True', reason: 'Deleting', message: infra ? `Waiting for ${infra.kind} ${infra.metadata.name} to be deleted` : '' }, this.now());
      this.client.updateStatus({ ...machine, status: st });
      if (!infra) {
        this.resetPhase(k);
        const fresh = this.client.get(CAPI, 'Machine', ns, name);
        if (fresh) this.client.removeFinalizer(fresh, MACHINE_FINALIZER);
      }
      return;
    }
    machine = this.client.ensureFinalizer(machine, MACHINE_FINALIZER);
    if (machine.metadata.labels?.[CLUSTER_NAME_LABEL] !== machine.spec.clusterName) {
      const labels = { ...(machine.metadata.labels ?? {}), [CLUSTER_NAME_LABEL]: machine.spec.clusterName };
      machine = this.client.update({ ...machine, metadata: { ...machine.metadata, labels } });
    }
    for (const o of [infra, boot]) if (o) this.adopt(o, machine);
    const dataSecretName = boot?.status?.dataSecretName;
    if (dataSecretName && machine.spec.bootstrap?.dataSecretName !== dataSecretName) {
      machine = this.client.update({ ...machine, spec: { ...machine.spec, bootstrap: { ...machine.spec.bootstrap, dataSecretName } } });
    }
    const providerID = infra?.spec?.providerID;
    if (providerID && machine.spec.providerID !== providerID) machine = this.client.update({ ...machine, spec: { ...machine.spec, providerID } });

    const now = this.now();
    const gen = machine.metadata.generation;
    const st = structuredClone(machine.status ?? {});
    const set = (type: string, status: Status, reason: string, message = '') => {
      st.conditions = setCondition(st.conditions, { type, status, reason, message, observedGeneration: gen }, now);
    };
    const bootstrapReady = Boolean(machine.spec.bootstrap?.dataSecretName);
    const infraReady = infra?.status?.initialization?.provisioned === true;
    const bref = machine.spec.bootstrap?.configRef;
    const iref = machine.spec.infrastructureRef;
    if (bootstrapReady) set('BootstrapConfigReady', 'True', 'Ready');
    else if (!boot && bref) set('BootstrapConfigReady', 'False', 'DoesNotExist', `${bref.kind} ${bref.name} does not exist`);
    else set('BootstrapConfigReady', 'False', 'NotReady', condition(boot, 'Ready')?.message || `${bref?.kind ?? 'Bootstrap config'} status.initialization.dataSecretCreated is false`);
    if (infraReady) set('InfrastructureReady', 'True', 'Ready');
    else if (!infra) set('InfrastructureReady', 'False', 'DoesNotExist', `${iref.kind} ${iref.name} does not exist`);
    else set('InfrastructureReady', 'False', 'NotReady', condition(infra, 'Ready')?.message || `${iref.kind} status.initialization.provisioned is false`);

    let requeue: number | undefined;
    let nodeReady = Boolean(st.nodeRef);
    const stuck = !nodeReady && this.stuck(machine);
    if (infraReady && bootstrapReady && !nodeReady && !stuck) {
      const rem = this.remaining(k, 'node-join', this.ms('nodeJoin'));
      if (rem > 0) {
        requeue = rem;
      } else {
        const nodeName = (providerID ?? '').split('/').slice(-2, -1)[0] || name;
        st.nodeRef = { name: nodeName };
        st.nodeInfo = {
          architecture: 'amd64',
          bootID: `boot-${nodeName}`,
          containerRuntimeVersion: 'containerd://1.7.23-k3s2',
          kernelVersion: '6.4.0-sim',
          kubeProxyVersion: '',
          kubeletVersion: machine.spec.version ?? '',
          machineID: `machine-${nodeName}`,
          operatingSystem: 'linux',
          osImage: 'SUSE Linux Micro 6.1 (simulated)',
          systemUUID: `uuid-${nodeName}`,
        };
        nodeReady = true;
      }
    }
    if (nodeReady) {
      set('NodeReady', 'True', 'NodeReady');
      set('NodeHealthy', 'True', 'NodeHealthy');
    } else {
      const msg = !infraReady ? 'Waiting for infrastructure to be provisioned' : !bootstrapReady ? 'Waiting for bootstrap data'
        : stuck ? 'Node did not join: the RKE2 agent never registered (simulated stuck-machine fault)' : 'Waiting for the Node to join and become Ready';
      set('NodeReady', 'Unknown', 'NodeDoesNotExist', msg);
      set('NodeHealthy', 'Unknown', 'NodeDoesNotExist', msg);
    }
    set('Ready', nodeReady ? 'True' : 'False', nodeReady ? 'Ready' : 'NotReady', nodeReady ? '' : (condition({ status: st }, 'InfrastructureReady')?.status !== 'True'
      ? condition({ status: st }, 'InfrastructureReady')!.message
      : condition({ status: st }, 'BootstrapConfigReady')?.status !== 'True' ? condition({ status: st }, 'BootstrapConfigReady')!.message : 'Waiting for the Node to become Ready'));
    set('Available', nodeReady ? 'True' : 'False', nodeReady ? 'Available' : 'NotReady');
    if (!condition({ status: st }, 'UpToDate')) set('UpToDate', 'True', 'UpToDate');
    set('Paused', 'False', 'NotPaused');
    set('Deleting', 'False', 'NotDeleting');
    st.initialization = { bootstrapDataSecretCreated: bootstrapReady, infrastructureProvisioned: infraReady };
    if (infra?.status?.addresses) st.addresses = infra.status.addresses;
    st.phase = nodeReady ? 'Running' : infraReady ? 'Provisioned' : bootstrapReady ? 'Provisioning' : 'Pending';
    st.observedGeneration = gen;
    this.client.updateStatus({ ...machine, status: st });
    return requeue !== undefined ? { requeueAfterMs: requeue } : undefined;
  }

  /** Marked stuck at creation, and its control plane / MachineDeployment still carries the fault. */
  private stuck(machine: any): boolean {
    if (machine.metadata.annotations?.[FAULT_ANNOTATION] !== STUCK_MACHINE_FAULT) return false;
    const ns = machine.metadata.namespace;
    const labels = machine.metadata.labels ?? {};
    const owner = labels[CONTROL_PLANE_NAME_LABEL] ? this.client.get(CP, 'RKE2ControlPlane', ns, labels[CONTROL_PLANE_NAME_LABEL])
      : labels[DEPLOYMENT_NAME_LABEL] ? this.client.get(CAPI, 'MachineDeployment', ns, labels[DEPLOYMENT_NAME_LABEL]) : undefined;
    return stuckMachineOrdinal(owner) !== undefined;
  }

  private adopt(o: any, machine: any): void {
    const refs: any[] = o.metadata.ownerReferences ?? [];
    if (refs.some(r => r.uid === machine.metadata.uid)) return;
    this.client.update({
      ...o,
      metadata: {
        ...o.metadata,
        labels: { ...(o.metadata.labels ?? {}), [CLUSTER_NAME_LABEL]: machine.spec.clusterName },
        ownerReferences: [...refs.map(r => ({ ...r, controller: false })), ownerRef(machine)],
      },
    });
  }
}

function templateHash(template: any): string {
  return createHash('sha256').update(JSON.stringify(template ?? {})).digest('hex').slice(0, 10).replace(/^[0-9]/, 'h');
}

export class MachineDeploymentController extends ProviderController {
  constructor(ctx: ControllerContext) {
    super(ctx, 'capi-controller-manager');
  }

  keysFor(e: StoreEvent): string[] {
    if (e.gr === MD_GR) return [`${e.namespace}/${e.name}`];
    if (e.gr === MS_GR) {
      const owner = ownerOfKind(e.object, 'MachineDeployment');
      return owner ? [`${e.namespace}/${owner.name}`] : [];
    }
    if (e.gr === CLUSTER_GR) return this.ctx.engine.store.list(MD_GR, e.namespace).filter(md => md.spec?.clusterName === e.name).map(md => key(md));
    return [];
  }

  initialKeys(): string[] {
    return this.ctx.engine.store.list(MD_GR).map(m => key(m));
  }

  reconcile(k: string): ReconcileResult | void {
    const [ns, name] = splitKey(k);
    let md = this.client.get(CAPI, 'MachineDeployment', ns, name);
    if (!md || !this.writtenAs(CAPI, 'MachineDeployment', ns, name)) return;
    if (isPausedObject(this.client, md, md.spec.clusterName)) return;
    const owned = this.client.list(CAPI, 'MachineSet', ns).filter(ms => ownerOfKind(ms, 'MachineDeployment')?.uid === md.metadata.uid);
    if (md.metadata.deletionTimestamp) {
      for (const ms of owned) if (!ms.metadata.deletionTimestamp) this.client.delete(CAPI, 'MachineSet', ns, ms.metadata.name);
      if (owned.length === 0) this.client.removeFinalizer(md, MD_FINALIZER);
      return;
    }
    md = this.client.ensureFinalizer(md, MD_FINALIZER);
    // CAPI's fenceposts (core/rollout.ts): maxSurge rounds up, maxUnavailable down, never both 0.
    const { replicas: desired, maxSurge, maxUnavailable } = machineDeploymentStrategy(md);
    const hash = templateHash(md.spec.template);
    let current = owned.find(ms => ms.metadata.labels?.[TEMPLATE_HASH_LABEL] === hash);
    const old = owned.filter(ms => ms !== current);
    if (!current) {
      const labels = {
        ...(md.spec.template.metadata?.labels ?? {}),
        [TEMPLATE_HASH_LABEL]: hash,
        [DEPLOYMENT_NAME_LABEL]: name,
        [CLUSTER_NAME_LABEL]: md.spec.clusterName,
      };
      current = this.client.create({
        apiVersion: CAPI,
        kind: 'MachineSet',
        metadata: { name: `${name}-${hash}`, namespace: ns, labels: { [CLUSTER_NAME_LABEL]: md.spec.clusterName, [DEPLOYMENT_NAME_LABEL]: name, [TEMPLATE_HASH_LABEL]: hash }, ownerReferences: [ownerRef(md)] },
        spec: {
          clusterName: md.spec.clusterName,
          replicas: old.length === 0 ? desired : 0,
          selector: { matchLabels: { ...(md.spec.selector?.matchLabels ?? {}), [TEMPLATE_HASH_LABEL]: hash } },
          template: { metadata: { ...(md.spec.template.metadata ?? {}), labels }, spec: structuredClone(md.spec.template.spec) },
        },
      });
      return;
    }
    // Rolling update: grow the new set within maxSurge, shrink old sets while availability allows.
    const total = owned.reduce((n, ms) => n + (ms.spec.replicas ?? 0), 0);
    if ((current.spec.replicas ?? 0) !== desired) {
      if ((current.spec.replicas ?? 0) > desired) {
        this.scale(current, desired);
      } else {
        const room = desired + maxSurge - total;
        if (room > 0) this.scale(current, Math.min(desired, (current.spec.replicas ?? 0) + room));
      }
    }
    const available = owned.reduce((n, ms) => n + (ms.status?.availableReplicas ?? 0), 0);
    let removable = available - (desired - maxUnavailable);
    for (const ms of old) {
      const r = ms.spec.replicas ?? 0;
      if (r > 0 && removable > 0) {
        const down = Math.min(r, removable);
        this.scale(ms, r - down);
        removable -= down;
      } else if (r === 0 && (ms.status?.replicas ?? 0) === 0 && !ms.metadata.deletionTimestamp) {
        this.client.delete(CAPI, 'MachineSet', ns, ms.metadata.name);
      }
    }
    this.writeStatus(md, owned, current, desired, maxUnavailable);
  }

  private scale(ms: any, replicas: number): void {
    this.client.update({ ...ms, spec: { ...ms.spec, replicas } });
  }

  private writeStatus(md: any, owned: any[], current: any, desired: number, maxUnavailable: number): void {
    const now = this.now();
    const gen = md.metadata.generation;
    const st = structuredClone(md.status ?? {});
    const set = (type: string, status: Status, reason: string, message = '') => {
      st.conditions = setCondition(st.conditions, { type, status, reason, message, observedGeneration: gen }, now);
    };
    const sum = (f: (ms: any) => number) => owned.reduce((n, ms) => n + f(ms), 0);
    st.replicas = sum(ms => ms.status?.replicas ?? 0);
    st.readyReplicas = sum(ms => ms.status?.readyReplicas ?? 0);
    st.availableReplicas = sum(ms => ms.status?.availableReplicas ?? 0);
    st.upToDateReplicas = current.status?.readyReplicas ?? 0;
    st.selector = selectorString(md.spec.selector);
    const machines = this.client.list(CAPI, 'Machine', md.metadata.namespace).filter(m => owned.some(ms => ownerOfKind(m, 'MachineSet')?.uid === ms.metadata.uid));
    const blockers = machineBlockers(machines);
    if (st.availableReplicas >= desired - maxUnavailable) set('Available', 'True', 'Available');
    else set('Available', 'False', 'NotAvailable', `${st.availableReplicas} available replicas, at least ${desired - maxUnavailable} required (spec.strategy.rollout.maxUnavailable is ${maxUnavailable}, spec.replicas is ${desired})${blockers ? `\n${blockers}` : ''}`);
    set('MachinesReady', st.readyReplicas === st.replicas ? 'True' : 'False', st.readyReplicas === st.replicas ? 'Ready' : 'NotReady', blockers);
    const rolling = owned.length > 1;
    set('MachinesUpToDate', rolling ? 'False' : 'True', rolling ? 'NotUpToDate' : 'UpToDate');
    set('RollingOut', rolling ? 'True' : 'False', rolling ? 'RollingOut' : 'NotRollingOut');
    if (st.replicas < desired || st.readyReplicas < desired) set('ScalingUp', 'True', 'ScalingUp', `Scaling up from ${st.readyReplicas} to ${desired} replicas${blockers ? ` is blocked because:\n${blockers}` : ''}`);
    else set('ScalingUp', 'False', 'NotScalingUp');
    set('ScalingDown', st.replicas > desired ? 'True' : 'False', st.replicas > desired ? 'ScalingDown' : 'NotScalingDown');
    set('Paused', md.spec.paused ? 'True' : 'False', md.spec.paused ? 'Paused' : 'NotPaused');
    set('Deleting', 'False', 'NotDeleting');
    st.phase = st.replicas < desired ? 'ScalingUp' : st.replicas > desired ? 'ScalingDown' : 'Running';
    st.observedGeneration = gen;
    this.client.updateStatus({ ...md, status: st });
  }
}

export class MachineSetController extends ProviderController {
  constructor(ctx: ControllerContext) {
    super(ctx, 'capi-controller-manager');
  }

  keysFor(e: StoreEvent): string[] {
    if (e.gr === MS_GR) return [`${e.namespace}/${e.name}`];
    if (e.gr === MACHINE_GR) {
      const owner = ownerOfKind(e.object, 'MachineSet');
      return owner ? [`${e.namespace}/${owner.name}`] : [];
    }
    if (e.gr === CLUSTER_GR) return this.ctx.engine.store.list(MS_GR, e.namespace).filter(ms => ms.spec?.clusterName === e.name).map(ms => key(ms));
    return [];
  }

  initialKeys(): string[] {
    return this.ctx.engine.store.list(MS_GR).map(m => key(m));
  }

  reconcile(k: string): ReconcileResult | void {
    const [ns, name] = splitKey(k);
    let ms = this.client.get(CAPI, 'MachineSet', ns, name);
    if (!ms || !this.writtenAs(CAPI, 'MachineSet', ns, name)) return;
    if (isPausedObject(this.client, ms, ms.spec.clusterName)) return;
    const machines = this.client.list(CAPI, 'Machine', ns).filter(m => ownerOfKind(m, 'MachineSet')?.uid === ms.metadata.uid);
    if (ms.metadata.deletionTimestamp) {
      for (const m of machines) if (!m.metadata.deletionTimestamp) this.client.delete(CAPI, 'Machine', ns, m.metadata.name);
      if (machines.length === 0) this.client.removeFinalizer(ms, MS_FINALIZER);
      return;
    }
    ms = this.client.ensureFinalizer(ms, MS_FINALIZER);
    const desired = ms.spec.replicas ?? 1;
    const live = machines.filter(m => !m.metadata.deletionTimestamp);
    const now = this.now();
    const st = structuredClone(ms.status ?? {});
    let problem = '';
    if (live.length < desired) {
      for (let i = live.length; i < desired; i++) {
        const made = this.createMachine(ms);
        if (typeof made === 'string') {
          problem = made;
          break;
        }
      }
    } else if (live.length > desired) {
      // Not-ready machines go first, then the newest.
      const order = [...live].sort((a, b) => Number(isTrue(a, 'Ready')) - Number(isTrue(b, 'Ready'))
        || byAge(b, a));
      for (const m of order.slice(0, live.length - desired)) this.client.delete(CAPI, 'Machine', ns, m.metadata.name);
    }
    const counts = replicaCounts(live);
    st.replicas = counts.replicas;
    st.readyReplicas = counts.ready;
    st.availableReplicas = counts.available;
    st.upToDateReplicas = counts.upToDate;
    st.selector = selectorString(ms.spec.selector);
    const blockers = machineBlockers(live);
    st.conditions = setCondition(st.conditions, problem
      ? { type: 'ScalingUp', status: 'True', reason: 'ScalingUp', message: `Scaling up from ${counts.replicas} to ${desired} replicas is blocked because: ${problem}`, observedGeneration: ms.metadata.generation }
      : counts.ready < desired
        ? { type: 'ScalingUp', status: 'True', reason: 'ScalingUp', message: `Scaling up from ${counts.ready} to ${desired} replicas${blockers ? ` is blocked because:\n${blockers}` : ''}`, observedGeneration: ms.metadata.generation }
        : { type: 'ScalingUp', status: 'False', reason: 'NotScalingUp', message: '', observedGeneration: ms.metadata.generation }, now);
    st.conditions = setCondition(st.conditions, { type: 'MachinesReady', status: counts.ready === counts.replicas ? 'True' : 'False', reason: counts.ready === counts.replicas ? 'Ready' : 'NotReady', message: blockers, observedGeneration: ms.metadata.generation }, now);
    st.observedGeneration = ms.metadata.generation;
    this.client.updateStatus({ ...ms, status: st });
    return problem ? { requeueAfterMs: this.ms('errorRetry') } : undefined;
  }

  /** The Nth machine of a set whose MachineDeployment carries `stuck-machine[:N]` never joins. */
  private markStuck(ms: any, machine: any): void {
    const mdName = ms.metadata.labels?.[DEPLOYMENT_NAME_LABEL];
    const md = mdName ? this.client.get(CAPI, 'MachineDeployment', ms.metadata.namespace, mdName) : undefined;
    const n = stuckMachineOrdinal(md);
    if (n === undefined) return;
    const count = this.client.list(CAPI, 'Machine', ms.metadata.namespace).filter(m => ownerOfKind(m, 'MachineSet')?.uid === ms.metadata.uid && !m.metadata.deletionTimestamp).length;
    if (count !== n) return;
    const annotations = { ...(machine.metadata.annotations ?? {}), [FAULT_ANNOTATION]: STUCK_MACHINE_FAULT };
    this.client.update({ ...machine, metadata: { ...machine.metadata, annotations } });
  }

  private createMachine(ms: any): any | string {
    const ns = ms.metadata.namespace;
    const tmpl = ms.spec.template ?? {};
    const spec = tmpl.spec ?? {};
    const name = generatedName(`${ms.metadata.name}-`, this.ctx.engine.random);
    const labels = { ...(tmpl.metadata?.labels ?? {}), [SET_NAME_LABEL]: ms.metadata.name, [CLUSTER_NAME_LABEL]: ms.spec.clusterName };
    if (!selectorMatches(ms.spec.selector, labels)) return 'the MachineSet selector does not match its template labels';
    const machine = this.client.create({
      apiVersion: CAPI,
      kind: 'Machine',
      metadata: { name, namespace: ns, labels, annotations: tmpl.metadata?.annotations, ownerReferences: [ownerRef(ms)] },
      spec: {
        ...structuredClone(spec),
        clusterName: ms.spec.clusterName,
        bootstrap: spec.bootstrap?.configRef ? { configRef: { apiGroup: spec.bootstrap.configRef.apiGroup, kind: spec.bootstrap.configRef.kind.replace(/Template$/, ''), name } } : spec.bootstrap,
        infrastructureRef: { apiGroup: spec.infrastructureRef.apiGroup, kind: spec.infrastructureRef.kind.replace(/Template$/, ''), name },
      },
    });
    const infra = cloneFromTemplate(this.client, spec.infrastructureRef, ns, name, machine, ms.spec.clusterName);
    if (typeof infra === 'string') return infra;
    this.markStuck(ms, machine);
    if (spec.bootstrap?.configRef) {
      const boot = cloneFromTemplate(this.client, spec.bootstrap.configRef, ns, name, machine, ms.spec.clusterName);
      if (typeof boot === 'string') return boot;
    }
    return machine;
  }
}
