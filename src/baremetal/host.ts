// The host model: one bare-metal server as the operator knows it (BMC, boot NIC, role,
// addressing). The same model feeds the Metal3 path (BareMetalHost) and the EKS Anywhere
// Tinkerbell path (hardware.csv).
import { BmcCredentials } from './bmc-credentials';

export enum Architecture {
  X86_64 = 'x86_64',
  AARCH64 = 'aarch64',
}

export enum BootMode {
  UEFI = 'UEFI',
  UEFI_SECURE_BOOT = 'UEFISecureBoot',
  LEGACY = 'legacy',
}

/** The role a host is enrolled for; becomes the role label the machine templates select on. */
export enum HostRole {
  CONTROL_PLANE = 'control-plane',
  WORKER = 'worker',
}

export enum AutomatedCleaningMode {
  METADATA = 'metadata',
  DISABLED = 'disabled',
}

/** Ironic root device hints (all given hints must match the disk). */
export interface RootDeviceHints {
  /** A /dev/ path with one segment (`/dev/sda`) or `/dev/disk/by-path/<one segment>`. @default - not used */
  readonly deviceName?: string;
  /** SCSI address, e.g. `0:0:0:0`. @default - not used */
  readonly hctl?: string;
  /** Disk model (substring match). @default - not used */
  readonly model?: string;
  /** Disk vendor (substring match). @default - not used */
  readonly vendor?: string;
  /** Disk serial number. @default - not used */
  readonly serialNumber?: string;
  /** Smallest acceptable size in GB. @default - not used */
  readonly minSizeGigabytes?: number;
  /** World wide name. @default - not used */
  readonly wwn?: string;
  /** WWN with vendor extension. @default - not used */
  readonly wwnWithExtension?: string;
  /** WWN vendor extension. @default - not used */
  readonly wwnVendorExtension?: string;
  /** true for spinning disks, false for SSD/NVMe. @default - not used */
  readonly rotational?: boolean;
}

/** A static address on the host's provisioning NIC (DHCP/SLAAC are used when none is given). */
export interface StaticAddress {
  /** Address with prefix length, e.g. `192.168.125.200/24` or `fd00::200/64`. */
  readonly address: string;
  /** Default gateway of this family. @default - no default route for this family */
  readonly gateway?: string;
}

/** Static network configuration rendered as nmstate (preprovisioning network data). */
export interface HostNetwork {
  /** Interface name in the installed OS. @default 'eth0' */
  readonly interfaceName?: string;
  /** IPv4 address. @default - IPv4 disabled unless ipv6 is also absent */
  readonly ipv4?: StaticAddress;
  /** IPv6 address. @default - IPv6 disabled */
  readonly ipv6?: StaticAddress;
  /** DNS servers. @default - none */
  readonly nameservers?: string[];
  /** VLAN id (1-4094) of the provisioning network. @default - untagged */
  readonly vlanId?: number;
}

/** An OS image written by Ironic (only for hosts provisioned outside Cluster API). */
export interface HostImage {
  /** http(s), ftp or oci URL of the image. */
  readonly url: string;
  /** Checksum, or the URL of a checksum file. @default - required unless oci:// or live-iso */
  readonly checksum?: string;
  /** md5, sha256, sha512 or auto. @default - auto-detected */
  readonly checksumType?: string;
  /** raw, qcow2, vdi, vmdk or live-iso. @default - detected by Ironic */
  readonly format?: string;
}

/** One bare-metal host. */
export interface BareMetalHostProps {
  /** Host name: the BareMetalHost name, lowercase DNS-1123 (e.g. `node1`). */
  readonly name: string;
  /** BMC address, e.g. `redfish-virtualmedia://192.168.200.75/redfish/v1/Systems/1`. */
  readonly bmcAddress: string;
  /** MAC of the NIC the host boots from (`aa:bb:cc:dd:ee:ff`). Always emitted: some drivers require it. */
  readonly bootMacAddress: string;
  /** BMC credentials. @default - the group's credentials, else `BmcCredentials.fromEnv('BMC_<NAME>_USERNAME', 'BMC_<NAME>_PASSWORD')` */
  readonly credentials?: BmcCredentials;
  /** Role; sets the role label (`cluster-role: control-plane|worker`). @default - no role label */
  readonly role?: HostRole;
  /** Extra labels on the BareMetalHost (hostSelectors match these). @default - none */
  readonly labels?: Record<string, string>;
  /** CPU architecture. @default - the group's, else Architecture.X86_64 */
  readonly architecture?: Architecture;
  /** Whether the host should be powered on. @default true */
  readonly online?: boolean;
  /** Boot mode. @default - the group's, else not set (baremetal-operator uses UEFI) */
  readonly bootMode?: BootMode;
  /** Skip TLS verification of the BMC. @default - the group's, else false */
  readonly disableCertificateVerification?: boolean;
  /** Which disk to install on. @default - Ironic's choice (the smallest disk ≥ 4 GiB) */
  readonly rootDeviceHints?: RootDeviceHints;
  /** Disk cleaning between provisionings. @default - the group's, else not set (metadata) */
  readonly automatedCleaningMode?: AutomatedCleaningMode;
  /** Static addressing of the provisioning NIC. @default - DHCP/SLAAC */
  readonly network?: HostNetwork;
  /** Image to provision directly (hosts not managed by Cluster API). @default - none */
  readonly image?: HostImage;
  /** Name of a Secret with cloud-init/Ignition user data (with `image`). @default - none */
  readonly userDataSecretName?: string;
  /** Free-text description. @default - none */
  readonly description?: string;
}

/** `node-1.example` → `NODE_1_EXAMPLE`, for environment variable names. */
export function envVarStem(name: string): string {
  return name.toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_+|_+$/g, '');
}
