// `backup`: a cluster's CAPI, Metal3, RKE2 and EKS Anywhere objects written to a directory in
// apply order — the role `clusterctl move --to-directory` plays in the recovery document 001,
// without clusterctl and without pausing the source (a backup only reads). Objects are found by
// the `cluster.x-k8s.io/cluster-name` label and by following references (control plane and
// infrastructure refs, machine templates old and new, data templates, the hosts a template
// selects or a machine holds, their Secrets).
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { stripForBackup } from './backup-strip';
import { KubeClient } from './engine/kube-client';
import { MissingKindError } from './engine/kube-errors';
import { writeFileAtomic } from '../core/atomic-write';
import { InvalidInputError } from '../core/errors';
import { groupOf } from '../core/gvk';
import { KubeObject } from '../core/kube-object';
import { keyOf } from '../core/object-key';
import { refOf } from '../core/object-ref';
import { selectorMatches } from '../core/selectors';

export const CLUSTER_NAME_LABEL = 'cluster.x-k8s.io/cluster-name';
export const BACKUP_INDEX = 'backup.json';
export const BACKUP_FORMAT = 'cdk8s-capi.io/backup/v1';

export enum SecretRole {
  /** BMC credentials, user data, network data: referenced by spec, nothing recreates them. */
  CREDENTIALS = 'credentials',
  /** `<cluster>-kubeconfig`: the control plane provider writes it again. */
  KUBECONFIG = 'kubeconfig',
  /** Bootstrap data of a machine: its bootstrap config writes it again. */
  BOOTSTRAP_DATA = 'bootstrap-data',
  /** Certificates and other cluster Secrets: needed as they are. */
  CLUSTER = 'cluster',
}

export interface SecretEntry {
  readonly namespace: string;
  readonly name: string;
  readonly role: SecretRole;
  /** Written to the backup (only with includeSecrets). */
  readonly included: boolean;
}

export interface BackupIndex {
  readonly format: string;
  readonly cluster: string;
  readonly namespace: string;
  /** The numbered files, in apply order. */
  readonly files: string[];
  readonly secrets: SecretEntry[];
}

export interface BackupContent {
  readonly index: BackupIndex;
  /** Stripped objects in apply order (Secrets only when included). */
  readonly objects: KubeObject[];
  readonly warnings: string[];
}

export interface BackupOptions {
  /** Write Secret data (BMC credentials, kubeconfig, certificates). @default false */
  readonly includeSecrets?: boolean;
}


/** The kinds a cluster is made of, with the versions to try (newest first). */
const KINDS: Array<[string[], string]> = [
  [['cluster.x-k8s.io/v1beta2', 'cluster.x-k8s.io/v1beta1'], 'Cluster'],
  [['cluster.x-k8s.io/v1beta2', 'cluster.x-k8s.io/v1beta1'], 'MachineDeployment'],
  [['cluster.x-k8s.io/v1beta2', 'cluster.x-k8s.io/v1beta1'], 'MachineSet'],
  [['cluster.x-k8s.io/v1beta2', 'cluster.x-k8s.io/v1beta1'], 'Machine'],
  [['cluster.x-k8s.io/v1beta2', 'cluster.x-k8s.io/v1beta1'], 'MachineHealthCheck'],
  [['controlplane.cluster.x-k8s.io/v1beta2', 'controlplane.cluster.x-k8s.io/v1beta1'], 'RKE2ControlPlane'],
  [['controlplane.cluster.x-k8s.io/v1beta2', 'controlplane.cluster.x-k8s.io/v1beta1'], 'KubeadmControlPlane'],
  [['bootstrap.cluster.x-k8s.io/v1beta2', 'bootstrap.cluster.x-k8s.io/v1beta1'], 'RKE2Config'],
  [['bootstrap.cluster.x-k8s.io/v1beta2', 'bootstrap.cluster.x-k8s.io/v1beta1'], 'RKE2ConfigTemplate'],
  [['infrastructure.cluster.x-k8s.io/v1beta2', 'infrastructure.cluster.x-k8s.io/v1beta1'], 'Metal3Cluster'],
  [['infrastructure.cluster.x-k8s.io/v1beta2', 'infrastructure.cluster.x-k8s.io/v1beta1'], 'Metal3Machine'],
  [['infrastructure.cluster.x-k8s.io/v1beta2', 'infrastructure.cluster.x-k8s.io/v1beta1'], 'Metal3MachineTemplate'],
  [['infrastructure.cluster.x-k8s.io/v1beta2', 'infrastructure.cluster.x-k8s.io/v1beta1'], 'Metal3DataTemplate'],
  [['infrastructure.cluster.x-k8s.io/v1beta2', 'infrastructure.cluster.x-k8s.io/v1beta1'], 'Metal3Data'],
  [['infrastructure.cluster.x-k8s.io/v1beta2', 'infrastructure.cluster.x-k8s.io/v1beta1'], 'Metal3DataClaim'],
  [['metal3.io/v1alpha1'], 'BareMetalHost'],
  [['v1'], 'Secret'],
];

/** Apply order of a restore: hosts and Secrets, then the Cluster (created paused), then what it owns, owners before dependents. */
const RANK: Record<string, number> = {
  Namespace: 0,
  Secret: 1,
  BareMetalHost: 2,
  Cluster: 4,
  Metal3Cluster: 6,
  Metal3DataTemplate: 7,
  Metal3MachineTemplate: 8,
  RKE2ConfigTemplate: 8,
  RKE2ControlPlane: 9,
  KubeadmControlPlane: 9,
  MachineDeployment: 10,
  MachineHealthCheck: 10,
  MachineSet: 11,
  Machine: 12,
  Metal3Machine: 13,
  RKE2Config: 13,
  Metal3DataClaim: 14,
  Metal3Data: 15,
};

function rank(o: KubeObject): number {
  if (groupOf(o) === 'anywhere.eks.amazonaws.com') return o.kind === 'Cluster' ? 5 : 3;
  return RANK[o.kind ?? ''] ?? 20;
}

/** Objects in restore (apply) order; stable within a rank by kind, namespace, name. */
export function restoreOrder(objects: readonly KubeObject[]): KubeObject[] {
  const id = (o: KubeObject) => `${o.kind}/${o.metadata?.namespace ?? ''}/${o.metadata?.name}`;
  return [...objects].sort((a, b) => rank(a) - rank(b) || (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0));
}

/** `007-metal3machinetemplate-multinode-cluster-controlplane-4e2ee6cb.yaml` */
export function fileNameOf(o: KubeObject, i: number): string {
  return `${String(i + 1).padStart(3, '0')}-${(o.kind ?? 'object').toLowerCase()}-${o.metadata?.name}.yaml`;
}

class Collector {
  private readonly found = new Map<string, KubeObject>();
  private readonly cache = new Map<string, KubeObject[]>();
  readonly warnings: string[] = [];

  constructor(private readonly kube: KubeClient) {}

  get objects(): KubeObject[] {
    return [...this.found.values()];
  }

  add(o: KubeObject | undefined): boolean {
    if (!o?.metadata?.name) return false;
    const k = keyOf(refOf(o));
    if (this.found.has(k)) return false;
    if (o.metadata.deletionTimestamp) {
      this.warnings.push(`${o.kind} ${o.metadata.namespace}/${o.metadata.name} is being deleted: left out`);
      return false;
    }
    this.found.set(k, o);
    return true;
  }

  /** Every object of a kind in a namespace (cached), or [] when the kind is not served. */
  async all(kind: string, ns: string): Promise<KubeObject[]> {
    const ck = `${kind}/${ns}`;
    const hit = this.cache.get(ck);
    if (hit) return hit;
    const versions = KINDS.find(k => k[1] === kind)?.[0] ?? [];
    for (const av of versions) {
      try {
        const items = (await this.kube.list(av, kind, ns)).items;
        this.cache.set(ck, items);
        return items;
      } catch (e) {
        if (!(e instanceof MissingKindError)) throw e;
      }
    }
    this.cache.set(ck, []);
    return [];
  }

  async named(kind: string, ns: string, name: string | undefined): Promise<KubeObject | undefined> {
    if (!name) return undefined;
    return (await this.all(kind, ns)).find(o => o.metadata?.name === name);
  }
}

const ROLE_BY_REF = (o: KubeObject, roles: Map<string, SecretRole>) => {
  const s = o.spec ?? {};
  for (const n of [s.bmc?.credentialsName, s.userData?.name, s.networkData?.name, s.preprovisioningNetworkDataName, s.metaData?.name]) {
    if (typeof n === 'string') roles.set(n, SecretRole.CREDENTIALS);
  }
};

/** Finds and strips one cluster's objects (CAPI by default; an EKS-A Cluster of that name too). */
export async function collectBackup(kube: KubeClient, cluster: string, namespace: string, opts: BackupOptions = {}): Promise<BackupContent> {
  const c = new Collector(kube);
  const capi = await c.named('Cluster', namespace, cluster);
  const eksa = await eksaCluster(kube, namespace, cluster);
  if (!capi && !eksa) {
    throw new BackupError(`no Cluster ${namespace}/${cluster} in the cluster (neither cluster.x-k8s.io nor anywhere.eks.amazonaws.com)`);
  }
  const secretRoles = new Map<string, SecretRole>();
  const secretNs = new Map<string, string>();
  if (eksa) {
    c.add(eksa.cluster);
    for (const o of eksa.refs) c.add(o);
  }
  const capiNamespaces: Array<[string, KubeObject]> = [];
  if (capi) capiNamespaces.push([namespace, capi]);
  // EKS-A keeps the CAPI objects of its clusters in eksa-system.
  if (eksa) {
    const inner = await c.named('Cluster', 'eksa-system', cluster);
    if (inner) capiNamespaces.push(['eksa-system', inner]);
    secretRoles.set(`${cluster}-kubeconfig`, SecretRole.KUBECONFIG);
    secretNs.set(`${cluster}-kubeconfig`, 'eksa-system');
  }
  for (const [ns, cl] of capiNamespaces) await collectCapi(c, ns, cl, secretRoles, secretNs);

  const secrets: SecretEntry[] = [];
  for (const [name, role] of [...secretRoles].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const ns = secretNs.get(name) ?? namespace;
    const s = (await c.all('Secret', ns)).find(x => x.metadata?.name === name);
    if (!s) continue;
    secrets.push({ namespace: ns, name, role, included: Boolean(opts.includeSecrets) });
    if (opts.includeSecrets) c.add({ apiVersion: 'v1', kind: 'Secret', ...s });
  }
  const objects = restoreOrder(c.objects.map(stripForBackup));
  const files = objects.map(fileNameOf);
  return {
    index: { format: BACKUP_FORMAT, cluster, namespace, files, secrets },
    objects,
    warnings: c.warnings,
  };
}

async function collectCapi(c: Collector, ns: string, cluster: KubeObject, roles: Map<string, SecretRole>,
  secretNs: Map<string, string>): Promise<void> {
  const name = cluster.metadata!.name!;
  c.add({ apiVersion: cluster.apiVersion ?? 'cluster.x-k8s.io/v1beta2', kind: 'Cluster', ...cluster });
  const ofCluster = (o: KubeObject) => o.metadata?.labels?.[CLUSTER_NAME_LABEL] === name || o.spec?.clusterName === name;
  const pick = async (kind: string) => (await c.all(kind, ns)).filter(ofCluster);
  const typed = async (kind: string, objs: KubeObject[]) => {
    const av = KINDS.find(k => k[1] === kind)![0];
    // list() fills apiVersion/kind from the version that answered
    for (const o of objs) c.add({ apiVersion: o.apiVersion ?? av[0], kind, ...o });
  };
  const refd = async (ref: any) => {
    if (!ref?.name || !ref.kind) return undefined;
    const o = await c.named(ref.kind, ns, ref.name);
    if (o) await typed(ref.kind, [o]);
    return o;
  };
  await refd(cluster.spec?.infrastructureRef);
  const cp = await refd(cluster.spec?.controlPlaneRef);
  for (const kind of ['RKE2ControlPlane', 'KubeadmControlPlane', 'MachineDeployment', 'MachineSet', 'Machine', 'MachineHealthCheck',
    'Metal3Cluster', 'Metal3Machine', 'RKE2Config', 'Metal3Data', 'Metal3DataClaim']) {
    await typed(kind, await pick(kind));
  }
  // Templates: the ones in use now and the ones old machines were made from.
  const templates = new Set<string>();
  const want = (kind: string | undefined, n: string | undefined) => {
    if (kind && n) templates.add(`${kind}/${n}`);
  };
  const cpRef = cp?.spec?.machineTemplate?.spec?.infrastructureRef ?? cp?.spec?.machineTemplate?.infrastructureRef;
  want(cpRef?.kind, cpRef?.name);
  for (const o of c.objects) {
    if (o.kind === 'MachineDeployment' || o.kind === 'MachineSet') {
      want(o.spec?.template?.spec?.infrastructureRef?.kind, o.spec?.template?.spec?.infrastructureRef?.name);
      want(o.spec?.template?.spec?.bootstrap?.configRef?.kind, o.spec?.template?.spec?.bootstrap?.configRef?.name);
    }
    const from = o.metadata?.annotations?.['cluster.x-k8s.io/cloned-from-groupkind'];
    const fromName = o.metadata?.annotations?.['cluster.x-k8s.io/cloned-from-name'];
    if (from && fromName) want(from.split('.')[0], fromName);
  }
  for (const t of [...templates].sort()) {
    const [kind, n] = t.split('/');
    const o = await refd({ kind, name: n });
    const dt = o?.spec?.template?.spec?.dataTemplate?.name;
    if (dt) await refd({ kind: 'Metal3DataTemplate', name: dt });
  }
  // Hosts: the ones machines hold and the ones the templates select.
  const hosts = await c.all('BareMetalHost', ns);
  const held = new Set(c.objects.filter(o => o.kind === 'Metal3Machine').map(o => o.metadata?.annotations?.['metal3.io/BareMetalHost']).filter(Boolean));
  const selectors = c.objects.filter(o => o.kind === 'Metal3MachineTemplate').map(o => o.spec?.template?.spec?.hostSelector);
  for (const h of hosts) {
    const consumer = h.spec?.consumerRef;
    const mine = held.has(`${ns}/${h.metadata?.name}`) || (consumer?.kind === 'Metal3Machine' && c.objects.some(o => o.kind === 'Metal3Machine' && o.metadata?.name === consumer.name))
      || selectors.some(sel => sel && selectorMatches(sel, h.metadata?.labels ?? {}));
    if (mine && c.add({ apiVersion: 'metal3.io/v1alpha1', kind: 'BareMetalHost', ...h })) ROLE_BY_REF(h, roles);
  }
  for (const n of roles.keys()) if (!secretNs.has(n)) secretNs.set(n, ns);
  // Secrets of the cluster: kubeconfig, bootstrap data, certificates.
  for (const s of (await c.all('Secret', ns)).filter(x => x.metadata?.labels?.[CLUSTER_NAME_LABEL] === name)) {
    const n = s.metadata!.name!;
    const ownedByConfig = (s.metadata?.ownerReferences ?? []).some((r: any) => /Config$/.test(r.kind));
    roles.set(n, n === `${name}-kubeconfig` ? SecretRole.KUBECONFIG : ownedByConfig ? SecretRole.BOOTSTRAP_DATA : SecretRole.CLUSTER);
    secretNs.set(n, ns);
  }
}

async function eksaCluster(kube: KubeClient, ns: string, name: string): Promise<{ cluster: KubeObject; refs: KubeObject[] } | undefined> {
  const av = 'anywhere.eks.amazonaws.com/v1alpha1';
  let cluster: KubeObject | undefined;
  try {
    cluster = await kube.get({ group: 'anywhere.eks.amazonaws.com', version: 'v1alpha1', kind: 'Cluster', namespace: ns, name });
  } catch (e) {
    if (e instanceof MissingKindError) return undefined;
    throw e;
  }
  if (!cluster) return undefined;
  const refs: KubeObject[] = [];
  const spec = cluster.spec ?? {};
  const wanted = [spec.datacenterRef, spec.controlPlaneConfiguration?.machineGroupRef, spec.externalEtcdConfiguration?.machineGroupRef,
    ...(spec.workerNodeGroupConfigurations ?? []).map((w: any) => w?.machineGroupRef)].filter((r: any) => r?.kind && r?.name);
  for (const r of wanted) {
    try {
      const o = await kube.get({ group: 'anywhere.eks.amazonaws.com', version: 'v1alpha1', kind: r.kind, namespace: ns, name: r.name });
      if (o && !refs.some(x => x.kind === r.kind && x.metadata?.name === r.name)) refs.push({ apiVersion: av, kind: r.kind, ...o });
    } catch (e) {
      if (!(e instanceof MissingKindError)) throw e;
    }
  }
  return { cluster: { apiVersion: av, kind: 'Cluster', ...cluster }, refs };
}

/** A backup could not be taken or read (exit 1). */
export class BackupError extends InvalidInputError {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Writes the numbered files and the index; refuses a directory that already holds files. */
export function writeBackup(dir: string, content: BackupContent): void {
  if (existsSync(dir) && readdirSync(dir).length) throw new BackupError(`${dir} is not empty: back up into a new or empty directory`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  content.objects.forEach((o, i) => {
    const path = join(dir, content.index.files[i]);
    writeFileAtomic(path, stringify(o, { sortMapEntries: true, lineWidth: 0 }));
  });
  // The index last: a backup interrupted while writing has no index and is never read as whole.
  writeFileAtomic(join(dir, BACKUP_INDEX), `${JSON.stringify(content.index, null, 2)}\n`);
}

/** Reads a backup directory: the index and its files, in order. */
export function readBackup(dir: string): { index: BackupIndex; objects: KubeObject[] } {
  const indexPath = join(dir, BACKUP_INDEX);
  if (!existsSync(indexPath)) throw new BackupError(`${dir} is not a cdk8s-capi backup (no ${BACKUP_INDEX})`);
  let index: BackupIndex;
  try {
    index = JSON.parse(readFileSync(indexPath, 'utf8'));
  } catch (e) {
    throw new BackupError(`${indexPath}: ${(e as Error).message}`);
  }
  if (index.format !== BACKUP_FORMAT) throw new BackupError(`${indexPath}: unknown format ${JSON.stringify(index.format)} (expected ${BACKUP_FORMAT})`);
  const objects = index.files.map(f => {
    const path = join(dir, f);
    if (!existsSync(path)) throw new BackupError(`${path} is listed in ${BACKUP_INDEX} but missing`);
    const docs = parseAllDocuments(readFileSync(path, 'utf8'));
    const first = Array.isArray(docs) ? docs[0] : undefined;
    if (!first || first.errors.length) throw new BackupError(`${path}: not a YAML object${first?.errors[0] ? ` (${first.errors[0].message.split('\n')[0]})` : ''}`);
    try {
      return first.toJS() as KubeObject;
    } catch (e) {
      // An alias without its anchor (a hand-edited backup) is the file's problem, not a crash.
      throw new BackupError(`${path}: not a YAML object (${(e as Error).message})`);
    }
  });
  return { index, objects };
}
