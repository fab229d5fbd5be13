// RKE2ControlPlane and RKE2ControlPlaneTemplate: the webhooks (controlplane/api/v1beta2/
// rke2controlplane_webhook.go, rke2controlplanetemplate_webhook.go), what the controller does with
// the rollout strategy and the registration method, and our own tlsSan check. A v1beta1 object is
// validated as its v1beta2 conversion would be (its machine template fields sit one level higher).
import { RuleContext, get } from './rule';
import { Finding, error, warning } from '../../core/finding';
import { familyOf } from '../../core/ip';
import { KubeObject } from '../../core/kube-object';
import { parseGoDuration, wholeSeconds } from '../go-duration';
import { IndexKey, KIND_NS_NAME, kindNsName, lookup } from '../object-index';

/** `spec.machineTemplate` as the v1beta2 webhook sees it, with the field paths of the written version. */
function machineTemplateRules(spec: any, v1beta1: boolean): Finding[] {
  const out: Finding[] = [];
  if (v1beta1) {
    const ref = get(spec, 'machineTemplate', 'infrastructureRef');
    if (!ref?.name && !ref?.kind) {
      out.push(error('caprke2/machine-template', 'spec.machineTemplate.infrastructureRef', 'machineTemplate is required',
        spec.infrastructureRef ? 'v1beta1 spec.infrastructureRef is dropped when CAPRKE2 converts to v1beta2: move it to spec.machineTemplate.infrastructureRef'
          : 'reference the control plane Metal3MachineTemplate ({apiVersion, kind, name})'));
    }
    for (const k of ['nodeDrainTimeout', 'nodeVolumeDetachTimeout', 'nodeDeletionTimeout']) {
      const v = get(spec, 'machineTemplate', k);
      const ns = typeof v === 'string' ? parseGoDuration(v) : undefined;
      if (ns !== undefined && wholeSeconds(ns) < 0) out.push(error('caprke2/deletion', `spec.machineTemplate.${k}`, `${JSON.stringify(v)}: must be greater than or equal to 0`, 'a duration such as 5m, or 0 for no limit'));
    }
    return out;
  }
  if (!get(spec, 'machineTemplate', 'spec', 'infrastructureRef')) {
    out.push(error('caprke2/machine-template', 'spec.machineTemplate.spec.infrastructureRef', 'machineTemplate is required',
      spec.infrastructureRef ? 'v1beta2 moved spec.infrastructureRef to spec.machineTemplate.spec.infrastructureRef' : 'reference the control plane Metal3MachineTemplate ({apiGroup, kind, name})'));
  }
  const deletion = get(spec, 'machineTemplate', 'spec', 'deletion') ?? {};
  for (const [k, v] of Object.entries(deletion)) {
    if (typeof v === 'number' && v < 0) out.push(error('caprke2/deletion', `spec.machineTemplate.spec.deletion.${k}`, 'must be greater than or equal to 0'));
  }
  return out;
}

/** The rollout strategy as `upgradeControlPlane` reads it (base: spec, or spec.template.spec). */
export function rolloutRules(spec: any, base: string): Finding[] {
  const out: Finding[] = [];
  const strategy = get(spec, 'rolloutStrategy');
  if (strategy && typeof strategy === 'object') {
    const type = strategy.type;
    if (type !== 'RollingUpdate') {
      out.push(error('caprke2/rollout', `${base}.rolloutStrategy.type`,
        `${type === undefined || type === '' ? 'not set' : JSON.stringify(type)}: the controller logs "unknown rollout strategy type" and never rolls the control plane (nothing defaults the type)`,
        'set type: RollingUpdate'));
    }
  }
  const surge = get(spec, 'rolloutStrategy', 'rollingUpdate', 'maxSurge');
  if (typeof surge === 'string') {
    const n = /^\d+$/.test(surge) ? Number(surge) : 0;
    out.push(warning('caprke2/rollout', `${base}.rolloutStrategy.rollingUpdate.maxSurge`,
      `${JSON.stringify(surge)}: CAPRKE2 reads maxSurge with IntValue(), so this string means ${n}${/%$/.test(surge) ? ' (percentages are not honoured)' : ''}`,
      'write an integer: 0 replaces machines in place (no spare host), 1 or more adds machines first'));
  } else if (typeof surge === 'number' && surge < 0) {
    out.push(warning('caprke2/rollout', `${base}.rolloutStrategy.rollingUpdate.maxSurge`, `${surge}: a negative surge makes CAPRKE2 remove machines before it adds any`, 'use 0 or more'));
  }
  return out;
}

/** `serverConfig.cniMultusEnable` needs a primary CNI (both webhooks). */
export function cniRules(spec: any, base: string): Finding[] {
  return get(spec, 'serverConfig', 'cniMultusEnable') === true && !get(spec, 'serverConfig', 'cni')
    ? [error('caprke2/cni', `${base}.serverConfig.cni`, 'must be specified when cniMultusEnable is true', 'name the primary CNI, e.g. cilium')]
    : [];
}

/** `registrationMethod: address` needs the address (both webhooks, on create). */
export function registrationAddressRules(spec: any, base: string): Finding[] {
  return spec?.registrationMethod === 'address' && !spec.registrationAddress
    ? [error('caprke2/registration', `${base}.registrationAddress`, "registrationAddress must be supplied when using registration method 'address'")]
    : [];
}

const DNS_NAME = /^(\*\.)?[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\.?$/i;

/**
 * RKE2 copies each tlsSan into the serving certificate as an IP or DNS SAN. A URL (the reference
 * chapter's `https://<ip>.sslip.io`) matches no name a client connects to; other odd strings may
 * still be names someone resolves.
 */
export function tlsSanRules(sans: unknown, base: string): Finding[] {
  if (!Array.isArray(sans)) return [];
  const out: Finding[] = [];
  sans.forEach((san, i) => {
    if (typeof san !== 'string' || familyOf(san) || DNS_NAME.test(san)) return;
    const field = `${base}.serverConfig.tlsSan[${i}]`;
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(san)) {
      out.push(error('caprke2/tls-san', field, `${JSON.stringify(san)} is a URL, not a DNS name or an IP address: no client can match it`, sanHint(san)));
    } else {
      out.push(warning('caprke2/tls-san-name', field, `${JSON.stringify(san)} is neither a DNS name nor an IP address; clients only match certificate names they connect to`, sanHint(san)));
    }
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

/** Clusters by `namespace|controlPlaneRef name`. */
const CLUSTER_BY_CONTROL_PLANE: IndexKey = o => {
  const name = o.kind === 'Cluster' ? get(o, 'spec', 'controlPlaneRef', 'name') : undefined;
  return typeof name === 'string' ? `${o.metadata?.namespace ?? 'default'}|${name}` : undefined;
};

/** control-plane-endpoint (and the empty method) registers through the Cluster's endpoint host. */
function endpointRule(cp: KubeObject, ctx: RuleContext): Finding[] {
  const ns = cp.metadata?.namespace ?? 'default';
  const cpName = cp.metadata?.name;
  const clusters = typeof cpName === 'string' && typeof ns === 'string' ? lookup(ctx.objects, CLUSTER_BY_CONTROL_PLANE, `${ns}|${cpName}`) : ctx.objects;
  const cluster = clusters.find(o => o.kind === 'Cluster' && (o.apiVersion ?? '').startsWith('cluster.x-k8s.io/')
    && get(o, 'spec', 'controlPlaneRef', 'name') === cp.metadata?.name && (o.metadata?.namespace ?? 'default') === ns);
  if (!cluster || get(cluster, 'spec', 'controlPlaneEndpoint', 'host')) return [];
  const infra = get(cluster, 'spec', 'infrastructureRef');
  const infras = typeof infra?.kind === 'string' && typeof infra?.name === 'string' && typeof ns === 'string'
    ? lookup(ctx.objects, KIND_NS_NAME, kindNsName(infra.kind, ns, infra.name)) : ctx.objects;
  const infraObj = infra && infras.find(o => o.kind === infra.kind && o.metadata?.name === infra.name && (o.metadata?.namespace ?? 'default') === ns);
  if (infraObj && !get(infraObj, 'spec', 'controlPlaneEndpoint', 'host')) {
    return [error('caprke2/registration', 'spec.registrationMethod',
      `registration method ${JSON.stringify(cp.spec?.registrationMethod ?? '')} needs a control plane endpoint, but ${infra.kind} ${infra.name} has no spec.controlPlaneEndpoint.host`,
      'set the VIP as the Metal3Cluster controlPlaneEndpoint, or use registrationMethod: address with registrationAddress')];
  }
  return [];
}

/** RKE2ControlPlane (v1beta1 or v1beta2) without its embedded RKE2ConfigSpec. */
export function controlPlaneOwnRules(obj: KubeObject, ctx: RuleContext, v1beta1: boolean): Finding[] {
  const spec = obj.spec ?? {};
  const out: Finding[] = [];
  const replicas = spec.replicas;
  if (typeof replicas === 'number') {
    if (replicas <= 0) out.push(error('caprke2/replicas', 'spec.replicas', 'cannot be less than or equal to 0', 'use 1, 3 or 5'));
    else if (replicas % 2 === 0) out.push(warning('caprke2/replicas', 'spec.replicas', `${replicas} control-plane nodes give etcd no more fault tolerance than ${replicas - 1}`, 'use 1, 3 or 5'));
  }
  out.push(...registrationAddressRules(spec, 'spec'));
  const method = spec.registrationMethod;
  if (method === 'control-plane-endpoint' || method === '' || method === undefined) out.push(...endpointRule(obj, ctx));
  out.push(...machineTemplateRules(spec, v1beta1));
  out.push(...rolloutRules(spec, 'spec'));
  out.push(...cniRules(spec, 'spec'));
  out.push(...tlsSanRules(get(spec, 'serverConfig', 'tlsSan'), 'spec'));
  return out;
}
