// What a provider needs from the cluster to render its objects, and what it gives back.
import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { HardwareMachine } from '../../validate/eksa/hardware';

export enum EksaProviderKind {
  DOCKER = 'docker',
  VSPHERE = 'vsphere',
  TINKERBELL = 'tinkerbell',
}

/** The defaults `eksctl anywhere generate clusterconfig` writes for a provider (upstream-rules.md §5.7). */
export interface ProviderDefaults {
  readonly controlPlaneCount: number;
  readonly workerCount: number;
  /** External etcd members by default; undefined = stacked etcd. */
  readonly externalEtcdCount?: number;
}

export interface SshUser {
  /** User name. */
  readonly name: string;
  /** Public keys; an empty key makes eksctl generate a key pair at create time. @default [''] */
  readonly sshAuthorizedKeys?: string[];
}

/** The default user of every machine config: what `generate clusterconfig` writes, with an empty key. */
export const DEFAULT_SSH_USERS: readonly SshUser[] = [{ name: 'ec2-user', sshAuthorizedKeys: [''] }];

export function renderUsers(users: readonly SshUser[] | undefined): Array<{ name: string; sshAuthorizedKeys: string[] }> {
  return (users ?? DEFAULT_SSH_USERS).map(u => ({ name: u.name, sshAuthorizedKeys: [...(u.sshAuthorizedKeys ?? [''])] }));
}

export interface ProviderRenderContext {
  readonly clusterName: string;
  /** Construct path, for errors. */
  readonly where: string;
  readonly workerGroupNames: readonly string[];
  readonly externalEtcd: boolean;
  /** The app opted in to plaintext BMC credentials. */
  readonly allowPlaintextCredentials: boolean;
}

export interface RenderedProvider {
  readonly datacenter: ApiObject;
  readonly machineConfigs: readonly ApiObject[];
  /** Other objects (e.g. a TinkerbellTemplateConfig). */
  readonly extraObjects: readonly ApiObject[];
  readonly controlPlaneMachine?: string;
  readonly etcdMachine?: string;
  /** Machine config name of each worker group. */
  readonly workerMachines: Readonly<Record<string, string>>;
  /** Hardware inventory (Tinkerbell with hosts). */
  readonly hardware?: readonly HardwareMachine[];
  /** Files written next to the cluster config, by file name. */
  readonly files: Readonly<Record<string, string>>;
}

/** A provider's rendering logic. @internal */
export interface ProviderImpl {
  readonly kind: EksaProviderKind;
  readonly datacenterKind: string;
  readonly machineKind?: string;
  readonly defaults: ProviderDefaults;
  render(scope: Construct, ctx: ProviderRenderContext): RenderedProvider;
}

/** Machine config names eksctl generate uses: NAME-cp, NAME (workers), NAME-etcd; NAME-<group> for a group's own. */
export function machineName(cluster: string, role: 'cp' | 'etcd' | 'worker', group?: string): string {
  if (role === 'cp') return `${cluster}-cp`;
  if (role === 'etcd') return `${cluster}-etcd`;
  return group ? `${cluster}-${group}` : cluster;
}

/** Plain copy of a record prop (cdk8s cannot serialize prototype-less objects; callers may pass anything). */
export function plainRecord(r: Record<string, string> | undefined): Record<string, string> | undefined {
  return r && typeof r === 'object' ? { ...r } : undefined;
}
