// OIDCConfig and AWSIamConfig content (aws/eks-anywhere v0.26.1 oidcconfig.go validateOIDCConfig,
// awsiamconfig.go validateAWSIamConfig): what eksctl checks for every referenced config and the
// webhooks check for every object.
import { Finding, error, warning } from '../../../core/finding';
import { KubeObject } from '../../../core/kube-object';
import { parseRequestUri } from '../go-url';
import { str } from './check';

export function oidcConfigProblems(obj: KubeObject): Finding[] {
  const s = obj.spec ?? {};
  const out: Finding[] = [];
  if (!str(s.clientId)) out.push(error('eksa/oidc', 'spec.clientId', 'OIDCConfig clientId is required'));
  if (Array.isArray(s.requiredClaims) && s.requiredClaims.length > 1) {
    out.push(error('eksa/oidc', 'spec.requiredClaims', `only one OIDConfig requiredClaim is supported at this time (got ${s.requiredClaims.length})`,
      'keep one {claim, value} pair'));
  }
  const issuer = str(s.issuerUrl);
  if (!issuer) {
    out.push(error('eksa/oidc', 'spec.issuerUrl', 'OIDCConfig issuerUrl is required', 'an https:// URL'));
    return out;
  }
  const u = parseRequestUri(issuer);
  if ('error' in u) out.push(error('eksa/oidc', 'spec.issuerUrl', `OIDCConfig issuerUrl is invalid: parse ${JSON.stringify(issuer)}: ${u.error}`, 'an https:// URL'));
  else if (u.scheme !== 'https') out.push(error('eksa/oidc', 'spec.issuerUrl', `OIDCConfig issuerUrl should have HTTPS scheme (got ${JSON.stringify(issuer)})`));
  return out;
}

const MOUNTED_FILE = 'MountedFile';
const EKS_CONFIG_MAP = 'EKSConfigMap';

export function awsIamConfigProblems(obj: KubeObject): Finding[] {
  const s = obj.spec ?? {};
  const out: Finding[] = [];
  if (!str(s.awsRegion)) out.push(error('eksa/aws-iam', 'spec.awsRegion', 'AWSIamConfig AWSRegion is a required field'));
  const modes: unknown[] = Array.isArray(s.backendMode) ? s.backendMode : [];
  if (modes.length === 0) out.push(error('eksa/aws-iam', 'spec.backendMode', 'AWSIamConfig BackendMode is a required field', 'e.g. [EKSConfigMap]'));
  modes.forEach((m, i) => {
    if (m === MOUNTED_FILE) {
      out.push(error('eksa/aws-iam', `spec.backendMode[${i}]`, 'AWSIamConfig BackendMode does not support MountedFile backend', 'use EKSConfigMap (or CRD)'));
    }
  });
  const roles: any[] = Array.isArray(s.mapRoles) ? s.mapRoles : [];
  const users: any[] = Array.isArray(s.mapUsers) ? s.mapUsers : [];
  if (modes.includes(EKS_CONFIG_MAP) && roles.length === 0 && users.length === 0) {
    out.push(warning('eksa/aws-iam', 'spec.mapRoles',
      'AWS IAM Authenticator mapRoles and mapUsers specification is empty: aws-iam-authenticator maps no IAM role or user to the cluster with backendMode EKSConfigMap',
      'add mapRoles or mapUsers'));
  }
  roles.forEach((r, i) => {
    if (!str(r?.roleARN)) out.push(error('eksa/aws-iam', `spec.mapRoles[${i}].roleARN`, 'AWSIamConfig MapRoles RoleARN is required'));
    if (!str(r?.username)) out.push(error('eksa/aws-iam', `spec.mapRoles[${i}].username`, 'AWSIamConfig MapRoles Username is required'));
  });
  users.forEach((u, i) => {
    if (!str(u?.userARN)) out.push(error('eksa/aws-iam', `spec.mapUsers[${i}].userARN`, 'AWSIamConfig MapUsers UserARN is required'));
    if (!str(u?.username)) out.push(error('eksa/aws-iam', `spec.mapUsers[${i}].username`, 'AWSIamConfig MapUsers Username is required'));
  });
  return out;
}
