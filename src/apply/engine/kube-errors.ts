// What a KubeClient throws besides a bug: the cluster cannot be reached (exit 2), a kind it does
// not serve, a request it refused (exit 1).
import { ConnectionError, InvalidInputError } from '../../core/errors';
import { parseApiVersion } from '../../core/gvk';

/** The cluster cannot be reached, or the kubeconfig is unusable (exit code 2). */
export class KubeConnectionError extends ConnectionError {
  constructor(message: string) {
    super(message);
    this.name = 'KubeConnectionError';
  }
}

/** A kind the cluster does not serve: its CRD (and provider) is not installed. */
export class MissingKindError extends InvalidInputError {
  constructor(public readonly apiVersion: string, public readonly kind: string) {
    super(`the cluster does not serve ${kind} (${apiVersion}): ${providerHint(apiVersion)}`);
    this.name = 'MissingKindError';
  }
}

/**
 * The API server refused a request (and retries did not change its mind): exit 1, the input was
 * not accepted. `serverMessage` is the server's Status message; the message says who refused.
 */
export class KubeApiError extends InvalidInputError {
  constructor(public readonly code: number, public readonly serverMessage: string, public readonly reason?: string,
    public readonly causes: Array<{ field?: string; message?: string }> = []) {
    super(`the API server refused a request (${code}${reason ? ` ${reason}` : ''}): ${serverMessage}`);
    this.name = 'KubeApiError';
  }
}

const PROVIDERS: Record<string, string> = {
  'metal3.io': 'install the Metal3 baremetal-operator on the management cluster',
  'ipam.metal3.io': 'install the Metal3 IP address manager (comes with `clusterctl init --infrastructure metal3`)',
  'cluster.x-k8s.io': 'install Cluster API (`clusterctl init`)',
  'infrastructure.cluster.x-k8s.io': 'install the Metal3 infrastructure provider (`clusterctl init --infrastructure metal3`)',
  'controlplane.cluster.x-k8s.io': 'install the RKE2 control-plane provider (`clusterctl init --control-plane rke2`)',
  'bootstrap.cluster.x-k8s.io': 'install the RKE2 bootstrap provider (`clusterctl init --bootstrap rke2`)',
  'anywhere.eks.amazonaws.com': 'install the EKS Anywhere controller (use an EKS Anywhere management cluster)',
  'tinkerbell.org': 'install Tinkerbell (EKS Anywhere bare metal)',
  'metallb.io': 'install MetalLB',
  'helm.cattle.io': 'install the helm-controller (part of RKE2 and k3s)',
};

/** What to install so the cluster serves a group. */
export function providerHint(apiVersion: string): string {
  const { group } = parseApiVersion(apiVersion);
  return PROVIDERS[group] ?? `install the CustomResourceDefinition of ${group || 'this kind'}`;
}
