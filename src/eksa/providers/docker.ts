// The Docker provider: a DockerDatacenterConfig with an empty spec, no machine configs.
import { EksaProviderKind, ProviderImpl } from './context';
import { DockerDatacenterConfig } from '../../../imports/anywhere.eks.amazonaws.com';

export function dockerProvider(): ProviderImpl {
  return {
    kind: EksaProviderKind.DOCKER,
    datacenterKind: 'DockerDatacenterConfig',
    defaults: { controlPlaneCount: 1, workerCount: 1, externalEtcdCount: 1 },
    render(scope, ctx) {
      const datacenter = new DockerDatacenterConfig(scope, 'datacenter', { metadata: { name: ctx.clusterName }, spec: {} });
      return { datacenter, machineConfigs: [], extraObjects: [], workerMachines: {}, files: {} };
    },
  };
}
