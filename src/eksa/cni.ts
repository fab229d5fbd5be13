// The cluster's CNI (clusterNetwork.cniConfig): Cilium on every provider, kindnetd only on Docker.

/** Cilium network policy enforcement. */
export enum CiliumPolicyEnforcementMode {
  DEFAULT = 'default',
  ALWAYS = 'always',
  NEVER = 'never',
}

/** Cilium routing: overlay (default) or direct (native) routing. */
export enum CiliumRoutingMode {
  DEFAULT = 'default',
  DIRECT = 'direct',
}

export interface CiliumOptions {
  /** Policy enforcement mode. @default - Cilium's default */
  readonly policyEnforcementMode?: CiliumPolicyEnforcementMode;
  /** Routing mode; DIRECT needs `ipv4NativeRoutingCidr`. @default - overlay (tunnel) */
  readonly routingMode?: CiliumRoutingMode;
  /** CIDR in which native routing works (with routingMode DIRECT). @default - none */
  readonly ipv4NativeRoutingCidr?: string;
  /** IPv6 CIDR in which native routing works (with routingMode DIRECT). @default - none */
  readonly ipv6NativeRoutingCidr?: string;
  /** Interfaces egress masquerading applies to, e.g. `eth0`. @default - all */
  readonly egressMasqueradeInterfaces?: string;
  /** Leave Cilium alone on upgrades (then set nothing else). @default false */
  readonly skipUpgrade?: boolean;
  /** Cilium is the only CNI on the nodes. @default - Cilium's default (true) */
  readonly cniExclusive?: boolean;
}

/** Which CNI EKS Anywhere installs. */
export class EksaCni {
  /** Cilium (EKS Anywhere's supported CNI). */
  static cilium(options: CiliumOptions = {}): EksaCni {
    const c: Record<string, unknown> = {
      policyEnforcementMode: options.policyEnforcementMode,
      routingMode: options.routingMode,
      ipv4NativeRoutingCidr: options.ipv4NativeRoutingCidr,
      ipv6NativeRoutingCidr: options.ipv6NativeRoutingCidr,
      egressMasqueradeInterfaces: options.egressMasqueradeInterfaces,
      skipUpgrade: options.skipUpgrade,
      cniExclusive: options.cniExclusive,
    };
    return new EksaCni('cilium', Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined)));
  }

  /** kindnetd: Docker provider only, for development and testing. */
  static kindnetd(): EksaCni {
    return new EksaCni('kindnetd', {});
  }

  private constructor(readonly plugin: string, private readonly config: Record<string, unknown>) {}

  /** The `cniConfig` value, in the L1 classes' (camelCase) field names. @internal */
  _render(): Record<string, unknown> {
    return { [this.plugin]: { ...this.config } };
  }
}
