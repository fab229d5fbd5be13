// MetalLbVip: the downstream cluster's API VIP, as the reference chapter sets it up: MetalLB
// and endpoint-copier-operator charts, a pool holding only the VIP (reserved for the
// `kubernetes-vip` Service), its L2 advertisement, and the LoadBalancer Service exposing
// the RKE2 supervisor (9345) and the API server (6443).
import { Construct } from 'constructs';
import { helmChart } from './helm';
import { ManifestFile, ManifestFileSet, RKE2_MANIFESTS_DIR, VIP_SHAPE, VipAddresses, checkVip, vipFamilies, vipPoolAddresses } from './vip';
import { IpAddressPool, L2Advertisement } from '../../imports/metallb.io';
import { KubeObject } from '../core/kube-object';
import { PropShape, checkPropShape, int, obj, str } from '../core/prop-shape';
import { METALLB_NAMESPACE } from '../validate/pool-addresses';

export const KUBERNETES_VIP_SERVICE = 'kubernetes-vip';

/** The shapes of MetalLbVipProps other than `vip` (also the RKE2 clusters' `metallb` prop). */
export const METALLB_OPTION_SHAPES: Readonly<Record<string, PropShape>> = {
  metallbChart: str,
  metallbChartVersion: str,
  endpointCopierChart: str,
  endpointCopierChartVersion: str,
  poolName: str,
  l2AdvertisementName: str,
  priority: int,
};

export interface MetalLbVipProps {
  /** The API VIP: reserved addresses on the nodes' L2 network, not assigned to any node. */
  readonly vip: VipAddresses;
  /** MetalLB chart reference. @default 'oci://registry.suse.com/edge/charts/metallb' */
  readonly metallbChart?: string;
  /** MetalLB chart version. @default '307.0.3+up0.16.1' */
  readonly metallbChartVersion?: string;
  /** endpoint-copier-operator chart reference (copies the `kubernetes` endpoints to `kubernetes-vip`). @default 'oci://registry.suse.com/edge/charts/endpoint-copier-operator' */
  readonly endpointCopierChart?: string;
  /** endpoint-copier-operator chart version. @default '307.0.1+up0.3.0' */
  readonly endpointCopierChartVersion?: string;
  /** Name of the VIP's IPAddressPool. @default 'kubernetes-vip-ip-pool' */
  readonly poolName?: string;
  /** Name of the VIP's L2Advertisement. @default 'ip-pool-l2-adv' */
  readonly l2AdvertisementName?: string;
  /** serviceAllocation priority of the pool (lower is preferred). @default 100 */
  readonly priority?: number;
}

/** The API VIP manifests, to be written into the control-plane nodes' RKE2 manifests directory. */
export class MetalLbVip extends ManifestFileSet {
  readonly vip: VipAddresses;
  readonly poolName: string;
  readonly files: readonly ManifestFile[];

  constructor(scope: Construct, id: string, props: MetalLbVipProps) {
    super(scope, id);
    checkPropShape(this.node.path, props, obj({
      vip: VIP_SHAPE,
      metallbChart: str,
      metallbChartVersion: str,
      endpointCopierChart: str,
      endpointCopierChartVersion: str,
      poolName: str,
      l2AdvertisementName: str,
      priority: int,
    }));
    this.vip = Object.freeze(checkVip(this.node.path, 'vip', props?.vip));
    this.poolName = props.poolName ?? 'kubernetes-vip-ip-pool';
    const dir = RKE2_MANIFESTS_DIR;
    this.files = this.checkObjects([
      {
        path: `${dir}/endpoint-copier-operator.yaml`,
        objects: [helmChart({
          name: 'endpoint-copier-operator',
          chart: props.endpointCopierChart ?? 'oci://registry.suse.com/edge/charts/endpoint-copier-operator',
          version: props.endpointCopierChartVersion ?? '307.0.1+up0.3.0',
          targetNamespace: 'endpoint-copier-operator',
        })],
      },
      {
        path: `${dir}/metallb.yaml`,
        objects: [helmChart({
          name: 'metallb',
          chart: props.metallbChart ?? 'oci://registry.suse.com/edge/charts/metallb',
          version: props.metallbChartVersion ?? '307.0.3+up0.16.1',
          targetNamespace: METALLB_NAMESPACE,
        })],
      },
      { path: `${dir}/metallb-cr.yaml`, objects: [this.pool(props), this.l2(props)] },
      { path: `${dir}/endpoint-svc.yaml`, objects: [this.service()] },
    ]);
  }

  private pool(props: MetalLbVipProps): KubeObject {
    return IpAddressPool.manifest({
      metadata: { name: this.poolName, namespace: METALLB_NAMESPACE },
      spec: {
        addresses: vipPoolAddresses(this.vip),
        serviceAllocation: {
          priority: props.priority ?? 100,
          namespaces: ['default'],
          serviceSelectors: [{ matchExpressions: [{ key: 'serviceType', operator: 'In', values: [KUBERNETES_VIP_SERVICE] }] }],
        },
      },
    });
  }

  private l2(props: MetalLbVipProps): KubeObject {
    return L2Advertisement.manifest({
      metadata: { name: props.l2AdvertisementName ?? 'ip-pool-l2-adv', namespace: METALLB_NAMESPACE },
      spec: { ipAddressPools: [this.poolName] },
    });
  }

  private service(): KubeObject {
    const families = vipFamilies(this.vip);
    return {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: KUBERNETES_VIP_SERVICE, namespace: 'default', labels: { serviceType: KUBERNETES_VIP_SERVICE } },
      spec: {
        ...(families.length === 2
          ? { ipFamilyPolicy: 'PreferDualStack' }
          : { ipFamilyPolicy: 'SingleStack', ipFamilies: [families[0] === 'ipv4' ? 'IPv4' : 'IPv6'] }),
        ports: [
          { name: 'rke2-api', port: 9345, protocol: 'TCP', targetPort: 9345 },
          { name: 'k8s-api', port: 6443, protocol: 'TCP', targetPort: 6443 },
        ],
        type: 'LoadBalancer',
      },
    };
  }
}
