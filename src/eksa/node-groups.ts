// Control plane and worker node group props of an EKS Anywhere cluster.
import { UpgradeRolloutStrategy } from './rollout-strategy';

export enum TaintEffect {
  NO_SCHEDULE = 'NoSchedule',
  PREFER_NO_SCHEDULE = 'PreferNoSchedule',
  NO_EXECUTE = 'NoExecute',
}

/** A node taint. */
export interface EksaTaint {
  readonly key: string;
  /** @default - no value */
  readonly value?: string;
  readonly effect: TaintEffect;
}

export interface ControlPlaneProps {
  /** Control plane nodes; odd with stacked etcd. @default - the provider's default (eksctl generate: Docker 1, vSphere 2, Tinkerbell 1) */
  readonly count?: number;
  /** The API server VIP (`controlPlaneConfiguration.endpoint.host`); required except on Docker. @default - none */
  readonly endpoint?: string;
  /** Labels of the control plane nodes. @default - none */
  readonly labels?: Record<string, string>;
  /** Taints of the control plane nodes (needs at least one worker group). @default - none */
  readonly taints?: EksaTaint[];
  /** Extra API server certificate SANs (IPs or domain names). @default - none */
  readonly certSans?: string[];
  /** Extra kube-apiserver flags. @default - none */
  readonly apiServerExtraArgs?: Record<string, string>;
  /** How control plane nodes are replaced on upgrade. @default - EKS Anywhere's default (rolling, maxSurge 1) */
  readonly upgradeRolloutStrategy?: UpgradeRolloutStrategy;
  /** Do not deploy kube-vip for the endpoint (bring your own load balancer). @default false */
  readonly skipLoadBalancerDeployment?: boolean;
}

/** Cluster-autoscaler bounds of a worker group. */
export interface AutoscalingProps {
  readonly minCount: number;
  readonly maxCount: number;
}

export interface WorkerNodeGroupProps {
  /** Group name (unique; becomes the MachineDeployment `<cluster>-<name>`). */
  readonly name: string;
  /** Nodes. @default - autoscaling.minCount, else the provider's default (eksctl generate: Docker 1, vSphere 2, Tinkerbell 1) */
  readonly count?: number;
  /** Cluster-autoscaler bounds (minCount ≤ count ≤ maxCount). @default - no autoscaling */
  readonly autoscaling?: AutoscalingProps;
  /** Node labels. @default - none */
  readonly labels?: Record<string, string>;
  /** Node taints (on a self-managed cluster at least one group must stay schedulable). @default - none */
  readonly taints?: EksaTaint[];
  /** Kubernetes version of this group, at most 2 minors behind the control plane. @default - the cluster's */
  readonly kubernetesVersion?: string;
  /** How nodes are replaced on upgrade. @default - EKS Anywhere's default (rolling, maxSurge 1, maxUnavailable 0) */
  readonly upgradeRolloutStrategy?: UpgradeRolloutStrategy;
  /** vSphere failure domains (names of VSphereDatacenterConfig failure domains). @default - none */
  readonly failureDomains?: string[];
}
