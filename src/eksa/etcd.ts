// The etcd topology: stacked on the control plane nodes, or an external etcd cluster.

/** Stacked or external etcd. */
export class EksaEtcd {
  /** etcd runs on the control plane nodes (then the control plane count must be odd). */
  static stacked(): EksaEtcd {
    return new EksaEtcd(undefined);
  }

  /**
   * A separate etcd cluster (not on Tinkerbell).
   * @param count etcd members; odd, 3 or 5 recommended. @default - the provider's default (vSphere 3, Docker 1)
   */
  static external(count?: number): EksaEtcd {
    return new EksaEtcd(count ?? 0);
  }

  private constructor(private readonly members: number | undefined) {}

  /** Whether etcd is external. */
  get isExternal(): boolean {
    return this.members !== undefined;
  }

  /** Member count, or the given default when none was set. @internal */
  _count(providerDefault: number): number | undefined {
    if (this.members === undefined) return undefined;
    return this.members === 0 ? providerDefault : this.members;
  }
}
