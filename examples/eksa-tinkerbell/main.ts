// A bare-metal EKS Anywhere cluster with Tinkerbell, from the same host inventory the Metal3
// path enrolls (BareMetalHostProps): three control plane servers and two workers. Besides the
// cluster config, the app writes hardware.csv; BMC credentials stay out of Git as ${VAR}
// placeholders. Create it with
//   envsubst < dist/eksa-tinkerbell/hardware.csv > hardware.csv
//   eksctl anywhere create cluster -f dist/eksa-tinkerbell/metal-eks-a-cluster.yaml --hardware-csv hardware.csv
import { App } from 'cdk8s';
import { BareMetalHostProps, BmcCredentials, EksaApp, EksaCluster, EksaProvider, HostRole, TinkerbellOsFamily } from 'cdk8s-capi';

const SSH_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExampleKeyForDocumentationOnly ops@example.com';

function host(n: number, role: HostRole): BareMetalHostProps {
  return {
    name: `node${n}`,
    role,
    bmcAddress: `redfish-virtualmedia://192.168.200.${74 + n}/redfish/v1/Systems/1`,
    bootMacAddress: `0c:c4:7a:6b:00:0${n}`,
    credentials: BmcCredentials.fromEnv(`BMC_NODE${n}_USERNAME`, `BMC_NODE${n}_PASSWORD`),
    rootDeviceHints: { deviceName: n <= 3 ? '/dev/sda' : '/dev/nvme0n1' },
    labels: { rack: n % 2 ? 'r1' : 'r2' },
    network: {
      ipv4: { address: `192.168.125.${200 + n}/24`, gateway: '192.168.125.1' },
      nameservers: ['192.168.125.2', '192.168.125.3'],
    },
  };
}

export function build(outdir?: string): App {
  const app = new EksaApp({ outdir });
  new EksaCluster(app, 'metal', {
    provider: EksaProvider.tinkerbell({
      tinkerbellIp: '192.168.125.99',
      osFamily: TinkerbellOsFamily.UBUNTU,
      osImageUrl: 'https://artifacts.example.com/eksa/ubuntu-2204-kube-1-36.gz',
      users: [{ name: 'ec2-user', sshAuthorizedKeys: [SSH_KEY] }],
      hosts: [1, 2, 3].map(n => host(n, HostRole.CONTROL_PLANE)).concat([4, 5].map(n => host(n, HostRole.WORKER))),
    }),
    controlPlane: { endpoint: '192.168.125.100', count: 3 },
    workerNodeGroups: [{ name: 'md-0', count: 2 }],
  });
  return app;
}

// Run as a cdk8s app (`cdk8s synth`, or `npx ts-node main.ts`): writes into dist/ (or $CDK8S_OUTDIR).
if (require.main === module) build().synth();
