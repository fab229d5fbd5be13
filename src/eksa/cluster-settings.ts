// Cluster-wide settings: pod/service networking, proxy and registry mirror.
import { EksaCni } from './cni';

export interface ClusterNetworkProps {
  /** The one pod CIDR. @default '192.168.0.0/16' */
  readonly podCidr?: string;
  /** The one service CIDR. @default '10.96.0.0/12' */
  readonly serviceCidr?: string;
  /** The CNI. @default EksaCni.cilium() */
  readonly cni?: EksaCni;
  /** Per-node pod CIDR mask (must be longer than the pod CIDR's, by at most 16). @default - 24 */
  readonly nodeCidrMaskSize?: number;
  /** Path of the resolv.conf kubelet hands to pods. @default - the node's */
  readonly dnsResolvConfPath?: string;
}

export interface ProxyProps {
  /** `host:port` or `http(s)://host:port`. */
  readonly httpProxy: string;
  /** `host:port` or `http(s)://host:port`. */
  readonly httpsProxy: string;
  /** Destinations reached without the proxy. @default - none (EKS-A adds the pod/service CIDRs and endpoint) */
  readonly noProxy?: string[];
}

/** A registry whose images come from a namespace of the mirror. */
export interface OciNamespaceProps {
  /** The upstream registry, e.g. `public.ecr.aws`. */
  readonly registry: string;
  /** The mirror namespace (project) holding it. */
  readonly namespace: string;
}

export interface RegistryMirrorProps {
  /** Mirror host name or IP. */
  readonly endpoint: string;
  /** Mirror port. @default - 443 */
  readonly port?: number;
  /** CA certificate of the mirror (PEM). @default - none (system trust) */
  readonly caCertContent?: string;
  /** The mirror needs credentials (REGISTRY_USERNAME / REGISTRY_PASSWORD at eksctl run time). @default false */
  readonly authenticate?: boolean;
  /** Skip TLS verification of the mirror. @default false */
  readonly insecureSkipVerify?: boolean;
  /** Per-registry namespaces on the mirror. @default - none */
  readonly ociNamespaces?: OciNamespaceProps[];
}
