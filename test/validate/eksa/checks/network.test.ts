// Cluster network preflights (upstream-rules.md §5.2 item 7).
import { cluster, docker, errors, vsphere, warnings } from '../fixtures';

const NET = 'Validate cluster network: Cluster/prod spec.clusterNetwork';

describe('Validate cluster network', () => {
  test.each([
    ['no pod CIDR', (s: any) => { s.clusterNetwork.pods.cidrBlocks = []; }, `${NET}.pods.cidrBlocks: pods CIDR block not specified or empty`],
    ['no service CIDR', (s: any) => { delete s.clusterNetwork.services; }, `${NET}.services.cidrBlocks: services CIDR block not specified or empty`],
    ['two pod CIDRs', (s: any) => { s.clusterNetwork.pods.cidrBlocks.push('172.16.0.0/16'); }, `${NET}.pods.cidrBlocks: multiple CIDR blocks for Pods are not yet supported`],
    ['two service CIDRs', (s: any) => { s.clusterNetwork.services.cidrBlocks.push('10.112.0.0/12'); }, `${NET}.services.cidrBlocks: multiple CIDR blocks for Services are not yet supported`],
    ['an unparsable pod CIDR', (s: any) => { s.clusterNetwork.pods.cidrBlocks = ['192.168.0.0']; },
      `${NET}.pods.cidrBlocks[0]: invalid CIDR block format for Pods: 192.168.0.0. Please specify a valid CIDR block for pod subnet`],
    ['an unparsable service CIDR', (s: any) => { s.clusterNetwork.services.cidrBlocks = ['10.96.0.0/33']; },
      `${NET}.services.cidrBlocks[0]: invalid CIDR block for Services: 10.96.0.0/33. Please specify a valid CIDR block for service subnet`],
    ['the pod CIDR is not wider than the node mask', (s: any) => { s.clusterNetwork.pods.cidrBlocks = ['192.168.0.0/24']; },
      `${NET}.pods.cidrBlocks[0]: the size of pod subnet with mask 24 is smaller than or equal to the size of node subnet with mask 24`],
    ['the pod mask and node mask differ by more than 16', (s: any) => { s.clusterNetwork.pods.cidrBlocks = ['10.0.0.0/7']; },
      `${NET}.pods.cidrBlocks[0]: pod subnet mask (7) and node-mask (24) difference is greater than 16`],
    ['a custom node mask is as wide as the pod CIDR', (s: any) => { s.clusterNetwork.nodes = { cidrMaskSize: 16 }; },
      `${NET}.pods.cidrBlocks[0]: the size of pod subnet with mask 16 is smaller than or equal to the size of node subnet with mask 16`],
    ['kindnetd is used outside Docker', (s: any) => { s.clusterNetwork.cniConfig = { kindnetd: {} }; },
      `${NET}.cniConfig: kindnetd is only supported on Docker provider for development and testing. For all other providers please use Cilium CNI`],
    ['both cni and cniConfig are set', (s: any) => { s.clusterNetwork.cni = 'cilium'; }, `${NET}.cni: invalid format for cni plugin: both old and new formats used, use only the CNIConfig field`],
    ['the legacy cni names an unsupported plugin', (s: any) => { delete s.clusterNetwork.cniConfig; s.clusterNetwork.cni = 'calico'; }, `${NET}.cni: cni calico not supported`],
    ['no CNI is given (cluster_empty_cni.yaml)', (s: any) => { delete s.clusterNetwork.cniConfig; }, `${NET}.cniConfig: validating cniConfig: no cni plugin specified`],
    ['cniConfig names no plugin', (s: any) => { s.clusterNetwork.cniConfig = {}; }, `${NET}.cniConfig: validating cniConfig: no cni plugin specified`],
    ['Cilium policyEnforcementMode is unknown', (s: any) => { s.clusterNetwork.cniConfig.cilium.policyEnforcementMode = 'strict'; },
      `${NET}.cniConfig.cilium.policyEnforcementMode: validating cniConfig: cilium policyEnforcementMode "strict" not supported`],
    ['Cilium skipUpgrade comes with other settings', (s: any) => { s.clusterNetwork.cniConfig.cilium = { skipUpgrade: true, policyEnforcementMode: 'always' }; },
      `${NET}.cniConfig.cilium.policyEnforcementMode: validating cniConfig: when using skipUpgrades for cilium all other fields must be empty`],
    ['Cilium direct routing has no native routing CIDR', (s: any) => { s.clusterNetwork.cniConfig.cilium.routingMode = 'direct'; },
      `${NET}.cniConfig.cilium.ipv4NativeRoutingCIDR: validating cniConfig: direct routing mode requires IPv4NativeRoutingCIDR to be set`],
    ['Cilium direct routing has only an IPv6 native routing CIDR', (s: any) => { s.clusterNetwork.cniConfig.cilium = { routingMode: 'direct', ipv6NativeRoutingCIDR: 'fd00::/64' }; },
      `${NET}.cniConfig.cilium.ipv4NativeRoutingCIDR: validating cniConfig: direct routing mode requires IPv4NativeRoutingCIDR to be set`],
  ])('fails with %s', (_, mutate, expected) => {
    expect(errors(cluster(vsphere(), mutate))).toEqual([expected]);
  });

  // Upstream does not check routingMode's value or the CIDRs (cluster.go validateCiliumConfig): warnings.
  test.each([
    ['routingMode overlay (an upstream constant)', (s: any) => { s.clusterNetwork.cniConfig.cilium.routingMode = 'overlay'; }, undefined],
    ['an unknown routingMode', (s: any) => { s.clusterNetwork.cniConfig.cilium.routingMode = 'tunnel'; },
      `${NET}.cniConfig.cilium.routingMode: cilium routingMode "tunnel" is not one of overlay, direct: EKS Anywhere does not check it and treats it as overlay`],
    ['a native routing CIDR without direct routing', (s: any) => { s.clusterNetwork.cniConfig.cilium.ipv4NativeRoutingCIDR = '10.20.0.0/16'; },
      `${NET}.cniConfig.cilium.ipv4NativeRoutingCIDR: native routing CIDRs are only used when routingMode is direct: ignored`],
    ['an IPv6 CIDR as the IPv4 native routing CIDR', (s: any) => { s.clusterNetwork.cniConfig.cilium = { routingMode: 'direct', ipv4NativeRoutingCIDR: 'fd00::/64' }; },
      `${NET}.cniConfig.cilium.ipv4NativeRoutingCIDR: ipv4NativeRoutingCIDR fd00::/64 is not a valid IPv4 CIDR: EKS Anywhere passes it to Cilium unchecked`],
  ])('passes with %s', (_, mutate, warned) => {
    const spec = cluster(vsphere(), mutate);
    expect(errors(spec)).toEqual([]);
    expect(warnings(spec)).toEqual(warned ? [warned] : []);
  });

  test('passes with a /20 pod CIDR and /26 node masks, policy "always" and direct routing', () => {
    expect(errors(cluster(vsphere(), s => {
      s.clusterNetwork.pods.cidrBlocks = ['172.16.0.0/20'];
      s.clusterNetwork.nodes = { cidrMaskSize: 26 };
      s.clusterNetwork.cniConfig.cilium = { policyEnforcementMode: 'always', routingMode: 'direct', ipv4NativeRoutingCIDR: '10.20.0.0/16' };
    }))).toEqual([]);
  });

  test('kindnetd passes on Docker; two plugins fail there', () => {
    expect(errors(cluster(docker(), s => { s.clusterNetwork.cniConfig = { kindnetd: {} }; }))).toEqual([]);
    expect(errors(cluster(docker(), s => { s.clusterNetwork.cniConfig = { kindnetd: {}, cilium: {} }; }))).toEqual([
      'Validate cluster network: Cluster/dev spec.clusterNetwork.cniConfig: validating cniConfig: cannot specify more than one cni plugins',
    ]);
  });

  test('the deprecated cni field passes with a warning', () => {
    const spec = cluster(vsphere(), s => { delete s.clusterNetwork.cniConfig; s.clusterNetwork.cni = 'cilium'; });
    expect(errors(spec)).toEqual([]);
    expect(warnings(spec)).toEqual([`${NET}.cni: CNI field is deprecated. Provide CNI information through CNIConfig`]);
  });
});
