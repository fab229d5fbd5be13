// registryMirrorConfiguration rules (cluster.go validateMirrorConfig) and the registry mirror per
// OS family (pkg/validations ValidateOSForRegistryMirror).
import { Finding, error } from '../../../core/finding';
import { KubeObject } from '../../../core/kube-object';
import { VSphereMachineKind, about, nameOf } from '../eksa-spec';
import { PreflightCheck } from './check';
import { distinctMachines, roleMachines } from './provider-objects';

/** The curated packages registry in every region (constants.DefaultCuratedPackagesRegistryRegex): at most one mirror may serve it. */
const CURATED_PACKAGES_REGISTRY = /783794618700\.dkr\.ecr\..*\.amazonaws\.com/;

export const registryMirrorCheck: PreflightCheck = {
  name: 'Validate registry mirror configuration',
  applies: ({ spec }) => spec.cluster.spec?.registryMirrorConfiguration !== undefined,
  run: ({ spec }) => {
    const m = spec.cluster.spec.registryMirrorConfiguration ?? {};
    const at = 'spec.registryMirrorConfiguration';
    const out: Finding[] = [];
    if (typeof m.endpoint !== 'string' || m.endpoint === '') {
      out.push(error('eksa/registry-mirror', `${at}.endpoint`, 'no value set for RegistryMirrorConfiguration.Endpoint', 'the mirror host name or IP'));
    }
    if (m.port !== undefined && m.port !== '') {
      const port = typeof m.port === 'string' && /^\d+$/.test(m.port) ? Number(m.port) : NaN;
      if (!(port >= 1 && port <= 65535)) {
        out.push(error('eksa/registry-mirror', `${at}.port`, `registry mirror port ${String(m.port)} is invalid, please provide a valid port`, 'a port from 1 to 65535, as a string (default "443")'));
      }
    }
    let curated = 0;
    (Array.isArray(m.ociNamespaces) ? m.ociNamespaces : []).forEach((ns: any, i: number) => {
      const registry = ns?.registry;
      if (typeof registry !== 'string' || registry === '') {
        out.push(error('eksa/registry-mirror', `${at}.ociNamespaces[${i}].registry`, 'registry can\'t be set to empty in OCINamespaces'));
        return;
      }
      if (CURATED_PACKAGES_REGISTRY.test(registry) && ++curated === 2) {
        out.push(error('eksa/registry-mirror', `${at}.ociNamespaces[${i}].registry`, 'only one registry mirror for curated packages is supported',
          'more than one would make the package controller\'s source ambiguous'));
      }
    });
    // Registry mirror per OS family (pkg/validations/cluster.go ValidateOSForRegistryMirror, create and upgrade).
    if (m.insecureSkipVerify === true) {
      const bottlerocket = distinctMachines(roleMachines(spec)).filter(mc => osFamilyOf(mc) === 'bottlerocket');
      if (bottlerocket.length) {
        out.push(error('eksa/registry-mirror-os', `${at}.insecureSkipVerify`,
          `InsecureSkipVerify is not supported for bottlerocket (machine configs ${bottlerocket.map(nameOf).join(', ')})`,
          'give the mirror a certificate (caCertContent) instead, or use ubuntu or redhat machines'));
      }
    }
    return about(spec.cluster, out);
  },
};

/** A machine config's OS family after upstream defaulting (vSphere: unset means bottlerocket). */
function osFamilyOf(mc: KubeObject): string {
  const os = mc.spec?.osFamily;
  if ((os === undefined || os === '') && mc.kind === VSphereMachineKind) return 'bottlerocket';
  return typeof os === 'string' ? os : '';
}
