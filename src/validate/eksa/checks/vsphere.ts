// vSphere provider rules (upstream-rules.md §5.4): required datacenter and machine fields,
// inventory paths under the datacenter, failure domains, Bottlerocket's ec2-user.
import { Finding, error, warning } from '../../../core/finding';
import { KubeObject } from '../../../core/kube-object';
import { PreflightFinding, VSphereDatacenterKind, about, nameOf, workerGroups } from '../eksa-spec';
import { PreflightCheck, intField, str } from './check';
import { hostOsConfigProblems } from './host-os-config';
import { datacenterOf, distinctMachines, roleMachines } from './provider-objects';

export const VSPHERE_OS_FAMILIES = ['bottlerocket', 'ubuntu', 'redhat'];
const FAILURE_DOMAIN_FIELDS = ['name', 'computeCluster', 'resourcePool', 'datastore', 'folder', 'network'];

/** An absolute inventory path must start with /<datacenter>/. */
function outsideDatacenter(path: string, datacenter: string): boolean {
  return Boolean(datacenter) && path.startsWith('/') && !path.startsWith(`/${datacenter}/`);
}

export function vsphereDatacenterProblems(obj: KubeObject): Finding[] {
  const s = obj.spec ?? {};
  const out: Finding[] = [];
  const required: Array<[string, string]> = [['server', 'server'], ['datacenter', 'datacenter'], ['network', 'VM network']];
  for (const [f, label] of required) {
    if (!str(s[f])) out.push(error('eksa/vsphere-datacenter', `spec.${f}`, `VSphereDatacenterConfig ${label} is not set or is empty`));
  }
  const dc = str(s.datacenter);
  if (str(s.network) && outsideDatacenter(s.network, dc)) {
    out.push(error('eksa/vsphere-path', 'spec.network', `network ${s.network} is not under datacenter ${dc}`, `use /${dc}/network/<name> or the bare network name`));
  }
  const domains: any[] = Array.isArray(s.failureDomains) ? s.failureDomains : [];
  const names = new Set<string>();
  domains.forEach((d, i) => {
    for (const f of FAILURE_DOMAIN_FIELDS) {
      if (!str(d?.[f])) out.push(error('eksa/vsphere-failure-domain', `spec.failureDomains[${i}].${f}`, `failure domain ${f} is not set or is empty`));
    }
    for (const f of ['resourcePool', 'datastore', 'folder', 'network', 'computeCluster']) {
      if (str(d?.[f]) && outsideDatacenter(d[f], dc)) {
        out.push(error('eksa/vsphere-path', `spec.failureDomains[${i}].${f}`, `${f} ${d[f]} is not under datacenter ${dc}`));
      }
    }
    if (str(d?.name) && names.has(d.name)) out.push(error('eksa/vsphere-failure-domain', `spec.failureDomains[${i}].name`, `failure domain name ${d.name} is used twice`));
    names.add(str(d?.name));
  });
  return out;
}

export function vsphereMachineProblems(obj: KubeObject, datacenter = ''): Finding[] {
  const s = obj.spec ?? {};
  const name = nameOf(obj);
  const out: Finding[] = [];
  for (const f of ['datastore', 'resourcePool']) {
    if (!str(s[f])) out.push(error('eksa/vsphere-machine', `spec.${f}`, `VSphereMachineConfig ${name} ${f} is not set or is empty`));
  }
  for (const f of ['datastore', 'resourcePool', 'folder']) {
    if (str(s[f]) && outsideDatacenter(s[f], datacenter)) {
      out.push(error('eksa/vsphere-path', `spec.${f}`, `VSphereMachineConfig ${name} ${f} ${s[f]} is not under datacenter ${datacenter}`));
    }
  }
  // An unset osFamily is defaulted to bottlerocket (vspheremachineconfig.go setVSphereMachineConfigDefaults).
  const os = s.osFamily === undefined || s.osFamily === '' ? 'bottlerocket' : s.osFamily;
  if (!VSPHERE_OS_FAMILIES.includes(os)) {
    out.push(error('eksa/os-family', 'spec.osFamily', `VSphereMachineConfig ${name} osFamily: ${String(os)} is not supported, please use one of the following: ${VSPHERE_OS_FAMILIES.join(', ')}`));
  }
  const user = Array.isArray(s.users) ? s.users[0]?.name : undefined;
  if (os === 'bottlerocket' && user !== undefined && user !== 'ec2-user') {
    out.push(error('eksa/users', 'spec.users[0].name', `users[0].name ${String(user)} is invalid. Please use 'ec2-user' for Bottlerocket`));
  }
  // Upstream defaults these instead of rejecting them (setVSphereMachineConfigDefaults; DiskGiB in the provider's defaulter).
  const defaults: Record<string, string> = { numCPUs: '2', memoryMiB: '8192', diskGiB: 'the template\'s disk size (at least 20)' };
  for (const f of ['numCPUs', 'memoryMiB', 'diskGiB']) {
    const v = intField(s[f]);
    if (v !== undefined && !(v > 0)) {
      out.push(warning('eksa/vsphere-machine', `spec.${f}`, `VSphereMachineConfig ${name} ${f} ${JSON.stringify(s[f])} is not positive: EKS Anywhere replaces it with ${defaults[f]}`, `a positive whole number, or leave ${f} unset`));
    }
  }
  out.push(...hostOsConfigProblems(obj));
  const memory = intField(s.memoryMiB);
  if (memory !== undefined && memory > 0 && memory < 2048) {
    out.push(warning('eksa/vsphere-machine', 'spec.memoryMiB', `VSphereMachineConfig ${name} memoryMiB ${memory} is below 2048: EKS Anywhere raises it to 2048`, 'at least 2048; 8192 is recommended'));
  }
  return out;
}

export const vsphereCheck: PreflightCheck = {
  name: 'Vsphere provider validation',
  applies: ({ spec }) => spec.datacenterKind === VSphereDatacenterKind,
  run: (ctx) => {
    const { spec } = ctx;
    const out: PreflightFinding[] = [];
    const dc = datacenterOf(spec);
    const dcName = str(dc?.spec?.datacenter);
    if (ctx.objectChecks) {
      if (dc) out.push(...about(dc, vsphereDatacenterProblems(dc)));
      for (const m of distinctMachines(roleMachines(spec))) out.push(...about(m, vsphereMachineProblems(m, dcName)));
    }
    const domains = new Set((Array.isArray(dc?.spec?.failureDomains) ? dc!.spec.failureDomains : []).map((d: any) => d?.name));
    const own: Finding[] = [];
    // pkg/providers/vsphere/validator.go validateWorkerNodeGroupDomains: one failure domain per group, defined in the datacenter.
    workerGroups(spec.cluster).forEach((g, i) => {
      const fds: unknown[] = Array.isArray(g?.failureDomains) ? g.failureDomains : [];
      if (fds.length > 1) {
        own.push(error('eksa/vsphere-failure-domain', `spec.workerNodeGroupConfigurations[${i}].failureDomains`,
          `multiple failure domains provided in the worker node group: ${String(g?.name)}. Please provide only one failure domain`, 'one failure domain per worker node group'));
        return;
      }
      fds.forEach((fd: unknown, j: number) => {
        if (!domains.has(fd)) {
          own.push(error('eksa/vsphere-failure-domain', `spec.workerNodeGroupConfigurations[${i}].failureDomains[${j}]`,
            `provided invalid failure domain ${String(fd)} in the worker node group ${String(g?.name)}`, `defined in the VSphereDatacenterConfig: ${[...domains].join(', ') || 'none'}`));
        }
      });
    });
    return [...out, ...about(spec.cluster, own)];
  },
};
