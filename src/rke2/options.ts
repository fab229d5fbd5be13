// Props shared by the RKE2-on-Metal3 cluster constructs.
import { BareMetalHostEnrollment } from '../baremetal/bare-metal-host-enrollment';
import { LabelSelector } from '../core/selectors';
import { MachineImage } from '../metal3/machine-template';
import { MetalLbVipProps } from '../metallb/metallb-vip';
import { VipAddresses } from '../metallb/vip';

export enum Cni {
  CILIUM = 'cilium',
  CALICO = 'calico',
  CANAL = 'canal',
  NONE = 'none',
}

/** How nodes find the RKE2 supervisor when they join (CAPRKE2 registrationMethod). */
export enum RegistrationMethod {
  /** Through the Cluster's control plane endpoint (the API VIP). */
  CONTROL_PLANE_ENDPOINT = 'control-plane-endpoint',
  /** Through `registrationAddress` (an LB or VIP). */
  ADDRESS = 'address',
  INTERNAL_FIRST = 'internal-first',
  INTERNAL_ONLY_IPS = 'internal-only-ips',
  EXTERNAL_ONLY_IPS = 'external-only-ips',
}

export interface ClusterNetworkOptions {
  /** Pod CIDRs (one per family). @default - 192.168.0.0/18 and/or fd00:1234:4321::/48, following the API VIP's families */
  readonly podCidrs?: string[];
  /** Service CIDRs (one per family). @default - 10.96.0.0/12 and/or fd00:5678:8765:4321::/112, following the API VIP's families */
  readonly serviceCidrs?: string[];
}

export interface Rke2ControlPlaneOptions {
  /** Control-plane machines (1, 3 or 5 keep etcd quorum). @default 3 (1 for SingleNodeRke2Cluster) */
  readonly replicas?: number;
  /** OS image of control-plane machines. */
  readonly image: MachineImage;
  /** BareMetalHosts the control plane may use. @default - matchLabels cluster-role: control-plane */
  readonly hostSelector?: LabelSelector;
  /** Extra machine during rollouts: 0 replaces machines in place (no spare host), 1 adds one first. @default 0 */
  readonly maxSurge?: number;
  /** `agentConfig.nodeName` (overridden per machine by rke2-preinstall). @default `Node-<cluster name>` */
  readonly nodeName?: string;
  /** Annotate for load-balancer exclusion while nodes drain during lifecycle operations. @default true */
  readonly loadBalancerExclusion?: boolean;
  /** Drain timeout of control-plane machines. @default - CAPRKE2 default (120 s) */
  readonly nodeDrainTimeoutSeconds?: number;
}

export interface Rke2WorkerPoolOptions {
  /** Pool name (label `nodepool`). @default 'nodepool-0' */
  readonly name?: string;
  /** Worker machines. */
  readonly replicas: number;
  /** OS image of the workers. */
  readonly image: MachineImage;
  /** BareMetalHosts the pool may use. @default - matchLabels cluster-role: worker */
  readonly hostSelector?: LabelSelector;
  /** Extra machines during a rolling update. @default 0 (bare metal seldom has a spare host) */
  readonly maxSurge?: number;
  /** Machines that may be down during a rolling update. @default 1 */
  readonly maxUnavailable?: number;
  /** Drain timeout (0 = wait forever). @default 0 */
  readonly nodeDrainTimeoutSeconds?: number;
  /** `agentConfig.nodeName` (overridden per machine by rke2-preinstall). @default `Node-<cluster name>-worker` */
  readonly nodeName?: string;
}

export interface Rke2ClusterCommonProps {
  /** Cluster name (CAPI Cluster and prefix of every object). @default - the construct id */
  readonly clusterName?: string;
  /** Namespace of every object (the hosts' namespace). @default 'default' */
  readonly namespace?: string;
  /** RKE2 version, e.g. `v1.36.3+rke2r1`. */
  readonly version: string;
  readonly controlPlane: Rke2ControlPlaneOptions;
  /** Ingress VIP for RKE2's Traefik (pool + L2 advertisement + rke2-traefik values). @default - no ingress VIP */
  readonly ingressVip?: VipAddresses;
  /** MetalLB and endpoint-copier-operator chart options. @default - the reference chapter's charts */
  readonly metallb?: Omit<MetalLbVipProps, 'vip'>;
  readonly network?: ClusterNetworkOptions;
  /** CNI. @default Cni.CILIUM */
  readonly cni?: Cni;
  /** Also install Multus (RKE2 cniMultusEnable). @default false */
  readonly multus?: boolean;
  /**
   * Write the rke2-cilium HelmChartConfig with `cni.exclusive: false`, which lets Cilium coexist
   * with other CNI plugins (Multus/SR-IOV), as the reference chapter does.
   * @default true when the CNI is Cilium
   */
  readonly ciliumNonExclusive?: boolean;
  /** Registration method. @default RegistrationMethod.CONTROL_PLANE_ENDPOINT */
  readonly registrationMethod?: RegistrationMethod;
  /** Label the Cluster `cluster-api.cattle.io/rancher-auto-import: "true"` (import into Rancher). @default false */
  readonly rancherAutoImport?: boolean;
  /** Extra TLS SANs for the API server certificate. @default - none */
  readonly additionalTlsSans?: string[];
  /** Add `<vip>.sslip.io` names to the TLS SANs. @default true */
  readonly sslipTlsSans?: boolean;
  /** Metal3 cloud provider (CAPM3 `cloudProviderEnabled`). @default false */
  readonly cloudProviderEnabled?: boolean;
  /** The enrolled hosts, for the host-capacity checks at synth. @default - capacity is not checked */
  readonly hosts?: BareMetalHostEnrollment;
}
