// EKS Anywhere releases and the Kubernetes versions each one supports. A preflight targets one release.
//
// Source (authoritative): a release's bundle has one versions bundle per line of
// release/SUPPORTED_RELEASE_BRANCHES in aws/eks-anywhere-build-tooling, on the release branch the
// bundle build checks out (aws/eks-anywhere release/cli/pkg/filereader/file_reader.go
// GetSupportedK8sVersions; release/cli/pkg/bundles/bundles.go; Makefile BRANCH_NAME). eksctl refuses a
// version without a versions bundle ("kubernetes version %s is not supported by bundles manifest %d",
// pkg/cluster/fetch.go). The default is GetClusterDefaultKubernetesVersion (pkg/api/v1alpha1/cluster.go).
//
//   line   build-tooling release-0.NN:release/SUPPORTED_RELEASE_BRANCHES   default (eks-anywhere tag)
//   v0.22  1-28 … 1-32                                                       Kube132 (v0.22.8)
//   v0.23  1-28 … 1-33                                                       Kube133 (v0.23.7)
//   v0.24  1-28 … 1-34                                                       Kube134 (v0.24.6)
//   v0.25  1-29 … 1-35                                                       Kube135 (v0.25.3)
//   v0.26  1-30 … 1-36                                                       Kube136 (v0.26.1, the pinned tag)
//
// release-0.26 read at deb63a86cc8c (2026-08-11, before the v0.26.1 tag; last changed by "Remove k8s
// 1-29 from staging build and supported release branches (#5521)"). Not docs/data/version_support.yml:
// at v0.26.1 its newest entry is 0.25 (the 0.26 entry was added on main after the tag).

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

// See the table above: supported minors from SUPPORTED_RELEASE_BRANCHES, defaults from GetClusterDefaultKubernetesVersion.
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
