// Tinkerbell (bare metal) provider rules (upstream-rules.md §5.4): datacenter and machine config
// fields, one osFamily across the cluster, tinkerbellIP vs endpoint, one selector per role.
import { Finding, error, warning } from '../../../core/finding';
import { KubeObject } from '../../../core/kube-object';
import { isIp } from '../cidr';
import { PreflightFinding, TinkerbellDatacenterKind, TinkerbellTemplateKind, about, nameOf, namespaceOf, refOf, resolveRef } from '../eksa-spec';
import { CheckContext, PreflightCheck } from './check';
import { RoleMachine, datacenterOf, distinctMachines, isRequestUri, roleMachines } from './provider-objects';

export const TINKERBELL_OS_FAMILIES = ['ubuntu', 'redhat', 'bottlerocket'];

export function tinkerbellDatacenterProblems(obj: KubeObject): Finding[] {
  const s = obj.spec ?? {};
  const out: Finding[] = [];
  const ip = s.tinkerbellIP;
  if (typeof ip !== 'string' || ip === '') {
    out.push(error('eksa/tinkerbell-ip', 'spec.tinkerbellIP', 'TinkerbellDatacenterConfig: missing spec.tinkerbellIP', 'an unused IP on the node network for the Tinkerbell stack'));
  } else if (!isIp(ip)) {
    out.push(error('eksa/tinkerbell-ip', 'spec.tinkerbellIP', `TinkerbellDatacenterConfig: invalid tinkerbell ip: ${ip}`, 'an IPv4 or IPv6 address'));
  }
  for (const f of ['osImageURL', 'hookImagesURLPath', 'hookIsoURL'] as const) {
    const v = s[f];
    if (v !== undefined && v !== '' && (typeof v !== 'string' || !isRequestUri(v))) {
      out.push(error('eksa/tinkerbell-url', `spec.${f}`, `TinkerbellDatacenterConfig: invalid ${f} ${JSON.stringify(v)}: not a valid URL`));
    }
  }
  if (s.hookIsoURL && s.isoBoot !== true) {
    out.push(error('eksa/tinkerbell-iso', 'spec.hookIsoURL', 'TinkerbellDatacenterConfig: hookIsoURL is only supported when isoBoot is true', 'set isoBoot: true or remove hookIsoURL'));
  }
  return out;
}

export function tinkerbellMachineProblems(obj: KubeObject): Finding[] {
  const s = obj.spec ?? {};
  const name = nameOf(obj);
  const out: Finding[] = [];
  const selector = s.hardwareSelector;
  const hasSelector = selector && typeof selector === 'object' && Object.keys(selector).length > 0;
  const hasAffinity = s.hardwareAffinity !== undefined && s.hardwareAffinity !== null;
  if (hasSelector && hasAffinity) {
    out.push(error('eksa/hardware-selector', 'spec.hardwareSelector', `TinkerbellMachineConfig: hardwareSelector and hardwareAffinity are mutually exclusive: ${name}`));
  } else if (!hasSelector && !hasAffinity) {
    out.push(error('eksa/hardware-selector', 'spec.hardwareSelector', `TinkerbellMachineConfig: missing spec.hardwareSelector: ${name}`, 'one label pair of the hardware, e.g. {type: cp}'));
  } else if (hasSelector && Object.keys(selector).length !== 1) {
    out.push(error('eksa/hardware-selector', 'spec.hardwareSelector', `TinkerbellMachineConfig: spec.hardwareSelector must contain only 1 key-value pair: ${name}`,
      `got ${Object.keys(selector).length} pairs`));
  } else if (hasAffinity && !(Array.isArray(s.hardwareAffinity.required) && s.hardwareAffinity.required.length > 0)) {
    out.push(error('eksa/hardware-selector', 'spec.hardwareAffinity.required', `TinkerbellMachineConfig: hardwareAffinity.required must have at least one term: ${name}`));
  }
  const os = s.osFamily;
  if (typeof os !== 'string' || os === '') {
    out.push(error('eksa/os-family', 'spec.osFamily', `TinkerbellMachineConfig: missing spec.osFamily: ${name}`, TINKERBELL_OS_FAMILIES.join(', ')));
  } else if (!TINKERBELL_OS_FAMILIES.includes(os)) {
    out.push(error('eksa/os-family', 'spec.osFamily', `TinkerbellMachineConfig: unsupported spec.osFamily (${os}); Please use one of the following: ${TINKERBELL_OS_FAMILIES.join(', ')}`));
  }
  if (s.osImageURL !== undefined && s.osImageURL !== '' && (typeof s.osImageURL !== 'string' || !isRequestUri(s.osImageURL))) {
    out.push(error('eksa/tinkerbell-url', 'spec.osImageURL', `TinkerbellMachineConfig: invalid osImageURL ${JSON.stringify(s.osImageURL)}: not a valid URL`));
  }
  if (!Array.isArray(s.users) || s.users.length === 0) {
    out.push(error('eksa/users', 'spec.users', `TinkerbellMachineConfig: missing spec.Users: ${name}`, 'e.g. [{name: ec2-user, sshAuthorizedKeys: ["ssh-ed25519 AAAA…"]}]'));
  }
  return out;
}

function selectorKey(machine: KubeObject): string | undefined {
  const sel = machine.spec?.hardwareSelector;
  if (!sel || typeof sel !== 'object' || Object.keys(sel).length === 0) return undefined;
  return JSON.stringify(Object.keys(sel).sort().map(k => [k, sel[k]]));
}

function roleLabel(r: RoleMachine): string {
  return r.role === 'worker' ? `worker node group ${r.group ?? '?'}` : r.role === 'etcd' ? 'etcd' : 'control plane';
}

function crossRules(ctx: CheckContext, roles: RoleMachine[]): PreflightFinding[] {
  const { spec } = ctx;
  const out: PreflightFinding[] = [];
  const cp = roles.find(r => r.role === 'controlPlane');
  const cpOs = cp?.machine.spec?.osFamily;
  if (typeof cpOs === 'string' && TINKERBELL_OS_FAMILIES.includes(cpOs)) {
    for (const m of distinctMachines(roles)) {
      const os = m.spec?.osFamily;
      if (m !== cp!.machine && typeof os === 'string' && os && os !== cpOs) {
        out.push(...about(m, [error('eksa/os-family', 'spec.osFamily',
          `TinkerbellMachineConfig ${nameOf(m)} osFamily ${os} differs from the control plane's osFamily ${cpOs}`,
          'all machine configs of a cluster must use the control plane\'s osFamily')]));
      }
    }
  }
  // One selector per role: the control plane and etcd never share hardware with anything;
  // worker groups sharing a selector draw from one pool (eksctl sums their counts).
  const bySelector = new Map<string, RoleMachine>();
  for (const r of roles) {
    const key = selectorKey(r.machine);
    if (!key) continue;
    const prior = bySelector.get(key);
    if (!prior) {
      bySelector.set(key, r);
      continue;
    }
    const bothWorkers = prior.role === 'worker' && r.role === 'worker';
    if (prior.machine === r.machine && bothWorkers) continue;
    const make = bothWorkers ? warning : error;
    out.push(...about(spec.cluster, [make('eksa/disjoint-selectors', r.field,
      `the ${roleLabel(r)} and the ${roleLabel(prior)} select hardware with the same hardwareSelector ${JSON.stringify(r.machine.spec.hardwareSelector)}`,
      bothWorkers ? 'both groups draw machines from one pool' : 'give each role its own selector (e.g. type=cp / type=worker) so they draw from disjoint hardware')]));
  }
  for (const m of distinctMachines(roles)) {
    const t = refOf(m.spec?.templateRef);
    if (!t || (!t.kind && !t.name)) continue;
    const target = t.kind === TinkerbellTemplateKind && t.name ? resolveRef(spec, t.kind, t.name) : undefined;
    if (!target) {
      out.push(...about(m, [error('eksa/template-ref', 'spec.templateRef', `${TinkerbellTemplateKind} ${t.name || '(empty)'} not found`,
        `templateRef must name a ${TinkerbellTemplateKind} of the cluster config`)]));
    } else if (namespaceOf(target) !== spec.namespace) {
      out.push(...about(m, [error('eksa/namespace', 'spec.templateRef', `${TinkerbellTemplateKind} and Cluster objects must have the same namespace specified`)]));
    }
  }
  return out;
}

export const tinkerbellCheck: PreflightCheck = {
  name: 'Tinkerbell Provider setup is valid',
  applies: ({ spec }) => spec.datacenterKind === TinkerbellDatacenterKind,
  run: (ctx) => {
    const { spec } = ctx;
    const out: PreflightFinding[] = [];
    const dc = datacenterOf(spec);
    const roles = roleMachines(spec);
    if (ctx.objectChecks) {
      if (dc) out.push(...about(dc, tinkerbellDatacenterProblems(dc)));
      for (const m of distinctMachines(roles)) out.push(...about(m, tinkerbellMachineProblems(m)));
    }
    const ip = dc?.spec?.tinkerbellIP;
    const host = spec.cluster.spec?.controlPlaneConfiguration?.endpoint?.host;
    if (typeof ip === 'string' && ip && ip === host) {
      out.push(...about(dc!, [error('eksa/tinkerbell-ip', 'spec.tinkerbellIP',
        `cluster controlPlaneConfiguration.Endpoint.Host and TinkerbellDatacenterConfig.Spec.TinkerbellIP are the same (${ip}), please provide two unique IPs`,
        'the Tinkerbell stack and the Kubernetes API each need their own VIP')]));
    }
    out.push(...crossRules(ctx, roles));
    return out;
  },
};
