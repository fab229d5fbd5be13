// The fleet rollout settings (`rollout:` in an inventory) and the small file synth writes beside
// the cluster folders so `upgrade <output dir>` finds them: here, below every layer that reads
// or writes them (inventory writes, apply reads, the GitOps generators use the same settings).

/** One wave boundary: a cluster count (`1`) or a share of the fleet (`'10%'`, rounded up). */
export type WaveSize = number | string;

/** How a fleet upgrade rolls out over the clusters. CLI flags override each field. */
export interface FleetRollout {
  /**
   * Cumulative wave boundaries: `[1, '10%', '50%', '100%']` is a canary, then up to 10% of the
   * fleet, then half, then everyone. Percentages round up; when the last boundary is short of
   * the fleet a final wave takes the rest.
   * @default ['100%'] (one wave)
   */
  readonly waves?: WaveSize[];
  /** Clusters upgrading at once within a wave. @default unbounded (the whole wave) */
  readonly maxParallel?: number;
  /** How long a wave's clusters must stay Available before the next wave starts (e.g. `30s`, `10m`, `1h30m`). @default 0s */
  readonly soak?: string;
  /** The failure budget: a count (`2`) or a share of the fleet (`'5%'`, rounded down); exceeding it stops the rollout. @default 0 */
  readonly maxFailures?: number | string;
  /** Clusters with this label (`key` or `key=value`) go first, in the canary wave. */
  readonly canaryLabel?: string;
  /** Order clusters by this label's value (then the inventory order) instead of inventory order. */
  readonly orderBy?: string;
}

/** The file synth writes in the output root: the clusters in inventory order, their labels, `rollout:`. */
export const ROLLOUT_FILE = 'rollout.json';

export interface RolloutFile {
  readonly apiVersion: 'cdk8s-capi.io/v1alpha1';
  readonly kind: 'FleetRollout';
  readonly rollout?: FleetRollout;
  /** Every cluster folder, in inventory order, with its fleet labels. */
  readonly clusters: ReadonlyArray<{ readonly name: string; readonly labels?: Readonly<Record<string, string>> }>;
}

/** Marks a directory as synth output (a later synth may replace it; `plan`/`upgrade` treat it as a fleet). */
export const OUTPUT_MARKER = '.cdk8s-capi-output';
