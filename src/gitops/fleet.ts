// Fleet: a fleet.yaml per directory — the cluster bundle dependsOn the hosts bundle (selected
// by labels). Fleet's readiness does not know BareMetalHost states; it orders, it does not
// wait for inspection (see README). With rollout waves, every bundle carries its site's wave
// label and a site's first bundle dependsOn the previous wave's cluster bundles.
import { CLUSTER_DIR, CLUSTER_LABEL, GitOpsCluster, GitOpsFile, HOSTS_DIR, STAGE_LABEL } from './layout';
import { GitOpsWavePlan, WAVE_LABEL, waveOf } from './waves';

export function fleetFiles(clusters: readonly GitOpsCluster[], plan?: GitOpsWavePlan): GitOpsFile[] {
  const waves = plan ? waveOf(plan) : undefined;
  const out: GitOpsFile[] = [];
  for (const c of clusters) {
    const wave = waves?.get(c.name);
    const labels = (stage: string) => ({ [CLUSTER_LABEL]: c.name, [STAGE_LABEL]: stage, ...(wave ? { [WAVE_LABEL]: wave.label } : {}) });
    // Fleet checks a dependency's deployment state, which is not Ready until the dependency
    // has applied its newest content: wave n waits for wave n-1 at the same commit.
    const afterPreviousWave = wave && wave.number > 1
      ? [{ selector: { matchLabels: { [WAVE_LABEL]: String(wave.number - 1), [STAGE_LABEL]: 'cluster' } } }]
      : [];
    if (!c.hasHosts) {
      out.push({
        path: `${c.name}/fleet.yaml`,
        objects: [{ defaultNamespace: c.namespace, labels: labels('cluster'), ...(afterPreviousWave.length ? { dependsOn: afterPreviousWave } : {}) }],
      });
      continue;
    }
    out.push({
      path: `${c.name}/${HOSTS_DIR}/fleet.yaml`,
      objects: [{ defaultNamespace: c.namespace, labels: labels('hosts'), ...(afterPreviousWave.length ? { dependsOn: afterPreviousWave } : {}) }],
    });
    out.push({
      path: `${c.name}/${CLUSTER_DIR}/fleet.yaml`,
      objects: [{
        defaultNamespace: c.namespace,
        labels: labels('cluster'),
        dependsOn: [{ selector: { matchLabels: { [CLUSTER_LABEL]: c.name, [STAGE_LABEL]: 'hosts' } } }],
      }],
    });
  }
  return out;
}
