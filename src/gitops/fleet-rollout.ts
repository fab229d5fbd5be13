// Fleet's own staged rollout for the waves: a fleet.yaml whose rolloutStrategy has one
// partition per wave, selecting Fleet clusters by the wave label. Partitions apply to bundles
// that target the sites themselves (each site a Fleet downstream cluster, e.g. a
// system-upgrade-controller Plan), not to the CAPI objects, which all go to the one management
// cluster; those are ordered by the per-site dependsOn chain (fleet.ts).
//
// Fleet v0.16 semantics (internal/cmd/controller/target): a target is updated only while fewer
// than maxUnavailable clusters (bundle-wide, and in its partition) are unavailable; a partition
// holds back the next one while more than its maxUnavailable clusters are not ready and up to
// date (maxUnavailablePartitions 0); clusters matched by no partition are never updated.
import { GitOpsFile } from './layout';
import { GitOpsWavePlan, WAVE_LABEL, waveListing } from './waves';

export const FLEET_ROLLOUT_FILE = 'fleet/site-rollout/fleet.yaml';

/** The rolloutStrategy (a Bundle's spec.rolloutStrategy / fleet.yaml rolloutStrategy). */
export function fleetRolloutStrategy(plan: GitOpsWavePlan): Record<string, unknown> {
  return {
    // Fleet counts an updating or failed cluster as unavailable: maxParallel caps both, so that
    // many failed sites stop the rollout. Unset, Fleet's default (100%) holds nothing back.
    ...(plan.maxParallel !== undefined ? { maxUnavailable: plan.maxParallel } : {}),
    maxUnavailablePartitions: 0,
    partitions: plan.waves.map(w => ({ name: `wave-${w.label}`, clusterSelector: { matchLabels: { [WAVE_LABEL]: w.label } } })),
  };
}

/** What the strategy cannot say, one line each (written into the file's header). */
export function fleetRolloutGaps(plan: GitOpsWavePlan): string[] {
  const gaps = [
    `failure budget ${plan.failuresAllowed}: Fleet has no failure count; a failed cluster stays unavailable and holds one maxUnavailable slot`,
    'a partition no larger than its maxUnavailable (a one-site canary) never holds back the next partition',
  ];
  if (plan.maxParallel === undefined) gaps.push('maxParallel unset: maxUnavailable stays at Fleet\'s 100%, so the partitions do not gate each other');
  if (plan.soak) gaps.push(`soak ${plan.soak}: Fleet has no wait between partitions`);
  return gaps;
}

export function fleetRolloutFile(plan: GitOpsWavePlan): GitOpsFile {
  const header = [
    '# Fleet rolloutStrategy for the waves of `rollout:` (cdk8s-capi synth). Copy it into the fleet.yaml of a',
    `# bundle that targets the sites as Fleet clusters, each labelled ${WAVE_LABEL}=<wave>:`,
    ...waveListing(plan),
    '# Not expressed by Fleet:',
    ...fleetRolloutGaps(plan).map(g => `#   - ${g}`),
  ];
  return { path: FLEET_ROLLOUT_FILE, text: `${header.join('\n')}\n`, objects: [{ rolloutStrategy: fleetRolloutStrategy(plan) }] };
}
