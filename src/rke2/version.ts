// RKE2 versions as CAPRKE2 accepts them (`v1.36.3+rke2r1`), and the upgrade-skew facts the
// upstream webhooks leave to us (upstream-rules.md §3.1, §4.3).
import * as semver from 'semver';

const RKE2_VERSION = /^v\d\.\d{2}\.\d+\+rke2r\d+$/;

export function checkRke2Version(v: unknown): string | undefined {
  if (typeof v !== 'string' || !RKE2_VERSION.test(v)) {
    return `${JSON.stringify(v)} is not an RKE2 version: expected v<major>.<two-digit minor>.<patch>+rke2r<n>, e.g. v1.36.3+rke2r1`;
  }
  return undefined;
}

/** Minor version of `v1.36.3+rke2r1` (36), or undefined. */
export function minorOf(v: string): number | undefined {
  const s = semver.coerce(v);
  return s ? s.minor : undefined;
}
