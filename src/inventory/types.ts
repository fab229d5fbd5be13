// The inventory as TypeScript types (schema.json is the contract; these mirror it).
import { FleetRollout, WaveSize } from '../core/fleet-rollout';

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

/** `rollout:` — the fleet upgrade's waves, parallelism, soak, failure budget (src/core/fleet-rollout.ts). */
export type InventoryRollout = FleetRollout;
export type InventoryWaveSize = WaveSize;

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
