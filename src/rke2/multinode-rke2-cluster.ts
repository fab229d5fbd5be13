// MultinodeRke2Cluster: the reference chapter's highly available RKE2 cluster on Metal3 with
// a MetalLB-announced API VIP.
import { Construct } from 'constructs';
import { Rke2ClusterCommonProps, Rke2WorkerPoolOptions } from './options';
import { MULTINODE_SHAPE, checkPropShape } from './props-shape';
import { Rke2Cluster } from './rke2-cluster';
import { ValidationError } from '../core/errors';
import { VipAddresses } from '../metallb/vip';

export interface MultinodeRke2ClusterProps extends Rke2ClusterCommonProps {
  /** The API VIP (reserved on the nodes' L2 network; IPv4, IPv6 or both). */
  readonly apiVip: VipAddresses;
  /** The first worker pool. More with `addWorkerPool`. @default - no workers */
  readonly workers?: Rke2WorkerPoolOptions;
}

export class MultinodeRke2Cluster extends Rke2Cluster {
  constructor(scope: Construct, id: string, props: MultinodeRke2ClusterProps) {
    checkPropShape(`${scope.node.path}/${id}`, props, MULTINODE_SHAPE);
    if (!props?.apiVip) throw new ValidationError(`${scope.node.path}/${id}`, 'apiVip', 'Required value', 'the API VIP, e.g. { ipv4: \'192.168.125.100\' }');
    super(scope, id, props, { apiVip: props.apiVip, defaultReplicas: 3, workers: props.workers ? [props.workers] : [] });
  }
}
