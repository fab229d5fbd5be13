// Argo CD: one ApplicationSet over the sites with a progressive sync (RollingSync): one step
// per wave, selecting the generated Applications by the wave label, maxUpdate from
// maxParallel. Facts (argo-cd v3.5): progressive syncs run only when the ApplicationSet
// controller has them enabled (--enable-progressive-syncs); RollingSync turns autosync off on
// the Applications and syncs a step only once every Application of the previous step is
// Healthy; an Application matched by no step is never synced by it.
import { CLUSTER_LABEL, GitOpsCluster, GitOpsFile } from './layout';
import { GitOpsWavePlan, WAVE_LABEL, waveOf } from './waves';

export const ARGO_APPSET_FILE = 'argo/applicationset.yaml';

export interface ArgoAppSetOptions {
  /** The Git repository Argo CD reads the output from. */
  readonly repoUrl: string;
  /** Path of the synth output inside the repository, e.g. `dist`. */
  readonly repoPath: string;
  /** @default 'HEAD' */
  readonly targetRevision?: string;
  /** @default 'cdk8s-capi-sites' */
  readonly name?: string;
}

/** Argo CD source paths are relative to the repository root, without `./`. */
export function argoRepoPath(repoPath: string): string {
  return repoPath.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
}

/** What RollingSync cannot say, one line each (written into the file's header). */
export function argoGaps(plan: GitOpsWavePlan): string[] {
  const gaps = plan.failuresAllowed > 0
    ? [`failure budget ${plan.failuresAllowed}: a step waits for every Application to be Healthy, so one failed site stops the rollout (a budget of 0)`]
    : [];
  if (plan.soak) gaps.push(`soak ${plan.soak}: RollingSync starts the next step as soon as the previous one is Healthy`);
  return gaps;
}

export function argoAppSetFile(clusters: readonly GitOpsCluster[], plan: GitOpsWavePlan, opts: ArgoAppSetOptions): GitOpsFile {
  const waves = waveOf(plan);
  const base = argoRepoPath(opts.repoPath);
  const elements = clusters.map(c => ({
    site: c.name,
    namespace: c.namespace,
    wave: waves.get(c.name)!.label,
    path: base && base !== '.' ? `${base}/${c.name}` : c.name,
  }));
  const appset = {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'ApplicationSet',
    metadata: { name: opts.name ?? 'cdk8s-capi-sites', namespace: 'argocd' },
    spec: {
      goTemplate: true,
      goTemplateOptions: ['missingkey=error'],
      generators: [{ list: { elements } }],
      strategy: {
        type: 'RollingSync',
        rollingSync: {
          steps: plan.waves.map(w => ({
            matchExpressions: [{ key: WAVE_LABEL, operator: 'In', values: [w.label] }],
            ...(plan.maxParallel !== undefined ? { maxUpdate: plan.maxParallel } : {}),
          })),
        },
      },
      template: {
        metadata: { name: '{{.site}}', labels: { [CLUSTER_LABEL]: '{{.site}}', [WAVE_LABEL]: '{{.wave}}' } },
        spec: {
          project: 'default',
          source: { repoURL: opts.repoUrl, targetRevision: opts.targetRevision ?? 'HEAD', path: '{{.path}}' },
          // The CAPI objects go to the management cluster Argo CD runs in.
          destination: { server: 'https://kubernetes.default.svc', namespace: '{{.namespace}}' },
        },
      },
    },
  };
  const header = [
    '# Argo CD ApplicationSet rolling the sites out in the waves of `rollout:` (cdk8s-capi synth).',
    '# Needs progressive syncs enabled on the ApplicationSet controller (--enable-progressive-syncs, or',
    '# applicationsetcontroller.enable.progressive.syncs: "true" in argocd-cmd-params-cm), and the',
    '# health checks of argocd-cm-health.yaml so a site is Healthy only once its cluster is Available.',
    ...(argoGaps(plan).length ? ['# Not expressed by RollingSync:', ...argoGaps(plan).map(g => `#   - ${g}`)] : []),
  ];
  return { path: ARGO_APPSET_FILE, text: `${header.join('\n')}\n`, objects: [appset] };
}
