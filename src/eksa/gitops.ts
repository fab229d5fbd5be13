// GitOps for the cluster: a FluxConfig referenced by spec.gitOpsRef.

/** Flux bootstrapped against a GitHub repository. */
export interface FluxGithubProps {
  readonly owner: string;
  readonly repository: string;
  /** The repository belongs to a user rather than an organization. @default false */
  readonly personal?: boolean;
}

/** Flux bootstrapped against any Git repository over SSH. */
export interface FluxGitProps {
  /** e.g. `ssh://git@example.com/org/fleet.git`. */
  readonly repositoryUrl: string;
  /** SSH key algorithm (rsa, ecdsa, ed25519). @default - eksctl's default (ecdsa) */
  readonly sshKeyAlgorithm?: string;
}

export interface EksaFluxProps {
  /** FluxConfig name. @default - the cluster name */
  readonly name?: string;
  /** GitHub repository (exactly one of github / git). @default - none */
  readonly github?: FluxGithubProps;
  /** Generic Git repository (exactly one of github / git). @default - none */
  readonly git?: FluxGitProps;
  /** Branch. @default - 'main' (eksctl's default) */
  readonly branch?: string;
  /** Path of the cluster configs in the repository. @default - 'clusters/<management cluster>' (eksctl's default) */
  readonly clusterConfigPath?: string;
  /** Namespace of the Flux controllers. @default - 'flux-system' */
  readonly systemNamespace?: string;
}
