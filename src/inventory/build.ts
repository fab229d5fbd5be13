// Inventory → constructs: one cdk8s Chart per cluster (order by construction, no chart
// dependency chains — DESIGN §1a), its hosts and its cluster objects kept apart so the
// output can be applied (and GitOps-ordered) hosts first.
import { App, Chart } from 'cdk8s';
import { InventoryProblem, LoadedInventory } from './load';
import { InventoryCluster, InventoryCredentials, InventoryHost, InventoryImage, InventoryRke2 } from './types';
import { BareMetalHostEnrollment } from '../baremetal/bare-metal-host-enrollment';
import { ALLOW_PLAINTEXT_CREDENTIALS_CONTEXT, BmcCredentials } from '../baremetal/bmc-credentials';
import { Architecture, BareMetalHostProps, BootMode, HostRole } from '../baremetal/host';
import { ValidationError } from '../core/errors';
import { KubeObject } from '../core/kube-object';
import { RenderedObjects } from '../core/rendered-objects';
import { EksaCni } from '../eksa/cni';
import { EksaApp } from '../eksa/eksa-app';
import { EksaCluster } from '../eksa/eksa-cluster';
import { EksaProvider } from '../eksa/providers/provider';
import { ChecksumType, DiskFormat, MachineImage } from '../metal3/machine-template';
import { MultinodeRke2Cluster } from '../rke2/multinode-rke2-cluster';
import { Cni, RegistrationMethod, Rke2ClusterCommonProps, Rke2WorkerPoolOptions } from '../rke2/options';
import { Rke2Cluster } from '../rke2/rke2-cluster';
import { SingleNodeRke2Cluster } from '../rke2/single-node-rke2-cluster';
import { EksaRelease } from '../validate/eksa/releases';

/** One synthesized cluster: its files, in apply order. */
export interface ClusterOutput {
  readonly name: string;
  readonly type: InventoryCluster['type'];
  /** Hosts and their Secrets (empty for EKS-A, whose hosts go to hardware.csv). */
  readonly hosts: KubeObject[];
  /** The cluster objects. */
  readonly cluster: KubeObject[];
  /** Extra files (e.g. hardware.csv), by file name. */
  readonly files: Readonly<Record<string, string>>;
  /** The cluster's fleet labels (rollout ordering and canaries). @default none */
  readonly labels?: Readonly<Record<string, string>>;
}

function credentials(c: InventoryCredentials | undefined): BmcCredentials | undefined {
  if (!c) return undefined;
  if (c.secretName !== undefined) return BmcCredentials.fromExistingSecret(c.secretName);
  if (c.usernameVar !== undefined) return BmcCredentials.fromEnv(c.usernameVar, c.passwordVar ?? '');
  return BmcCredentials.plaintext(c.username ?? '', c.password ?? '');
}

function image(i: InventoryImage | undefined, what: string, where: string): MachineImage {
  if (!i) throw new ValidationError(where, what, 'an image is required', 'set { url: http://…/image.raw } here or in defaults.rke2');
  return {
    url: i.url,
    checksum: i.checksum,
    checksumType: i.checksumType as ChecksumType | undefined,
    diskFormat: i.diskFormat as DiskFormat | undefined,
  };
}

function host(h: InventoryHost | (Omit<BareMetalHostProps, 'credentials'> & { credentials?: InventoryCredentials })): BareMetalHostProps {
  const x = h as any;
  return {
    name: x.name,
    role: x.role as HostRole | undefined,
    bmcAddress: x.bmcAddress,
    bootMacAddress: x.bootMacAddress,
    credentials: credentials(x.credentials),
    disableCertificateVerification: x.disableCertificateVerification,
    architecture: x.architecture as Architecture | undefined,
    bootMode: x.bootMode as BootMode | undefined,
    online: x.online,
    labels: x.labels,
    rootDeviceHints: x.rootDeviceHints,
    network: x.network,
  };
}

/** defaults.rke2 under the cluster's own rke2 block (objects merged one level deep). */
function mergeRke2(d: InventoryRke2 | undefined, c: InventoryRke2 | undefined): InventoryRke2 {
  const out: any = { ...(d ?? {}), ...(c ?? {}) };
  for (const k of ['controlPlane', 'workers', 'network', 'metallb'] as const) {
    if ((d as any)?.[k] || (c as any)?.[k]) out[k] = { ...((d as any)?.[k] ?? {}), ...((c as any)?.[k] ?? {}) };
  }
  return out;
}

export interface BuildOptions {
  /** Build only the clusters at these indexes of the inventory (the others are reused from a previous synth). @default - every cluster */
  readonly only?: ReadonlySet<number>;
}

/** Builds every cluster; construct errors are reported at the cluster's (or host's) inventory line. */
export function buildInventory(loaded: LoadedInventory, opts: BuildOptions = {}):
{ app: App; outputs: ClusterOutput[]; problems: InventoryProblem[] } {
  const inv = loaded.inventory;
  // EksaApp: the inventory writes EKS-A clusters' hardware.csv itself (see write.ts).
  const app = new EksaApp({ outdir: '/dev/null' });
  if (inv.allowPlaintextCredentials) app.node.setContext(ALLOW_PLAINTEXT_CREDENTIALS_CONTEXT, true);
  const outputs: ClusterOutput[] = [];
  const problems: InventoryProblem[] = [];
  const indexes = opts.only ? [...opts.only].sort((a, b) => a - b) : inv.clusters.map((_c, i) => i);
  for (const i of indexes) {
    const c = inv.clusters[i];
    try {
      const out = c.type === 'eksa' ? buildEksa(app, loaded, c, i) : buildRke2(app, loaded, c, i, problems);
      if (out) outputs.push(c.labels ? { ...out, labels: c.labels } : out);
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      problems.push(locate(loaded, c, i, e));
    }
  }
  return { app, outputs, problems };
}

function locate(loaded: LoadedInventory, c: InventoryCluster, i: number, e: ValidationError): InventoryProblem {
  // Construct paths look like `<cluster>/hosts/<host>` or `<cluster>/cluster/…`: point at the host when named.
  const hostName = /\/hosts\/([^/]+)$/.exec(e.where)?.[1];
  const hostIndex = hostName ? (c.hosts ?? []).findIndex(h => h.name === hostName) : -1;
  const csvHost = hostName ? loaded.csvHosts.get(i)?.find(h => h.props.name === hostName) : undefined;
  if (csvHost && c.hostsCsv) {
    return { file: c.hostsCsv.file, line: csvHost.line, path: `host ${hostName}`, message: e.message.replace(`${e.where}: `, '') };
  }
  const path = hostIndex >= 0 ? ['clusters', i, 'hosts', hostIndex] : ['clusters', i];
  return {
    file: loaded.file,
    line: loaded.lineOf(path),
    path: hostIndex >= 0 ? `clusters[${i}].hosts[${hostIndex}] (${hostName})` : `clusters[${i}] (${c.name})`,
    message: e.message.replace(`${e.where}: `, ''),
  };
}

function hostsOf(loaded: LoadedInventory, c: InventoryCluster, i: number): BareMetalHostProps[] {
  return [...(c.hosts ?? []).map(host), ...(loaded.csvHosts.get(i) ?? []).map(h => host(h.props))];
}

/** A cluster's hosts and objects; every host error is reported (not only the first), then the cluster's. */
function buildRke2(app: App, loaded: LoadedInventory, c: InventoryCluster, i: number, problems: InventoryProblem[]): ClusterOutput | undefined {
  const inv = loaded.inventory;
  const chart = new Chart(app, c.name, { disableResourceNameHashes: true });
  const namespace = c.namespace ?? inv.defaults?.namespace ?? 'default';
  const bmc = { ...(inv.defaults?.bmc ?? {}), ...(c.bmc ?? {}) };
  const hosts = new BareMetalHostEnrollment(chart, 'hosts', {
    namespace,
    credentials: credentials(bmc.credentials),
    disableCertificateVerification: bmc.disableCertificateVerification,
  });
  let hostErrors = 0;
  for (const h of hostsOf(loaded, c, i)) {
    try {
      hosts.addHost(h);
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      problems.push(locate(loaded, c, i, e));
      hostErrors++;
    }
  }
  const r = mergeRke2(inv.defaults?.rke2, c.rke2);
  const where = `${c.name}/cluster`;
  if (!r.version) throw new ValidationError(where, 'rke2.version', 'Required value', 'e.g. v1.36.3+rke2r1 (here or in defaults.rke2)');
  const workers: Rke2WorkerPoolOptions | undefined = r.workers ? {
    replicas: r.workers.replicas,
    image: image(r.workers.image ?? r.controlPlane?.image, 'rke2.workers.image', where),
    hostSelector: r.workers.hostSelector,
    maxSurge: r.workers.maxSurge,
    maxUnavailable: r.workers.maxUnavailable,
    nodeDrainTimeoutSeconds: r.workers.nodeDrainTimeoutSeconds,
  } : undefined;
  const common: Rke2ClusterCommonProps = {
    clusterName: c.name,
    namespace,
    version: r.version,
    controlPlane: { replicas: r.controlPlane?.replicas, image: image(r.controlPlane?.image, 'rke2.controlPlane.image', where), hostSelector: r.controlPlane?.hostSelector, maxSurge: r.controlPlane?.maxSurge },
    ingressVip: r.ingressVip,
    metallb: r.metallb,
    network: r.network,
    cni: r.cni as Cni | undefined,
    multus: r.multus,
    registrationMethod: r.registrationMethod as RegistrationMethod | undefined,
    rancherAutoImport: r.rancherAutoImport,
    additionalTlsSans: r.additionalTlsSans,
    // With hosts in error the capacity check would count too few: report the cluster's own errors only.
    hosts: hostErrors ? undefined : hosts,
  };
  let cluster: Rke2Cluster;
  if (c.type === 'rke2-single-node') {
    cluster = new SingleNodeRke2Cluster(chart, 'cluster', { ...common, endpoint: r.endpoint, apiVip: r.apiVip });
  } else {
    if (!r.apiVip) throw new ValidationError(where, 'rke2.apiVip', 'Required value', 'a multinode cluster needs an API VIP: { ipv4: … } and/or { ipv6: … }');
    cluster = new MultinodeRke2Cluster(chart, 'cluster', { ...common, apiVip: r.apiVip, workers });
  }
  // The synth validation of every construct (node.addValidation): the final JSON of each object,
  // checked again only where it differs from what passed at construction, and host capacity.
  const errors = RenderedObjects.validateAll(chart);
  if (errors.length) throw new ValidationError(where, 'hosts', errors.join('\n  '));
  if (hostErrors) return undefined;
  // A namespace of its own is created with the hosts, first (the applier and GitOps engines need it to exist).
  const ns: KubeObject[] = namespace === 'default' ? [] : [{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } }];
  // What that validation rendered and passed is what is written (no second toJson() per object).
  return { name: c.name, type: c.type, hosts: [...ns, ...hosts._validatedObjects()], cluster: [...cluster._validatedObjects()], files: {} };
}

function buildEksa(app: App, loaded: LoadedInventory, c: InventoryCluster, i: number): ClusterOutput {
  const e = c.eksa!;
  const where = `${c.name}/cluster`;
  const bmc = { ...(loaded.inventory.defaults?.bmc ?? {}), ...(c.bmc ?? {}) };
  let provider: EksaProvider;
  if (e.provider === 'docker') {
    provider = EksaProvider.docker();
  } else if (e.provider === 'tinkerbell') {
    if (!e.tinkerbell) throw new ValidationError(where, 'eksa.tinkerbell', 'Required value', 'tinkerbellIp and the machine settings of the Tinkerbell provider');
    const t = e.tinkerbell;
    provider = EksaProvider.tinkerbell({
      tinkerbellIp: t.tinkerbellIp,
      osImageUrl: t.osImageUrl,
      osFamily: t.osFamily as any,
      users: t.users,
      controlPlaneMachine: t.controlPlaneHardwareSelector ? { hardwareSelector: t.controlPlaneHardwareSelector } : undefined,
      workerMachine: t.workerHardwareSelector ? { hardwareSelector: t.workerHardwareSelector } : undefined,
      hosts: hostsOf(loaded, c, i),
      credentials: credentials(bmc.credentials),
    });
  } else {
    throw new ValidationError(where, 'eksa.provider', 'vSphere clusters need datacenter and machine settings the inventory does not carry yet', 'use the EksaCluster construct with EksaProvider.vsphere() for vSphere');
  }
  const cluster = new EksaCluster(app, c.name, {
    provider,
    namespace: c.namespace ?? loaded.inventory.defaults?.namespace,
    kubernetesVersion: e.kubernetesVersion,
    eksaRelease: e.eksaRelease as EksaRelease | undefined,
    managementClusterName: e.managementClusterName,
    controlPlane: e.controlPlane,
    workerNodeGroups: e.workerNodeGroups,
    clusterNetwork: e.clusterNetwork && {
      podCidr: e.clusterNetwork.podCidr,
      serviceCidr: e.clusterNetwork.serviceCidr,
      cni: e.clusterNetwork.cni === 'kindnetd' ? EksaCni.kindnetd() : e.clusterNetwork.cni === 'cilium' ? EksaCni.cilium() : undefined,
    },
  });
  return { name: c.name, type: c.type, hosts: [], cluster: cluster.toJson() as KubeObject[], files: cluster.files };
}
