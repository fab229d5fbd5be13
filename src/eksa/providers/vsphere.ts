// The vSphere provider: a VSphereDatacenterConfig and one VSphereMachineConfig per role
// (NAME-cp, NAME for workers, NAME-etcd), with eksctl generate's machine defaults.
import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { EksaProviderKind, ProviderImpl, SshUser, machineName, renderUsers } from './context';
import {
  VSphereDatacenterConfig, VSphereMachineConfig, VSphereMachineConfigSpecCloneMode,
} from '../../../imports/anywhere.eks.amazonaws.com';
import { ValidationError } from '../../core/errors';

export enum VSphereOsFamily {
  BOTTLEROCKET = 'bottlerocket',
  UBUNTU = 'ubuntu',
  REDHAT = 'redhat',
}

export enum VSphereCloneMode {
  FULL_CLONE = 'fullClone',
  LINKED_CLONE = 'linkedClone',
}

/** A vSphere failure domain (a compute cluster with its pool, datastore, folder and network). */
export interface VSphereFailureDomainProps {
  readonly name: string;
  readonly computeCluster: string;
  readonly resourcePool: string;
  readonly datastore: string;
  readonly folder: string;
  readonly network: string;
}

/** VM settings of one role; unset fields come from the provider's `machine`. */
export interface VSphereMachineProps {
  /** Datastore name or path. @default - from `machine` (required there) */
  readonly datastore?: string;
  /** Resource pool path, e.g. `/dc/host/cluster/Resources`. @default - from `machine` (required there) */
  readonly resourcePool?: string;
  /** VM folder. @default - from `machine`, else '' (the datacenter's VM folder) */
  readonly folder?: string;
  /** VM template; eksctl imports one for the Kubernetes version when unset. @default - none */
  readonly template?: string;
  /** @default VSphereOsFamily.BOTTLEROCKET */
  readonly osFamily?: VSphereOsFamily;
  /** @default 2 */
  readonly numCpus?: number;
  /** @default 8192 */
  readonly memoryMiB?: number;
  /** @default 25 */
  readonly diskGiB?: number;
  /** Users; Bottlerocket needs `ec2-user` first. @default [{name: 'ec2-user', sshAuthorizedKeys: ['']}] (eksctl generates the key) */
  readonly users?: SshUser[];
  /** @default - none */
  readonly storagePolicyName?: string;
  /** vSphere tags (URNs). @default - none */
  readonly tags?: string[];
  /** @default - vSphere's choice */
  readonly cloneMode?: VSphereCloneMode;
}

export interface VSphereProviderProps {
  /** vCenter server host name or IP. */
  readonly server: string;
  /** Datacenter name. */
  readonly datacenter: string;
  /** VM network (name or `/<datacenter>/network/<name>`). */
  readonly network: string;
  /** SHA-1 thumbprint of the vCenter certificate. @default '' (trusted certificate) */
  readonly thumbprint?: string;
  /** Skip vCenter TLS verification. @default false */
  readonly insecure?: boolean;
  /** Failure domains worker groups may spread over. @default - none */
  readonly failureDomains?: VSphereFailureDomainProps[];
  /** VM settings shared by every role (datastore and resourcePool are required here or per role). */
  readonly machine: VSphereMachineProps;
  /** Control plane VMs (NAME-cp). @default - `machine` */
  readonly controlPlaneMachine?: VSphereMachineProps;
  /** External etcd VMs (NAME-etcd). @default - `machine` */
  readonly etcdMachine?: VSphereMachineProps;
  /** Worker VMs of every group (NAME). @default - `machine` */
  readonly workerMachine?: VSphereMachineProps;
  /** Per worker group VMs (NAME-<group>), keyed by group name. @default - none */
  readonly workerMachines?: Record<string, VSphereMachineProps>;
}

function merge(base: VSphereMachineProps, override?: VSphereMachineProps): VSphereMachineProps {
  const o = Object.fromEntries(Object.entries(override ?? {}).filter(([, v]) => v !== undefined));
  return { ...base, ...o };
}

function machineConfig(scope: Construct, id: string, name: string, m: VSphereMachineProps): ApiObject {
  return new VSphereMachineConfig(scope, id, {
    metadata: { name },
    spec: {
      datastore: m.datastore ?? '',
      resourcePool: m.resourcePool ?? '',
      folder: m.folder ?? '',
      template: m.template,
      osFamily: m.osFamily ?? VSphereOsFamily.BOTTLEROCKET,
      numCpUs: m.numCpus ?? 2,
      memoryMiB: m.memoryMiB ?? 8192,
      diskGiB: m.diskGiB ?? 25,
      users: renderUsers(m.users),
      storagePolicyName: m.storagePolicyName,
      tags: m.tags ? [...m.tags] : undefined,
      cloneMode: m.cloneMode as unknown as VSphereMachineConfigSpecCloneMode | undefined,
    },
  });
}

export function vsphereProvider(props: VSphereProviderProps): ProviderImpl {
  return {
    kind: EksaProviderKind.VSPHERE,
    datacenterKind: 'VSphereDatacenterConfig',
    machineKind: 'VSphereMachineConfig',
    defaults: { controlPlaneCount: 2, workerCount: 2, externalEtcdCount: 3 },
    render(scope, ctx) {
      if (!props || typeof props !== 'object' || !props.machine || typeof props.machine !== 'object') {
        throw new ValidationError(ctx.where, 'provider.machine', 'the vSphere provider needs `machine` (at least datastore and resourcePool)');
      }
      const datacenter = new VSphereDatacenterConfig(scope, 'datacenter', {
        metadata: { name: ctx.clusterName },
        spec: {
          server: props.server,
          datacenter: props.datacenter,
          network: props.network,
          thumbprint: props.thumbprint ?? '',
          insecure: props.insecure ?? false,
          failureDomains: props.failureDomains?.map(d => ({ ...d })),
        },
      });
      const machines: ApiObject[] = [];
      const cpName = machineName(ctx.clusterName, 'cp');
      machines.push(machineConfig(scope, 'machine-cp', cpName, merge(props.machine, props.controlPlaneMachine)));
      const workerMachines: Record<string, string> = {};
      const own = props.workerMachines ?? {};
      for (const g of Object.keys(own)) {
        if (!ctx.workerGroupNames.includes(g)) {
          throw new ValidationError(ctx.where, `provider.workerMachines.${g}`, `there is no worker node group ${g}`, `groups: ${ctx.workerGroupNames.join(', ') || 'none'}`);
        }
      }
      const shared = ctx.workerGroupNames.filter(g => !own[g]);
      if (shared.length) {
        machines.push(machineConfig(scope, 'machine-workers', machineName(ctx.clusterName, 'worker'), merge(props.machine, props.workerMachine)));
        for (const g of shared) workerMachines[g] = machineName(ctx.clusterName, 'worker');
      }
      for (const g of ctx.workerGroupNames.filter(x => own[x])) {
        const name = machineName(ctx.clusterName, 'worker', g);
        if (name === cpName || name === machineName(ctx.clusterName, 'etcd')) {
          throw new ValidationError(ctx.where, `provider.workerMachines.${g}`, `machine config ${name} would collide with the ${g} role's`, 'rename the worker group');
        }
        machines.push(machineConfig(scope, `machine-${g}`, name, merge(merge(props.machine, props.workerMachine), own[g])));
        workerMachines[g] = name;
      }
      let etcdMachine: string | undefined;
      if (ctx.externalEtcd) {
        etcdMachine = machineName(ctx.clusterName, 'etcd');
        machines.push(machineConfig(scope, 'machine-etcd', etcdMachine, merge(props.machine, props.etcdMachine)));
      }
      return { datacenter, machineConfigs: machines, extraObjects: [], controlPlaneMachine: cpName, etcdMachine, workerMachines, files: {} };
    },
  };
}
