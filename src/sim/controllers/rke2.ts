// Simulated cluster-api-provider-rke2 (v1beta2): the RKE2ControlPlane creates control plane
// Machines one at a time (each with a Metal3Machine cloned from
// spec.machineTemplate.spec.infrastructureRef and an RKE2Config), rolls them out with
// rolloutStrategy.rollingUpdate.maxSurge (0 or 1), writes `<cluster>-kubeconfig` and reports
// v1beta2 status; the RKE2Config controller produces bootstrap data Secrets (joining nodes
// wait for the control plane to be initialized).
import { workloadKubeconfig } from '../kubeconfig';
import { generatedName } from '../object-meta';
import { StoreEvent } from '../storage';
import { machineBlockers } from './capi';
import {
  BOOTSTRAP, byAge, CAPI, CLONED_FROM_NAME, CLUSTER_NAME_LABEL, CONTROL_PLANE_LABEL, CONTROL_PLANE_NAME_LABEL,
  ControllerContext, CP, FAULT_ANNOTATION, isPausedObject, isTrue, key, ownerOfKind, ownerRef, ProviderController, setCondition, splitKey,
  STUCK_MACHINE_FAULT, stuckMachineOrdinal,
} from './common';
import { ReconcileResult } from './runtime';
import { cloneFromTemplate, getRef } from './templates';
import { controlPlaneStrategy } from '../../core/rollout';

const RCP_GR = 'controlplane.cluster.x-k8s.io/rke2controlplanes';
const RKE2CONFIG_GR = 'bootstrap.cluster.x-k8s.io/rke2configs';
const MACHINE_GR = 'cluster.x-k8s.io/machines';
const RCP_FINALIZER = 'rke2.controlplane.cluster.x-k8s.io';

type Status = 'True' | 'False' | 'Unknown';

/** The configuration fields an RKE2ControlPlane passes on to each server's RKE2Config. */
const CONFIG_FIELDS = ['agentConfig', 'files', 'preRKE2Commands', 'postRKE2Commands', 'privateRegistriesConfig', 'gzipUserData'];

export class Rke2ControlPlaneController extends ProviderController {
  constructor(ctx: ControllerContext) {
    super(ctx, 'rke2-control-plane-controller');
  }

  keysFor(e: StoreEvent): string[] {
    if (e.gr === RCP_GR) return [`${e.namespace}/${e.name}`];
    if (e.gr === MACHINE_GR) {
      const cp = e.object?.metadata?.labels?.[CONTROL_PLANE_NAME_LABEL];
      return cp ? [`${e.namespace}/${cp}`] : [];
    }
    if (e.gr === 'cluster.x-k8s.io/clusters' && e.object?.spec?.controlPlaneRef?.kind === 'RKE2ControlPlane') {
      return [`${e.namespace}/${e.object.spec.controlPlaneRef.name}`];
    }
    return [];
  }

  initialKeys(): string[] {
    return this.ctx.engine.store.list(RCP_GR).map(c => key(c));
  }

  reconcile(k: string): ReconcileResult | void {
    const [ns, name] = splitKey(k);
    let rcp = this.client.get(CP, 'RKE2ControlPlane', ns, name);
    if (!rcp || !this.writtenAs(CP, 'RKE2ControlPlane', ns, name)) return;
    if (isPausedObject(this.client, rcp)) return;
    const machines = this.client.list(CAPI, 'Machine', ns, `${CONTROL_PLANE_NAME_LABEL}=${name}`)
      .sort(byAge);
    if (rcp.metadata.deletionTimestamp) {
      for (const m of machines) if (!m.metadata.deletionTimestamp) this.client.delete(CAPI, 'Machine', ns, m.metadata.name);
      if (machines.length === 0) this.client.removeFinalizer(rcp, RCP_FINALIZER);
      return;
    }
    rcp = this.client.ensureFinalizer(rcp, RCP_FINALIZER);
    const now = this.now();
    const gen = rcp.metadata.generation;
    const st = structuredClone(rcp.status ?? {});
    const set = (type: string, status: Status, reason: string, message = '') => {
      st.conditions = setCondition(st.conditions, { type, status, reason, message, observedGeneration: gen }, now);
    };
    const write = () => {
      st.observedGeneration = gen;
      this.client.updateStatus({ ...rcp, status: st });
    };
    const owner = ownerOfKind(rcp, 'Cluster');
    const cluster = owner ? this.client.get(CAPI, 'Cluster', ns, owner.name) : undefined;
    if (!cluster) {
      set('Available', 'False', 'WaitingForCluster', 'Waiting for the owner Cluster to set an ownerReference');
      return write();
    }
    if (cluster.status?.initialization?.infrastructureProvisioned !== true) {
      set('Available', 'False', 'WaitingForInfrastructure', `Waiting for Cluster ${cluster.metadata.name} infrastructure to be provisioned`);
      return write();
    }
    const endpoint = cluster.spec.controlPlaneEndpoint;
    if (!endpoint?.host) {
      set('Available', 'False', 'WaitingForControlPlaneEndpoint', `no control plane endpoint set on Cluster ${cluster.metadata.name}`);
      return write();
    }
    // CAPRKE2 reads maxSurge with IntValue() (core/rollout.ts): a percentage string counts as 0.
    const { replicas: desired, maxSurge } = controlPlaneStrategy(rcp);
    const tmplRef = rcp.spec.machineTemplate?.spec?.infrastructureRef;
    const upToDate = (m: any) => m.spec.version === rcp.spec.version && this.infraTemplateOf(m) === tmplRef?.name;
    const live = machines.filter(m => !m.metadata.deletionTimestamp);
    const deleting = machines.filter(m => m.metadata.deletionTimestamp);
    const allReady = live.every(m => isTrue(m, 'Ready'));
    const initialized = st.initialization?.controlPlaneInitialized === true || live.some(m => isTrue(m, 'Ready'));

    if (initialized || this.ctx.kubeconfigSecretTiming === 'endpoint') this.ensureKubeconfig(rcp, cluster, endpoint);

    // One action per pass, as a control plane must change one member at a time.
    let blocked = '';
    const outdated = live.filter(m => !upToDate(m));
    if (deleting.length > 0) {
      blocked = `waiting for Machine(s) ${deleting.map(m => m.metadata.name).join(', ')} to be deleted`;
    } else if (live.length < desired && (live.length === 0 || (initialized && allReady))) {
      blocked = this.createMachine(rcp, cluster) ?? '';
    } else if (outdated.length > 0 && allReady) {
      if (live.length < desired + maxSurge) blocked = this.createMachine(rcp, cluster) ?? '';
      else this.client.delete(CAPI, 'Machine', ns, outdated[0].metadata.name);
    } else if (live.length > desired && allReady) {
      this.client.delete(CAPI, 'Machine', ns, (outdated[0] ?? live[live.length - 1]).metadata.name);
    }

    const fresh = this.client.list(CAPI, 'Machine', ns, `${CONTROL_PLANE_NAME_LABEL}=${name}`).filter(m => !m.metadata.deletionTimestamp);
    const ready = fresh.filter(m => isTrue(m, 'Ready'));
    st.replicas = fresh.length;
    st.readyReplicas = ready.length;
    st.availableReplicas = fresh.filter(m => isTrue(m, 'Available')).length;
    st.upToDateReplicas = fresh.filter(upToDate).length;
    if (fresh.length > 0 && fresh.every(upToDate)) st.version = rcp.spec.version;
    st.initialization = { controlPlaneInitialized: initialized };
    const blockers = machineBlockers(fresh);
    if (initialized && ready.length > 0) set('Available', 'True', 'Available');
    else set('Available', 'False', 'NotAvailable', blocked || blockers || 'Waiting for the first control plane machine');
    set('MachinesReady', ready.length === fresh.length ? 'True' : 'False', ready.length === fresh.length ? 'Ready' : 'NotReady', blockers);
    set('MachinesUpToDate', st.upToDateReplicas === fresh.length ? 'True' : 'False', st.upToDateReplicas === fresh.length ? 'UpToDate' : 'NotUpToDate');
    if (ready.length < desired) {
      const why = [blocked, blockers].filter(Boolean).join('\n');
      set('ScalingUp', 'True', 'ScalingUp', `Scaling up from ${ready.length} to ${desired} replicas${why ? ` is blocked because:\n${why}` : ''}`);
    } else {
      set('ScalingUp', 'False', 'NotScalingUp');
    }
    set('ScalingDown', fresh.length > desired ? 'True' : 'False', fresh.length > desired ? 'ScalingDown' : 'NotScalingDown');
    set('RollingOut', st.upToDateReplicas < fresh.length ? 'True' : 'False', st.upToDateReplicas < fresh.length ? 'RollingOut' : 'NotRollingOut');
    set('Paused', 'False', 'NotPaused');
    set('Deleting', 'False', 'NotDeleting');
    write();
    return blocked && deleting.length === 0 ? { requeueAfterMs: this.ms('errorRetry') } : undefined;
  }

  private infraTemplateOf(machine: any): string | undefined {
    const ref = machine.spec.infrastructureRef;
    const infra = getRef(this.client, ref, machine.metadata.namespace);
    return infra?.metadata?.annotations?.[CLONED_FROM_NAME];
  }

  /** Creates Machine + Metal3Machine + RKE2Config; returns a message when it cannot. */
  private createMachine(rcp: any, cluster: any): string | undefined {
    const ns = rcp.metadata.namespace;
    const tmplRef = rcp.spec.machineTemplate?.spec?.infrastructureRef;
    if (!tmplRef) return 'spec.machineTemplate.spec.infrastructureRef is not set';
    if (!getRef(this.client, tmplRef, ns)) return `${tmplRef.kind} ${ns}/${tmplRef.name} not found`;
    const name = generatedName(`${rcp.metadata.name}-`, this.ctx.engine.random);
    const clusterName = cluster.metadata.name;
    const mt = rcp.spec.machineTemplate ?? {};
    const labels = { ...(mt.metadata?.labels ?? {}), [CLUSTER_NAME_LABEL]: clusterName, [CONTROL_PLANE_LABEL]: '', [CONTROL_PLANE_NAME_LABEL]: rcp.metadata.name };
    const machine = this.client.create({
      apiVersion: CAPI,
      kind: 'Machine',
      metadata: { name, namespace: ns, labels, annotations: mt.metadata?.annotations, ownerReferences: [ownerRef(rcp)] },
      spec: {
        clusterName,
        version: rcp.spec.version,
        bootstrap: { configRef: { apiGroup: 'bootstrap.cluster.x-k8s.io', kind: 'RKE2Config', name } },
        infrastructureRef: { apiGroup: tmplRef.apiGroup, kind: tmplRef.kind.replace(/Template$/, ''), name },
        ...(mt.spec?.deletion ? { deletion: mt.spec.deletion } : {}),
      },
    });
    const infra = cloneFromTemplate(this.client, tmplRef, ns, name, machine, clusterName, { [CONTROL_PLANE_NAME_LABEL]: rcp.metadata.name });
    if (typeof infra === 'string') return infra;
    this.markStuck(rcp, machine);
    const config: any = {};
    for (const f of CONFIG_FIELDS) if (rcp.spec[f] !== undefined) config[f] = structuredClone(rcp.spec[f]);
    this.client.create({
      apiVersion: BOOTSTRAP,
      kind: 'RKE2Config',
      metadata: {
        name,
        namespace: ns,
        labels: { [CLUSTER_NAME_LABEL]: clusterName, [CONTROL_PLANE_NAME_LABEL]: rcp.metadata.name },
        ownerReferences: [ownerRef(machine)],
      },
      spec: config,
    });
    return undefined;
  }

  /** With `stuck-machine[:N]` on the control plane, its Nth up-to-date machine never joins. */
  private markStuck(rcp: any, machine: any): void {
    const n = stuckMachineOrdinal(rcp);
    if (n === undefined) return;
    const tmpl = rcp.spec.machineTemplate?.spec?.infrastructureRef?.name;
    const upToDate = this.client.list(CAPI, 'Machine', rcp.metadata.namespace, `${CONTROL_PLANE_NAME_LABEL}=${rcp.metadata.name}`)
      .filter(m => !m.metadata.deletionTimestamp && m.spec.version === rcp.spec.version
        && (m.metadata.name === machine.metadata.name || this.infraTemplateOf(m) === tmpl));
    if (upToDate.length !== n) return;
    const annotations = { ...(machine.metadata.annotations ?? {}), [FAULT_ANNOTATION]: STUCK_MACHINE_FAULT };
    this.client.update({ ...machine, metadata: { ...machine.metadata, annotations } });
  }

  private ensureKubeconfig(rcp: any, cluster: any, endpoint: { host: string; port?: number }): void {
    const ns = rcp.metadata.namespace;
    const secretName = `${cluster.metadata.name}-kubeconfig`;
    if (this.client.get('v1', 'Secret', ns, secretName)) return;
    this.client.create({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: secretName, namespace: ns, labels: { [CLUSTER_NAME_LABEL]: cluster.metadata.name }, ownerReferences: [ownerRef(rcp)] },
      type: 'cluster.x-k8s.io/secret',
      data: { value: Buffer.from(workloadKubeconfig(cluster.metadata.name, endpoint.host, endpoint.port ?? 6443)).toString('base64') },
    });
  }
}

export class Rke2ConfigController extends ProviderController {
  constructor(ctx: ControllerContext) {
    super(ctx, 'rke2-bootstrap-controller');
  }

  keysFor(e: StoreEvent): string[] {
    if (e.gr === RKE2CONFIG_GR) return [`${e.namespace}/${e.name}`];
    if (e.gr === MACHINE_GR && e.object?.spec?.bootstrap?.configRef?.kind === 'RKE2Config') return [`${e.namespace}/${e.object.spec.bootstrap.configRef.name}`];
    if (e.gr === 'cluster.x-k8s.io/clusters') {
      return this.ctx.engine.store.list(RKE2CONFIG_GR, e.namespace)
        .filter(c => c.metadata.labels?.[CLUSTER_NAME_LABEL] === e.name && !c.status?.dataSecretName).map(c => key(c));
    }
    return [];
  }

  initialKeys(): string[] {
    return this.ctx.engine.store.list(RKE2CONFIG_GR).map(c => key(c));
  }

  reconcile(k: string): ReconcileResult | void {
    const [ns, name] = splitKey(k);
    const config = this.client.get(BOOTSTRAP, 'RKE2Config', ns, name);
    if (!config || config.metadata.deletionTimestamp || config.status?.dataSecretName) return;
    if (!this.writtenAs(BOOTSTRAP, 'RKE2Config', ns, name)) return;
    if (isPausedObject(this.client, config)) return;
    const now = this.now();
    const st = structuredClone(config.status ?? {});
    const waiting = (reason: string, message: string) => {
      st.conditions = setCondition(st.conditions, { type: 'Ready', status: 'False', reason, message, observedGeneration: config.metadata.generation }, now);
      st.observedGeneration = config.metadata.generation;
      this.client.updateStatus({ ...config, status: st });
    };
    const owner = ownerOfKind(config, 'Machine');
    const machine = owner ? this.client.get(CAPI, 'Machine', ns, owner.name) : undefined;
    if (!machine) return waiting('WaitingForMachineOwnerRef', 'Waiting for the owner Machine');
    const cluster = this.client.get(CAPI, 'Cluster', ns, machine.spec.clusterName);
    if (!cluster?.status?.initialization?.infrastructureProvisioned) return waiting('WaitingForClusterInfrastructure', 'Waiting for the cluster infrastructure to be provisioned');
    const isControlPlane = CONTROL_PLANE_LABEL in (machine.metadata.labels ?? {});
    if (!cluster.status?.initialization?.controlPlaneInitialized && !(isControlPlane && this.isInitMachine(machine))) {
      return waiting('WaitingForControlPlaneInitialization', 'Waiting for the control plane to be initialized (the first RKE2 server)');
    }
    const format = config.spec?.agentConfig?.format ?? 'cloud-config';
    const data = `# bootstrap data simulated by cdk8s-capi for ${isControlPlane ? 'RKE2 server' : 'RKE2 agent'} ${machine.metadata.name} (${format})\n`;
    // A restored config may find its data Secret already there (status is not restored).
    if (!this.client.get('v1', 'Secret', ns, name)) {
      this.client.create({
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name, namespace: ns, labels: { [CLUSTER_NAME_LABEL]: machine.spec.clusterName }, ownerReferences: [ownerRef(config)] },
        type: 'cluster.x-k8s.io/secret',
        data: { format: Buffer.from(format).toString('base64'), value: Buffer.from(data).toString('base64') },
      });
    }
    st.dataSecretName = name;
    st.initialization = { dataSecretCreated: true };
    st.conditions = setCondition(st.conditions, { type: 'Ready', status: 'True', reason: 'Ready', message: '', observedGeneration: config.metadata.generation }, now);
    st.conditions = setCondition(st.conditions, { type: 'DataSecretAvailable', status: 'True', reason: 'Available', message: '', observedGeneration: config.metadata.generation }, now);
    st.observedGeneration = config.metadata.generation;
    this.client.updateStatus({ ...config, status: st });
  }

  /** The oldest control plane machine of its control plane initializes the cluster. */
  private isInitMachine(machine: any): boolean {
    const cp = machine.metadata.labels?.[CONTROL_PLANE_NAME_LABEL];
    const all = this.client.list(CAPI, 'Machine', machine.metadata.namespace, `${CONTROL_PLANE_NAME_LABEL}=${cp}`)
      .filter(m => !m.metadata.deletionTimestamp)
      .sort(byAge);
    return all[0]?.metadata.name === machine.metadata.name;
  }
}

