// Flux: two Kustomizations per cluster — hosts, then the cluster (dependsOn) — with health
// checks Flux's kstatus cannot infer for these kinds, written as CEL healthCheckExprs.
import { HEALTH } from './flux-health';
import { waveGateName } from './flux-waves';
import { CLUSTER_DIR, GitOpsCluster, GitOpsFile, HOSTS_DIR } from './layout';
import { GitOpsWavePlan, waveOf } from './waves';

export interface FluxOptions {
  /** Path of the synth output inside the Git repository, e.g. `./dist`. */
  readonly repoPath: string;
  /** GitRepository to read from. @default 'flux-system' */
  readonly sourceName?: string;
}

function exprs(c: GitOpsCluster, kinds: string[]): object[] {
  return kinds.filter(k => c.kinds.has(k)).map(k => HEALTH[k]);
}

export function fluxFiles(clusters: readonly GitOpsCluster[], opts: FluxOptions, plan?: GitOpsWavePlan): GitOpsFile[] {
  const source = { kind: 'GitRepository', name: opts.sourceName ?? 'flux-system' };
  const base = opts.repoPath.replace(/\/+$/, '');
  const waves = plan ? waveOf(plan) : undefined;
  return clusters.map(c => {
    const objects: object[] = [];
    // With waves, a site's first Kustomization waits for the previous wave's gate (flux-waves.ts).
    const wave = waves?.get(c.name);
    const afterPreviousWave = wave && wave.number > 1 ? [{ name: waveGateName(wave.number - 1) }] : [];
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
          ...(afterPreviousWave.length ? { dependsOn: afterPreviousWave } : {}),
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
        ...(c.hasHosts ? { dependsOn: [{ name: `${c.name}-hosts` }] } : afterPreviousWave.length ? { dependsOn: afterPreviousWave } : {}),
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
