// A local EKS Anywhere cluster on Docker, with the defaults of
// `eksctl anywhere generate clusterconfig dev --provider docker`. Create it with
//   eksctl anywhere create cluster -f dist/eksa-docker/dev-eks-a-cluster.yaml
import { App } from 'cdk8s';
import { EksaApp, EksaCluster, EksaProvider } from 'cdk8s-capi';

export function build(outdir?: string): App {
  const app = new EksaApp({ outdir });
  new EksaCluster(app, 'dev', { provider: EksaProvider.docker() });
  return app;
}

// Run as a cdk8s app (`cdk8s synth`, or `npx ts-node main.ts`): writes into dist/ (or $CDK8S_OUTDIR).
if (require.main === module) build().synth();
