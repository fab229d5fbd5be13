// External etcd rules (upstream-rules.md §5.2 items 3, 4, 9): unsupported on Tinkerbell, count
// set, positive and odd, machineGroupRef on every provider but Docker.
import { Finding, error, warning } from '../../../core/finding';
import { DockerDatacenterKind, TinkerbellDatacenterKind, about } from '../eksa-spec';
import { PreflightCheck, intField } from './check';

const ETCD = 'spec.externalEtcdConfiguration';

export const etcdCheck: PreflightCheck = {
  name: 'Validate etcd configuration',
  run: ({ spec }) => {
    const etcd = spec.cluster.spec?.externalEtcdConfiguration;
    if (!etcd) return [];
    const out: Finding[] = [];
    if (spec.datacenterKind === TinkerbellDatacenterKind) {
      out.push(error('eksa/external-etcd', ETCD, 'tinkerbell external etcd configuration is unsupported', 'remove externalEtcdConfiguration; bare-metal clusters use stacked etcd'));
      return about(spec.cluster, out);
    }
    const docker = spec.datacenterKind === DockerDatacenterKind;
    if (!docker && !etcd.machineGroupRef) {
      out.push(error('eksa/machine-group-ref', `${ETCD}.machineGroupRef`, 'must specify machineGroupRef for etcd machines', `{kind: <machine config kind>, name: ${spec.name}-etcd}`));
    }
    const count = intField(etcd.count);
    if (count === undefined || count === 0) {
      out.push(error('eksa/etcd-count', `${ETCD}.count`, 'no value set for etcd replicas', 'an odd count, 3 or 5'));
    } else if (Number.isNaN(count)) {
      out.push(error('eksa/etcd-count', `${ETCD}.count`, `etcd replicas must be a whole number, got ${JSON.stringify(etcd.count)}`));
    } else if (count < 0) {
      out.push(error('eksa/etcd-count', `${ETCD}.count`, 'etcd replicas cannot be a negative number'));
    } else if (count % 2 === 0) {
      out.push(error('eksa/etcd-count', `${ETCD}.count`, 'external etcd count cannot be an even number', `got ${count}; use 3 or 5`));
    } else if (!docker && count !== 3 && count !== 5) {
      out.push(warning('eksa/etcd-count', `${ETCD}.count`, 'The recommended size of an external etcd cluster is 3 or 5', `got ${count}`));
    }
    return about(spec.cluster, out);
  },
};
