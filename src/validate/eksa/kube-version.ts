// Kubernetes versions as EKS Anywhere writes them: the string "1.NN" (major.minor only).

export interface KubeMinorVersion {
  readonly major: number;
  readonly minor: number;
}

/**
 * eksctl rewrites an unquoted `kubernetesVersion: 1.30` to the string "1.30" before parsing;
 * a YAML parser has already turned it into the number 1.3. Every supported minor has two
 * digits, so the number is read back as "1.30".
 */
export function normalizeKubernetesVersion(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
    const [major, minor = '0'] = String(value).split('.');
    return `${major}.${minor.length === 1 ? `${minor}0` : minor}`;
  }
  return undefined;
}

/** Parses "1.30" (also "v1.30" and "1.30.2", like Kubernetes' ParseGeneric); undefined when unparsable. */
export function parseKubeVersion(value: unknown): KubeMinorVersion | undefined {
  const s = normalizeKubernetesVersion(value);
  if (s === undefined) return undefined;
  const m = /^v?(\d+)\.(\d+)(?:\.\d+)?$/.exec(s.trim());
  return m ? { major: Number(m[1]), minor: Number(m[2]) } : undefined;
}

/** Whether a value is exactly the "1.NN" form EKS-A expects. */
export function isMajorMinor(value: unknown): boolean {
  return typeof value === 'string' && /^\d+\.\d+$/.test(value);
}

/** new − old in minors; undefined when the majors differ or either is unparsable. */
export function minorDiff(oldVersion: unknown, newVersion: unknown): number | undefined {
  const a = parseKubeVersion(oldVersion);
  const b = parseKubeVersion(newVersion);
  if (!a || !b || a.major !== b.major) return undefined;
  return b.minor - a.minor;
}
