// How eksctl reads an EKS Anywhere cluster config before validating it (aws/eks-anywhere v0.26.1):
// it quotes an unquoted kubernetesVersion in the file text (cluster.go NormalizeKubernetesVersion),
// it looks referenced objects up at the Cluster's apiVersion and ignores the others
// (pkg/cluster ObjectLookup.GetFromRef), and it decodes everything but the Cluster and the
// datacenter configs leniently, ignoring unknown fields (pkg/cluster/config_manager.go unmarshal).
// The validate pipeline reads the objects the same way, and says where kubectl would differ.
import { Finding, Severity, error, warning } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';
import { SchemaRegistry } from '../schema';
import { ClusterKind, EKSA_GROUP, isEksaObject, workerGroups } from './eksa-spec';

/** One object as eksctl reads it. */
export interface EksctlReading {
  /** The object eksctl validates: a copy with unquoted versions as strings, else the object itself. */
  readonly object: KubeObject;
  /** What the reading changed or skipped, as findings on the object. */
  readonly notes: readonly Finding[];
  /** eksctl never reads the object (another apiVersion than the Cluster's, not served): no schema or rules. */
  readonly ignored: boolean;
}

/**
 * A YAML number where eksctl expects a "1.NN" string. eksctl's regex `1\.[0-9]{2,}` quotes the
 * text before parsing; what a YAML parser hands us is the number, whose shortest form is that
 * text unless a trailing zero was dropped (`1.30` → 1.3, a different version).
 */
function unquotedVersion(value: number, field: string): { version: string; note: Finding } | undefined {
  if (!Number.isFinite(value)) return undefined;
  const text = String(value);
  if (/^1\.\d{2,}$/.test(text)) {
    return {
      version: text,
      note: warning('eksa/unquoted-version', field,
        `kubernetesVersion ${text} is not quoted: eksctl quotes it and reads "${text}", but kubectl and GitOps tools read the number and the API server rejects it`,
        `write kubernetesVersion: "${text}"`),
    };
  }
  const m = /^1\.(\d)$/.exec(text);
  if (m) {
    const meant = `1.${m[1]}0`;
    return {
      version: meant,
      note: error('eksa/unquoted-version', field,
        `kubernetesVersion ${text} is not quoted: YAML reads the number ${text}, so a written ${meant} has lost its trailing zero (eksctl reads "${meant}" only from the file text; kubectl, GitOps tools and cdk8s read ${text})`,
        `write kubernetesVersion: "${meant}"`),
    };
  }
  return undefined;
}

/** The Cluster with its unquoted kubernetesVersion numbers read as eksctl reads them. */
function readCluster(o: KubeObject): { object: KubeObject; notes: Finding[] } {
  if (!o.spec || typeof o.spec !== 'object' || Array.isArray(o.spec)) return { object: o, notes: [] };
  const notes: Finding[] = [];
  const fix = (v: unknown, field: string): unknown => {
    if (typeof v !== 'number') return v;
    const r = unquotedVersion(v, field);
    if (!r) return v;
    notes.push(r.note);
    return r.version;
  };
  const spec: any = { ...o.spec };
  spec.kubernetesVersion = fix(o.spec.kubernetesVersion, 'spec.kubernetesVersion');
  if (spec.kubernetesVersion === undefined) delete spec.kubernetesVersion;
  const groups = workerGroups(o);
  if (groups.some(g => typeof g?.kubernetesVersion === 'number')) {
    spec.workerNodeGroupConfigurations = groups.map((g, i) => (g && typeof g === 'object' && typeof g.kubernetesVersion === 'number'
      ? { ...g, kubernetesVersion: fix(g.kubernetesVersion, `spec.workerNodeGroupConfigurations[${i}].kubernetesVersion`) }
      : g));
  }
  return notes.length ? { object: { ...o, spec }, notes } : { object: o, notes };
}

/** Reads a single object (no set: nothing is ignored). */
export function eksctlReading(o: KubeObject): EksctlReading {
  if (!isEksaObject(o)) return { object: o, notes: [], ignored: false };
  // `spec:` with nothing after it is null: Go decodes it as an empty spec, the API server prunes it (cluster_docker.yaml).
  const read = o.spec === null ? { ...o, spec: {} } : o;
  if (read.kind !== ClusterKind) return { object: read, notes: [], ignored: false };
  const r = readCluster(read);
  return { object: r.object, notes: r.notes, ignored: false };
}

/** Reads every object of a set as eksctl reads a cluster config file; one reading per object, in order. */
export function eksctlReadings(objects: readonly KubeObject[], registry: SchemaRegistry = SchemaRegistry.default()): EksctlReading[] {
  const clusterVersions = new Set(objects.filter(o => isEksaObject(o) && o.kind === ClusterKind).map(o => String(o.apiVersion)));
  return objects.map(o => {
    if (!isEksaObject(o)) return { object: o, notes: [], ignored: false };
    if (o.kind === ClusterKind) return eksctlReading(o);
    const other = clusterVersions.size > 0 && !clusterVersions.has(String(o.apiVersion)) && typeof o.kind === 'string'
      && registry.resolve(String(o.apiVersion), o.kind).status === 'unserved-version';
    if (!other) return eksctlReading(o);
    return {
      object: o,
      ignored: true,
      notes: [warning('eksa/ignored-object', 'apiVersion',
        `${String(o.apiVersion)} is not the Cluster's apiVersion (${[...clusterVersions].join(', ')}): eksctl never reads this ${o.kind} (kubectl rejects it: the version is not served)`,
        `use apiVersion ${[...clusterVersions][0]}, or remove the object`)],
    };
  });
}

/**
 * Kinds eksctl decodes strictly (an unknown field is an error): the Cluster
 * (GetAndValidateClusterConfig) and the datacenter configs (Get<Provider>DatacenterConfig).
 */
export function decodedStrictly(kind: unknown): boolean {
  return kind === ClusterKind || (typeof kind === 'string' && kind.endsWith('DatacenterConfig'));
}

/**
 * Fields the CRDs require that eksctl fills in before validating (Go decoding does not enforce
 * `required`): the field pattern and what eksctl puts there.
 */
const DEFAULTED_BY_EKSCTL: Readonly<Record<string, ReadonlyArray<readonly [RegExp, string]>>> = {
  // vspheremachineconfig.go setVSphereMachineConfigDefaults
  VSphereMachineConfig: [
    [/^spec\.osFamily$/, 'bottlerocket'],
    [/^spec\.numCPUs$/, '2'],
    [/^spec\.memoryMiB$/, '8192'],
    [/^spec\.folder$/, 'the root vSphere folder'],
  ],
  // The zero values are valid: insecure false, no thumbprint pinned (vspheredatacenterconfig.go).
  VSphereDatacenterConfig: [
    [/^spec\.insecure$/, 'false'],
    [/^spec\.thumbprint$/, '"" (no thumbprint pinned)'],
  ],
  // pkg/providers/tinkerbell/ssh.go configureSshKeys: a generated key for a user without one.
  TinkerbellMachineConfig: [[/^spec\.users\[\d+\]\.sshAuthorizedKeys$/, 'a generated SSH key']],
};

/**
 * Schema findings of an EKS-A object as eksctl sees them: unknown fields of leniently decoded
 * kinds, and required fields eksctl defaults, are warnings (kubectl still rejects them).
 */
export function eksctlSchemaFindings(o: KubeObject, findings: readonly Finding[]): Finding[] {
  if (!isEksaObject(o) || !String(o.apiVersion).startsWith(`${EKSA_GROUP}/`)) return [...findings];
  const defaulted = DEFAULTED_BY_EKSCTL[String(o.kind)] ?? [];
  return findings.map(f => {
    if (f.severity !== Severity.ERROR) return f;
    if (f.rule === 'schema/unknown-field' && !decodedStrictly(o.kind)) {
      return warning('eksa/unknown-field', f.field, `${f.message}: eksctl decodes ${String(o.kind)} leniently and ignores it; kubectl rejects it (strict field validation)`, f.hint);
    }
    const d = f.rule === 'schema/required' ? defaulted.find(([re]) => re.test(f.field)) : undefined;
    if (d) {
      return warning('eksa/defaulted-field', f.field, `${f.field} is required by the CRD (kubectl rejects the object without it); eksctl fills in ${d[1]}`, `set ${f.field.split('.').pop()} explicitly`);
    }
    return f;
  });
}
