// A fleet inventory of N multinode sites (3 control-plane + 3 worker hosts each), the input of
// the fleet synth benchmark and of the 1,000-site test. Addresses are unique per site.
import { Inventory, InventoryHost } from '../src/inventory/types';

function mac(site: number, host: number): string {
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  return `0c:c4:${hex((site >> 8) & 0xff)}:${hex(site & 0xff)}:${hex((host >> 8) & 0xff)}:${hex(host & 0xff)}`;
}

export interface FleetOptions {
  /** Control-plane hosts (and replicas) per site. @default 3 */
  readonly controlPlane?: number;
  /** Worker hosts (and replicas) per site. @default 3 */
  readonly workers?: number;
  /** One namespace for every site (the worst case of the namespace-scoped cross-object rules). @default - a namespace per site */
  readonly namespace?: string;
}

export function fleetInventory(sites: number, opts: FleetOptions = {}): Inventory {
  const cp = opts.controlPlane ?? 3;
  const wk = opts.workers ?? 3;
  const clusters = Array.from({ length: sites }, (_, s) => {
    // VIPs in 172.16.0.0/13 and BMCs in 100.64.0.0/13: clear of the default pod/service CIDRs.
    const hi = s >> 8;
    const b = s & 0xff;
    const hosts: InventoryHost[] = Array.from({ length: cp + wk }, (_unused, h) => ({
      name: `site${s}-node${h + 1}`,
      role: h < cp ? 'control-plane' as const : 'worker' as const,
      // Past 240 hosts in a site the system path tells BMCs on one address apart.
      bmcAddress: `redfish-virtualmedia://100.${64 + hi}.${b}.${(h % 240) + 10}/redfish/v1/Systems/${Math.floor(h / 240) + 1}`,
      bootMacAddress: mac(s, h + 1),
    }));
    return {
      name: `site${s}`,
      type: 'rke2-multinode' as const,
      namespace: opts.namespace ?? `site${s}`,
      hosts,
      rke2: {
        apiVip: { ipv4: `172.${16 + hi}.${b}.100` },
        ingressVip: { ipv4: `172.${16 + hi}.${b}.101` },
        controlPlane: { replicas: cp },
        workers: { replicas: wk, maxSurge: 0, maxUnavailable: 1 },
      },
    };
  });
  return {
    apiVersion: 'cdk8s-capi.io/v1alpha1',
    kind: 'Inventory',
    defaults: {
      bmc: { disableCertificateVerification: true },
      rke2: {
        version: 'v1.36.3+rke2r1',
        controlPlane: { replicas: 3, image: { url: 'http://imagecache.local:8080/eibimage-output-telco.raw' } },
        workers: { replicas: 3, image: { url: 'http://imagecache.local:8080/eibimage-slmicro-rt-telco.raw' } },
      },
    },
    clusters,
  };
}
