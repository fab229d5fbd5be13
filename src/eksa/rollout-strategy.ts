// How nodes are replaced on upgrade (upgradeRolloutStrategy of the control plane and of each
// worker node group).

/** Rolling-update settings. */
export interface RollingUpdateOptions {
  /** Extra machines created during the rollout (control plane: 0 or 1). @default 1 */
  readonly maxSurge?: number;
  /** Machines that may be unavailable during the rollout (worker groups only). @default 0 */
  readonly maxUnavailable?: number;
}

/** An upgrade rollout strategy. */
export class UpgradeRolloutStrategy {
  /** Replace machines one by one (new machine first with maxSurge ≥ 1). */
  static rollingUpdate(options: RollingUpdateOptions = {}): UpgradeRolloutStrategy {
    return new UpgradeRolloutStrategy('RollingUpdate', options);
  }

  /** Upgrade the nodes in place (Tinkerbell / bare metal only). */
  static inPlace(): UpgradeRolloutStrategy {
    return new UpgradeRolloutStrategy('InPlace', undefined);
  }

  private constructor(readonly type: string, private readonly options: RollingUpdateOptions | undefined) {}

  /** The rendered value; `forControlPlane` renders maxSurge only (the CRD has nothing else). @internal */
  _render(forControlPlane: boolean): Record<string, unknown> {
    if (!this.options) return { type: this.type };
    const maxSurge = this.options.maxSurge ?? 1;
    return forControlPlane
      ? { type: this.type, rollingUpdate: { maxSurge } }
      : { type: this.type, rollingUpdate: { maxSurge, maxUnavailable: this.options.maxUnavailable ?? 0 } };
  }

  /** maxUnavailable when set (control planes have none). @internal */
  get _maxUnavailable(): number | undefined {
    return this.options?.maxUnavailable;
  }
}
