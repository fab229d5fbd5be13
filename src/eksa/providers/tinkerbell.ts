// The Tinkerbell (bare metal) provider: a TinkerbellDatacenterConfig, one TinkerbellMachineConfig
// per role (NAME-cp, NAME for workers) selecting hardware by label, an optional
// TinkerbellTemplateConfig, and hardware.csv written from the same host model as the Metal3 path.
import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { EksaProviderKind, ProviderImpl, SshUser, machineName, plainRecord, renderUsers } from './context';
import {
  TinkerbellDatacenterConfig, TinkerbellMachineConfig, TinkerbellTemplateConfig,
} from '../../../imports/anywhere.eks.amazonaws.com';
import { BmcCredentials } from '../../baremetal/bmc-credentials';
import { BareMetalHostProps } from '../../baremetal/host';
import { ValidationError } from '../../core/errors';
import { error } from '../../core/finding';
import { HARDWARE_CONTROL_PLANE_LABEL, HARDWARE_ROLE_LABEL, HARDWARE_WORKER_LABEL } from '../../validate/eksa/hardware';
import { renderHardwareCsv } from '../../validate/eksa/hardware-csv';
import { hardwareFromHosts } from '../hardware-from-hosts';

export enum TinkerbellOsFamily {
  UBUNTU = 'ubuntu',
  BOTTLEROCKET = 'bottlerocket',
  REDHAT = 'redhat',
}

/** Machine settings of one role; unset fields come from the provider. */
export interface TinkerbellMachineProps {
  /** One label pair the role's hardware carries. @default {type: 'cp'} for the control plane, {type: 'worker'} for workers */
  readonly hardwareSelector?: Record<string, string>;
  /** Must equal the control plane's. @default - the provider's osFamily */
  readonly osFamily?: TinkerbellOsFamily;
  /** OS image for this role. @default - the datacenter's osImageUrl */
  readonly osImageUrl?: string;
  /** @default - the provider's users */
  readonly users?: SshUser[];
}

export interface TinkerbellActionProps {
  readonly name: string;
  readonly image: string;
  /** Seconds. */
  readonly timeout: number;
  /** @default - the image's entrypoint */
  readonly command?: string[];
  /** @default - none */
  readonly environment?: Record<string, string>;
  /** @default - none */
  readonly volumes?: string[];
  /** @default - none */
  readonly pid?: string;
}

export interface TinkerbellTaskProps {
  readonly name: string;
  /** @default '{{.device_1}}' */
  readonly worker?: string;
  readonly actions: TinkerbellActionProps[];
  /** @default - none */
  readonly volumes?: string[];
  /** @default - none */
  readonly environment?: Record<string, string>;
}

/** A custom Tinkerbell workflow template, referenced by every machine config. */
export interface TinkerbellTemplateProps {
  /** TinkerbellTemplateConfig name. @default - the cluster name */
  readonly name?: string;
  /** @default 6000 */
  readonly globalTimeout?: number;
  readonly tasks: TinkerbellTaskProps[];
}

export interface TinkerbellProviderProps {
  /** An unused IP on the node network for the Tinkerbell stack (≠ the control plane endpoint). */
  readonly tinkerbellIp: string;
  /** OS image URL for every machine. @default - none (required for Ubuntu and Red Hat by eksctl) */
  readonly osImageUrl?: string;
  /** Where the HookOS images are served. @default - EKS-A's public artifacts */
  readonly hookImagesUrlPath?: string;
  /** Boot machines from an ISO over the BMC instead of PXE. @default false */
  readonly isoBoot?: boolean;
  /** HookOS ISO URL (only with isoBoot). @default - none */
  readonly hookIsoUrl?: string;
  /** Interface the Tinkerbell stack's load balancer announces on. @default - auto */
  readonly loadBalancerInterface?: string;
  /** Do not deploy the Tinkerbell stack's load balancer. @default false */
  readonly skipLoadBalancerDeployment?: boolean;
  /** @default TinkerbellOsFamily.UBUNTU */
  readonly osFamily?: TinkerbellOsFamily;
  /** @default [{name: 'ec2-user', sshAuthorizedKeys: ['']}] (eksctl generates the key) */
  readonly users?: SshUser[];
  /** Control plane machines (NAME-cp). @default - selector {type: 'cp'} */
  readonly controlPlaneMachine?: TinkerbellMachineProps;
  /** Worker machines of every group (NAME). @default - selector {type: 'worker'} */
  readonly workerMachine?: TinkerbellMachineProps;
  /** Per worker group machines (NAME-<group>), keyed by group name; each needs its own selector. @default - none */
  readonly workerMachines?: Record<string, TinkerbellMachineProps>;
  /** A custom workflow template. @default - EKS Anywhere's default template */
  readonly template?: TinkerbellTemplateProps;
  /** Hosts written to hardware.csv (the same BareMetalHostProps as the Metal3 path). @default - no hardware.csv */
  readonly hosts?: BareMetalHostProps[];
  /** Credentials of hosts that set none. @default - per host fromEnv('BMC_<NAME>_USERNAME', 'BMC_<NAME>_PASSWORD') */
  readonly credentials?: BmcCredentials;
  /** Write the bmc_* columns (false: eksctl will not power-manage the machines). @default true */
  readonly includeBmc?: boolean;
  /** File name of the hardware inventory next to the cluster config. @default 'hardware.csv' */
  readonly hardwareCsvFileName?: string;
}

function machineConfig(scope: Construct, id: string, name: string, props: TinkerbellProviderProps, m: TinkerbellMachineProps | undefined,
  defaultSelector: Record<string, string>, templateName: string | undefined): ApiObject {
  return new TinkerbellMachineConfig(scope, id, {
    metadata: { name },
    spec: {
      hardwareSelector: plainRecord(m?.hardwareSelector) ?? { ...defaultSelector },
      osFamily: m?.osFamily ?? props.osFamily ?? TinkerbellOsFamily.UBUNTU,
      osImageUrl: m?.osImageUrl,
      users: renderUsers(m?.users ?? props.users),
      templateRef: templateName ? { kind: 'TinkerbellTemplateConfig', name: templateName } : undefined,
    },
  });
}

function templateConfig(scope: Construct, name: string, t: TinkerbellTemplateProps): ApiObject {
  return new TinkerbellTemplateConfig(scope, 'template', {
    metadata: { name },
    spec: {
      template: {
        globalTimeout: t.globalTimeout ?? 6000,
        id: '',
        name,
        version: '0.1',
        tasks: (t.tasks ?? []).map(task => ({
          name: task.name,
          worker: task.worker ?? '{{.device_1}}',
          volumes: task.volumes ? [...task.volumes] : undefined,
          environment: plainRecord(task.environment),
          actions: (task.actions ?? []).map(a => ({
            name: a.name,
            image: a.image,
            timeout: a.timeout,
            command: a.command ? [...a.command] : undefined,
            environment: plainRecord(a.environment),
            volumes: a.volumes ? [...a.volumes] : undefined,
            pid: a.pid,
          })),
        })),
      },
    },
  });
}

export function tinkerbellProvider(props: TinkerbellProviderProps): ProviderImpl {
  return {
    kind: EksaProviderKind.TINKERBELL,
    datacenterKind: 'TinkerbellDatacenterConfig',
    machineKind: 'TinkerbellMachineConfig',
    defaults: { controlPlaneCount: 1, workerCount: 1 },
    render(scope, ctx) {
      if (!props || typeof props !== 'object') throw new ValidationError(ctx.where, 'provider', 'the Tinkerbell provider needs its props (at least tinkerbellIp)');
      const datacenter = new TinkerbellDatacenterConfig(scope, 'datacenter', {
        metadata: { name: ctx.clusterName },
        spec: {
          tinkerbellIp: props.tinkerbellIp,
          osImageUrl: props.osImageUrl,
          hookImagesUrlPath: props.hookImagesUrlPath,
          isoBoot: props.isoBoot,
          hookIsoUrl: props.hookIsoUrl,
          loadBalancerInterface: props.loadBalancerInterface,
          skipLoadBalancerDeployment: props.skipLoadBalancerDeployment,
        },
      });
      const extraObjects: ApiObject[] = [];
      const templateName = props.template ? (props.template.name ?? ctx.clusterName) : undefined;
      if (props.template) extraObjects.push(templateConfig(scope, templateName!, props.template));

      const cpName = machineName(ctx.clusterName, 'cp');
      const machines: ApiObject[] = [
        machineConfig(scope, 'machine-cp', cpName, props, props.controlPlaneMachine, { [HARDWARE_ROLE_LABEL]: HARDWARE_CONTROL_PLANE_LABEL }, templateName),
      ];
      const own = props.workerMachines ?? {};
      for (const g of Object.keys(own)) {
        if (!ctx.workerGroupNames.includes(g)) {
          throw new ValidationError(ctx.where, `provider.workerMachines.${g}`, `there is no worker node group ${g}`, `groups: ${ctx.workerGroupNames.join(', ') || 'none'}`);
        }
      }
      const workerMachines: Record<string, string> = {};
      const shared = ctx.workerGroupNames.filter(g => !own[g]);
      if (shared.length) {
        const name = machineName(ctx.clusterName, 'worker');
        machines.push(machineConfig(scope, 'machine-workers', name, props, props.workerMachine, { [HARDWARE_ROLE_LABEL]: HARDWARE_WORKER_LABEL }, templateName));
        for (const g of shared) workerMachines[g] = name;
      }
      for (const g of ctx.workerGroupNames.filter(x => own[x])) {
        const name = machineName(ctx.clusterName, 'worker', g);
        if (name === cpName) throw new ValidationError(ctx.where, `provider.workerMachines.${g}`, `machine config ${name} would collide with the control plane's`, 'rename the worker group');
        // A group's own machine never inherits the shared workers' selector: it needs its own hardware.
        const m = { ...(props.workerMachine ?? {}), hardwareSelector: undefined, ...own[g] };
        machines.push(machineConfig(scope, `machine-${g}`, name, props, m, { [HARDWARE_ROLE_LABEL]: `${HARDWARE_WORKER_LABEL}-${g}` }, templateName));
        workerMachines[g] = name;
      }

      const files: Record<string, string> = {};
      let hardware;
      if (props.hosts !== undefined) {
        const includeBmc = props.includeBmc ?? true;
        const { machines: rows, problems } = hardwareFromHosts(props.hosts, {
          includeBmc, credentials: props.credentials, allowPlaintextCredentials: ctx.allowPlaintextCredentials,
        });
        if (problems.length) {
          throw ValidationError.fromFindings(`${ctx.where}/hosts`, problems.map(p => error(p.finding.rule, `provider.hosts[${p.host}].${p.finding.field}`, p.finding.message, p.finding.hint)));
        }
        hardware = rows;
        const fileName = props.hardwareCsvFileName ?? 'hardware.csv';
        if (!/^[A-Za-z0-9._-]+$/.test(fileName) || fileName.startsWith('.')) {
          throw new ValidationError(ctx.where, 'provider.hardwareCsvFileName', `${JSON.stringify(fileName)} is not a plain file name`, 'e.g. hardware.csv');
        }
        files[fileName] = renderHardwareCsv(rows, { includeBmc });
      }
      return { datacenter, machineConfigs: machines, extraObjects, controlPlaneMachine: cpName, workerMachines, hardware, files };
    },
  };
}
