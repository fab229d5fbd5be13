// `version` fields of Machines and their templates, and Cluster topologies: the defaulting
// webhooks add a missing leading "v", then KubeSemver must match ("must be a valid semantic
// version", cluster.go / machinedeployment.go / machineset.go / machine.go at v1.13.5).
import { KUBE_SEMVER } from './kube-semver';
import { Finding, error } from '../../../core/finding';

/** The value after CAPI's defaulting: a string without a leading "v" gets one. */
export function defaultedVersion(v: unknown): unknown {
  return typeof v === 'string' && v !== '' && !v.startsWith('v') ? `v${v}` : v;
}

/** `capi/version` for a version field (absent or empty: nothing to check). */
export function versionFindings(v: unknown, field: string): Finding[] {
  if (v === undefined || v === null || v === '') return [];
  const d = defaultedVersion(v);
  if (typeof d === 'string' && KUBE_SEMVER.test(d)) return [];
  return [error('capi/version', field, `Invalid value: ${JSON.stringify(v)}: must be a valid semantic version`,
    'e.g. v1.36.3+rke2r1 (a missing leading "v" is added by CAPI\'s defaulting webhook)')];
}
