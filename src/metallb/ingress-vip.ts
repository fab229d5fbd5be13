// IngressVip: a MetalLB pool holding the ingress VIPs, reserved for RKE2's bundled Traefik
// LoadBalancer Service, its L2 advertisement, and the rke2-traefik values that make Traefik
// a LoadBalancer (no hostPorts) — the reference chapter's metallb-traefik-cr.yaml and
// rke2-traefik-config.yaml.
import { Construct } from 'constructs';
import { helmChartConfig } from './helm';
import { ManifestFile, ManifestFileSet, RKE2_MANIFESTS_DIR, VIP_SHAPE, VipAddresses, checkVip, vipPoolAddresses } from './vip';
import { IpAddressPool, L2Advertisement } from '../../imports/metallb.io';
import { bool, checkPropShape, int, obj, str } from '../core/prop-shape';
import { METALLB_NAMESPACE } from '../validate/pool-addresses';

export interface IngressVipProps {
  /** The ingress VIP(s). */
  readonly vip: VipAddresses;
  /** Name of the pool. @default 'ingress-ippool' */
  readonly poolName?: string;
  /** Name of the L2Advertisement. @default 'ingress-l2-adv' */
  readonly l2AdvertisementName?: string;
  /** serviceAllocation priority of the pool. @default 100 */
  readonly priority?: number;
  /** Make Traefik the default IngressClass. @default true */
  readonly defaultIngressClass?: boolean;
}

export class IngressVip extends ManifestFileSet {
  readonly vip: VipAddresses;
  readonly files: readonly ManifestFile[];

  constructor(scope: Construct, id: string, props: IngressVipProps) {
    super(scope, id);
    checkPropShape(this.node.path, props, obj({ vip: VIP_SHAPE, poolName: str, l2AdvertisementName: str, priority: int, defaultIngressClass: bool }));
    this.vip = Object.freeze(checkVip(this.node.path, 'vip', props?.vip));
    const poolName = props.poolName ?? 'ingress-ippool';
    const traefikValues = {
      ingressClass: { isDefaultClass: props.defaultIngressClass ?? true },
      ports: {
        web: { hostPort: null, exposedPort: 80 },
        websecure: { hostPort: null, exposedPort: 443 },
      },
      service: {
        enabled: true,
        spec: { type: 'LoadBalancer', externalTrafficPolicy: 'Local', allocateLoadBalancerNodePorts: false },
      },
    };
    this.files = this.checkObjects([
      { path: `${RKE2_MANIFESTS_DIR}/rke2-traefik-config.yaml`, objects: [helmChartConfig('rke2-traefik', traefikValues)] },
      {
        path: `${RKE2_MANIFESTS_DIR}/metallb-traefik-cr.yaml`,
        objects: [
          IpAddressPool.manifest({
            metadata: { name: poolName, namespace: METALLB_NAMESPACE },
            spec: {
              addresses: vipPoolAddresses(this.vip),
              serviceAllocation: {
                priority: props.priority ?? 100,
                serviceSelectors: [{ matchExpressions: [{ key: 'app.kubernetes.io/name', operator: 'In', values: ['rke2-traefik'] }] }],
              },
            },
          }),
          L2Advertisement.manifest({
            metadata: { name: props.l2AdvertisementName ?? 'ingress-l2-adv', namespace: METALLB_NAMESPACE },
            spec: { ipAddressPools: [poolName] },
          }),
        ],
      },
    ]);
  }
}
