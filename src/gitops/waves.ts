// The waves the GitOps engines roll out: the fleet upgrade's own layout (core/fleet-waves.ts)
// over the inventory's clusters, so `cdk8s-capi upgrade` and Fleet / Argo CD / Flux put every
// site in the same wave. Pure and deterministic: same clusters and settings, same waves.
import { FleetRollout } from '../core/fleet-rollout';
import { failuresAllowed, labelMatcher, layoutWaves, orderClusters, parseFailureBudget, parseWaves } from '../core/fleet-waves';

/** The label that carries a site's wave number (1 = the canary wave), as a string. */
export const WAVE_LABEL = 'cdk8s-capi.io/wave';

export interface GitOpsWave {
  /** 1-based, as the CLI upgrade reports waves. */
  readonly number: number;
  /** The value of WAVE_LABEL for its sites. */
  readonly label: string;
  /** Site (cluster folder) names, in rollout order. */
  readonly clusters: readonly string[];
}

export interface GitOpsWavePlan {
  readonly waves: readonly GitOpsWave[];
  /** Sites upgrading at once within a wave (undefined: the whole wave). */
  readonly maxParallel?: number;
  /** Failures the rollout tolerates across the fleet (the budget as a count). */
  readonly failuresAllowed: number;
  /** The soak as written (no engine can express it; kept for the notes). */
  readonly soak?: string;
}

export interface WaveSite {
  readonly name: string;
  readonly labels?: Readonly<Record<string, string>>;
}

/**
 * Lays the sites (in inventory order) out in waves. Throws RolloutSettingError for settings
 * the schema cannot catch (wave sizes going down, a malformed canary label); the inventory
 * loader reports those first at their file:line, so synth never reaches the throw.
 */
export function planWaves(sites: readonly WaveSite[], rollout: FleetRollout): GitOpsWavePlan {
  const laid = sites.map(s => ({ name: s.name, labels: s.labels ?? {} }));
  const ordered = orderClusters(laid, { orderBy: rollout.orderBy, canaryLabel: rollout.canaryLabel });
  const isCanary = rollout.canaryLabel ? labelMatcher(rollout.canaryLabel) : undefined;
  const pinned = isCanary ? laid.filter(s => isCanary(s.labels)).length : 0;
  const waves = layoutWaves(ordered, parseWaves(rollout.waves ?? ['100%']), pinned);
  return {
    waves: waves.map(w => ({ number: w.number, label: String(w.number), clusters: w.clusters.map(c => c.name) })),
    maxParallel: rollout.maxParallel,
    failuresAllowed: failuresAllowed(parseFailureBudget(rollout.maxFailures ?? 0), sites.length),
    soak: rollout.soak,
  };
}

/** `#   wave 1: a b c` lines for a file header, wrapped at about 100 columns. */
export function waveListing(plan: GitOpsWavePlan): string[] {
  const out: string[] = [];
  for (const w of plan.waves) {
    let line = `#   wave ${w.label}:`;
    for (const c of w.clusters) {
      if (line.length + c.length + 1 > 100 && !line.endsWith(':')) {
        out.push(line);
        line = '#     ';
      }
      line += line.endsWith(' ') ? c : ` ${c}`;
    }
    out.push(line);
  }
  return out;
}

/** Site name → its wave. */
export function waveOf(plan: GitOpsWavePlan): ReadonlyMap<string, GitOpsWave> {
  return new Map(plan.waves.flatMap(w => w.clusters.map(c => [c, w] as const)));
}
