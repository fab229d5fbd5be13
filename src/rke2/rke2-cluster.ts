// The RKE2-on-Metal3 downstream cluster of the reference chapter, in the v1beta2 layout:
// Cluster, Metal3Cluster, RKE2ControlPlane (Butane additionalUserData carrying the preinstall
// unit and the MetalLB / ingress manifests), control-plane and worker Metal3MachineTemplates
// and Metal3DataTemplates, MachineDeployments and RKE2ConfigTemplates.
import { ApiObject, Lazy } from 'cdk8s';
import { Construct } from 'constructs';
import { Cni, RegistrationMethod, Rke2ClusterCommonProps, Rke2WorkerPoolOptions } from './options';
import { preinstallUnit } from './preinstall-unit';
import { WORKER_POOL_SHAPE, checkPropShape } from './props-shape';
import { checkRke2Version } from './version';
import { Rke2ConfigTemplate, Rke2ConfigTemplateSpecTemplateSpecAgentConfigFormat } from '../../imports/bootstrap.cluster.x-k8s.io';
import {
  Cluster as CapiCluster, MachineDeployment, MachineDeploymentSpecRolloutStrategyRollingUpdateMaxSurge,
  MachineDeploymentSpecRolloutStrategyRollingUpdateMaxUnavailable, MachineDeploymentSpecRolloutStrategyType,
} from '../../imports/cluster.x-k8s.io';
import {
  Rke2ControlPlane, Rke2ControlPlaneSpecAgentConfigFormat, Rke2ControlPlaneSpecRegistrationMethod,
  Rke2ControlPlaneSpecRolloutStrategyRollingUpdateMaxSurge, Rke2ControlPlaneSpecServerConfigCni,
} from '../../imports/controlplane.cluster.x-k8s.io';
import { Metal3Cluster } from '../../imports/infrastructure.cluster.x-k8s.io';
import { DEFAULT_ROLE_LABEL } from '../baremetal/bare-metal-host-enrollment';
import { HostRole } from '../baremetal/host';
import { contentHashGuard } from '../core/content-hash-guard';
import { ValidationError } from '../core/errors';
import { Finding, error } from '../core/finding';
import { hashedName } from '../core/hash';
import { IpFamily, canonicalIp, familyOf, parseCidr } from '../core/ip';
import { KubeObject } from '../core/kube-object';
import { checkDns1123Label, checkDns1123Subdomain } from '../core/names';
import { RenderedObjects } from '../core/rendered-objects';
import { labelSelectorProblems } from '../core/selectors';
import { ButaneConfig } from '../ignition/butane-config';
import { Metal3DataTemplate } from '../metal3/data-template';
import { Metal3MachineTemplate } from '../metal3/machine-template';
import { helmChartConfig } from '../metallb/helm';
import { IngressVip } from '../metallb/ingress-vip';
import { MetalLbVip } from '../metallb/metallb-vip';
import { RKE2_MANIFESTS_DIR, VipAddresses, checkVip, vipFamilies, vipList } from '../metallb/vip';
import { hostCapacityRules } from '../validate/cross-object';
import type { RenderedButane } from '../validate/embedded-texts';
import { validateObjectSet } from '../validate/validate';

export const RANCHER_AUTO_IMPORT_LABEL = 'cluster-api.cattle.io/rancher-auto-import';
export const LOAD_BALANCER_EXCLUSION_ANNOTATION = 'rke2.controlplane.cluster.x-k8s.io/load-balancer-exclusion';
export const NODEPOOL_LABEL = 'nodepool';
const CLUSTER_NAME_LABEL = 'cluster.x-k8s.io/cluster-name';
const PROVIDER_ID_ARG = 'provider-id=metal3://PROVIDERID';
const MAX_CLUSTER_NAME = 45;

const DEFAULT_CIDRS: Record<'pods' | 'services', Record<IpFamily, string>> = {
  pods: { ipv4: '192.168.0.0/18', ipv6: 'fd00:1234:4321::/48' },
  services: { ipv4: '10.96.0.0/12', ipv6: 'fd00:5678:8765:4321::/112' },
};

/** What the concrete construct decides: how the API endpoint is reached, and the worker pools. */
export interface Rke2ClusterShape {
  /** API VIP served by MetalLB. */
  readonly apiVip?: VipAddresses;
  /** Endpoint host when there is no VIP (single node: the node's address). */
  readonly endpointHost?: string;
  readonly defaultReplicas: number;
  readonly workers: readonly Rke2WorkerPoolOptions[];
}

/** One worker pool as synthesized (the record is frozen; its L1 objects are escape hatches). */
export interface Rke2WorkerPool {
  readonly name: string;
  readonly machineDeployment: ApiObject;
  readonly configTemplate: ApiObject;
  readonly machineTemplate: Metal3MachineTemplate;
  readonly dataTemplate: Metal3DataTemplate;
}

/**
 * Shared implementation of MultinodeRke2Cluster and SingleNodeRke2Cluster.
 *
 * Lifecycle: props are checked when the construct is built (ValidationError naming the prop);
 * every object is checked again on its final JSON at synth (`[path] Kind/name field: message
 * (fix)`), so escape-hatch edits of the L1 objects, worker pools added with `addWorkerPool` and
 * edits of `controlPlaneConfig` are in the output and validated.
 */
export abstract class Rke2Cluster extends Construct {
  readonly clusterName: string;
  readonly namespace: string;
  /** Host of the control plane endpoint (the API VIP, or the single node's address). */
  readonly endpointHost: string;
  readonly apiVip?: MetalLbVip;
  readonly ingressVip?: IngressVip;
  readonly cluster: ApiObject;
  readonly metal3Cluster: ApiObject;
  readonly controlPlane: ApiObject;
  readonly controlPlaneMachineTemplate: Metal3MachineTemplate;
  readonly controlPlaneDataTemplate: Metal3DataTemplate;
  /**
   * The Butane config of control-plane nodes, rendered into `agentConfig.additionalUserData.config`
   * at synth: files, units and manifests added after construction are in the output, and the
   * manifests it carries are validated there as a set (schema, MetalLB rules, pool overlaps).
   */
  readonly controlPlaneConfig: ButaneConfig;
  /** RKE2 version of the control plane (and of the workers). */
  readonly version: string;
  private readonly pools: Rke2WorkerPool[] = [];
  /** The worker pools' Butane configs (the control plane's is `controlPlaneConfig`). */
  private readonly workerConfigs: ButaneConfig[] = [];
  private readonly rendered: RenderedObjects;

  protected constructor(scope: Construct, id: string, props: Rke2ClusterCommonProps, shape: Rke2ClusterShape) {
    super(scope, id);
    const where = this.node.path;
    this.clusterName = props?.clusterName ?? id;
    this.namespace = props?.namespace ?? 'default';
    checkCommon(where, this.clusterName, this.namespace, props, shape);
    this.version = props.version;

    if (shape.apiVip) {
      this.apiVip = new MetalLbVip(this, 'api-vip', { ...(props.metallb ?? {}), vip: checkVip(where, 'apiVip', shape.apiVip) });
    }
    if (props.ingressVip) this.ingressVip = new IngressVip(this, 'ingress-vip', { vip: checkVip(where, 'ingressVip', props.ingressVip) });
    this.endpointHost = this.apiVip ? vipList(this.apiVip.vip)[0] : shape.endpointHost!;
    const families = this.apiVip ? vipFamilies(this.apiVip.vip) : [familyOf(this.endpointHost) ?? 'ipv4'];
    // Copies: the objects' props are sealed (frozen), and never share the caller's arrays.
    const network = {
      pods: [...(props.network?.podCidrs ?? families.map(f => DEFAULT_CIDRS.pods[f]))],
      services: [...(props.network?.serviceCidrs ?? families.map(f => DEFAULT_CIDRS.services[f]))],
    };
    const cni = props.cni ?? Cni.CILIUM;
    const ns = this.namespace;
    const name = this.clusterName;

    const clusterProps = {
      metadata: { name, namespace: ns, labels: props.rancherAutoImport ? { [RANCHER_AUTO_IMPORT_LABEL]: 'true' } : undefined },
      spec: {
        clusterNetwork: { pods: { cidrBlocks: network.pods }, services: { cidrBlocks: network.services } },
        controlPlaneRef: { apiGroup: 'controlplane.cluster.x-k8s.io', kind: 'RKE2ControlPlane', name },
        infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'Metal3Cluster', name },
      },
    };
    this.cluster = RenderedObjects.seal(new CapiCluster(this, 'cluster', clusterProps), clusterProps);
    const metal3ClusterProps = {
      metadata: { name, namespace: ns },
      spec: { controlPlaneEndpoint: { host: this.endpointHost, port: 6443 }, cloudProviderEnabled: props.cloudProviderEnabled ?? false },
    };
    this.metal3Cluster = RenderedObjects.seal(new Metal3Cluster(this, 'metal3-cluster', metal3ClusterProps), metal3ClusterProps);

    this.controlPlaneConfig = this.buildControlPlaneConfig(props, cni);
    const cpOpts = props.controlPlane;
    this.controlPlaneDataTemplate = new Metal3DataTemplate(this, 'controlplane-data-template', {
      baseName: `${name}-controlplane-template`, namespace: ns, clusterName: name,
    });
    this.controlPlaneMachineTemplate = new Metal3MachineTemplate(this, 'controlplane-machine-template', {
      baseName: `${name}-controlplane`,
      namespace: ns,
      image: cpOpts.image,
      hostSelector: cpOpts.hostSelector ?? { matchLabels: { [DEFAULT_ROLE_LABEL]: HostRole.CONTROL_PLANE } },
      dataTemplate: this.controlPlaneDataTemplate,
    });
    const registrationMethod = props.registrationMethod ?? RegistrationMethod.CONTROL_PLANE_ENDPOINT;
    const controlPlaneProps = {
      metadata: {
        name,
        namespace: ns,
        annotations: cpOpts.loadBalancerExclusion ?? true ? { [LOAD_BALANCER_EXCLUSION_ANNOTATION]: 'true' } : undefined,
      },
      spec: {
        machineTemplate: {
          spec: {
            infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'Metal3MachineTemplate', name: this.controlPlaneMachineTemplate.name },
            deletion: cpOpts.nodeDrainTimeoutSeconds !== undefined ? { nodeDrainTimeoutSeconds: cpOpts.nodeDrainTimeoutSeconds } : undefined,
          },
        },
        replicas: cpOpts.replicas ?? shape.defaultReplicas,
        version: props.version,
        rolloutStrategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: Rke2ControlPlaneSpecRolloutStrategyRollingUpdateMaxSurge.fromNumber(cpOpts.maxSurge ?? 0) } },
        registrationMethod: registrationMethod as unknown as Rke2ControlPlaneSpecRegistrationMethod,
        registrationAddress: this.endpointHost,
        serverConfig: {
          cni: cni as unknown as Rke2ControlPlaneSpecServerConfigCni,
          cniMultusEnable: props.multus ? true : undefined,
          tlsSan: this.tlsSans(props),
        },
        agentConfig: {
          format: Rke2ControlPlaneSpecAgentConfigFormat.IGNITION,
          // Rendered when the object is: later edits of controlPlaneConfig are in the output.
          additionalUserData: { config: Lazy.any({ produce: () => this.controlPlaneConfig.toYaml() }) },
          kubelet: { extraArgs: [PROVIDER_ID_ARG] },
          nodeName: cpOpts.nodeName ?? `Node-${name}`,
        },
      },
    };
    // Sealed; its one Lazy value follows the Butane text (the same string until the config changes).
    this.controlPlane = RenderedObjects.seal(new Rke2ControlPlane(this, 'control-plane', controlPlaneProps), controlPlaneProps,
      () => this.controlPlaneConfig.toYaml());

    for (const pool of shape.workers) this.addWorkerPool(pool);
    const hosts = props.hosts;
    this.rendered = new RenderedObjects(this, {
      objects: () => this.apiObjects(),
      // Schema, upstream rules, the network cross-checks and the manifests embedded in the Butane
      // config. The Butane configs were validated as models when they were built (strict): their
      // renderings are handed to the validator instead of being parsed back.
      check: objects => validateObjectSet(objects, { renderedConfigs: this.renderedConfigs() }),
      // Host capacity at every synth: hosts added (or relabelled) later still count; the enrollment holds every host (none is none).
      checkAlways: hosts
        ? objects => hostCapacityRules([...hosts.hosts.map(h => RenderedObjects.finalJson(h.bareMetalHost)), ...objects], { hostsComplete: true })
        : undefined,
    });
    this.rendered.checkNow();
  }

  /** The renderings of the strict Butane configs this cluster built (see `validateObjects`' renderedConfigs). */
  private renderedConfigs(): RenderedButane[] {
    return [this.controlPlaneConfig, ...this.workerConfigs].map(c => c._rendered()).filter((r): r is RenderedButane => r !== undefined);
  }

  /** The worker pools, in order (a copy: add pools with `addWorkerPool`). */
  get workerPools(): readonly Rke2WorkerPool[] {
    return [...this.pools];
  }

  /**
   * Adds a worker pool (MachineDeployment + RKE2ConfigTemplate + Metal3 templates). The options
   * are checked now (ValidationError); the objects, with the rest of the cluster, at synth.
   */
  addWorkerPool(pool: Rke2WorkerPoolOptions): Rke2WorkerPool {
    const poolName = pool?.name ?? 'nodepool-0';
    const where = `${this.node.path}/workers/${poolName}`;
    checkPropShape(where, pool, WORKER_POOL_SHAPE);
    checkWorkerPool(where, pool);
    if (this.pools.some(p => p.name === poolName)) throw new ValidationError(where, 'name', `worker pool ${poolName} is defined twice`);
    const name = this.clusterName;
    const ns = this.namespace;
    // The first pool keeps the reference chapter's names.
    const base = this.pools.length === 0 ? `${name}-workers` : `${name}-${poolName}`;
    const scope = new Construct(this, `workers-${poolName}`);
    const dataTemplate = new Metal3DataTemplate(scope, 'data-template', { baseName: `${base}-template`, namespace: ns, clusterName: name });
    const machineTemplate = new Metal3MachineTemplate(scope, 'machine-template', {
      baseName: base,
      namespace: ns,
      image: pool.image,
      hostSelector: pool.hostSelector ?? { matchLabels: { [DEFAULT_ROLE_LABEL]: HostRole.WORKER } },
      dataTemplate,
    });
    const workerConfig = new ButaneConfig({ where: `${where}/config`, strict: true, units: [preinstallUnit()] });
    this.workerConfigs.push(workerConfig);
    const templateSpec = {
      agentConfig: {
        format: Rke2ConfigTemplateSpecTemplateSpecAgentConfigFormat.IGNITION,
        kubelet: { extraArgs: [PROVIDER_ID_ARG] },
        nodeName: pool.nodeName ?? `Node-${name}-worker`,
        additionalUserData: { config: workerConfig.toYaml() },
      },
    };
    // RKE2ConfigTemplates are immutable by convention, like machine templates: hash the content.
    const configTemplateName = hashedName(base, templateSpec);
    const configTemplateProps = { metadata: { name: configTemplateName, namespace: ns }, spec: { template: { spec: templateSpec } } };
    const configTemplate = RenderedObjects.seal(new Rke2ConfigTemplate(scope, 'config-template', configTemplateProps), configTemplateProps);
    RenderedObjects.addObjectCheck(configTemplate, contentHashGuard({
      name: configTemplateName,
      spec: () => Rke2ConfigTemplate.manifest(configTemplateProps).spec,
      props: 'the worker pool options, e.g. nodeName',
      unchanged: () => RenderedObjects.unpatched(configTemplate),
    }));
    const labels = { [CLUSTER_NAME_LABEL]: name, [NODEPOOL_LABEL]: poolName };
    const mdProps = {
      metadata: { name: base, namespace: ns, labels },
      spec: {
        clusterName: name,
        replicas: pool.replicas,
        selector: { matchLabels: labels },
        rollout: {
          strategy: {
            type: MachineDeploymentSpecRolloutStrategyType.ROLLING_UPDATE,
            rollingUpdate: {
              maxSurge: MachineDeploymentSpecRolloutStrategyRollingUpdateMaxSurge.fromNumber(pool.maxSurge ?? 0),
              maxUnavailable: MachineDeploymentSpecRolloutStrategyRollingUpdateMaxUnavailable.fromNumber(pool.maxUnavailable ?? 1),
            },
          },
        },
        template: {
          metadata: { labels },
          spec: {
            bootstrap: { configRef: { apiGroup: 'bootstrap.cluster.x-k8s.io', kind: 'RKE2ConfigTemplate', name: configTemplateName } },
            clusterName: name,
            infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'Metal3MachineTemplate', name: machineTemplate.name },
            deletion: { nodeDrainTimeoutSeconds: pool.nodeDrainTimeoutSeconds ?? 0 },
            version: this.version,
          },
        },
      },
    };
    const machineDeployment = RenderedObjects.seal(new MachineDeployment(scope, 'machine-deployment', mdProps), mdProps);
    const result: Rke2WorkerPool = Object.freeze({ name: poolName, machineDeployment, configTemplate, machineTemplate, dataTemplate });
    this.pools.push(result);
    return result;
  }

  /**
   * Every management-cluster object of this cluster, in apply order, as it synthesizes now: escape-
   * hatch edits, later worker pools and `controlPlaneConfig` edits included. Rendered on each read
   * (one toJson() per object), so the result is the caller's own copy: changing it changes nothing
   * — edit the L1 objects (escape hatches) or the construct instead.
   */
  get objects(): KubeObject[] {
    return this.rendered.render();
  }

  /**
   * The objects as the last passing validation rendered them (after `node.validate()` on this
   * construct found nothing, the final JSON without rendering it again). Shared: do not mutate.
   * @internal
   */
  _validatedObjects(): readonly KubeObject[] {
    return this.rendered._validated();
  }

  /** The L1 objects in apply order (construction order: what an object references comes first). */
  private apiObjects(): ApiObject[] {
    return [
      this.cluster, this.metal3Cluster, this.controlPlaneDataTemplate.apiObject, this.controlPlaneMachineTemplate.apiObject, this.controlPlane,
      ...this.pools.flatMap(p => [p.dataTemplate.apiObject, p.machineTemplate.apiObject, p.configTemplate, p.machineDeployment]),
    ];
  }

  private buildControlPlaneConfig(props: Rke2ClusterCommonProps, cni: Cni): ButaneConfig {
    const config = new ButaneConfig({ where: `${this.node.path}/control-plane-config`, strict: true, units: [preinstallUnit()] });
    const files = [...(this.apiVip?.files ?? []), ...(this.ingressVip?.files ?? [])];
    const nonExclusive = props.ciliumNonExclusive ?? cni === Cni.CILIUM;
    if (files.length || nonExclusive) config.addDirectory({ path: RKE2_MANIFESTS_DIR, overwrite: true });
    if (nonExclusive) {
      config.addManifestFile(`${RKE2_MANIFESTS_DIR}/rke2-cilium-config.yaml`, [helmChartConfig('rke2-cilium', { cni: { exclusive: false } })]);
    }
    for (const f of files) config.addManifestFile(f.path, [...f.objects]);
    return config;
  }

  private tlsSans(props: Rke2ClusterCommonProps): string[] {
    const ips = this.apiVip ? vipList(this.apiVip.vip) : [this.endpointHost];
    const sans = [...ips];
    if (props.sslipTlsSans ?? true) {
      for (const ip of ips) {
        const fam = familyOf(ip);
        if (fam) sans.push(`${fam === 'ipv4' ? ip : canonicalIp(ip).replace(/:/g, '-')}.sslip.io`);
      }
    }
    return [...sans, ...(props.additionalTlsSans ?? [])];
  }
}

function checkCommon(where: string, name: string, namespace: string, props: Rke2ClusterCommonProps, shape: Rke2ClusterShape): void {
  const problems: Finding[] = [];
  if (!props || typeof props !== 'object') throw new ValidationError(where, 'props', 'props are required');
  const pn = checkDns1123Label(name);
  if (pn) problems.push(error('props', 'clusterName', `${JSON.stringify(name)}: ${pn}`));
  else if (name.length > MAX_CLUSTER_NAME) problems.push(error('props', 'clusterName', `${JSON.stringify(name)} is ${name.length} characters; at most ${MAX_CLUSTER_NAME}`, 'object names add suffixes such as -controlplane-template-<hash> and must stay within 63'));
  const pns = checkDns1123Label(namespace);
  if (pns) problems.push(error('props', 'namespace', `${JSON.stringify(namespace)}: ${pns}`));
  const pv = checkRke2Version(props.version);
  if (pv) problems.push(error('props', 'version', pv));
  const cp = props.controlPlane;
  if (!cp || typeof cp !== 'object') {
    problems.push(error('props', 'controlPlane', 'Required value', 'at least controlPlane.image'));
  } else {
    const replicas = cp.replicas ?? shape.defaultReplicas;
    if (!Number.isInteger(replicas) || replicas < 1) problems.push(error('props', 'controlPlane.replicas', `${JSON.stringify(replicas)} must be a whole number ≥ 1`, '1, 3 or 5'));
    if (cp.maxSurge !== undefined && cp.maxSurge !== 0 && cp.maxSurge !== 1) problems.push(error('props', 'controlPlane.maxSurge', `${JSON.stringify(cp.maxSurge)} is not supported`, '0 or 1'));
    problems.push(...imageProblems('controlPlane.image', cp.image));
    for (const [f, m] of labelSelectorProblems(cp.hostSelector)) problems.push(error('props', `controlPlane.hostSelector.${f}`, m));
  }
  if (!shape.apiVip && !shape.endpointHost) problems.push(error('props', 'endpoint', 'an API VIP or an endpoint address is required'));
  if (shape.endpointHost !== undefined && checkDns1123Subdomain(shape.endpointHost) && !familyOf(shape.endpointHost)) {
    problems.push(error('props', 'endpoint', `${JSON.stringify(shape.endpointHost)} is neither an IP address nor a DNS name`));
  }
  for (const which of ['podCidrs', 'serviceCidrs'] as const) {
    const list = props.network?.[which];
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.length === 0 || list.length > 2) {
      problems.push(error('props', `network.${which}`, 'must list one CIDR, or two (one IPv4 and one IPv6) for dual-stack'));
      continue;
    }
    const parsed = list.map(c => (typeof c === 'string' ? parseCidr(c) : undefined));
    parsed.forEach((p, i) => {
      if (!p) problems.push(error('props', `network.${which}[${i}]`, `${JSON.stringify(list[i])} is not a CIDR`, 'e.g. 10.96.0.0/12'));
    });
    if (parsed.length === 2 && parsed[0] && parsed[1] && parsed[0].family === parsed[1].family) {
      problems.push(error('props', `network.${which}`, 'two CIDRs must be one IPv4 and one IPv6'));
    }
  }
  if (props.cni !== undefined && !Object.values(Cni).includes(props.cni)) {
    problems.push(error('props', 'cni', `unsupported CNI ${JSON.stringify(props.cni)}`, Object.values(Cni).join(', ')));
  }
  if (props.multus && (props.cni ?? Cni.CILIUM) === Cni.NONE) problems.push(error('props', 'multus', 'Multus needs a primary CNI', 'set cni'));
  if (props.registrationMethod !== undefined && !Object.values(RegistrationMethod).includes(props.registrationMethod)) {
    problems.push(error('props', 'registrationMethod', `unsupported ${JSON.stringify(props.registrationMethod)}`, Object.values(RegistrationMethod).join(', ')));
  }
  if (problems.length) throw ValidationError.fromFindings(where, problems);
}

function imageProblems(field: string, image: any): Finding[] {
  if (!image || typeof image !== 'object') return [error('props', field, 'Required value', 'the OS image {url, checksum?}')];
  if (typeof image.url !== 'string' || !/^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(image.url)) {
    return [error('props', `${field}.url`, `${JSON.stringify(image.url)} is not an absolute URL`, 'e.g. http://imagecache.local:8080/eibimage-output-telco.raw')];
  }
  return [];
}

function checkWorkerPool(where: string, pool: Rke2WorkerPoolOptions): void {
  const problems: Finding[] = [];
  if (!pool || typeof pool !== 'object') throw new ValidationError(where, 'workers', 'Required value');
  if (!Number.isInteger(pool.replicas) || pool.replicas < 0) problems.push(error('props', 'replicas', `${JSON.stringify(pool.replicas)} must be a whole number ≥ 0`));
  const pn = checkDns1123Label(pool.name ?? 'nodepool-0');
  if (pn) problems.push(error('props', 'name', `${JSON.stringify(pool.name)}: ${pn}`));
  for (const f of ['maxSurge', 'maxUnavailable'] as const) {
    const v = pool[f];
    if (v !== undefined && (!Number.isInteger(v) || v < 0)) problems.push(error('props', f, `${JSON.stringify(v)} must be a whole number ≥ 0`));
  }
  if ((pool.maxSurge ?? 0) === 0 && (pool.maxUnavailable ?? 1) === 0) {
    problems.push(error('props', 'maxUnavailable', 'maxSurge and maxUnavailable cannot both be 0', 'bare metal without a spare host: maxSurge 0, maxUnavailable 1'));
  }
  if (pool.nodeDrainTimeoutSeconds !== undefined && (!Number.isInteger(pool.nodeDrainTimeoutSeconds) || pool.nodeDrainTimeoutSeconds < 0)) {
    problems.push(error('props', 'nodeDrainTimeoutSeconds', `${pool.nodeDrainTimeoutSeconds} must be a whole number ≥ 0`));
  }
  problems.push(...imageProblems('image', pool.image));
  for (const [f, m] of labelSelectorProblems(pool.hostSelector)) problems.push(error('props', `hostSelector.${f}`, m));
  if (problems.length) throw ValidationError.fromFindings(where, problems);
}
