// A self-managed EKS Anywhere management cluster on vSphere: eksctl's vSphere defaults (2 control
// plane VMs with a 3-member external etcd), a second worker group on bigger VMs for GPU work,
// Flux GitOps, OIDC login, a registry mirror and a proxy.
import { App } from 'cdk8s';
import { EksaApp, EksaCluster, EksaIdentityProvider, EksaProvider, TaintEffect, UpgradeRolloutStrategy, VSphereOsFamily } from 'cdk8s-capi';

const SSH_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExampleKeyForDocumentationOnly ops@example.com';

export function build(outdir?: string): App {
  const app = new EksaApp({ outdir });
  new EksaCluster(app, 'mgmt', {
    provider: EksaProvider.vsphere({
      server: 'vcenter.example.com',
      datacenter: 'dc1',
      network: '/dc1/network/k8s-nodes',
      thumbprint: '6B:C2:0F:8D:A1:5E:DA:22:C5:3B:BE:32:2C:DA:2F:4A:0E:8F:1A:5B',
      machine: {
        datastore: '/dc1/datastore/vsan',
        resourcePool: '/dc1/host/cluster1/Resources',
        folder: '/dc1/vm/eksa',
        osFamily: VSphereOsFamily.BOTTLEROCKET,
        users: [{ name: 'ec2-user', sshAuthorizedKeys: [SSH_KEY] }],
      },
      controlPlaneMachine: { numCpus: 4, memoryMiB: 16384 },
      workerMachines: { gpu: { numCpus: 16, memoryMiB: 65536, diskGiB: 200 } },
    }),
    controlPlane: { endpoint: '10.20.0.10' },
    workerNodeGroups: [
      { name: 'md-0', count: 3, upgradeRolloutStrategy: UpgradeRolloutStrategy.rollingUpdate({ maxSurge: 1, maxUnavailable: 0 }) },
      {
        name: 'gpu',
        count: 2,
        autoscaling: { minCount: 1, maxCount: 4 },
        labels: { 'example.com/accelerator': 'gpu' },
        taints: [{ key: 'example.com/gpu', value: 'true', effect: TaintEffect.NO_SCHEDULE }],
      },
    ],
    gitOps: { github: { owner: 'example-org', repository: 'fleet' }, branch: 'main', clusterConfigPath: 'clusters/mgmt' },
    identityProviders: [EksaIdentityProvider.oidc({ issuerUrl: 'https://login.example.com', clientId: 'eks-anywhere', groupsClaim: 'groups' })],
    registryMirror: { endpoint: 'registry.example.com', port: 443, ociNamespaces: [{ registry: 'public.ecr.aws', namespace: 'eks-anywhere' }] },
    proxy: { httpProxy: 'http://proxy.example.com:3128', httpsProxy: 'http://proxy.example.com:3128', noProxy: ['.example.com', '10.20.0.0/16'] },
  });
  return app;
}

// Run as a cdk8s app (`cdk8s synth`, or `npx ts-node main.ts`): writes into dist/ (or $CDK8S_OUTDIR).
if (require.main === module) build().synth();
