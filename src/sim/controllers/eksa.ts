// Simulated EKS Anywhere cluster controller for workload clusters applied to a management
// cluster (anywhere.eks.amazonaws.com/v1alpha1 Cluster): it waits for the referenced
// datacenter and machine configs, then moves the status conditions through
// ControlPlaneInitialized → ControlPlaneReady → DefaultCNIConfigured → WorkersReady → Ready
// (the order the EKS-A CLI waits in), with observedGeneration, and writes
// `<cluster>-kubeconfig` in eksa-system once the first control plane node is up.
// Fault `validation-failure` sets status.failureMessage as EKS-A does for invalid specs.
import { workloadKubeconfig } from '../kubeconfig';
import { StoreEvent } from '../storage';
import { ControllerContext, EKSA, faultsOf, key, ProviderController, splitKey } from './common';
import { ReconcileResult } from './runtime';

const EKSA_GR = 'anywhere.eks.amazonaws.com/clusters';
const FINALIZER = 'clusters.anywhere.eks.amazonaws.com/finalizer';
const PAUSED = 'anywhere.eks.amazonaws.com/paused';
/** Where EKS-A keeps the CAPI objects and kubeconfig Secrets of the clusters it manages. */
export const EKSA_SYSTEM_NAMESPACE = 'eksa-system';

interface EksaCondition {
  type: string;
  status: 'True' | 'False';
  severity?: string;
  reason?: string;
  message?: string;
  lastTransitionTime: string;
}

function put(list: EksaCondition[], c: Omit<EksaCondition, 'lastTransitionTime'>, now: string): EksaCondition[] {
  const prev = list.find(x => x.type === c.type);
  const next: EksaCondition = { ...c, lastTransitionTime: prev && prev.status === c.status ? prev.lastTransitionTime : now };
  if (next.status === 'True') {
    delete next.severity;
    delete next.reason;
    delete next.message;
  }
  return [...list.filter(x => x.type !== c.type), next];
}

export class EksaClusterController extends ProviderController {
  /** When the current generation was first seen, and whether the control plane was already up then. */
  private readonly generations = new Map<string, { generation: number; at: number; initialized: boolean }>();

  constructor(ctx: ControllerContext) {
    super(ctx, 'eks-anywhere-controller');
  }

  keysFor(e: StoreEvent): string[] {
    if (e.gr === EKSA_GR) return [`${e.namespace}/${e.name}`];
    if (e.gr.startsWith('anywhere.eks.amazonaws.com/')) return this.ctx.engine.store.list(EKSA_GR, e.namespace).map(c => key(c));
    return [];
  }

  initialKeys(): string[] {
    return this.ctx.engine.store.list(EKSA_GR).map(c => key(c));
  }

  reconcile(k: string): ReconcileResult | void {
    const [ns, name] = splitKey(k);
    let cluster = this.client.get(EKSA, 'Cluster', ns, name);
    if (!cluster) {
      this.generations.delete(k);
      return;
    }
    if (cluster.metadata.deletionTimestamp) {
      this.client.delete('v1', 'Secret', EKSA_SYSTEM_NAMESPACE, `${name}-kubeconfig`);
      this.generations.delete(k);
      this.client.removeFinalizer(cluster, FINALIZER);
      return;
    }
    cluster = this.client.ensureFinalizer(cluster, FINALIZER);
    // eksctl pauses the controller while it changes a cluster's objects.
    if (cluster.metadata.annotations?.[PAUSED] === 'true') return;
    const gen = cluster.metadata.generation;
    const now = this.now();
    const st = structuredClone(cluster.status ?? {});
    let conds: EksaCondition[] = st.conditions ?? [];
    const write = () => {
      st.conditions = conds;
      st.observedGeneration = gen;
      this.client.updateStatus({ ...cluster, status: st });
    };
    if (faultsOf(cluster).includes('validation-failure')) {
      st.failureMessage = 'Cluster spec validation failed (simulated fault)';
      st.failureReason = 'ClusterInvalid';
      conds = put(conds, { type: 'Ready', status: 'False', severity: 'Error', reason: 'ClusterInvalid', message: st.failureMessage }, now);
      return write();
    }
    delete st.failureMessage;
    delete st.failureReason;
    const missing = this.missingRefs(cluster);
    if (missing.length > 0) {
      const message = `Waiting for ${missing.join(', ')}`;
      for (const t of ['ControlPlaneInitialized', 'ControlPlaneReady', 'DefaultCNIConfigured', 'WorkersReady', 'Ready']) {
        if (!conds.some(c => c.type === t && c.status === 'True')) conds = put(conds, { type: t, status: 'False', severity: 'Info', reason: 'OutdatedInformation', message }, now);
      }
      return write();
    }
    const initialized = conds.some(c => c.type === 'ControlPlaneInitialized' && c.status === 'True');
    let started = this.generations.get(k);
    if (!started || started.generation !== gen) {
      started = { generation: gen, at: this.ctx.clock.now(), initialized };
      this.generations.set(k, started);
    }
    const elapsed = this.ctx.clock.now() - started.at;
    const tInit = started.initialized ? 0 : this.ms('eksaControlPlaneInit');
    const tCp = tInit + this.ms('eksaControlPlaneReady');
    const tCni = tCp + this.ms('eksaCni');
    const tWorkers = tCni + this.ms('eksaWorkers');
    const cpCount = cluster.spec.controlPlaneConfiguration?.count ?? 1;
    const workers = (cluster.spec.workerNodeGroupConfigurations ?? []).reduce((n: number, w: any) => n + (w.count ?? 1), 0);
    const rolling = (st.reconciledGeneration ?? 0) > 0;
    let next: number | undefined;
    const stage = (at: number) => {
      if (elapsed >= at) return true;
      next = next === undefined ? at - elapsed : Math.min(next, at - elapsed);
      return false;
    };
    if (stage(tInit)) {
      conds = put(conds, { type: 'ControlPlaneInitialized', status: 'True' }, now);
      this.ensureKubeconfig(cluster);
    } else {
      conds = put(conds, { type: 'ControlPlaneInitialized', status: 'False', severity: 'Info', reason: 'ControlPlaneInitializationInProgress', message: 'The first control plane instance is not available yet' }, now);
    }
    if (stage(tCp)) conds = put(conds, { type: 'ControlPlaneReady', status: 'True' }, now);
    else conds = put(conds, { type: 'ControlPlaneReady', status: 'False', severity: 'Info', reason: rolling ? 'RollingUpgradeInProgress' : 'ScalingUp', message: rolling ? 'Control plane nodes not up-to-date yet' : `Scaling up control plane nodes, ${cpCount} expected` }, now);
    if (stage(tCni)) conds = put(conds, { type: 'DefaultCNIConfigured', status: 'True' }, now);
    else conds = put(conds, { type: 'DefaultCNIConfigured', status: 'False', severity: 'Info', reason: 'ControlPlaneNotReady', message: 'Waiting for the control plane to be ready' }, now);
    if (workers === 0 || stage(tWorkers)) conds = put(conds, { type: 'WorkersReady', status: 'True' }, now);
    else conds = put(conds, { type: 'WorkersReady', status: 'False', severity: 'Info', reason: rolling ? 'RollingUpgradeInProgress' : 'ScalingUp', message: rolling ? 'Worker nodes not up-to-date yet' : `Scaling up worker nodes, ${workers} expected` }, now);
    const allTrue = ['ControlPlaneInitialized', 'ControlPlaneReady', 'DefaultCNIConfigured', 'WorkersReady'].every(t => conds.some(c => c.type === t && c.status === 'True'));
    if (allTrue) {
      conds = put(conds, { type: 'Ready', status: 'True' }, now);
      st.reconciledGeneration = gen;
      st.childrenReconciledGeneration = gen;
    } else {
      const first = conds.find(c => c.type !== 'Ready' && c.status === 'False');
      conds = put(conds, { type: 'Ready', status: 'False', severity: 'Info', reason: first?.reason ?? 'OutdatedInformation', message: first?.message ?? '' }, now);
    }
    const order = ['Ready', 'ControlPlaneInitialized', 'ControlPlaneReady', 'DefaultCNIConfigured', 'WorkersReady'];
    conds.sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));
    write();
    return next !== undefined ? { requeueAfterMs: next } : undefined;
  }

  /** Referenced EKS-A objects (datacenter, machine configs) that do not exist in the namespace. */
  private missingRefs(cluster: any): string[] {
    const ns = cluster.metadata.namespace;
    const refs: Array<{ kind: string; name: string }> = [];
    if (cluster.spec.datacenterRef?.kind) refs.push(cluster.spec.datacenterRef);
    if (cluster.spec.controlPlaneConfiguration?.machineGroupRef?.kind) refs.push(cluster.spec.controlPlaneConfiguration.machineGroupRef);
    for (const w of cluster.spec.workerNodeGroupConfigurations ?? []) if (w.machineGroupRef?.kind) refs.push(w.machineGroupRef);
    const out: string[] = [];
    for (const r of refs) {
      if (!this.client.type(EKSA, r.kind)) continue;
      if (!this.client.get(EKSA, r.kind, ns, r.name)) out.push(`${r.kind} ${ns}/${r.name}`);
    }
    return [...new Set(out)];
  }

  private ensureKubeconfig(cluster: any): void {
    const name = `${cluster.metadata.name}-kubeconfig`;
    if (!this.client.get('v1', 'Namespace', '', EKSA_SYSTEM_NAMESPACE)) return;
    if (this.client.get('v1', 'Secret', EKSA_SYSTEM_NAMESPACE, name)) return;
    const ep = cluster.spec.controlPlaneConfiguration?.endpoint?.host ?? '127.0.0.1';
    this.client.create({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name, namespace: EKSA_SYSTEM_NAMESPACE, labels: { 'cluster.x-k8s.io/cluster-name': cluster.metadata.name } },
      type: 'cluster.x-k8s.io/secret',
      data: { value: Buffer.from(workloadKubeconfig(cluster.metadata.name, ep, 6443)).toString('base64') },
    });
  }
}
