// Cluster network rules (upstream-rules.md §5.2 item 7): one pod and one service CIDR, the pod
// CIDR vs node mask, CNI choice and Cilium options.
import { Finding, error, warning } from '../../../core/finding';
import { parseCidr } from '../cidr';
import { DockerDatacenterKind, about } from '../eksa-spec';
import { PreflightCheck, intField } from './check';

const NET = 'spec.clusterNetwork';
export const DEFAULT_NODE_CIDR_MASK_SIZE = 24;
const MAX_POD_NODE_MASK_DIFF = 16;
const LEGACY_CNIS = ['cilium', 'kindnetd'];
const POLICY_MODES = ['default', 'always', 'never'];
/** cluster_types.go CiliumRoutingModeOverlay / CiliumRoutingModeDirect; upstream does not check the value (anything but direct is overlay). */
const ROUTING_MODES = ['overlay', 'direct'];

function cidrBlocks(section: any): unknown[] | undefined {
  const b = section?.cidrBlocks;
  return Array.isArray(b) ? b : undefined;
}

function cidrRules(net: any, which: 'pods' | 'services', out: Finding[]): ReturnType<typeof parseCidr> {
  const blocks = cidrBlocks(net?.[which]);
  const label = which === 'pods' ? 'Pods' : 'Services';
  if (!blocks || blocks.length === 0) {
    out.push(error('eksa/cidr', `${NET}.${which}.cidrBlocks`, `${which} CIDR block not specified or empty`, which === 'pods' ? 'e.g. 192.168.0.0/16' : 'e.g. 10.96.0.0/12'));
    return undefined;
  }
  if (blocks.length > 1) {
    out.push(error('eksa/cidr', `${NET}.${which}.cidrBlocks`, `multiple CIDR blocks for ${label} are not yet supported`, `give exactly one; got ${blocks.length}`));
    return undefined;
  }
  const parsed = parseCidr(blocks[0]);
  if (!parsed) {
    out.push(error('eksa/cidr', `${NET}.${which}.cidrBlocks[0]`, which === 'pods'
      ? `invalid CIDR block format for Pods: ${String(blocks[0])}. Please specify a valid CIDR block for pod subnet`
      : `invalid CIDR block for Services: ${String(blocks[0])}. Please specify a valid CIDR block for service subnet`));
  }
  return parsed;
}

function cniRules(net: any, datacenterKind: string, out: Finding[]): void {
  const legacy = net?.cni;
  const config = net?.cniConfig;
  const kindnetd = legacy === 'kindnetd' || (config && config.kindnetd !== undefined && config.kindnetd !== null);
  if (kindnetd && datacenterKind !== DockerDatacenterKind) {
    out.push(error('eksa/cni', `${NET}.cniConfig`, 'kindnetd is only supported on Docker provider for development and testing. For all other providers please use Cilium CNI'));
  }
  if (legacy !== undefined && legacy !== '') {
    if (config !== undefined) {
      out.push(error('eksa/cni', `${NET}.cni`, 'invalid format for cni plugin: both old and new formats used, use only the CNIConfig field'));
      return;
    }
    out.push(warning('eksa/cni', `${NET}.cni`, 'CNI field is deprecated. Provide CNI information through CNIConfig'));
    if (!LEGACY_CNIS.includes(legacy)) out.push(error('eksa/cni', `${NET}.cni`, `cni ${String(legacy)} not supported`, 'use cniConfig: {cilium: {}}'));
    return;
  }
  // The defaulter installs an empty cniConfig when none is given; validation then finds no plugin.
  const plugins = ['cilium', 'kindnetd'].filter(p => config && config[p] !== undefined && config[p] !== null);
  if (plugins.length === 0) {
    out.push(error('eksa/cni', `${NET}.cniConfig`, 'validating cniConfig: no cni plugin specified', 'cniConfig: {cilium: {}}'));
  } else if (plugins.length > 1) {
    out.push(error('eksa/cni', `${NET}.cniConfig`, 'validating cniConfig: cannot specify more than one cni plugins', `got ${plugins.join(' and ')}`));
  }
  const cilium = config?.cilium;
  if (!cilium || typeof cilium !== 'object') return;
  const at = `${NET}.cniConfig.cilium`;
  const mode = cilium.policyEnforcementMode;
  if (cilium.skipUpgrade === true && mode) {
    out.push(error('eksa/cilium', `${at}.policyEnforcementMode`, 'validating cniConfig: when using skipUpgrades for cilium all other fields must be empty'));
  } else if (mode !== undefined && mode !== '' && !POLICY_MODES.includes(mode)) {
    out.push(error('eksa/cilium', `${at}.policyEnforcementMode`, `validating cniConfig: cilium policyEnforcementMode "${String(mode)}" not supported`, `one of ${POLICY_MODES.join(', ')}`));
  }
  const routing = cilium.routingMode;
  if (routing !== undefined && routing !== '' && !ROUTING_MODES.includes(routing)) {
    out.push(warning('eksa/cilium', `${at}.routingMode`, `cilium routingMode "${String(routing)}" is not one of ${ROUTING_MODES.join(', ')}: EKS Anywhere does not check it and treats it as overlay`,
      `one of ${ROUTING_MODES.join(', ')} (default overlay)`));
  }
  const v4 = cilium.ipv4NativeRoutingCIDR;
  const v6 = cilium.ipv6NativeRoutingCIDR;
  if (routing === 'direct' && !v4) {
    out.push(error('eksa/cilium', `${at}.ipv4NativeRoutingCIDR`, 'validating cniConfig: direct routing mode requires IPv4NativeRoutingCIDR to be set',
      'the IPv4 CIDR in which native routing is possible, usually the node network'));
  }
  if (routing !== 'direct' && (v4 || v6)) {
    out.push(warning('eksa/cilium', `${at}.${v4 ? 'ipv4' : 'ipv6'}NativeRoutingCIDR`, 'native routing CIDRs are only used when routingMode is direct: ignored',
      'set routingMode: direct, or remove the CIDR'));
  }
  for (const [f, v, fam] of [['ipv4NativeRoutingCIDR', v4, 4], ['ipv6NativeRoutingCIDR', v6, 6]] as const) {
    if (v && parseCidr(v)?.family !== fam) {
      out.push(warning('eksa/cilium', `${at}.${f}`, `${f} ${String(v)} is not a valid IPv${fam} CIDR: EKS Anywhere passes it to Cilium unchecked`, `an IPv${fam} CIDR, e.g. ${fam === 4 ? '10.0.0.0/16' : 'fd00::/64'}`));
    }
  }
}

export const networkCheck: PreflightCheck = {
  name: 'Validate cluster network',
  run: ({ spec }) => {
    const net = spec.cluster.spec?.clusterNetwork;
    const out: Finding[] = [];
    if (!net || typeof net !== 'object') {
      out.push(error('eksa/cidr', NET, 'clusterNetwork is required', 'pods.cidrBlocks, services.cidrBlocks and cniConfig'));
      return about(spec.cluster, out);
    }
    const pods = cidrRules(net, 'pods', out);
    cidrRules(net, 'services', out);
    if (pods) {
      const nodeMask = intField(net.nodes?.cidrMaskSize) ?? DEFAULT_NODE_CIDR_MASK_SIZE;
      if (Number.isNaN(nodeMask)) {
        out.push(error('eksa/node-mask', `${NET}.nodes.cidrMaskSize`, `cidrMaskSize must be a whole number, got ${JSON.stringify(net.nodes.cidrMaskSize)}`));
      } else if (pods.prefix >= nodeMask) {
        out.push(error('eksa/node-mask', `${NET}.pods.cidrBlocks[0]`,
          `the size of pod subnet with mask ${pods.prefix} is smaller than or equal to the size of node subnet with mask ${nodeMask}`,
          `use a pod CIDR wider than /${nodeMask} (e.g. /16), or a larger clusterNetwork.nodes.cidrMaskSize`));
      } else if (nodeMask - pods.prefix > MAX_POD_NODE_MASK_DIFF) {
        out.push(error('eksa/node-mask', `${NET}.pods.cidrBlocks[0]`,
          `pod subnet mask (${pods.prefix}) and node-mask (${nodeMask}) difference is greater than ${MAX_POD_NODE_MASK_DIFF}`));
      }
    }
    cniRules(net, spec.datacenterKind, out);
    return about(spec.cluster, out);
  },
};
