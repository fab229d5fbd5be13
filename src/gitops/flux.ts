// Flux: two Kustomizations per cluster — hosts, then the cluster (dependsOn) — with health
// checks Flux's kstatus cannot infer for these kinds, written as CEL healthCheckExprs.
import { CLUSTER_DIR, GitOpsCluster, GitOpsFile, HOSTS_DIR } from './layout';

export interface FluxOptions {
  /** Path of the synth output inside the Git repository, e.g. `./dist`. */
  readonly repoPath: string;
  /** GitRepository to read from. @default 'flux-system' */
  readonly sourceName?: string;
}

const HEALTH: Record<string, { apiVersion: string; kind: string; current: string; failed?: string; inProgress?: string }> = {
  'metal3.io/BareMetalHost': {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    current: "status.provisioning.state in ['available', 'ready', 'provisioning', 'provisioned', 'externally provisioned']",
    failed: "has(status.operationalStatus) && status.operationalStatus == 'error'",
  },
  'cluster.x-k8s.io/Cluster': {
    apiVersion: 'cluster.x-k8s.io/v1beta2',
    kind: 'Cluster',
    current: "status.conditions.exists(c, c.type == 'Available' && c.status == 'True')",
  },
  'controlplane.cluster.x-k8s.io/RKE2ControlPlane': {
    apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
    kind: 'RKE2ControlPlane',
    current: 'status.initialization.controlPlaneInitialized == true && status.readyReplicas == spec.replicas && status.upToDateReplicas == spec.replicas',
  },
  'cluster.x-k8s.io/MachineDeployment': {
    apiVersion: 'cluster.x-k8s.io/v1beta2',
    kind: 'MachineDeployment',
    current: 'status.readyReplicas == spec.replicas && status.upToDateReplicas == spec.replicas',
  },
  'anywhere.eks.amazonaws.com/Cluster': {
    apiVersion: 'anywhere.eks.amazonaws.com/v1alpha1',
    kind: 'Cluster',
    current: "status.conditions.exists(c, c.type == 'Ready' && c.status == 'True')",
    failed: "has(status.failureMessage) && status.failureMessage != ''",
  },
};

function exprs(c: GitOpsCluster, kinds: string[]): object[] {
  return kinds.filter(k => c.kinds.has(k)).map(k => HEALTH[k]);
}

export function fluxFiles(clusters: readonly GitOpsCluster[], opts: FluxOptions): GitOpsFile[] {
  const source = { kind: 'GitRepository', name: opts.sourceName ?? 'flux-system' };
  const base = opts.repoPath.replace(/\/+$/, '');
  return clusters.map(c => {
    const objects: object[] = [];
    if (c.hasHosts) {
      objects.push({
        apiVersion: 'kustomize.toolkit.fluxcd.io/v1',
        kind: 'Kustomization',
        metadata: { name: `${c.name}-hosts`, namespace: 'flux-system' },
        spec: {
          interval: '10m',
          path: `${base}/${c.name}/${HOSTS_DIR}`,
          prune: true,
          sourceRef: source,
          // Inspection alone can take 20+ minutes per host.
          timeout: '60m',
          wait: true,
          ...(c.substitutionVars.length ? { postBuild: { substituteFrom: [{ kind: 'Secret', name: `${c.name}-bmc-credentials` }] } } : {}),
          healthCheckExprs: exprs(c, ['metal3.io/BareMetalHost']),
        },
      });
    }
    objects.push({
      apiVersion: 'kustomize.toolkit.fluxcd.io/v1',
      kind: 'Kustomization',
      metadata: { name: `${c.name}-cluster`, namespace: 'flux-system' },
      spec: {
        interval: '10m',
        path: `${base}/${c.name}/${c.hasHosts ? CLUSTER_DIR : ''}`.replace(/\/$/, ''),
        prune: true,
        sourceRef: source,
        ...(c.hasHosts ? { dependsOn: [{ name: `${c.name}-hosts` }] } : {}),
        timeout: '90m',
        wait: true,
        healthCheckExprs: exprs(c, ['cluster.x-k8s.io/Cluster', 'controlplane.cluster.x-k8s.io/RKE2ControlPlane', 'cluster.x-k8s.io/MachineDeployment', 'anywhere.eks.amazonaws.com/Cluster']),
      },
    });
    const note = c.substitutionVars.length
      ? `# ${c.name}: create the Secret flux-system/${c.name}-bmc-credentials with ${c.substitutionVars.join(', ')} for post-build substitution.\n`
      : '';
    return { path: `flux/${c.name}.yaml`, objects, text: note || undefined };
  });
}
