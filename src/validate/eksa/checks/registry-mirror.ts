// registryMirrorConfiguration rules (upstream-rules.md §5.2 item 12).
import { Finding, error } from '../../../core/finding';
import { about } from '../eksa-spec';
import { PreflightCheck } from './check';

/** Registries of EKS-A curated packages (private ECR): at most one mirror may serve them. */
const CURATED_PACKAGES_REGISTRY = /\d{12}\.dkr\.ecr\.[a-z0-9-]+\.amazonaws\.com/;

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
    return about(spec.cluster, out);
  },
};
