// The synth output layout shared by the GitOps generators:
//   <out>/<cluster>/kustomization.yaml   → hosts/ then cluster/
//   <out>/<cluster>/hosts/               Secrets + BareMetalHosts (applied and healthy first)
//   <out>/<cluster>/cluster/             the cluster objects
export const HOSTS_DIR = 'hosts';
export const CLUSTER_DIR = 'cluster';
export const STAGE_LABEL = 'cdk8s-capi.io/stage';
export const CLUSTER_LABEL = 'cdk8s-capi.io/cluster';

export enum GitOpsFlavor {
  FLUX = 'flux',
  FLEET = 'fleet',
  ARGO = 'argo',
}

export interface GitOpsCluster {
  readonly name: string;
  readonly namespace: string;
  /** Has a hosts/ directory (RKE2 on Metal3). */
  readonly hasHosts: boolean;
  /** Kinds present (group/Kind) for health checks. */
  readonly kinds: ReadonlySet<string>;
  /** BMC credential env variables the hosts use (for post-build substitution). */
  readonly substitutionVars: readonly string[];
  /** The site's cluster object (CAPI Cluster, else EKS-A Cluster): what a wave's health is judged on. */
  readonly clusterRef?: { readonly apiVersion: string; readonly kind: string; readonly name: string; readonly namespace: string };
}

export interface GitOpsFile {
  /** Path relative to the output directory. */
  readonly path: string;
  readonly objects?: readonly object[];
  readonly text?: string;
}
