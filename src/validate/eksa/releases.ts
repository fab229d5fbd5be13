// EKS Anywhere releases and the Kubernetes versions each one supports (upstream-rules.md §5.6,
// from eks-anywhere docs/data/version_support.yml). A preflight targets one release.

/** An EKS Anywhere minor release line. */
export enum EksaRelease {
  V0_22 = 'v0.22',
  V0_23 = 'v0.23',
  V0_24 = 'v0.24',
  V0_25 = 'v0.25',
  V0_26 = 'v0.26',
}

/** The newest release, targeted unless told otherwise. */
export const DEFAULT_EKSA_RELEASE = EksaRelease.V0_26;

interface ReleaseInfo {
  /** Oldest and newest supported Kubernetes minor (1.x). */
  readonly minMinor: number;
  readonly maxMinor: number;
  /** Default Kubernetes minor of `generate clusterconfig`. */
  readonly defaultMinor: number;
}

// v0.25 and v0.26 defaults are documented; for the older lines the default is their newest
// version, which is what each release's GetClusterDefaultKubernetesVersion returned.
const RELEASES: Readonly<Record<EksaRelease, ReleaseInfo>> = {
  [EksaRelease.V0_22]: { minMinor: 28, maxMinor: 32, defaultMinor: 32 },
  [EksaRelease.V0_23]: { minMinor: 28, maxMinor: 33, defaultMinor: 33 },
  [EksaRelease.V0_24]: { minMinor: 28, maxMinor: 34, defaultMinor: 34 },
  [EksaRelease.V0_25]: { minMinor: 29, maxMinor: 35, defaultMinor: 35 },
  [EksaRelease.V0_26]: { minMinor: 30, maxMinor: 36, defaultMinor: 36 },
};

/** Supported Kubernetes versions of a release, newest first (`"1.36"`, `"1.35"`, …). */
export function supportedKubernetesVersions(release: EksaRelease): string[] {
  const r = RELEASES[release];
  const out: string[] = [];
  for (let m = r.maxMinor; m >= r.minMinor; m--) out.push(`1.${m}`);
  return out;
}

/** The Kubernetes version `eksctl anywhere generate clusterconfig` writes for a release. */
export function defaultKubernetesVersion(release: EksaRelease = DEFAULT_EKSA_RELEASE): string {
  return `1.${RELEASES[release].defaultMinor}`;
}

/** `v0.24.2` / `0.24.0-rc.1` → EksaRelease.V0_24; undefined for unknown lines or non-semver. */
export function releaseOfEksaVersion(eksaVersion: string): EksaRelease | undefined {
  const m = /^v?(\d+)\.(\d+)\.\d+(?:[-+].*)?$/.exec(eksaVersion);
  if (!m) return undefined;
  const line = `v${Number(m[1])}.${Number(m[2])}`;
  return (Object.values(EksaRelease) as string[]).includes(line) ? line as EksaRelease : undefined;
}

/** Whether a value names a known release line (`v0.26`). */
export function isEksaRelease(value: unknown): value is EksaRelease {
  return typeof value === 'string' && (Object.values(EksaRelease) as string[]).includes(value);
}
