// Tinkerbell (bare metal) provider rules (upstream-rules.md §5.4): datacenter and machine config
// fields, one osFamily across the cluster, tinkerbellIP vs endpoint, one selector per role.
import { Finding, error, warning } from '../../../core/finding';
import { KubeObject } from '../../../core/kube-object';
import { isIp } from '../cidr';
import { PreflightFinding, TinkerbellDatacenterKind, TinkerbellTemplateKind, about, nameOf, namespaceOf, refOf, resolveRef } from '../eksa-spec';
import { CheckContext, PreflightCheck } from './check';
import { hostOsConfigProblems } from './host-os-config';
import { RoleMachine, datacenterOf, distinctMachines, isRequestUri, roleMachines } from './provider-objects';
import { tinkerbellImageProblems } from './tinkerbell-images';
import { tinkerbellProxyProblems, tinkerbellRolloutProblems } from './tinkerbell-rollout';

export const TINKERBELL_OS_FAMILIES = ['ubuntu', 'redhat', 'bottlerocket'];

/** Go's path.Ext: from the last dot of the last slash-separated element ('' without one). */
function goPathExt(p: string): string {
  const base = p.slice(p.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot < 0 ? '' : base.slice(dot);
}

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
  // pkg/providers/tinkerbell/validate.go validateISOURL: path.Ext of the whole URL string.
  if (typeof s.hookIsoURL === 'string' && s.hookIsoURL && goPathExt(s.hookIsoURL) !== '.iso') {
    out.push(error('eksa/tinkerbell-iso', 'spec.hookIsoURL', 'incorrect iso url specified: please specify the iso url with \'.iso\' extension', `got ${JSON.stringify(s.hookIsoURL)}; e.g. https://artifacts.example.com/hook-x86_64-efi-initrd.iso`));
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
  } else if (hasAffinity) {
    out.push(...affinityProblems(s.hardwareAffinity, name));
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
  out.push(...hostOsConfigProblems(obj));
  if (!Array.isArray(s.users) || s.users.length === 0) {
    // eksctl adds ec2-user with a generated key before validating (ssh.go ensureMachineConfigsHaveAtLeast1User); the webhook rejects it.
    out.push(warning('eksa/users', 'spec.users', `TinkerbellMachineConfig: missing spec.Users: ${name}: eksctl adds the user ec2-user with a generated SSH key; the EKS-A webhook (kubectl, GitOps) rejects it`,
      'e.g. [{name: ec2-user, sshAuthorizedKeys: ["ssh-ed25519 AAAA…"]}]'));
  }
  return out;
}

const AFFINITY_OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist'];

/** tinkerbellmachineconfig.go validateHardwareAffinity / validateLabelSelector. */
function affinityProblems(affinity: any, name: string): Finding[] {
  const out: Finding[] = [];
  const at = 'spec.hardwareAffinity';
  if (!(Array.isArray(affinity.required) && affinity.required.length > 0)) {
    return [error('eksa/hardware-selector', `${at}.required`, `TinkerbellMachineConfig: hardwareAffinity.required must have at least one term: ${name}`)];
  }
  const selectorProblems = (selector: any, path: string) => {
    (Array.isArray(selector?.matchExpressions) ? selector.matchExpressions : []).forEach((e: any, j: number) => {
      const field = `${at}.${path}.labelSelector.matchExpressions[${j}]`;
      const values = Array.isArray(e?.values) ? e.values : [];
      if (!AFFINITY_OPERATORS.includes(e?.operator)) {
        out.push(error('eksa/hardware-selector', `${field}.operator`,
          `TinkerbellMachineConfig: invalid matchExpression operator '${String(e?.operator ?? '')}' in ${path}.labelSelector.matchExpressions[${j}], must be one of: In, NotIn, Exists, DoesNotExist: ${name}`));
      } else if ((e.operator === 'In' || e.operator === 'NotIn') && values.length === 0) {
        out.push(error('eksa/hardware-selector', `${field}.values`,
          `TinkerbellMachineConfig: matchExpression with operator ${e.operator} must have non-empty values in ${path}.labelSelector.matchExpressions[${j}]: ${name}`));
      } else if ((e.operator === 'Exists' || e.operator === 'DoesNotExist') && values.length > 0) {
        out.push(error('eksa/hardware-selector', `${field}.values`,
          `TinkerbellMachineConfig: matchExpression with operator ${e.operator} must not have values in ${path}.labelSelector.matchExpressions[${j}]: ${name}`));
      }
    });
  };
  affinity.required.forEach((t: any, i: number) => selectorProblems(t?.labelSelector, `required[${i}]`));
  (Array.isArray(affinity.preferred) ? affinity.preferred : []).forEach((t: any, i: number) => {
    const w = t?.weight;
    if (typeof w !== 'number' || w < 1 || w > 100) {
      out.push(error('eksa/hardware-selector', `${at}.preferred[${i}].weight`, `TinkerbellMachineConfig: preferred term weight must be in range [1, 100], got ${String(w ?? 0)}: ${name}`));
    }
    selectorProblems(t?.hardwareAffinityTerm?.labelSelector, `preferred[${i}]`);
  });
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
    // eksctl keeps identical selectors as one (validate.go selectorSet): any machine may then serve either role.
    out.push(...about(spec.cluster, [warning('eksa/disjoint-selectors', r.field,
      `the ${roleLabel(r)} and the ${roleLabel(prior)} select hardware with the same hardwareSelector ${JSON.stringify(r.machine.spec.hardwareSelector)}${bothWorkers ? '' : ': eksctl accepts it, and any of these machines may become either'}`,
      bothWorkers ? 'both groups draw machines from one pool' : 'give each role its own selector (e.g. type=cp / type=worker) so they draw from disjoint hardware')]));
  }
  for (const m of distinctMachines(roles)) {
    const t = refOf(m.spec?.templateRef);
    if (!t || (!t.kind && !t.name)) continue;
    const target = t.kind === TinkerbellTemplateKind && t.name ? resolveRef(spec, t.kind, t.name) : undefined;
    // eksctl collects the file's templates by name and falls back to the default template when
    // templateRef names none (pkg/cluster processTinkerbellTemplateConfigs, template.go); the
    // controller looks the template up in the Cluster's namespace.
    if (!target) {
      out.push(...about(m, [warning('eksa/template-ref', 'spec.templateRef', `${TinkerbellTemplateKind} ${t.name || '(empty)'} not found: eksctl provisions with the default template instead`,
        `templateRef must name a ${TinkerbellTemplateKind} of the cluster config`)]));
    } else if (namespaceOf(target) !== spec.namespace) {
      out.push(...about(m, [warning('eksa/template-ref', 'spec.templateRef',
        `${TinkerbellTemplateKind} ${t.name} is in namespace ${namespaceOf(target)}, the Cluster in ${spec.namespace}: eksctl finds it by name, the EKS-A controller (upgrades, GitOps) only in the Cluster's namespace`,
        `put the ${TinkerbellTemplateKind} in namespace ${spec.namespace}`)]));
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
    out.push(...tinkerbellImageProblems(spec, dc, roles));
    out.push(...tinkerbellRolloutProblems(spec, roles));
    out.push(...tinkerbellProxyProblems(spec, dc));
    return out;
  },
};
