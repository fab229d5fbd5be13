// Control plane rules (upstream-rules.md §5.2 items 2, 4, 5, 14, 15): endpoint, machineGroupRef,
// count per etcd topology, labels, taints, certSANs, rollout strategy.
import { Finding, error, warning } from '../../../core/finding';
import { isIp } from '../cidr';
import { DockerDatacenterKind, about } from '../eksa-spec';
import { PreflightCheck, intField } from './check';
import { labelProblems, rolloutProblems, taintProblems } from './node-settings';

const CP = 'spec.controlPlaneConfiguration';
/** cluster.go validateControlPlaneCertSANs's domain regex; upstream matches it anywhere in the value (unanchored). */
const DOMAIN_NAME_PART = '(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z0-9][a-z0-9-]{0,61}[a-z0-9]';
const DOMAIN_NAME = new RegExp(`^${DOMAIN_NAME_PART}$`);
const CONTAINS_DOMAIN_NAME = new RegExp(DOMAIN_NAME_PART);

export const controlPlaneCheck: PreflightCheck = {
  name: 'Validate control plane configuration',
  run: ({ spec }) => {
    const cp = spec.cluster.spec?.controlPlaneConfiguration ?? {};
    const docker = spec.datacenterKind === DockerDatacenterKind;
    const stacked = !spec.cluster.spec?.externalEtcdConfiguration;
    const out: Finding[] = [];

    const host = cp.endpoint?.host;
    if (!docker && (typeof host !== 'string' || host.length === 0)) {
      out.push(error('eksa/endpoint', `${CP}.endpoint.host`, 'cluster controlPlaneConfiguration.Endpoint.Host is not set or is empty',
        'the control plane VIP: a free IP on the node network that no DHCP pool hands out'));
    }
    if (!docker && !cp.machineGroupRef) {
      out.push(error('eksa/machine-group-ref', `${CP}.machineGroupRef`, 'must specify machineGroupRef control plane machines',
        `{kind: <the provider's machine config kind>, name: ${spec.name}-cp}`));
    }

    const count = intField(cp.count);
    if (count === undefined || Number.isNaN(count) || count <= 0) {
      out.push(error('eksa/control-plane-count', `${CP}.count`, 'control plane node count must be positive', `got ${JSON.stringify(cp.count)}`));
    } else if (stacked && count % 2 === 0) {
      out.push(error('eksa/control-plane-count', `${CP}.count`, 'control plane node count cannot be an even number when using stacked etcd topology',
        `got ${count}; use an odd count (3 or 5), or external etcd`));
    } else if (stacked && !docker && count !== 3 && count !== 5) {
      out.push(warning('eksa/control-plane-count', `${CP}.count`, 'The recommended number of control plane nodes is 3 or 5', `got ${count}`));
    }

    const labels = labelProblems(cp.labels);
    if (labels.length) out.push(error('eksa/labels', `${CP}.labels`, `labels for control plane not valid: ${labels.join('; ')}`));
    for (const p of taintProblems(cp.taints)) out.push(error('eksa/taints', `${CP}.taints`, `control plane ${p}`));

    const sans: unknown[] = Array.isArray(cp.certSans) ? cp.certSans : [];
    const badSans = sans.filter(s => typeof s !== 'string' || (!isIp(s) && !CONTAINS_DOMAIN_NAME.test(s)));
    if (badSans.length) {
      out.push(error('eksa/cert-sans', `${CP}.certSans`, `invalid ControlPlaneConfiguration.CertSANs; must be an IP or domain name: [${badSans.join(', ')}]`));
    }
    const looseSans = sans.filter((s): s is string => typeof s === 'string' && !isIp(s) && CONTAINS_DOMAIN_NAME.test(s) && !DOMAIN_NAME.test(s));
    if (looseSans.length) {
      out.push(warning('eksa/cert-sans', `${CP}.certSans`, `certSANs [${looseSans.join(', ')}] only contain a domain name: EKS Anywhere accepts them (it looks for a domain anywhere in the value), the API server certificate cannot match them`,
        'lowercase DNS names (a-z, 0-9, -, .) or IPs'));
    }

    for (const [field, message, hint] of rolloutProblems(cp.upgradeRolloutStrategy, 'controlPlane', spec.datacenterKind, stacked)) {
      out.push(error('eksa/rollout-strategy', `${CP}.upgradeRolloutStrategy.${field}`, message, hint));
    }
    return about(spec.cluster, out);
  },
};
