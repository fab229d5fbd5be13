// Identity providers referenced by spec.identityProviderRefs: an OIDCConfig and/or an AWSIamConfig.

export interface OidcClaim {
  readonly claim: string;
  readonly value: string;
}

export interface OidcProviderProps {
  /** OIDCConfig name. @default - '<cluster>-oidc' */
  readonly name?: string;
  /** https URL of the issuer. */
  readonly issuerUrl: string;
  readonly clientId: string;
  /** @default - 'sub' (the API server's default) */
  readonly usernameClaim?: string;
  /** @default - none */
  readonly usernamePrefix?: string;
  /** @default - none */
  readonly groupsClaim?: string;
  /** @default - none */
  readonly groupsPrefix?: string;
  /** @default - none */
  readonly requiredClaims?: OidcClaim[];
}

export interface AwsIamRoleMapping {
  readonly roleArn: string;
  readonly username: string;
  /** @default - none */
  readonly groups?: string[];
}

export interface AwsIamUserMapping {
  readonly userArn: string;
  readonly username: string;
  /** @default - none */
  readonly groups?: string[];
}

export interface AwsIamProviderProps {
  /** AWSIamConfig name. @default - '<cluster>-aws-iam' */
  readonly name?: string;
  readonly awsRegion: string;
  /** @default ['EKSConfigMap'] */
  readonly backendMode?: string[];
  /** @default - none */
  readonly mapRoles?: AwsIamRoleMapping[];
  /** @default - none */
  readonly mapUsers?: AwsIamUserMapping[];
  /** @default - 'aws' */
  readonly partition?: string;
}

/** An identity provider of the cluster's API server. */
export class EksaIdentityProvider {
  /** An OIDC issuer (OIDCConfig). */
  static oidc(props: OidcProviderProps): EksaIdentityProvider {
    return new EksaIdentityProvider('OIDCConfig', props.name, {
      issuerUrl: props.issuerUrl,
      clientId: props.clientId,
      usernameClaim: props.usernameClaim,
      usernamePrefix: props.usernamePrefix,
      groupsClaim: props.groupsClaim,
      groupsPrefix: props.groupsPrefix,
      requiredClaims: props.requiredClaims?.map(c => ({ claim: c.claim, value: c.value })),
    });
  }

  /** AWS IAM Authenticator (AWSIamConfig). */
  static awsIam(props: AwsIamProviderProps): EksaIdentityProvider {
    return new EksaIdentityProvider('AWSIamConfig', props.name, {
      awsRegion: props.awsRegion,
      backendMode: [...(props.backendMode ?? ['EKSConfigMap'])],
      mapRoles: props.mapRoles?.map(r => ({ roleArn: r.roleArn, username: r.username, groups: r.groups ? [...r.groups] : undefined })),
      mapUsers: props.mapUsers?.map(u => ({ userArn: u.userArn, username: u.username, groups: u.groups ? [...u.groups] : undefined })),
      partition: props.partition,
    });
  }

  private constructor(readonly kind: string, private readonly name: string | undefined, private readonly spec: Record<string, unknown>) {}

  /** Object name for a cluster. @internal */
  _name(clusterName: string): string {
    return this.name ?? `${clusterName}-${this.kind === 'OIDCConfig' ? 'oidc' : 'aws-iam'}`;
  }

  /** The spec with unset fields dropped, in the L1 classes' field names. @internal */
  _spec(): Record<string, unknown> {
    return JSON.parse(JSON.stringify(this.spec));
  }
}
