// The three bare-metal hosts of the reference chapter (SUSE Telco Cloud 3.7, ch. 53), enrolled
// with Metal3. Credentials stay out of Git: the Secrets carry ${BMC_NODEn_*} placeholders,
// filled by envsubst or Flux post-build substitution, exactly the variables the chapter uses.
import { App, Chart } from 'cdk8s';
import { Architecture, BareMetalHostEnrollment, BmcCredentials, HostRole } from 'cdk8s-capi';

export function build(outdir?: string): App {
  const app = new App({ outdir });
  const chart = new Chart(app, 'reference-hosts', { disableResourceNameHashes: true });
  new BareMetalHostEnrollment(chart, 'hosts', {
    namespace: 'default',
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
  return app;
}

// Run as a cdk8s app (`cdk8s synth`, or `npx ts-node main.ts`): writes into dist/ (or $CDK8S_OUTDIR).
if (require.main === module) build().synth();
