// Kubernetes version priority (v1 > v1beta2 > v1beta1 > v1alpha1 > non-kube names), which
// decides the preferred version in discovery.

const KUBE = /^v(\d+)(?:(alpha|beta)(\d+))?$/;

function rank(v: string): [number, number, number, string] {
  const m = KUBE.exec(v);
  if (!m) return [0, 0, 0, v];
  const stage = m[2] === undefined ? 3 : m[2] === 'beta' ? 2 : 1;
  return [stage, Number(m[1]), m[3] === undefined ? 0 : Number(m[3]), v];
}

/** Sorts versions highest priority first. */
export function sortVersions(versions: readonly string[]): string[] {
  return [...versions].sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    if (ra[0] !== rb[0]) return rb[0] - ra[0];
    if (ra[1] !== rb[1]) return rb[1] - ra[1];
    if (ra[2] !== rb[2]) return rb[2] - ra[2];
    return ra[3] < rb[3] ? -1 : ra[3] > rb[3] ? 1 : 0;
  });
}
