// Shared pieces of the simulated provider controllers: timing (speed factor), metav1
// conditions, owner references, well-known labels and API versions.
import { Clock } from '../../core/clock';
import { ApiEngine, storeKey } from '../api-engine';
import { StoreEvent } from '../storage';
import { rfc3339 } from '../timestamps';
import { SimClient } from './client';
import { Controller, ReconcileResult } from './runtime';

export const CAPI = 'cluster.x-k8s.io/v1beta2';
export const INFRA = 'infrastructure.cluster.x-k8s.io/v1beta2';
export const CP = 'controlplane.cluster.x-k8s.io/v1beta2';
export const BOOTSTRAP = 'bootstrap.cluster.x-k8s.io/v1beta2';
export const METAL3 = 'metal3.io/v1alpha1';
export const EKSA = 'anywhere.eks.amazonaws.com/v1alpha1';

export const CLUSTER_NAME_LABEL = 'cluster.x-k8s.io/cluster-name';
export const CONTROL_PLANE_LABEL = 'cluster.x-k8s.io/control-plane';
export const CONTROL_PLANE_NAME_LABEL = 'cluster.x-k8s.io/control-plane-name';
export const DEPLOYMENT_NAME_LABEL = 'cluster.x-k8s.io/deployment-name';
export const SET_NAME_LABEL = 'cluster.x-k8s.io/set-name';
export const TEMPLATE_HASH_LABEL = 'machine-template-hash';
export const CLONED_FROM_NAME = 'cluster.x-k8s.io/cloned-from-name';
export const CLONED_FROM_GROUPKIND = 'cluster.x-k8s.io/cloned-from-groupkind';
/** Per-object fault annotation understood by the simulator's controllers. */
export const FAULT_ANNOTATION = 'sim.cdk8s-capi.io/fault';

/** Durations at speed 1, in seconds (what real bare metal roughly takes). */
export interface Durations {
  /** BMC credentials check. */
  readonly registering: number;
  /** Hardware inspection (ramdisk boot). */
  readonly inspecting: number;
  /** Cleaning / RAID / firmware before a host becomes available. */
  readonly preparing: number;
  /** Writing the image and first boot. */
  readonly provisioning: number;
  /** Cleaning after release (automatedCleaningMode metadata). */
  readonly deprovisioning: number;
  /** Powering off before delete. */
  readonly poweringOff: number;
  /** From a provisioned host to a Ready node (RKE2 install and join). */
  readonly nodeJoin: number;
  /** Delay before a failed BMC/inspection operation is retried. */
  readonly errorRetry: number;
  /** EKS Anywhere: first control plane node up. */
  readonly eksaControlPlaneInit: number;
  /** EKS Anywhere: all control plane nodes ready. */
  readonly eksaControlPlaneReady: number;
  /** EKS Anywhere: CNI configured. */
  readonly eksaCni: number;
  /** EKS Anywhere: worker nodes ready. */
  readonly eksaWorkers: number;
}

export const DEFAULT_DURATIONS: Durations = {
  registering: 15,
  inspecting: 420,
  preparing: 60,
  provisioning: 600,
  deprovisioning: 300,
  poweringOff: 15,
  nodeJoin: 240,
  errorRetry: 60,
  eksaControlPlaneInit: 480,
  eksaControlPlaneReady: 300,
  eksaCni: 60,
  eksaWorkers: 360,
};

/** What every provider controller gets. */
export interface ControllerContext {
  readonly engine: ApiEngine;
  readonly clock: Clock;
  /** 1 = realistic durations, 100 = one hundred times faster. */
  readonly speed: number;
  readonly durations: Durations;
  /** Faults per host (`namespace/name` → fault names), in addition to the annotation. */
  readonly hostFaults: Readonly<Record<string, readonly string[]>>;
  /** When the control plane writes `<cluster>-kubeconfig`. */
  readonly kubeconfigSecretTiming: 'endpoint' | 'initialized';
}

export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason: string;
  message: string;
  lastTransitionTime: string;
  observedGeneration?: number;
}

/** Sets a condition, keeping lastTransitionTime when the status does not change. Returns a new list. */
export function setCondition(list: Condition[] | undefined, c: Omit<Condition, 'lastTransitionTime'>, now: string): Condition[] {
  const out = [...(list ?? [])];
  const i = out.findIndex(x => x.type === c.type);
  const prev = i >= 0 ? out[i] : undefined;
  const next: Condition = { ...c, lastTransitionTime: prev && prev.status === c.status ? prev.lastTransitionTime : now };
  if (i >= 0) out[i] = next;
  else out.push(next);
  return out;
}

export function condition(obj: any, type: string): Condition | undefined {
  return (obj?.status?.conditions ?? []).find((c: Condition) => c.type === type);
}

export function isTrue(obj: any, type: string): boolean {
  return condition(obj, type)?.status === 'True';
}

export function ownerRef(owner: any, controller = true): any {
  return { apiVersion: owner.apiVersion, kind: owner.kind, name: owner.metadata.name, uid: owner.metadata.uid, controller, blockOwnerDeletion: true };
}

export function ownerOfKind(obj: any, kind: string): any | undefined {
  return (obj?.metadata?.ownerReferences ?? []).find((r: any) => r.kind === kind);
}

/** Oldest first (creationTimestamp, then name): the order controllers pick members in. */
export function byAge(a: any, b: any): number {
  return String(a.metadata.creationTimestamp).localeCompare(String(b.metadata.creationTimestamp)) || a.metadata.name.localeCompare(b.metadata.name);
}

export function key(obj: { metadata: { namespace?: string; name: string } }): string {
  return `${obj.metadata.namespace ?? ''}/${obj.metadata.name}`;
}

export function splitKey(k: string): [string, string] {
  const i = k.indexOf('/');
  return [k.slice(0, i), k.slice(i + 1)];
}

export function faultsOf(obj: any, extra: readonly string[] = []): string[] {
  const a = obj?.metadata?.annotations?.[FAULT_ANNOTATION];
  const own = typeof a === 'string' ? a.split(',').map((s: string) => s.trim()).filter(Boolean) : [];
  return [...own, ...extra];
}

/** Base of the provider controllers: client, clock, speed-scaled timers. */
export abstract class ProviderController implements Controller {
  protected readonly client: SimClient;
  /** When each object entered its current phase (clock ms), keyed by `key|phase`. */
  private readonly since = new Map<string, number>();
  private readonly warned = new Set<string>();

  /** `name` is also the field manager of the controller's writes. */
  constructor(protected readonly ctx: ControllerContext, readonly name: string) {
    this.client = new SimClient(ctx.engine, name);
  }

  abstract keysFor(event: StoreEvent): string[];
  abstract initialKeys(): string[];
  abstract reconcile(key: string): ReconcileResult | void;

  protected now(): string {
    return rfc3339(this.ctx.clock.now());
  }

  /** A duration from the table, scaled by speed, in clock milliseconds. */
  protected ms(d: keyof Durations): number {
    return Math.max(1, Math.round((this.ctx.durations[d] * 1000) / this.ctx.speed));
  }

  /**
   * Milliseconds left in `phase` for object `k` (starting the phase clock on first call);
   * 0 when the phase has lasted `total` ms.
   */
  protected remaining(k: string, phase: string, total: number): number {
    const id = `${k}|${phase}`;
    const now = this.ctx.clock.now();
    if (!this.since.has(id)) this.since.set(id, now);
    return Math.max(0, this.since.get(id)! + total - now);
  }

  /**
   * Whether the object was last written in `apiVersion`. There are no conversion webhooks in
   * the simulator: other served versions are stored and served as written (apiVersion
   * rewritten only), so the controllers leave such objects alone and say so in a Warning Event.
   */
  protected writtenAs(apiVersion: string, kind: string, namespace: string, name: string): boolean {
    const rt = this.client.type(apiVersion, kind);
    const raw = rt ? this.ctx.engine.store.get(storeKey(rt), rt.namespaced ? namespace : '', name) : undefined;
    if (!raw) return false;
    if (raw.apiVersion === apiVersion) return true;
    if (!this.warned.has(raw.metadata.uid)) {
      this.warned.add(raw.metadata.uid);
      this.client.create({
        apiVersion: 'v1',
        kind: 'Event',
        metadata: { name: `${name}.unsupported-version-${raw.metadata.uid.slice(0, 8)}`, namespace },
        involvedObject: { apiVersion: raw.apiVersion, kind, name, namespace, uid: raw.metadata.uid },
        reason: 'UnsupportedVersion',
        type: 'Warning',
        count: 1,
        message: `the cdk8s-capi simulator reconciles ${kind} ${apiVersion} only (it has no conversion webhooks); this object was written as ${raw.apiVersion}`,
        source: { component: this.name },
        firstTimestamp: this.now(),
        lastTimestamp: this.now(),
      });
    }
    return false;
  }

  /** Forgets the phase clocks of an object (or one phase). */
  protected resetPhase(k: string, phase?: string): void {
    for (const id of [...this.since.keys()]) {
      if (phase ? id === `${k}|${phase}` : id.startsWith(`${k}|`)) this.since.delete(id);
    }
  }
}

/** Annotation pausing one CAPI object (as `Cluster.spec.paused` pauses them all). */
export const CAPI_PAUSED_ANNOTATION = 'cluster.x-k8s.io/paused';

/**
 * Whether reconciliation of `obj` is paused, the way CAPI controllers decide it: the object's
 * own `cluster.x-k8s.io/paused` annotation, or `spec.paused` on its Cluster (found by name, the
 * cluster-name label, an owner reference, or a Cluster referencing the object).
 */
export function isPausedObject(client: SimClient, obj: any, clusterName?: string): boolean {
  if (obj?.metadata?.annotations?.[CAPI_PAUSED_ANNOTATION] !== undefined) return true;
  const ns = obj.metadata.namespace;
  let name: string | undefined = clusterName ?? obj.metadata.labels?.[CLUSTER_NAME_LABEL] ?? ownerOfKind(obj, 'Cluster')?.name;
  if (!name) {
    const referencing = client.list(CAPI, 'Cluster', ns).find(c => [c.spec?.controlPlaneRef, c.spec?.infrastructureRef]
      .some(r => r?.kind === obj.kind && r?.name === obj.metadata.name));
    name = referencing?.metadata.name;
  }
  if (!name) return false;
  return client.get(CAPI, 'Cluster', ns, name)?.spec?.paused === true;
}

/** Fault on a control plane or MachineDeployment: its Nth new machine never becomes ready (`stuck-machine` = the first, `stuck-machine:2` the second). */
export const STUCK_MACHINE_FAULT = 'stuck-machine';

/** N of a `stuck-machine[:N]` fault on the object, or undefined. */
export function stuckMachineOrdinal(obj: any): number | undefined {
  for (const f of faultsOf(obj)) {
    const m = /^stuck-machine(?::(\d+))?$/.exec(f);
    if (m) return m[1] ? Number(m[1]) : 1;
  }
  return undefined;
}
