// Small MetalLB v0.16.1 objects for the rule cases, in metallb-system: each valid as given.
import { KubeObject } from '../../../src/core/kube-object';

const NS = 'metallb-system';

export function metallb(kind: string, name: string, spec: Record<string, unknown>, namespace: string | undefined = NS): KubeObject {
  return {
    apiVersion: kind === 'BGPPeer' ? 'metallb.io/v1beta2' : 'metallb.io/v1beta1',
    kind,
    metadata: namespace === undefined ? { name } : { name, namespace },
    spec,
  };
}

export const pool = (name: string, addresses: string[], extra: Record<string, unknown> = {}) => metallb('IPAddressPool', name, { addresses, ...extra });
export const bgpAdv = (name: string, spec: Record<string, unknown> = {}) => metallb('BGPAdvertisement', name, spec);
export const peer = (name: string, spec: Record<string, unknown> = {}) => metallb('BGPPeer', name, { myASN: 64500, peerASN: 64501, peerAddress: '10.0.0.1', ...spec });
export const community = (name: string, communities: Array<{ name: string; value: string }>) => metallb('Community', name, { communities });
export const bfd = (name: string, spec: Record<string, unknown> = {}) => metallb('BFDProfile', name, spec);

/** The helm-controller HelmChart that installs MetalLB into `namespace`. */
export const metallbChart = (namespace: string): KubeObject => ({
  apiVersion: 'helm.cattle.io/v1',
  kind: 'HelmChart',
  metadata: { name: 'metallb', namespace: 'kube-system' },
  spec: { chart: 'oci://registry.suse.com/edge/charts/metallb', version: '307.0.3+up0.16.1', targetNamespace: namespace, createNamespace: true },
});

export const basicAuth = (name: string, data: Record<string, string>): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace: NS }, type: 'kubernetes.io/basic-auth', stringData: data } as KubeObject);
