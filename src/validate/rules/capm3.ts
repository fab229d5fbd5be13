// cluster-api-provider-metal3 webhook rules (upstream-rules.md §2) for Metal3Cluster,
// Metal3MachineTemplate, Metal3Machine and Metal3DataTemplate, v1beta1 and v1beta2.
import { RuleTable, get } from './rule';
import { Finding, error } from '../../core/finding';
import { versionOf } from '../../core/gvk';
import { KubeObject } from '../../core/kube-object';

function metal3ClusterRules(obj: KubeObject): Finding[] {
  const out: Finding[] = [];
  const host = get(obj, 'spec', 'controlPlaneEndpoint', 'host');
  if (typeof host !== 'string' || !host) {
    out.push(error('capm3/endpoint', 'spec.controlPlaneEndpoint.host', 'is required', 'the API VIP (or load balancer) address the control plane is reached on'));
  }
  const noCloud = get(obj, 'spec', 'noCloudProvider');
  const enabled = get(obj, 'spec', 'cloudProviderEnabled');
  if (typeof noCloud === 'boolean' && typeof enabled === 'boolean' && noCloud === enabled) {
    out.push(error('capm3/cloud-provider', 'spec.cloudProviderEnabled', `cloudProviderEnabled: ${enabled} contradicts noCloudProvider: ${noCloud}`, 'set only cloudProviderEnabled'));
  }
  return out;
}

function isAbsoluteUrl(s: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/\s]+/.test(s) && !/\s/.test(s);
}

/** The image rules shared by Metal3Machine (`spec`) and Metal3MachineTemplate (`spec.template.spec`). */
function imageRules(spec: any, base: string, version: string): Finding[] {
  if (!spec || get(spec, 'customDeploy', 'method')) return [];
  const image = spec.image;
  const out: Finding[] = [];
  if (!image || typeof image !== 'object') {
    return [error('capm3/image', `${base}.image`, 'is required unless customDeploy.method is set')];
  }
  const formatField = version === 'v1beta1' ? 'format' : 'diskFormat';
  const url = image.url;
  if (typeof url !== 'string' || !isAbsoluteUrl(url)) {
    out.push(error('capm3/image', `${base}.image.url`, `${JSON.stringify(url)} is not a valid URL`, 'an absolute http(s) URL of the OS image'));
  }
  const oci = typeof url === 'string' && url.startsWith('oci://');
  if (oci) {
    if (image.checksum || image.checksumType) out.push(error('capm3/image', `${base}.image.checksum`, 'checksum and checksumType must be empty for oci:// images'));
  } else if (image[formatField] !== 'live-iso') {
    if (!image.checksum) {
      out.push(error('capm3/image', `${base}.image.checksum`, 'is required', 'the checksum, or the URL of a checksum file (e.g. <image>.sha256)'));
    } else if (/^https?:\/\//.test(image.checksum) && !isAbsoluteUrl(image.checksum)) {
      out.push(error('capm3/image', `${base}.image.checksum`, `${JSON.stringify(image.checksum)} is not a valid URL`));
    }
  }
  return out;
}

function machineTemplateRules(obj: KubeObject): Finding[] {
  return imageRules(get(obj, 'spec', 'template', 'spec'), 'spec.template.spec', versionOf(obj));
}

function machineRules(obj: KubeObject): Finding[] {
  const out = imageRules(get(obj, 'spec'), 'spec', versionOf(obj));
  const ns = obj.metadata?.namespace ?? 'default';
  for (const ref of ['userData', 'metaData', 'networkData']) {
    const refNs = get(obj, 'spec', ref, 'namespace');
    if (refNs && refNs !== ns) out.push(error('capm3/namespace', `spec.${ref}.namespace`, `must be the Metal3Machine's namespace ${ns}, not ${refNs}`));
  }
  return out;
}

function dataTemplateRules(obj: KubeObject): Finding[] {
  const out: Finding[] = [];
  for (const fam of ['ipv4', 'ipv6']) {
    const nets = get(obj, 'spec', 'networkData', 'networks', fam);
    if (!Array.isArray(nets)) continue;
    nets.forEach((n, i) => {
      if (!get(n, 'fromPoolRef', 'name') && !n?.ipAddressFromIPPool && !n?.fromPoolAnnotation) {
        out.push(error('capm3/data-template', `spec.networkData.networks.${fam}[${i}]`, 'needs an IP pool reference',
          'set fromPoolRef.name (an IPPool), ipAddressFromIPPool (deprecated) or fromPoolAnnotation'));
      }
    });
  }
  const fromHost = get(obj, 'spec', 'metaData', 'fromHostInterfaces');
  if (Array.isArray(fromHost)) {
    fromHost.forEach((h, i) => {
      if (h?.fromBootMAC === true && h?.interface) {
        out.push(error('capm3/data-template', `spec.metaData.fromHostInterfaces[${i}].interface`, 'must be empty when fromBootMAC is true'));
      } else if (h?.fromBootMAC !== true && !h?.interface) {
        out.push(error('capm3/data-template', `spec.metaData.fromHostInterfaces[${i}].interface`, 'is required unless fromBootMAC is true'));
      }
    });
  }
  return out;
}

export const CAPM3_RULES: RuleTable = {
  'infrastructure.cluster.x-k8s.io/Metal3Cluster': [metal3ClusterRules],
  'infrastructure.cluster.x-k8s.io/Metal3MachineTemplate': [machineTemplateRules],
  'infrastructure.cluster.x-k8s.io/Metal3Machine': [machineRules],
  'infrastructure.cluster.x-k8s.io/Metal3DataTemplate': [dataTemplateRules],
};
