// Flux: the waves as a chain of gate Kustomizations. Gate n dependsOn gate n-1 and on the
// `<site>-cluster` Kustomizations of wave n, then health-checks the wave's cluster objects;
// wave n+1's sites dependsOn gate n. Flux holds a Kustomization until each dependency is Ready
// *at the same source revision* (kustomize-controller v1.9 checkDependencies), so on an upgrade
// commit wave n+1 starts only after every site of wave n has applied it and is healthy.
// A gate applies nothing (an empty kustomization in flux/waves/): it only waits.
import { HEALTH } from './flux-health';
import { GitOpsCluster, GitOpsFile } from './layout';
import { GitOpsWavePlan, waveListing } from './waves';

export const FLUX_WAVES_FILE = 'flux/waves.yaml';
export const FLUX_GATE_DIR = 'flux/waves';

export function waveGateName(wave: number): string {
  return `cdk8s-capi-wave-${wave}`;
}

/** What the chain cannot say, one line each (written into the file's header). */
export function fluxGaps(plan: GitOpsWavePlan): string[] {
  const gaps = plan.failuresAllowed > 0
    ? [`failure budget ${plan.failuresAllowed}: a gate needs every site of its wave Ready, so one failed site stops the rollout (a budget of 0)`]
    : [];
  if (plan.maxParallel !== undefined) gaps.push(`maxParallel ${plan.maxParallel}: every site of a wave is applied at once`);
  if (plan.soak) gaps.push(`soak ${plan.soak}: the next wave starts as soon as the gate is Ready`);
  return gaps;
}

export interface FluxWaveOptions {
  /** Path of the synth output inside the Git repository, e.g. `./dist`. */
  readonly repoPath: string;
  /** GitRepository to read from. @default 'flux-system' */
  readonly sourceName?: string;
}

export function fluxWaveFiles(clusters: readonly GitOpsCluster[], plan: GitOpsWavePlan, opts: FluxWaveOptions): GitOpsFile[] {
  const byName = new Map(clusters.map(c => [c.name, c]));
  const base = opts.repoPath.replace(/\/+$/, '');
  const gates = plan.waves.map(w => {
    const sites = w.clusters.map(n => byName.get(n)!);
    const refs = sites.flatMap(s => (s.clusterRef ? [s.clusterRef] : []));
    const kinds = [...new Set(refs.map(r => `${r.apiVersion.split('/')[0]}/${r.kind}`))].sort();
    return {
      apiVersion: 'kustomize.toolkit.fluxcd.io/v1',
      kind: 'Kustomization',
      metadata: { name: waveGateName(w.number), namespace: 'flux-system', labels: { 'cdk8s-capi.io/wave': w.label } },
      spec: {
        interval: '10m',
        path: `${base}/${FLUX_GATE_DIR}`,
        prune: true,
        sourceRef: { kind: 'GitRepository', name: opts.sourceName ?? 'flux-system' },
        dependsOn: [
          ...(w.number > 1 ? [{ name: waveGateName(w.number - 1) }] : []),
          ...sites.map(s => ({ name: `${s.name}-cluster` })),
        ],
        timeout: '30m',
        healthChecks: refs.map(r => ({ apiVersion: r.apiVersion, kind: r.kind, name: r.name, namespace: r.namespace })),
        healthCheckExprs: kinds.map(k => HEALTH[k]).filter(Boolean),
      },
    };
  });
  const header = [
    '# Flux Kustomizations gating the waves of `rollout:` (cdk8s-capi synth): apply this file (or flux/)',
    '# beside the per-site Kustomizations; wave n+1 starts once every site of wave n is Ready at the new revision.',
    ...waveListing(plan),
    ...(fluxGaps(plan).length ? ['# Not expressed by Flux:', ...fluxGaps(plan).map(g => `#   - ${g}`)] : []),
  ];
  return [
    { path: FLUX_WAVES_FILE, text: `${header.join('\n')}\n`, objects: gates },
    { path: `${FLUX_GATE_DIR}/kustomization.yaml`, objects: [{ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization', resources: [] }] },
  ];
}
