// Simulated cluster-api-provider-metal3 (v1beta2): Metal3Cluster turns provisioned once it
// has an owner Cluster and a control plane endpoint; Metal3Machine claims a BareMetalHost
// through its hostSelector (same namespace, available, unclaimed, healthy — so too few
// matching hosts stalls with a condition saying why), hands it image and user data, and
// releases it on delete (waiting for deprovisioning).
import { hostSelectorMatches, hostSelectorProblems } from '../../core/selectors';
import { StoreEvent } from '../storage';
import {
  CLUSTER_NAME_LABEL, ControllerContext, INFRA, isPausedObject, key, METAL3, ownerOfKind, ProviderController, setCondition, splitKey, CAPI,
} from './common';
import { ReconcileResult } from './runtime';

const M3C_GR = 'infrastructure.cluster.x-k8s.io/metal3clusters';
const M3M_GR = 'infrastructure.cluster.x-k8s.io/metal3machines';
const BMH_GR = 'metal3.io/baremetalhosts';
const M3C_FINALIZER = 'metal3cluster.infrastructure.cluster.x-k8s.io';
const M3M_FINALIZER = 'metal3machine.infrastructure.cluster.x-k8s.io';
/** Annotation on a Metal3Machine naming its host (`namespace/name`). */
export const HOST_ANNOTATION = 'metal3.io/BareMetalHost';
const UNHEALTHY = 'capi.metal3.io/unhealthy';
const BMH_PAUSED = 'baremetalhost.metal3.io/paused';
/** The pause value CAPM3 owns. */
export const CAPM3_PAUSE = 'metal3.io/capm3';
const BUSY_STATES = ['provisioning', 'provisioned', 'deprovisioning'];

export class Metal3ClusterController extends ProviderController {
  constructor(ctx: ControllerContext) {
    super(ctx, 'capm3-controller-manager');
  }

  keysFor(e: StoreEvent): string[] {
    if (e.gr === M3C_GR) return [`${e.namespace}/${e.name}`];
    if (e.gr === 'cluster.x-k8s.io/clusters' && e.object?.spec?.infrastructureRef?.kind === 'Metal3Cluster') {
      return [`${e.namespace}/${e.object.spec.infrastructureRef.name}`];
    }
    if (e.gr === M3M_GR && e.type === 'DELETED') return this.ctx.engine.store.list(M3C_GR, e.namespace).map(c => key(c));
    return [];
  }

  initialKeys(): string[] {
    return this.ctx.engine.store.list(M3C_GR).map(c => key(c));
  }

  reconcile(k: string): ReconcileResult | void {
    const [ns, name] = splitKey(k);
    let m3c = this.client.get(INFRA, 'Metal3Cluster', ns, name);
    if (!m3c || !this.writtenAs(INFRA, 'Metal3Cluster', ns, name)) return;
    if (isPausedObject(this.client, m3c)) return;
    const owner = ownerOfKind(m3c, 'Cluster');
    if (m3c.metadata.deletionTimestamp) {
      const clusterName = owner?.name ?? m3c.metadata.labels?.[CLUSTER_NAME_LABEL];
      const machines = this.client.list(INFRA, 'Metal3Machine', ns).filter(m => m.metadata.labels?.[CLUSTER_NAME_LABEL] === clusterName);
      if (machines.length === 0) this.client.removeFinalizer(m3c, M3C_FINALIZER);
      return;
    }
    m3c = this.client.ensureFinalizer(m3c, M3C_FINALIZER);
    const now = this.now();
    const st = structuredClone(m3c.status ?? {});
    let ready = false;
    if (!owner) {
      st.conditions = setCondition(st.conditions, { type: 'Ready', status: 'False', reason: 'WaitingForClusterOwnerRef', message: 'Waiting for the owner Cluster to set an ownerReference' }, now);
    } else if (!m3c.spec.controlPlaneEndpoint?.host) {
      st.conditions = setCondition(st.conditions, { type: 'Ready', status: 'False', reason: 'ControlPlaneEndpointNotSet', message: 'spec.controlPlaneEndpoint.host is not set' }, now);
    } else {
      ready = true;
      st.conditions = setCondition(st.conditions, { type: 'Ready', status: 'True', reason: 'Ready', message: '' }, now);
    }
    st.initialization = { ...(st.initialization ?? {}), provisioned: ready || st.initialization?.provisioned === true };
    this.client.updateStatus({ ...m3c, status: st });
  }
}

export class Metal3MachineController extends ProviderController {
  constructor(ctx: ControllerContext) {
    super(ctx, 'capm3-controller-manager');
  }

  keysFor(e: StoreEvent): string[] {
    if (e.gr === M3M_GR) return [`${e.namespace}/${e.name}`];
    if (e.gr === BMH_GR) {
      const keys = new Set<string>();
      for (const h of [e.object, e.previous]) {
        const c = h?.spec?.consumerRef;
        if (c?.kind === 'Metal3Machine') keys.add(`${c.namespace ?? e.namespace}/${c.name}`);
      }
      // A host that may have become claimable wakes every machine still waiting for one.
      if (e.object?.status?.provisioning?.state === 'available' && !e.object?.spec?.consumerRef) {
        for (const m of this.ctx.engine.store.list(M3M_GR, e.namespace)) if (!m.metadata.annotations?.[HOST_ANNOTATION]) keys.add(key(m));
      }
      return [...keys];
    }
    if (e.gr === 'cluster.x-k8s.io/machines' && e.object?.spec?.infrastructureRef?.kind === 'Metal3Machine') {
      return [`${e.namespace}/${e.object.spec.infrastructureRef.name}`];
    }
    if (e.gr === 'cluster.x-k8s.io/clusters') {
      return this.ctx.engine.store.list(M3M_GR, e.namespace).filter(m => m.metadata.labels?.[CLUSTER_NAME_LABEL] === e.name).map(m => key(m));
    }
    return [];
  }

  initialKeys(): string[] {
    return this.ctx.engine.store.list(M3M_GR).map(m => key(m));
  }

  reconcile(k: string): ReconcileResult | void {
    const [ns, name] = splitKey(k);
    let m3m = this.client.get(INFRA, 'Metal3Machine', ns, name);
    if (!m3m || !this.writtenAs(INFRA, 'Metal3Machine', ns, name)) return;
    if (this.syncHostPause(m3m)) return;
    if (m3m.metadata.deletionTimestamp) return this.release(m3m);
    m3m = this.client.ensureFinalizer(m3m, M3M_FINALIZER);
    const now = this.now();
    const st = structuredClone(m3m.status ?? {});
    const setReady = (status: 'True' | 'False', reason: string, message: string) => {
      st.conditions = setCondition(st.conditions, { type: 'Ready', status, reason, message }, now);
    };
    const ownerMachine = ownerOfKind(m3m, 'Machine');
    const machine = ownerMachine ? this.client.get(CAPI, 'Machine', ns, ownerMachine.name) : undefined;
    if (!machine) {
      setReady('False', 'WaitingForMachineOwnerRef', 'Waiting for the owner Machine');
      this.client.updateStatus({ ...m3m, status: st });
      return;
    }
    if (!machine.spec.bootstrap?.dataSecretName) {
      setReady('False', 'WaitingForBootstrapData', 'Waiting for the bootstrap data secret of Machine ' + machine.metadata.name);
      this.client.updateStatus({ ...m3m, status: st });
      return;
    }
    let hostRef: string | undefined = m3m.metadata.annotations?.[HOST_ANNOTATION];
    if (!hostRef) {
      const choice = this.chooseHost(m3m);
      if (typeof choice === 'string') {
        st.conditions = setCondition(st.conditions, { type: 'AssociateBMH', status: 'False', reason: 'AssociateBMHFailed', message: choice }, now);
        setReady('False', 'AssociateBMHFailed', choice);
        this.client.updateStatus({ ...m3m, status: st });
        return;
      }
      this.claim(choice, m3m, machine);
      hostRef = key(choice);
      const annotations = { ...(m3m.metadata.annotations ?? {}), [HOST_ANNOTATION]: hostRef };
      m3m = this.client.update({ ...m3m, metadata: { ...m3m.metadata, annotations } });
    }
    const [hns, hname] = splitKey(hostRef);
    const host = this.client.get(METAL3, 'BareMetalHost', hns, hname);
    st.conditions = setCondition(st.conditions, { type: 'AssociateBMH', status: 'True', reason: 'Associated', message: '' }, now);
    if (!host) {
      setReady('False', 'BareMetalHostNotFound', `BareMetalHost ${hostRef} not found`);
      this.client.updateStatus({ ...m3m, status: st });
      return;
    }
    const state = host.status?.provisioning?.state ?? '';
    if (state !== 'provisioned') {
      const err = host.status?.errorMessage ? ` (${host.status.errorType}: ${host.status.errorMessage})` : '';
      setReady('False', 'WaitingForBareMetalHostProvisioning', `BareMetalHost ${hostRef} is ${state || 'not yet registered'}${err}`);
      this.client.updateStatus({ ...m3m, status: st });
      return;
    }
    const providerID = `metal3://${hns}/${hname}/${m3m.metadata.name}`;
    if (m3m.spec.providerID !== providerID) m3m = this.client.update({ ...m3m, spec: { ...m3m.spec, providerID } });
    const nics: any[] = host.status?.hardware?.nics ?? [];
    st.addresses = [
      ...nics.filter(n => n.ip).map(n => ({ type: 'InternalIP', address: n.ip })),
      { type: 'Hostname', address: host.status?.hardware?.hostname ?? hname },
    ];
    st.initialization = { ...(st.initialization ?? {}), provisioned: true };
    setReady('True', 'Ready', '');
    this.client.updateStatus({ ...m3m, status: st });
  }

  /**
   * CAPM3 pauses the host of a machine whose cluster is paused (annotation value
   * `metal3.io/capm3`) and removes only that value again on unpause. Returns whether paused.
   */
  private syncHostPause(m3m: any): boolean {
    const paused = isPausedObject(this.client, m3m);
    const hostRef: string | undefined = m3m.metadata.annotations?.[HOST_ANNOTATION];
    const [hns, hname] = hostRef ? splitKey(hostRef) : ['', ''];
    const host = hostRef ? this.client.get(METAL3, 'BareMetalHost', hns, hname) : undefined;
    const ann = host?.metadata.annotations ?? {};
    if (host && paused && !(BMH_PAUSED in ann)) {
      this.client.update({ ...host, metadata: { ...host.metadata, annotations: { ...ann, [BMH_PAUSED]: CAPM3_PAUSE } } });
    } else if (host && !paused && ann[BMH_PAUSED] === CAPM3_PAUSE) {
      const rest = { ...ann };
      delete rest[BMH_PAUSED];
      this.client.update({ ...host, metadata: { ...host.metadata, annotations: rest } });
    }
    return paused;
  }

  /** The first eligible host by name, or why none is (CAPM3 picks among eligible hosts). */
  private chooseHost(m3m: any): any | string {
    const sel = m3m.spec.hostSelector ?? {};
    // CAPM3's own reading of the selector (core/selectors.ts): metav1's `DoesNotExist` is not one
    // of its operators, so such a selector fails the reconcile instead of selecting hosts.
    const problems = hostSelectorProblems(sel);
    if (problems.length) return `invalid hostSelector: ${problems.map(([f, m]) => `${f}: ${m}`).join('; ')}`;
    const hosts = this.client.list(METAL3, 'BareMetalHost', m3m.metadata.namespace);
    const matching = hosts.filter(h => hostSelectorMatches(sel, h.metadata.labels ?? {}));
    const reasons: string[] = [];
    for (const h of matching) {
      const why = this.ineligible(h, m3m);
      if (!why) return h;
      reasons.push(`${h.metadata.name}: ${why}`);
    }
    const described = describeSelector(sel);
    const detail = matching.length === 0
      ? `no BareMetalHost in namespace ${m3m.metadata.namespace} matches ${described}`
      : `${matching.length} host(s) match ${described} but none is available (${reasons.join('; ')})`;
    return `No available host found matching the hostSelector: ${detail}`;
  }

  private ineligible(h: any, m3m: any): string | undefined {
    const c = h.spec?.consumerRef;
    if (c && !(c.kind === 'Metal3Machine' && c.name === m3m.metadata.name)) return `consumed by ${c.kind} ${c.name}`;
    if (h.metadata.deletionTimestamp) return 'being deleted';
    if (h.status?.errorMessage) return `in error (${h.status.errorType}: ${h.status.errorMessage})`;
    const ann = h.metadata.annotations ?? {};
    if (BMH_PAUSED in ann) return 'paused';
    if (UNHEALTHY in ann) return 'marked unhealthy';
    const state = h.status?.provisioning?.state ?? '';
    if (state !== 'available' && state !== 'ready') return `state is ${state || 'not yet registered'}`;
    return undefined;
  }

  private claim(host: any, m3m: any, machine: any): void {
    const img = m3m.spec.image ?? {};
    const image: any = { url: img.url };
    if (img.checksum) image.checksum = img.checksum;
    if (img.checksumType) image.checksumType = img.checksumType;
    if (img.diskFormat) image.format = img.diskFormat;
    const spec: any = {
      ...host.spec,
      consumerRef: { apiVersion: INFRA, kind: 'Metal3Machine', name: m3m.metadata.name, namespace: m3m.metadata.namespace },
      image,
      userData: { name: machine.spec.bootstrap.dataSecretName, namespace: m3m.metadata.namespace },
      online: true,
    };
    if (m3m.spec.automatedCleaningMode) spec.automatedCleaningMode = m3m.spec.automatedCleaningMode;
    if (m3m.spec.customDeploy) spec.customDeploy = m3m.spec.customDeploy;
    this.client.update({ ...host, spec });
  }

  /** On delete: take the image away, wait until the host is deprovisioned, then free it. */
  private release(m3m: any): ReconcileResult | void {
    const hostRef: string | undefined = m3m.metadata.annotations?.[HOST_ANNOTATION];
    if (hostRef) {
      const [hns, hname] = splitKey(hostRef);
      const host = this.client.get(METAL3, 'BareMetalHost', hns, hname);
      const mine = host?.spec?.consumerRef?.name === m3m.metadata.name;
      if (host && mine) {
        if (host.spec.image || host.spec.userData) {
          const spec = { ...host.spec };
          delete spec.image;
          delete spec.userData;
          delete spec.customDeploy;
          this.client.update({ ...host, spec });
          return;
        }
        if (BUSY_STATES.includes(host.status?.provisioning?.state ?? '')) return;
        const spec = { ...host.spec };
        delete spec.consumerRef;
        spec.online = false;
        this.client.update({ ...host, spec });
      }
    }
    this.client.removeFinalizer(m3m, M3M_FINALIZER);
  }
}

function describeSelector(sel: any): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(sel.matchLabels ?? {})) parts.push(`${k}=${v}`);
  for (const e of sel.matchExpressions ?? []) parts.push(`${e.key} ${e.operator} (${(e.values ?? []).join(',')})`);
  return parts.length ? `{${parts.join(', ')}}` : 'an empty selector';
}
