// Docker provider: no machine configs, so machineGroupRefs are ignored (warned about).
import { warning } from '../../../core/finding';
import { DockerDatacenterKind, about, machineRefs } from '../eksa-spec';
import { PreflightCheck } from './check';

export const dockerCheck: PreflightCheck = {
  name: 'Docker Provider setup is valid',
  applies: ({ spec }) => spec.datacenterKind === DockerDatacenterKind,
  run: ({ spec }) => about(spec.cluster, machineRefs(spec.cluster).map(m =>
    warning('eksa/docker', m.field, 'the Docker provider has no machine configs; this machineGroupRef is ignored'))),
};
