// SingleNodeRke2Cluster: one control-plane host and no workers (edge sites). The API is
// reached on the node's own address unless an API VIP is asked for, in which case MetalLB is
// set up as for the multinode cluster.
import { Construct } from 'constructs';
import { Rke2ClusterCommonProps } from './options';
import { SINGLE_NODE_SHAPE, checkPropShape } from './props-shape';
import { Rke2Cluster } from './rke2-cluster';
import { ValidationError } from '../core/errors';
import { VipAddresses } from '../metallb/vip';

export interface SingleNodeRke2ClusterProps extends Rke2ClusterCommonProps {
  /** Address (IP or DNS name) of the node; the control plane endpoint when there is no VIP. @default - required unless apiVip is set */
  readonly endpoint?: string;
  /** An API VIP announced by MetalLB instead of the node address. @default - no MetalLB */
  readonly apiVip?: VipAddresses;
}

export class SingleNodeRke2Cluster extends Rke2Cluster {
  constructor(scope: Construct, id: string, props: SingleNodeRke2ClusterProps) {
    const where = `${scope.node.path}/${id}`;
    checkPropShape(where, props, SINGLE_NODE_SHAPE);
    if (props?.controlPlane?.replicas !== undefined && props.controlPlane.replicas !== 1) {
      throw new ValidationError(where, 'controlPlane.replicas', `a single-node cluster has exactly 1 control-plane machine (got ${props.controlPlane.replicas})`, 'use MultinodeRke2Cluster for more');
    }
    if (props?.endpoint && props?.apiVip) throw new ValidationError(where, 'endpoint', 'set either endpoint or apiVip, not both');
    super(scope, id, props, { apiVip: props?.apiVip, endpointHost: props?.endpoint, defaultReplicas: 1, workers: [] });
  }
}
