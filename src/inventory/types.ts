// The inventory as TypeScript types (schema.json is the contract; these mirror it).
export interface InventoryCredentials {
  readonly secretName?: string;
  readonly usernameVar?: string;
  readonly passwordVar?: string;
  readonly username?: string;
  readonly password?: string;
}

export interface InventoryBmc {
  readonly credentials?: InventoryCredentials;
  readonly disableCertificateVerification?: boolean;
}

export interface InventoryHost {
  readonly name: string;
  readonly role?: 'control-plane' | 'worker';
  readonly bmcAddress: string;
  readonly bootMacAddress: string;
  readonly credentials?: InventoryCredentials;
  readonly disableCertificateVerification?: boolean;
  readonly architecture?: 'x86_64' | 'aarch64';
  readonly bootMode?: 'UEFI' | 'UEFISecureBoot' | 'legacy';
  readonly online?: boolean;
  readonly labels?: Record<string, string>;
  readonly rootDeviceHints?: Record<string, unknown>;
  readonly network?: {
    readonly interfaceName?: string;
    readonly ipv4?: { address: string; gateway?: string };
    readonly ipv6?: { address: string; gateway?: string };
    readonly nameservers?: string[];
    readonly vlanId?: number;
  };
}

export interface InventoryImage {
  readonly url: string;
  readonly checksum?: string;
  readonly checksumType?: string;
  readonly diskFormat?: string;
}

export interface InventoryRke2 {
  readonly version?: string;
  readonly apiVip?: { ipv4?: string; ipv6?: string };
  readonly ingressVip?: { ipv4?: string; ipv6?: string };
  readonly endpoint?: string;
  readonly network?: { podCidrs?: string[]; serviceCidrs?: string[] };
  readonly cni?: string;
  readonly multus?: boolean;
  readonly rancherAutoImport?: boolean;
  readonly registrationMethod?: string;
  readonly additionalTlsSans?: string[];
  readonly controlPlane?: { replicas?: number; image?: InventoryImage; hostSelector?: any; maxSurge?: number };
  readonly workers?: {
    replicas: number; image?: InventoryImage; hostSelector?: any; maxSurge?: number; maxUnavailable?: number; nodeDrainTimeoutSeconds?: number;
  };
  readonly metallb?: Record<string, string>;
}

export interface InventoryEksa {
  readonly provider: 'tinkerbell' | 'vsphere' | 'docker';
  readonly kubernetesVersion?: string;
  readonly eksaRelease?: string;
  readonly managementClusterName?: string;
  readonly controlPlane?: { count?: number; endpoint?: string; labels?: Record<string, string>; certSans?: string[] };
  readonly workerNodeGroups?: Array<{
    name: string; count?: number; labels?: Record<string, string>; kubernetesVersion?: string; autoscaling?: { minCount: number; maxCount: number };
  }>;
  readonly clusterNetwork?: { podCidr?: string; serviceCidr?: string; cni?: 'cilium' | 'kindnetd' };
  readonly tinkerbell?: {
    readonly tinkerbellIp: string;
    readonly osImageUrl?: string;
    readonly osFamily?: string;
    readonly users?: Array<{ name: string; sshAuthorizedKeys: string[] }>;
    readonly controlPlaneHardwareSelector?: Record<string, string>;
    readonly workerHardwareSelector?: Record<string, string>;
  };
}

/** One wave boundary: a cluster count (`1`) or a share of the fleet (`'10%'`, rounded up). */
export type InventoryWaveSize = number | string;

/**
 * How a fleet upgrade rolls out over the inventory's clusters (`rollout:`), read by
 * `cdk8s-capi upgrade <dir>` and the GitOps generators. CLI flags override each field.
 */
export interface InventoryRollout {
  /**
   * Cumulative wave boundaries: `[1, '10%', '50%', '100%']` is a canary, then up to 10% of the
   * fleet, then half, then everyone. Percentages round up; the last wave always takes the rest.
   * @default ['100%'] (one wave)
   */
  readonly waves?: InventoryWaveSize[];
  /** Clusters upgrading at once within a wave. @default unbounded (the whole wave) */
  readonly maxParallel?: number;
  /** How long a wave's clusters must stay Available before the next wave starts (Go duration, e.g. `10m`). @default 0s */
  readonly soak?: string;
  /** The failure budget: a count (`2`) or a share of the fleet (`'5%'`); exceeding it stops the rollout. @default 0 */
  readonly maxFailures?: number | string;
  /** Clusters with this label (`key` or `key=value`) go first, in the canary wave. */
  readonly canaryLabel?: string;
  /** Order clusters by this label's value (then by name) instead of inventory order. */
  readonly orderBy?: string;
}

export type ClusterType = 'rke2-multinode' | 'rke2-single-node' | 'eksa';

export interface InventoryCluster {
  readonly name: string;
  readonly type: ClusterType;
  readonly namespace?: string;
  /** Fleet labels (rollout canary pinning and ordering); not written onto the cluster objects. */
  readonly labels?: Record<string, string>;
  readonly hosts?: InventoryHost[];
  readonly hostsCsv?: { file: string; bmcScheme?: string; bmcPath?: string };
  readonly bmc?: InventoryBmc;
  readonly rke2?: InventoryRke2;
  readonly eksa?: InventoryEksa;
}

export interface Inventory {
  readonly apiVersion: 'cdk8s-capi.io/v1alpha1';
  readonly kind: 'Inventory';
  readonly allowPlaintextCredentials?: boolean;
  readonly defaults?: { namespace?: string; bmc?: InventoryBmc; rke2?: InventoryRke2 };
  readonly rollout?: InventoryRollout;
  readonly clusters: InventoryCluster[];
}
