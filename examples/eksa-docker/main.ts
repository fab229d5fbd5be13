// A local EKS Anywhere cluster on Docker, with the defaults of
// `eksctl anywhere generate clusterconfig dev --provider docker`. Create it with
//   eksctl anywhere create cluster -f dist/eksa-docker/dev-eks-a-cluster.yaml
import { App } from 'cdk8s';
import { EksaApp } from '../../src/eksa/eksa-app';
import { EksaCluster } from '../../src/eksa/eksa-cluster';
import { EksaProvider } from '../../src/eksa/providers/provider';

export function build(outdir: string): App {
  const app = new EksaApp({ outdir });
  new EksaCluster(app, 'dev', { provider: EksaProvider.docker() });
  return app;
}
