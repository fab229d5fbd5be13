// cluster-api-provider-rke2 webhook rules (upstream-rules.md §3) for RKE2ControlPlane,
// RKE2Config and RKE2ConfigTemplate (v1beta2). The template webhook validates nothing
// upstream, so a bad template only fails when a machine is created from it; we check it here.
import { embeddedConfigRules } from './embedded-config';
import { RuleContext, RuleTable, get } from './rule';
import { Finding, error, warning } from '../../core/finding';
import { versionOf } from '../../core/gvk';
import { familyOf } from '../../core/ip';
import { KubeObject } from '../../core/kube-object';

/** Rules of the RKE2ConfigSpec embedded at `base` (spec, or spec.template.spec). */
function configSpecRules(spec: any, base: string, ctx: RuleContext): Finding[] {
  if (!spec || typeof spec !== 'object') return [];
  const out: Finding[] = [];
  const format = get(spec, 'agentConfig', 'format') ?? 'cloud-config';
  const aud = get(spec, 'agentConfig', 'additionalUserData');
  if (aud?.config !== undefined && aud?.data !== undefined) {
    out.push(error('caprke2/additional-user-data', `${base}.agentConfig.additionalUserData`, 'Only config or data could be populated at once'));
  }
  if (typeof aud?.config === 'string' && format === 'ignition') {
    out.push(...embeddedConfigRules(aud.config, `${base}.agentConfig.additionalUserData.config`, { strict: aud.strict === true || ctx.strict === true, texts: ctx.texts }));
  }
  if (typeof aud?.config === 'string' && format !== 'ignition') {
    out.push(warning('caprke2/additional-user-data', `${base}.agentConfig.additionalUserData.config`, 'config (Butane) is only used with agentConfig.format: ignition', 'use data for cloud-config'));
  }
  const files = get(spec, 'files');
  if (Array.isArray(files)) {
    files.forEach((f, i) => {
      if (format === 'ignition' && (f?.encoding === 'gzip' || f?.encoding === 'gzip+base64')) {
        out.push(error('caprke2/files', `${base}.files[${i}].encoding`, `encoding ${f.encoding} is not supported when spec.format is set to "ignition"`, 'use base64 or no encoding'));
      }
      if (f?.contentFrom?.secret && f?.contentFrom?.configMap) out.push(error('caprke2/files', `${base}.files[${i}].contentFrom`, 'only one of secret or configMap may be set'));
      if (typeof f?.permissions === 'string' && f.permissions !== '' && !/^0[0-7]{3,4}$/.test(f.permissions)) {
        out.push(error('caprke2/files', `${base}.files[${i}].permissions`, `${JSON.stringify(f.permissions)} must be an octal mode with a leading zero, e.g. "0644"`,
          'the value is pasted into Butane as the mode; "644" would be read as decimal and fail the bootstrap render'));
      }
    });
  }
  const configs = get(spec, 'privateRegistriesConfig', 'configs');
  if (configs && typeof configs === 'object') {
    for (const [reg, c] of Object.entries<any>(configs)) {
      if (!c?.authSecret && !c?.tls) {
        out.push(error('caprke2/registries', `${base}.privateRegistriesConfig.configs[${reg}]`, 'needs authSecret and/or tls'));
      }
    }
  }
  return out;
}

function controlPlaneRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  if (versionOf(obj) !== 'v1beta2') return [];
  const spec = obj.spec ?? {};
  const out: Finding[] = [];
  const replicas = spec.replicas;
  if (typeof replicas === 'number') {
    if (replicas <= 0) out.push(error('caprke2/replicas', 'spec.replicas', 'cannot be less than or equal to 0', 'use 1, 3 or 5'));
    else if (replicas % 2 === 0) out.push(warning('caprke2/replicas', 'spec.replicas', `${replicas} control-plane nodes give etcd no more fault tolerance than ${replicas - 1}`, 'use 1, 3 or 5'));
  }
  const method = spec.registrationMethod;
  if (method === 'address' && !spec.registrationAddress) {
    out.push(error('caprke2/registration', 'spec.registrationAddress', "registrationAddress must be supplied when using registration method 'address'"));
  }
  if (method === 'control-plane-endpoint' || method === '' || method === undefined) {
    out.push(...endpointRule(obj, ctx));
  }
  if (!get(spec, 'machineTemplate', 'spec', 'infrastructureRef')) {
    out.push(error('caprke2/machine-template', 'spec.machineTemplate.spec.infrastructureRef', 'machineTemplate is required',
      spec.infrastructureRef ? 'v1beta2 moved spec.infrastructureRef to spec.machineTemplate.spec.infrastructureRef' : 'reference the control plane Metal3MachineTemplate ({apiGroup, kind, name})'));
  }
  const deletion = get(spec, 'machineTemplate', 'spec', 'deletion') ?? {};
  for (const [k, v] of Object.entries(deletion)) {
    if (typeof v === 'number' && v < 0) out.push(error('caprke2/deletion', `spec.machineTemplate.spec.deletion.${k}`, 'must be greater than or equal to 0'));
  }
  const type = get(spec, 'rolloutStrategy', 'type');
  if (type !== undefined && type !== 'RollingUpdate') {
    out.push(error('caprke2/rollout', 'spec.rolloutStrategy.type', `${JSON.stringify(type)} is not supported`, 'only RollingUpdate'));
  }
  const surge = get(spec, 'rolloutStrategy', 'rollingUpdate', 'maxSurge');
  if (surge !== undefined && surge !== 0 && surge !== 1) {
    out.push(error('caprke2/rollout', 'spec.rolloutStrategy.rollingUpdate.maxSurge', `${JSON.stringify(surge)} is not supported`,
      'use 0 (replace in place, no spare host needed) or 1 (one extra machine first); percentages are not honoured'));
  }
  if (get(spec, 'serverConfig', 'cniMultusEnable') === true && !get(spec, 'serverConfig', 'cni')) {
    out.push(error('caprke2/cni', 'spec.serverConfig.cni', 'must be specified when cniMultusEnable is true'));
  }
  out.push(...tlsSanRules(get(spec, 'serverConfig', 'tlsSan')));
  out.push(...configSpecRules(spec, 'spec', ctx));
  return out;
}

const DNS_NAME = /^(\*\.)?[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\.?$/i;

/**
 * RKE2 copies each tlsSan into the serving certificate as an IP or DNS SAN. Anything else
 * (the reference chapter's `https://<ip>.sslip.io`) is accepted by the API server and matches no
 * name a client ever connects to.
 */
function tlsSanRules(sans: unknown): Finding[] {
  if (!Array.isArray(sans)) return [];
  const out: Finding[] = [];
  sans.forEach((san, i) => {
    if (typeof san !== 'string' || familyOf(san) || DNS_NAME.test(san)) return;
    const isUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(san);
    out.push(error('caprke2/tls-san', `spec.serverConfig.tlsSan[${i}]`,
      `${JSON.stringify(san)} is not a DNS name or an IP address${isUrl ? ' (it is a URL)' : ''}: no client can match it`,
      sanHint(san)));
  });
  return out;
}

/** What the user probably meant: the host of a URL, sslip.io names with IPv6 written dashed. */
function sanHint(san: string): string {
  let host = san.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split('/')[0];
  const sslip = /^(.*)\.sslip\.io$/i.exec(host);
  if (sslip && familyOf(sslip[1]) === 'ipv6') host = `${sslip[1].replace(/:/g, '-')}.sslip.io`;
  return host !== san && (familyOf(host) || DNS_NAME.test(host))
    ? `write the name alone: ${host}`
    : 'a DNS name such as api.example.com, or an IP address (sslip.io writes IPv6 with dashes)';
}

/** control-plane-endpoint (and the empty method) registers through the Cluster's endpoint host. */
function endpointRule(cp: KubeObject, ctx: RuleContext): Finding[] {
  const ns = cp.metadata?.namespace ?? 'default';
  const cluster = ctx.objects.find(o => o.kind === 'Cluster' && (o.apiVersion ?? '').startsWith('cluster.x-k8s.io/')
    && get(o, 'spec', 'controlPlaneRef', 'name') === cp.metadata?.name && (o.metadata?.namespace ?? 'default') === ns);
  if (!cluster || get(cluster, 'spec', 'controlPlaneEndpoint', 'host')) return [];
  const infra = get(cluster, 'spec', 'infrastructureRef');
  const infraObj = infra && ctx.objects.find(o => o.kind === infra.kind && o.metadata?.name === infra.name && (o.metadata?.namespace ?? 'default') === ns);
  if (infraObj && !get(infraObj, 'spec', 'controlPlaneEndpoint', 'host')) {
    return [error('caprke2/registration', 'spec.registrationMethod',
      `registration method ${JSON.stringify(cp.spec?.registrationMethod ?? '')} needs a control plane endpoint, but ${infra.kind} ${infra.name} has no spec.controlPlaneEndpoint.host`,
      'set the VIP as the Metal3Cluster controlPlaneEndpoint, or use registrationMethod: address with registrationAddress')];
  }
  return [];
}

function configRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  return versionOf(obj) === 'v1beta2' ? configSpecRules(obj.spec, 'spec', ctx) : [];
}

function configTemplateRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  return versionOf(obj) === 'v1beta2' ? configSpecRules(get(obj, 'spec', 'template', 'spec'), 'spec.template.spec', ctx) : [];
}

export const CAPRKE2_RULES: RuleTable = {
  'controlplane.cluster.x-k8s.io/RKE2ControlPlane': [controlPlaneRules],
  'bootstrap.cluster.x-k8s.io/RKE2Config': [configRules],
  'bootstrap.cluster.x-k8s.io/RKE2ConfigTemplate': [configTemplateRules],
};
