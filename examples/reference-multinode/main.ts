// The reference chapter's multinode downstream cluster (SUSE Telco Cloud 3.7, ch. 53): three
// bare-metal hosts, an RKE2 control plane of three with a dual-stack MetalLB API VIP, an
// ingress VIP for Traefik, and the worker objects. The ${VARS} of the chapter are filled with
// example values; the corrections to the chapter are listed in the README.
import { App, Chart } from 'cdk8s';
import { Architecture, BareMetalHostEnrollment, BmcCredentials, HostRole, MultinodeRke2Cluster } from 'cdk8s-capi';

/** What an upgrade changes; the defaults are the chapter's values. */
export interface ReferenceOptions {
  readonly version?: string;
  readonly controlPlaneImage?: string;
}

export function build(outdir?: string, opts: ReferenceOptions = {}): App {
  const app = new App({ outdir });
  const chart = new Chart(app, 'multinode-cluster', { disableResourceNameHashes: true });

  const hosts = new BareMetalHostEnrollment(chart, 'hosts', {
    architecture: Architecture.X86_64,
    disableCertificateVerification: true,
    hosts: [1, 2, 3].map(n => ({
      name: `node${n}-example`,
      role: HostRole.CONTROL_PLANE,
      bmcAddress: `redfish-virtualmedia://192.168.200.${74 + n}/redfish/v1/Systems/1/`,
      bootMacAddress: `0c:c4:7a:6b:00:0${n}`,
      credentials: BmcCredentials.fromEnv(`BMC_NODE${n}_USERNAME`, `BMC_NODE${n}_PASSWORD`),
    })),
  });

  new MultinodeRke2Cluster(chart, 'cluster', {
    clusterName: 'multinode-cluster',
    version: opts.version ?? 'v1.36.3+rke2r1',
    rancherAutoImport: true,
    apiVip: { ipv4: '192.168.125.100', ipv6: 'fd00:dead:beef::100' },
    ingressVip: { ipv4: '192.168.125.101', ipv6: 'fd00:dead:beef::101' },
    network: {
      podCidrs: ['192.168.0.0/18', 'fd00:1234:4321::/48'],
      serviceCidrs: ['10.96.0.0/12', 'fd00:5678:8765:4321::/112'],
    },
    controlPlane: {
      replicas: 3,
      image: { url: opts.controlPlaneImage ?? 'http://imagecache.local:8080/eibimage-output-telco.raw' },
    },
    // The chapter asks for 3 workers but enrolls only the 3 control-plane hosts; enroll hosts
    // labelled cluster-role: worker before raising this.
    workers: {
      replicas: 0,
      image: { url: 'http://imagecache.local:8080/eibimage-slmicro-rt-telco.raw' },
    },
    hosts,
  });
  return app;
}

// Run as a cdk8s app (`cdk8s synth`, or `npx ts-node main.ts`): writes into dist/ (or $CDK8S_OUTDIR).
if (require.main === module) build().synth();
