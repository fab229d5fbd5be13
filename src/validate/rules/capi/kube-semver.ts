// Kubernetes versions as CAPI reads them: `KubeSemver` (util/version) for validation — a
// leading "v", major.minor.patch without leading zeros, then any of [-0-9a-zA-Z_.+] — and
// blang/semver ParseTolerant + Compare without pre-releases for ordering checks.
import * as semver from 'semver';

/** cluster-api util/version/version.go KubeSemver at v1.13.5. */
export const KUBE_SEMVER = /^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)([-0-9a-zA-Z_.+]*)?$/;

export interface KubeVersion {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  /** Pre-release identifiers ("" when none). */
  readonly pre: string;
}

/** blang/semver ParseTolerant: optional "v", missing minor/patch as 0; undefined when not a version. */
export function parseTolerant(v: unknown): KubeVersion | undefined {
  if (typeof v !== 'string') return undefined;
  const m = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z.-]+))?(?:\+([0-9A-Za-z.-]+))?$/.exec(v.trim());
  if (!m) return undefined;
  return { major: Number(m[1]), minor: Number(m[2] ?? 0), patch: Number(m[3] ?? 0), pre: m[4] ?? '' };
}

/** Semver precedence of major.minor.patch and the pre-release (build metadata ignored). */
export function compareWithPre(a: KubeVersion, b: KubeVersion): number {
  const core = compareWithoutPre(a, b);
  if (core) return core;
  return semver.compare(`0.0.0${a.pre ? `-${a.pre}` : ''}`, `0.0.0${b.pre ? `-${b.pre}` : ''}`);
}

/** Compare major.minor.patch, ignoring pre-releases and build metadata (CAPI version.WithoutPreReleases()). */
export function compareWithoutPre(a: KubeVersion, b: KubeVersion): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}
