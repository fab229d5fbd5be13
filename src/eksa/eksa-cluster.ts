// EksaCluster: one EKS Anywhere cluster config — the multi-document file `eksctl anywhere
// create cluster -f` reads — as a cdk8s Chart whose output file is <name>-eks-a-cluster.yaml.
// Every offline eksctl preflight runs at construction and again at synth.
import { ApiObject, App, Chart, Lazy } from 'cdk8s';
import { Construct } from 'constructs';
import { EKSA_CLUSTER_SYMBOL, isEksaApp } from './app-marker';
import { ClusterNetworkProps, ProxyProps, RegistryMirrorProps } from './cluster-settings';
import { EksaCni } from './cni';
import { EksaEtcd } from './etcd';
import { EksaFluxProps } from './gitops';
import { EksaIdentityProvider } from './identity-providers';
import { ControlPlaneProps, EksaTaint, WorkerNodeGroupProps } from './node-groups';
import { EksaProvider } from './providers/provider';
import { writeSidecarsWithApp } from './sidecar-files';
import { AwsIamConfig, Cluster, FluxConfig, OidcConfig } from '../../imports/anywhere.eks.amazonaws.com';
import { ALLOW_PLAINTEXT_CREDENTIALS_CONTEXT } from '../baremetal/bmc-credentials';
import { ValidationError } from '../core/errors';
import { Finding, error } from '../core/finding';
import { KubeObject } from '../core/kube-object';
import { PreflightMode } from '../validate/eksa/checks/check';
import { MAX_CLUSTER_NAME_LENGTH, clusterNameProblem } from '../validate/eksa/checks/cluster-name';
import { PreflightFinding } from '../validate/eksa/eksa-spec';
import { HardwareMachine } from '../validate/eksa/hardware';
import { EKSA_RELEASE_ANNOTATION, PreflightResult, preflightErrors, runPreflights } from '../validate/eksa/preflights';
import { DEFAULT_EKSA_RELEASE, EksaRelease, defaultKubernetesVersion, isEksaRelease } from '../validate/eksa/releases';

/** The file name suffix eksctl uses for cluster configs (`<name>-eks-a-cluster.yaml`). */
export const EKSA_CLUSTER_FILE_SUFFIX = '-eks-a-cluster';

export interface EksaClusterProps {
  /** Where the cluster runs: `EksaProvider.vsphere({...})`, `.tinkerbell({...})` or `.docker()`. */
  readonly provider: EksaProvider;
  /** Kubernetes version, the quoted "1.NN" form. @default - the targeted release's default ("1.36" for v0.26) */
  readonly kubernetesVersion?: string;
  /** EKS Anywhere release the spec targets (its supported Kubernetes versions); recorded in the cdk8s-capi.io/eksa-release annotation when set. @default EksaRelease.V0_26 */
  readonly eksaRelease?: EksaRelease;
  /** spec.eksaVersion (semver, e.g. v0.26.1). @default - not set (eksctl fills in its own version) */
  readonly eksaVersion?: string;
  /** Namespace of every object (they must share the Cluster's). @default - none written ('default') */
  readonly namespace?: string;
  /** Management cluster of a workload cluster. @default - the cluster itself (self-managed) */
  readonly managementClusterName?: string;
  /** Control plane. @default - the provider's count, no endpoint (required except on Docker) */
  readonly controlPlane?: ControlPlaneProps;
  /** etcd topology. @default - the provider's (eksctl generate: external on vSphere (3) and Docker (1), stacked on Tinkerbell) */
  readonly etcd?: EksaEtcd;
  /** Worker node groups (Tinkerbell may have none). @default [{name: 'md-0'}] with the provider's count */
  readonly workerNodeGroups?: WorkerNodeGroupProps[];
  /** Pod/service CIDRs and CNI. @default 192.168.0.0/16, 10.96.0.0/12, Cilium */
  readonly clusterNetwork?: ClusterNetworkProps;
  /** HTTP(S) proxy of the nodes. @default - none */
  readonly proxy?: ProxyProps;
  /** Registry mirror for every image. @default - none */
  readonly registryMirror?: RegistryMirrorProps;
  /** GitOps with Flux (emits a FluxConfig and spec.gitOpsRef). @default - none */
  readonly gitOps?: EksaFluxProps;
  /** Identity providers (emits OIDCConfig / AWSIamConfig and spec.identityProviderRefs). @default - none */
  readonly identityProviders?: EksaIdentityProvider[];
}

/** Cluster field → the prop that produced it, so errors speak the user's vocabulary. */
const CLUSTER_FIELD_TO_PROP: ReadonlyArray<[string, string]> = [
  ['metadata.name', 'id (cluster name)'],
  ['spec.kubernetesVersion', 'kubernetesVersion'],
  ['spec.eksaVersion', 'eksaVersion'],
  ['spec.managementCluster', 'managementClusterName'],
  ['spec.controlPlaneConfiguration.endpoint', 'controlPlane.endpoint'],
  ['spec.controlPlaneConfiguration.count', 'controlPlane.count'],
  ['spec.controlPlaneConfiguration.labels', 'controlPlane.labels'],
  ['spec.controlPlaneConfiguration.taints', 'controlPlane.taints'],
  ['spec.controlPlaneConfiguration.certSans', 'controlPlane.certSans'],
  ['spec.controlPlaneConfiguration.upgradeRolloutStrategy', 'controlPlane.upgradeRolloutStrategy'],
  ['spec.controlPlaneConfiguration.machineGroupRef', 'provider'],
  ['spec.controlPlaneConfiguration', 'controlPlane'],
  ['spec.externalEtcdConfiguration', 'etcd'],
  ['spec.clusterNetwork.pods', 'clusterNetwork.podCidr'],
  ['spec.clusterNetwork.services', 'clusterNetwork.serviceCidr'],
  ['spec.clusterNetwork.nodes', 'clusterNetwork.nodeCidrMaskSize'],
  ['spec.clusterNetwork.dns', 'clusterNetwork.dnsResolvConfPath'],
  ['spec.clusterNetwork.cniConfig', 'clusterNetwork.cni'],
  ['spec.clusterNetwork', 'clusterNetwork'],
  ['spec.proxyConfiguration', 'proxy'],
  ['spec.registryMirrorConfiguration', 'registryMirror'],
  ['spec.gitOpsRef', 'gitOps'],
  ['spec.identityProviderRefs', 'identityProviders'],
  ['spec.datacenterRef', 'provider'],
  ['spec.workerNodeGroupConfigurations', 'workerNodeGroups'],
];

const KIND_TO_PROP: Readonly<Record<string, string>> = {
  FluxConfig: 'gitOps',
  OIDCConfig: 'identityProviders',
  AWSIamConfig: 'identityProviders',
  Hardware: 'provider.hosts',
};

function workerFieldToProp(field: string): string | undefined {
  const m = /^spec\.workerNodeGroupConfigurations\[(\d+)\](?:\.(.*))?$/.exec(field);
  if (!m) return undefined;
  const rest = (m[2] ?? '')
    .replace(/^autoscalingConfiguration/, 'autoscaling')
    .replace(/^machineGroupRef.*/, '(provider machine)');
  return `workerNodeGroups[${m[1]}]${rest ? `.${rest}` : ''}`;
}

/** `prop (Kind/name field)` for a finding of the rendered spec. */
export function propForFinding(f: PreflightFinding): string {
  const where = `${f.kind}/${f.name}${f.field ? ` ${f.field}` : ''}`;
  if (f.kind === 'Cluster') {
    const prop = workerFieldToProp(f.field)
      ?? CLUSTER_FIELD_TO_PROP.find(([p]) => f.field === p || f.field.startsWith(`${p}.`) || f.field.startsWith(`${p}[`))?.[1];
    return prop ? `${prop} (${where})` : where;
  }
  if (!f.kind) return f.field;
  return `${KIND_TO_PROP[f.kind] ?? 'provider'} (${where})`;
}

function taints(t: EksaTaint[] | undefined) {
  return t?.map(x => ({ key: x.key, value: x.value, effect: x.effect as string }));
}

/**
 * An EKS Anywhere cluster config: the Cluster, the provider's datacenter and machine configs,
 * and the FluxConfig / identity provider objects it references, in one Chart named
 * `<id>-eks-a-cluster` (with `EksaApp`, or an App whose outputFileExtension is '.yaml', the file
 * is `<id>-eks-a-cluster.yaml`, as eksctl names it). `id` is the cluster name.
 */
export class EksaCluster extends Chart {
  /** True when `x` is an EksaCluster (works across copies of the package). */
  static isEksaCluster(x: unknown): x is EksaCluster {
    return typeof x === 'object' && x !== null && (x as any)[EKSA_CLUSTER_SYMBOL] === true;
  }

  /**
   * `instanceof EksaCluster` must not inherit Chart's override, which answers true for every
   * Chart (so one app could not hold RKE2 charts and EKS-A clusters).
   */
  static override [Symbol.hasInstance](x: unknown): x is EksaCluster {
    return EksaCluster.isEksaCluster(x);
  }

  /** The cluster name (`metadata.name`). */
  readonly clusterName: string;
  readonly provider: EksaProvider;
  readonly kubernetesVersion: string;
  readonly eksaRelease: EksaRelease;
  /** The Cluster object (escape hatch). */
  readonly clusterObject: ApiObject;
  readonly datacenterConfig: ApiObject;
  readonly machineConfigs: readonly ApiObject[];
  /** Tinkerbell hardware inventory, when the provider was given hosts. */
  readonly hardware?: readonly HardwareMachine[];
  /** Files eksctl reads next to the cluster config (e.g. hardware.csv), by file name. */
  readonly files: Readonly<Record<string, string>>;

  constructor(scope: Construct, id: string, props: EksaClusterProps) {
    const nameProblem = typeof id === 'string' ? clusterNameProblem(id) : 'the cluster name must be a string';
    if (nameProblem) {
      throw new ValidationError(`${scope.node.path ? `${scope.node.path}/` : ''}${String(id)}`, 'id (cluster name)', `failed to validate cluster config name: ${nameProblem}`,
        `a letter, then letters, digits or '-', at most ${MAX_CLUSTER_NAME_LENGTH} characters`);
    }
    super(scope, `${id}${EKSA_CLUSTER_FILE_SUFFIX}`, { namespace: props?.namespace, disableResourceNameHashes: true });
    Object.defineProperty(this, EKSA_CLUSTER_SYMBOL, { value: true });
    this.clusterName = id;
    const where = this.node.path;
    if (!props || !(props.provider instanceof EksaProvider)) {
      throw new ValidationError(where, 'provider', 'a provider is required', 'EksaProvider.vsphere({...}), EksaProvider.tinkerbell({...}) or EksaProvider.docker()');
    }
    this.provider = props.provider;
    const impl = props.provider._impl;
    const release = props.eksaRelease ?? DEFAULT_EKSA_RELEASE;
    if (!isEksaRelease(release)) {
      throw new ValidationError(where, 'eksaRelease', `unknown EKS Anywhere release ${JSON.stringify(release)}`, Object.values(EksaRelease).join(', '));
    }
    this.eksaRelease = release;
    this.kubernetesVersion = props.kubernetesVersion ?? defaultKubernetesVersion(release);
    this.checkPropShapes(props);

    const groups = props.workerNodeGroups ?? [{ name: 'md-0' }];
    const etcd = props.etcd ?? (impl.defaults.externalEtcdCount ? EksaEtcd.external(impl.defaults.externalEtcdCount) : EksaEtcd.stacked());
    const etcdCount = etcd._count(impl.defaults.externalEtcdCount ?? 3);
    // eksctl generate's control plane count assumes its own etcd default; with stacked etcd an
    // even default would be invalid, so round it up to the next odd count.
    const cpDefault = etcdCount === undefined && impl.defaults.controlPlaneCount % 2 === 0
      ? impl.defaults.controlPlaneCount + 1
      : impl.defaults.controlPlaneCount;

    // An explicit target release is recorded so validating the file later checks the same versions.
    const annotations = props.eksaRelease !== undefined ? { [EKSA_RELEASE_ANNOTATION]: release } : undefined;
    const cluster = new Cluster(this, 'cluster', { metadata: { name: id, annotations }, spec: Lazy.any({ produce: () => spec }) });
    this.clusterObject = cluster;
    const rendered = impl.render(this, {
      clusterName: id,
      where,
      workerGroupNames: groups.map(g => g.name),
      externalEtcd: etcdCount !== undefined,
      allowPlaintextCredentials: this.node.tryGetContext(ALLOW_PLAINTEXT_CREDENTIALS_CONTEXT) === true,
    });
    this.datacenterConfig = rendered.datacenter;
    this.machineConfigs = [...rendered.machineConfigs];
    this.hardware = rendered.hardware;
    this.files = { ...rendered.files };

    const gitOpsName = props.gitOps ? (props.gitOps.name ?? id) : undefined;
    if (props.gitOps) {
      const g = props.gitOps;
      new FluxConfig(this, 'flux', {
        metadata: { name: gitOpsName },
        spec: {
          github: g.github ? { owner: g.github.owner, repository: g.github.repository, personal: g.github.personal } : undefined,
          git: g.git ? { repositoryUrl: g.git.repositoryUrl, sshKeyAlgorithm: g.git.sshKeyAlgorithm } : undefined,
          branch: g.branch,
          clusterConfigPath: g.clusterConfigPath,
          systemNamespace: g.systemNamespace,
        },
      });
    }
    const identityRefs = (props.identityProviders ?? []).map((p, i) => {
      const name = p._name(id);
      if (p.kind === 'OIDCConfig') new OidcConfig(this, `oidc-${i}`, { metadata: { name }, spec: p._spec() });
      else new AwsIamConfig(this, `aws-iam-${i}`, { metadata: { name }, spec: p._spec() as any });
      return { kind: p.kind, name };
    });

    const cp = props.controlPlane ?? {};
    const net = props.clusterNetwork ?? {};
    const mirror = props.registryMirror;
    const spec = {
      clusterNetwork: {
        cniConfig: (net.cni ?? EksaCni.cilium())._render(),
        pods: { cidrBlocks: [net.podCidr ?? '192.168.0.0/16'] },
        services: { cidrBlocks: [net.serviceCidr ?? '10.96.0.0/12'] },
        nodes: net.nodeCidrMaskSize !== undefined ? { cidrMaskSize: net.nodeCidrMaskSize } : undefined,
        dns: net.dnsResolvConfPath !== undefined ? { resolvConf: { path: net.dnsResolvConfPath } } : undefined,
      },
      controlPlaneConfiguration: {
        count: cp.count ?? cpDefault,
        endpoint: cp.endpoint !== undefined ? { host: cp.endpoint } : undefined,
        machineGroupRef: impl.machineKind ? { kind: impl.machineKind, name: rendered.controlPlaneMachine } : undefined,
        labels: cp.labels ? { ...cp.labels } : undefined,
        taints: taints(cp.taints),
        certSans: cp.certSans ? [...cp.certSans] : undefined,
        apiServerExtraArgs: cp.apiServerExtraArgs ? { ...cp.apiServerExtraArgs } : undefined,
        upgradeRolloutStrategy: cp.upgradeRolloutStrategy?._render(true),
        skipLoadBalancerDeployment: cp.skipLoadBalancerDeployment,
      },
      datacenterRef: { kind: impl.datacenterKind, name: id },
      externalEtcdConfiguration: etcdCount !== undefined
        ? { count: etcdCount, machineGroupRef: rendered.etcdMachine ? { kind: impl.machineKind, name: rendered.etcdMachine } : undefined }
        : undefined,
      kubernetesVersion: this.kubernetesVersion,
      eksaVersion: props.eksaVersion,
      managementCluster: { name: props.managementClusterName ?? id },
      workerNodeGroupConfigurations: groups.map(g => ({
        name: g.name,
        count: g.count ?? g.autoscaling?.minCount ?? impl.defaults.workerCount,
        autoscalingConfiguration: g.autoscaling ? { minCount: g.autoscaling.minCount, maxCount: g.autoscaling.maxCount } : undefined,
        machineGroupRef: impl.machineKind ? { kind: impl.machineKind, name: rendered.workerMachines[g.name] } : undefined,
        labels: g.labels ? { ...g.labels } : undefined,
        taints: taints(g.taints),
        kubernetesVersion: g.kubernetesVersion,
        upgradeRolloutStrategy: g.upgradeRolloutStrategy?._render(false),
        failureDomains: g.failureDomains ? [...g.failureDomains] : undefined,
      })),
      gitOpsRef: gitOpsName ? { kind: 'FluxConfig', name: gitOpsName } : undefined,
      identityProviderRefs: identityRefs.length ? identityRefs : undefined,
      proxyConfiguration: props.proxy ? {
        httpProxy: props.proxy.httpProxy,
        httpsProxy: props.proxy.httpsProxy,
        noProxy: props.proxy.noProxy ? [...props.proxy.noProxy] : undefined,
      } : undefined,
      registryMirrorConfiguration: mirror ? {
        endpoint: mirror.endpoint,
        port: mirror.port !== undefined ? String(mirror.port) : undefined,
        caCertContent: mirror.caCertContent,
        authenticate: mirror.authenticate,
        insecureSkipVerify: mirror.insecureSkipVerify,
        ociNamespaces: mirror.ociNamespaces?.map(o => ({ registry: o.registry, namespace: o.namespace })),
      } : undefined,
    };

    // Eagerly, so the error names the construct that was just configured.
    this.toJson();
    // The files eksctl reads beside the config: EksaApp writes them; a plain App is taught to.
    const app = App.of(this);
    if (Object.keys(this.files).length && app instanceof App && !isEksaApp(app)) writeSidecarsWithApp(app);
  }

  /** hardware.csv content (Tinkerbell with hosts). */
  get hardwareCsv(): string | undefined {
    return Object.entries(this.files).find(([f]) => f.endsWith('.csv'))?.[1];
  }

  /** The create-mode preflight results of the current output (e.g. for `formatPreflightReport`). */
  preflights(): PreflightResult[] {
    return runPreflights(super.toJson() as KubeObject[], { mode: PreflightMode.CREATE, eksaRelease: this.eksaRelease, hardware: this.hardware });
  }

  /** Renders the objects and fails with a ValidationError when a preflight fails (also after escape-hatch edits). */
  override toJson(): any[] {
    const objects = super.toJson();
    const errors = preflightErrors(runPreflights(objects, { mode: PreflightMode.CREATE, eksaRelease: this.eksaRelease, hardware: this.hardware }));
    if (errors.length) {
      throw ValidationError.fromFindings(this.node.path, errors.map(f => ({ ...f, field: propForFinding(f) }) as Finding));
    }
    return objects;
  }

  /** Props whose JS shape would break rendering (untyped callers); everything else is a preflight. */
  private checkPropShapes(props: EksaClusterProps): void {
    const problems: Finding[] = [];
    const isArr = (v: unknown) => v === undefined || Array.isArray(v);
    const isMap = (v: unknown) => v === undefined || (typeof v === 'object' && v !== null && !Array.isArray(v));
    const kv: unknown = props.kubernetesVersion;
    if (kv !== undefined && typeof kv !== 'string') {
      problems.push(error('props', 'kubernetesVersion', `must be a string such as "1.35" (got ${typeof kv} ${String(kv)})`,
        'quote it: as a number 1.30 is 1.3, a different Kubernetes version'));
    }
    if (!isArr(props.workerNodeGroups)) problems.push(error('props', 'workerNodeGroups', 'must be a list'));
    (Array.isArray(props.workerNodeGroups) ? props.workerNodeGroups : []).forEach((g, i) => {
      if (!g || typeof g !== 'object') {problems.push(error('props', `workerNodeGroups[${i}]`, 'must be an object'));} else {
        if (typeof g.name !== 'string') problems.push(error('props', `workerNodeGroups[${i}].name`, 'Required value', 'e.g. md-0'));
        if (!isMap(g.labels)) problems.push(error('props', `workerNodeGroups[${i}].labels`, 'must be a map of strings'));
        if (!isArr(g.taints)) problems.push(error('props', `workerNodeGroups[${i}].taints`, 'must be a list'));
        if (g.upgradeRolloutStrategy?._maxUnavailable !== undefined && g.upgradeRolloutStrategy.type === 'InPlace') {
          problems.push(error('props', `workerNodeGroups[${i}].upgradeRolloutStrategy`, 'InPlace takes no rolling-update options'));
        }
      }
    });
    const cp = props.controlPlane;
    if (cp !== undefined) {
      if (!isMap(cp.labels)) problems.push(error('props', 'controlPlane.labels', 'must be a map of strings'));
      if (!isArr(cp.taints)) problems.push(error('props', 'controlPlane.taints', 'must be a list'));
      if (cp.upgradeRolloutStrategy?._maxUnavailable !== undefined) {
        problems.push(error('props', 'controlPlane.upgradeRolloutStrategy', 'the control plane rollout takes maxSurge only (0 or 1)', 'UpgradeRolloutStrategy.rollingUpdate({maxSurge: 1})'));
      }
    }
    if (!isArr(props.identityProviders) || (props.identityProviders ?? []).some(p => !(p instanceof EksaIdentityProvider))) {
      problems.push(error('props', 'identityProviders', 'must be a list of EksaIdentityProvider.oidc(...) / .awsIam(...)'));
    }
    if (props.clusterNetwork?.cni !== undefined && !(props.clusterNetwork.cni instanceof EksaCni)) {
      problems.push(error('props', 'clusterNetwork.cni', 'must be EksaCni.cilium(...) or EksaCni.kindnetd()'));
    }
    if (props.etcd !== undefined && !(props.etcd instanceof EksaEtcd)) problems.push(error('props', 'etcd', 'must be EksaEtcd.stacked() or EksaEtcd.external(n)'));
    if (problems.length) throw ValidationError.fromFindings(this.node.path, problems);
  }
}
