// Simulated baremetal-operator: BareMetalHost provisioning states
//   registering → inspecting → preparing → available → provisioning → provisioned
//   → (image removed) deprovisioning → available, and on delete
//   [deprovisioning →] powering off before delete → deleting → gone.
// `inspect.metal3.io: disabled` skips inspection; externallyProvisioned hosts go from
// registering to `externally provisioned`.
// Errors follow BMO: the host keeps the state it failed in, `operationalStatus: error` with
// errorType/errorMessage/errorCount, and the operation is retried after a delay.
// Faults (annotation `sim.cdk8s-capi.io/fault` or the hostFaults option): bad-credentials,
// inspection-failure, provisioning-failure.
import { uuidFrom } from '../random';
import { StoreEvent } from '../storage';
import { ControllerContext, faultsOf, key, METAL3, ProviderController, splitKey } from './common';
import { ReconcileResult } from './runtime';

const FINALIZER = 'baremetalhost.metal3.io';
const PAUSED = 'baremetalhost.metal3.io/paused';
const DETACHED = 'baremetalhost.metal3.io/detached';
const INSPECT = 'inspect.metal3.io';
/** BMO copies the status here so a moved host keeps its state; a host created with it adopts it. */
const STATUS = 'baremetalhost.metal3.io/status';
const BMH_GR = 'metal3.io/baremetalhosts';

function decode(v: unknown): string {
  return typeof v === 'string' ? Buffer.from(v, 'base64').toString('utf8') : '';
}

function hashBytes(s: string): number[] {
  let h = 2166136261;
  const out: number[] = [];
  for (let i = 0; i < 4; i++) {
    for (const ch of s + i) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
    out.push(h & 0xff);
  }
  return out;
}

/**
 * Credentials that cannot be real: an unsubstituted `${VAR}` placeholder (or a bare `$VAR`).
 * A real BMC rejects them with a 401, which is what the simulated one answers.
 */
export function placeholderLike(value: string): boolean {
  return /\$\{[^}]*\}/.test(value) || /^\$[A-Za-z_][A-Za-z0-9_]*$/.test(value.trim());
}

function bmcHost(address: string | undefined): string {
  const m = /^[a-z0-9+-]+:\/\/(\[[^\]]+\]|[^/:]+)/i.exec(address ?? '');
  return m ? m[1] : address ?? '';
}

export class BareMetalHostController extends ProviderController {
  constructor(ctx: ControllerContext) {
    super(ctx, 'baremetal-operator');
  }

  keysFor(e: StoreEvent): string[] {
    if (e.gr === BMH_GR) return [`${e.namespace}/${e.name}`];
    if (e.gr === '/secrets') {
      return this.ctx.engine.store.list(BMH_GR, e.namespace)
        .filter(h => h.spec?.bmc?.credentialsName === e.name).map(h => key(h));
    }
    return [];
  }

  initialKeys(): string[] {
    return this.ctx.engine.store.list(BMH_GR).map(h => key(h));
  }

  reconcile(k: string): ReconcileResult | void {
    const [ns, name] = splitKey(k);
    let host = this.client.get(METAL3, 'BareMetalHost', ns, name);
    if (!host) {
      this.resetPhase(k);
      return;
    }
    const ann = host.metadata.annotations ?? {};
    if (PAUSED in ann || DETACHED in ann) return;
    if (host.metadata.deletionTimestamp) return this.reconcileDelete(k, host);
    host = this.client.ensureFinalizer(host, FINALIZER);
    if (STATUS in ann) return this.restoreStatus(host, ann[STATUS]);
    if (!host.status?.provisioning?.state) {
      this.write(host, {
        provisioning: { state: 'registering', ID: uuidFrom(this.ctx.engine.random) },
        operationalStatus: 'OK',
        errorMessage: '',
        errorCount: 0,
        poweredOn: false,
        hardwareProfile: 'unknown',
        operationHistory: { register: { start: this.now() } },
      });
      return;
    }
    const st = structuredClone(host.status);
    const faults = faultsOf(host, this.ctx.hostFaults[k] ?? []);
    switch (st.provisioning.state) {
      case 'registering': return this.register(k, host, st, faults);
      case 'inspecting': return this.inspect(k, host, st, faults);
      case 'preparing': {
        const rem = this.remaining(k, 'preparing', this.ms('preparing'));
        if (rem > 0) return { requeueAfterMs: rem };
        st.provisioning.state = 'available';
        this.clearError(st);
        st.poweredOn = Boolean(host.spec.online);
        this.write(host, st);
        return;
      }
      case 'ready':
      case 'available': {
        if (host.spec.image?.url && !host.spec.externallyProvisioned) {
          st.provisioning.state = 'provisioning';
          st.operationHistory = { ...st.operationHistory, provision: { start: this.now() } };
          this.resetPhase(k, 'provisioning');
        } else {
          st.poweredOn = Boolean(host.spec.online);
        }
        this.write(host, st);
        return;
      }
      case 'provisioning': return this.provision(k, host, st, faults);
      case 'provisioned': {
        if (!host.spec.image?.url) this.startDeprovisioning(k, st);
        else st.poweredOn = Boolean(host.spec.online);
        this.write(host, st);
        return;
      }
      case 'deprovisioning': {
        const rem = this.remaining(k, 'deprovisioning', this.deprovisionMs(host));
        if (rem > 0) return { requeueAfterMs: rem };
        st.provisioning.state = 'available';
        delete st.provisioning.image;
        st.poweredOn = false;
        st.operationHistory = { ...st.operationHistory, deprovision: { ...(st.operationHistory?.deprovision ?? {}), end: this.now() } };
        this.clearError(st);
        this.write(host, st);
        return;
      }
      default:
        return;
    }
  }

  /** A host created with the status annotation (a move or restore) takes that status instead of registering again. */
  private restoreStatus(host: any, raw: string): void {
    if (!host.status?.provisioning?.state) {
      let status: any;
      try {
        status = JSON.parse(raw);
      } catch {
        status = undefined;
      }
      if (status?.provisioning?.state) host = this.write(host, status);
    }
    const annotations = { ...(host.metadata.annotations ?? {}) };
    delete annotations[STATUS];
    this.client.update({ ...host, metadata: { ...host.metadata, annotations } });
  }

  private write(host: any, status: any): any {
    return this.client.updateStatus({ ...host, status });
  }

  private deprovisionMs(host: any): number {
    const full = this.ms('deprovisioning');
    return host.spec.automatedCleaningMode === 'disabled' ? Math.max(1, Math.round(full / 10)) : full;
  }

  private clearError(st: any): void {
    st.operationalStatus = 'OK';
    st.errorMessage = '';
    st.errorCount = 0;
    delete st.errorType;
  }

  private setError(st: any, type: string, message: string): void {
    st.operationalStatus = 'error';
    st.errorType = type;
    st.errorMessage = message;
    st.errorCount = (st.errorCount ?? 0) + 1;
  }

  /** Checks the BMC credentials Secret; returns the problem, or the Secret. */
  private credentials(host: any): { problem?: string; secret?: any } {
    const ns = host.metadata.namespace;
    const secretName = host.spec.bmc?.credentialsName;
    const secret = this.client.get('v1', 'Secret', ns, secretName);
    if (!secret) return { problem: `failed to read BMC credentials: secrets "${secretName}" not found` };
    for (const field of ['username', 'password']) {
      if (!decode(secret.data?.[field])) return { problem: `Missing BMC connection detail '${field}' in credentials`, secret };
    }
    return { secret };
  }

  private register(k: string, host: any, st: any, faults: string[]): ReconcileResult | void {
    const found = this.credentials(host);
    const problem = found.problem;
    const secret = found.secret ? this.adoptSecret(host, found.secret) : undefined;
    const tried = st.triedCredentials?.credentialsVersion;
    const changed = Boolean(secret) && tried !== secret.metadata.resourceVersion;
    if (st.operationalStatus === 'error' && !changed) {
      // Retry after a delay, as BMO does, unless the credentials changed meanwhile.
      const rem = this.remaining(k, 'registration-retry', this.ms('errorRetry'));
      if (rem > 0) return { requeueAfterMs: rem };
    }
    this.resetPhase(k, 'registration-retry');
    if (secret) {
      const m = secret.metadata;
      st.triedCredentials = { credentials: { name: m.name, namespace: m.namespace }, credentialsVersion: m.resourceVersion };
    }
    if (problem) {
      this.setError(st, 'registration error', problem);
      this.write(host, st);
      return { requeueAfterMs: this.ms('errorRetry') };
    }
    const rem = this.remaining(k, 'registering', this.ms('registering'));
    if (rem > 0) {
      if (changed) this.write(host, st);
      return { requeueAfterMs: rem };
    }
    this.resetPhase(k, 'registering');
    const unusable = ['username', 'password'].some(f => placeholderLike(decode(secret?.data?.[f])));
    if (faults.includes('bad-credentials') || unusable) {
      this.setError(st, 'registration error',
        `Failed to get power state for node ${st.provisioning.ID}. Error: Redfish exception occurred. Error: HTTP GET https://${bmcHost(host.spec.bmc?.address)}/redfish/v1/Systems/1 returned code 401. Base.1.0.GeneralError: Authentication failed`);
      this.write(host, st);
      return { requeueAfterMs: this.ms('errorRetry') };
    }
    this.clearError(st);
    st.goodCredentials = st.triedCredentials;
    const history = { ...(st.operationHistory ?? {}) };
    history.register = { ...(history.register ?? {}), end: this.now() };
    if (host.spec.externallyProvisioned) {
      st.provisioning.state = 'externally provisioned';
      st.poweredOn = Boolean(host.spec.online);
    } else if (host.metadata.annotations?.[INSPECT] === 'disabled') {
      st.provisioning.state = 'preparing';
    } else {
      st.provisioning.state = 'inspecting';
      history.inspect = { start: this.now() };
    }
    st.operationHistory = history;
    this.write(host, st);
  }

  /** BMO makes the host own its credentials Secret, so deleting the host deletes the Secret. */
  private adoptSecret(host: any, secret: any): any {
    const refs: any[] = secret.metadata.ownerReferences ?? [];
    if (refs.some(r => r.uid === host.metadata.uid)) return secret;
    return this.client.update({
      ...secret,
      metadata: {
        ...secret.metadata,
        labels: { ...(secret.metadata.labels ?? {}), 'environment.metal3.io': 'baremetal' },
        ownerReferences: [...refs, { apiVersion: host.apiVersion, kind: host.kind, name: host.metadata.name, uid: host.metadata.uid }],
      },
    });
  }

  private inspect(k: string, host: any, st: any, faults: string[]): ReconcileResult | void {
    const rem = this.remaining(k, 'inspecting', this.ms('inspecting'));
    if (rem > 0) return { requeueAfterMs: rem };
    this.resetPhase(k, 'inspecting');
    if (faults.includes('inspection-failure') || faults.includes('inspection-error')) {
      // The host stays in inspecting and BMO tries again (the loop users report, bmo#1472).
      this.setError(st, 'inspection error', 'timeout reached while inspecting the node');
      this.write(host, st);
      return { requeueAfterMs: this.ms('inspecting') };
    }
    this.clearError(st);
    st.hardware = this.hardware(host);
    st.provisioning.state = 'preparing';
    st.operationHistory = { ...st.operationHistory, inspect: { ...(st.operationHistory?.inspect ?? {}), end: this.now() } };
    this.write(host, st);
  }

  private provision(k: string, host: any, st: any, faults: string[]): ReconcileResult | void {
    if (!host.spec.image?.url) {
      this.startDeprovisioning(k, st);
      this.write(host, st);
      return;
    }
    const rem = this.remaining(k, 'provisioning', this.ms('provisioning'));
    if (rem > 0) return { requeueAfterMs: rem };
    this.resetPhase(k, 'provisioning');
    if (faults.includes('provisioning-failure')) {
      this.setError(st, 'provisioning error', 'Image provisioning failed: Deploy step deploy.deploy failed: Timed out waiting for the ramdisk to write the image');
      this.write(host, st);
      return { requeueAfterMs: this.ms('provisioning') };
    }
    this.clearError(st);
    st.provisioning.state = 'provisioned';
    st.provisioning.image = structuredClone(host.spec.image);
    st.provisioning.bootMode = host.spec.bootMode ?? 'UEFI';
    st.poweredOn = Boolean(host.spec.online);
    st.operationHistory = { ...st.operationHistory, provision: { ...(st.operationHistory?.provision ?? {}), end: this.now() } };
    this.write(host, st);
  }

  private startDeprovisioning(k: string, st: any): void {
    st.provisioning.state = 'deprovisioning';
    st.operationHistory = { ...st.operationHistory, deprovision: { start: this.now() } };
    this.resetPhase(k, 'deprovisioning');
  }

  private reconcileDelete(k: string, host: any): ReconcileResult | void {
    if (!(host.metadata.finalizers ?? []).includes(FINALIZER)) return;
    const st = structuredClone(host.status ?? { provisioning: { state: '', ID: '' }, operationalStatus: 'OK', errorMessage: '', errorCount: 0, poweredOn: false });
    const state = st.provisioning?.state ?? '';
    if (state === 'provisioning' || state === 'provisioned') {
      this.startDeprovisioning(k, st);
      this.write(host, st);
      return;
    }
    if (state === 'deprovisioning') {
      const rem = this.remaining(k, 'deprovisioning', this.deprovisionMs(host));
      if (rem > 0) return { requeueAfterMs: rem };
      st.provisioning.state = 'powering off before delete';
      delete st.provisioning.image;
      this.write(host, st);
      return;
    }
    if (state !== 'powering off before delete' && state !== 'deleting') {
      st.provisioning.state = 'powering off before delete';
      this.write(host, st);
      return;
    }
    if (state === 'powering off before delete') {
      const rem = this.remaining(k, 'powering-off', this.ms('poweringOff'));
      if (rem > 0) return { requeueAfterMs: rem };
      st.provisioning.state = 'deleting';
      st.poweredOn = false;
      this.write(host, st);
      return;
    }
    this.resetPhase(k);
    this.client.removeFinalizer(host, FINALIZER);
  }

  private hardware(host: any): any {
    const b = hashBytes(`${host.metadata.namespace}/${host.metadata.name}`);
    return {
      cpu: { arch: host.spec.architecture ?? 'x86_64', model: 'Simulated Xeon', clockMegahertz: 2400, count: 32, flags: ['avx2', 'vmx'] },
      firmware: { bios: { vendor: 'Simulated', version: '1.0.0', date: '01/01/2025' } },
      hostname: host.metadata.name,
      nics: [{
        name: 'eth0',
        mac: host.spec.bootMACAddress ?? `02:00:${b.map(x => x.toString(16).padStart(2, '0')).join(':')}`,
        ip: `192.168.${b[0]}.${(b[1] % 250) + 2}`,
        model: 'sim-nic',
        speedGbps: 25,
        pxe: true,
      }],
      ramMebibytes: 262144,
      storage: [{ name: '/dev/sda', sizeBytes: 960197124096, rotational: false, type: 'SSD', model: 'Simulated SSD', serialNumber: `SIM${b.join('')}` }],
      systemVendor: { manufacturer: 'Simulated', productName: 'cdk8s-capi sim host', serialNumber: `SN${b.join('')}` },
    };
  }
}
