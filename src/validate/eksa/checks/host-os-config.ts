// hostOSConfiguration of vSphere and Tinkerbell machine configs (aws/eks-anywhere v0.26.1
// hostosconfig.go validateHostOSConfig): NTP servers, certificate bundles and Bottlerocket
// settings, the latter two only for Bottlerocket.
import { X509Certificate } from 'node:crypto';
import { Finding, error } from '../../../core/finding';
import { KubeObject } from '../../../core/kube-object';
import { isIp } from '../cidr';
import { VSphereMachineKind, nameOf } from '../eksa-spec';
import { parseRequestUri } from '../go-url';

const AT = 'spec.hostOSConfiguration';

/** Go's pem.Decode loop + x509.ParseCertificates: every PEM block a certificate; undefined when valid. */
function certBundleProblem(data: unknown): string | undefined {
  const text = typeof data === 'string' ? data : '';
  const blocks = [...text.matchAll(/-----BEGIN ([A-Z0-9 ]+)-----\r?\n([\s\S]*?)-----END \1-----/g)];
  if (blocks.length === 0) return 'failed to parse certificate PEM';
  for (const b of blocks) {
    try {
      new X509Certificate(Buffer.from(b[2].replace(/\s+/g, ''), 'base64'));
    } catch (e: any) {
      return `failed to parse certificate: ${String(e?.message ?? e)}`;
    }
  }
  return undefined;
}

function ntpProblem(servers: unknown): string | undefined {
  if (!Array.isArray(servers) || servers.length === 0) return 'NTPConfiguration.Servers can not be empty';
  const bad = servers.filter(s => {
    const raw = typeof s === 'string' ? s : '';
    const u = parseRequestUri(raw.includes('://') ? raw : `udp://${raw}`);
    return 'error' in u || !u.scheme || !u.host;
  });
  return bad.length ? `ntp servers [${bad.join(', ')}] is not valid` : undefined;
}

export function hostOsConfigProblems(obj: KubeObject): Finding[] {
  const config = obj.spec?.hostOSConfiguration;
  if (!config || typeof config !== 'object') return [];
  // vSphere defaults an unset osFamily to bottlerocket before validating.
  const os = obj.spec?.osFamily || (obj.kind === VSphereMachineKind ? 'bottlerocket' : '');
  const prefix = `HostOSConfiguration is invalid for ${String(obj.kind)} ${nameOf(obj)}`;
  const out: Finding[] = [];
  const add = (field: string, message: string, hint?: string) => out.push(error('eksa/host-os-config', `${AT}.${field}`, `${prefix}: ${message}`, hint));

  if (config.ntpConfiguration !== undefined && config.ntpConfiguration !== null) {
    const p = ntpProblem(config.ntpConfiguration.servers);
    if (p) add('ntpConfiguration.servers', p, 'host names or IPs, optionally with a port or scheme (time.example.com, 10.0.0.1:123)');
  }
  (Array.isArray(config.certBundles) ? config.certBundles : []).forEach((b: any, i: number) => {
    if (os !== 'bottlerocket') {
      add(`certBundles[${i}]`, 'CertBundles can only be used with osFamily: "bottlerocket"');
      return;
    }
    if (!b?.name) add(`certBundles[${i}].name`, 'certBundles name cannot be empty');
    const p = certBundleProblem(b?.data);
    if (p) add(`certBundles[${i}].data`, p, 'one or more PEM certificates');
  });
  const br = config.bottlerocketConfiguration;
  if (br !== undefined && br !== null) {
    if (os !== 'bottlerocket') {
      add('bottlerocketConfiguration', 'BottlerocketConfiguration can only be used with osFamily: "bottlerocket"');
      return out;
    }
    const k = br.kubernetes ?? {};
    if (Array.isArray(k.allowedUnsafeSysctls) && k.allowedUnsafeSysctls.some((v: unknown) => v === '')) {
      add('bottlerocketConfiguration.kubernetes.allowedUnsafeSysctls', 'BottlerocketConfiguration.Kubernetes.AllowedUnsafeSysctls can not have an empty string ("")');
    }
    for (const ip of Array.isArray(k.clusterDNSIPs) ? k.clusterDNSIPs : []) {
      if (!isIp(ip)) add('bottlerocketConfiguration.kubernetes.clusterDNSIPs', `IP address [${String(ip)}] in BottlerocketConfiguration.Kubernetes.ClusterDNSIPs is not a valid IP`);
    }
    if (typeof k.maxPods === 'number' && k.maxPods < 0) add('bottlerocketConfiguration.kubernetes.maxPods', 'BottlerocketConfiguration.Kubernetes.MaxPods can not be negative');
    if (br.kernel?.sysctlSettings && typeof br.kernel.sysctlSettings === 'object' && '' in br.kernel.sysctlSettings) {
      add('bottlerocketConfiguration.kernel.sysctlSettings', 'sysctlSettings key cannot be empty');
    }
    if (br.boot?.bootKernelParameters && typeof br.boot.bootKernelParameters === 'object' && '' in br.boot.bootKernelParameters) {
      add('bottlerocketConfiguration.boot.bootKernelParameters', 'bootKernelParameters key cannot be empty');
    }
  }
  return out;
}
