// eksctl-equivalent offline preflights: every check of upstream-rules.md §5 that needs no live
// system, run over the plain objects of a cluster config (synthesized or hand-written), listed
// the way `eksctl anywhere create|upgrade cluster` prints "Performing setup and validations".
import { ValidationError } from '../../core/errors';
import { Finding, Severity, error, warning } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';
import { SchemaRegistry } from '../schema';
import { CheckContext, PreflightCheck, PreflightMode } from './checks/check';
import { clusterFieldsCheck } from './checks/cluster-fields';
import { clusterNameCheck } from './checks/cluster-name';
import { controlPlaneCheck } from './checks/control-plane';
import { dockerCheck } from './checks/docker';
import { eksaVersionUpgradeCheck } from './checks/eksa-version-upgrade';
import { etcdCheck } from './checks/etcd';
import { gitOpsCheck } from './checks/gitops';
import { hardwareCheck } from './checks/hardware';
import { identityProvidersCheck } from './checks/identity-providers';
import { immutableConfigsCheck } from './checks/immutable-configs';
import { immutableFieldsCheck } from './checks/immutable-fields';
import { kubernetesVersionCheck } from './checks/kubernetes-version';
import { networkCheck } from './checks/network';
import { proxyCheck } from './checks/proxy';
import { referencesCheck } from './checks/references';
import { registryMirrorCheck } from './checks/registry-mirror';
import { rollingUpgradeCountsCheck } from './checks/rolling-upgrade-counts';
import { tinkerbellCheck } from './checks/tinkerbell';
import { upgradeVersionCheck } from './checks/upgrade-version';
import { vsphereCheck } from './checks/vsphere';
import { workerGroupsCheck } from './checks/worker-groups';
import { EksaSpec, PreflightFinding, about, findClusters, isEksaObject, nameOf, specOf } from './eksa-spec';
import { eksctlReadings, eksctlSchemaFindings } from './eksctl-reading';
import { HardwareMachine } from './hardware';
import { DEFAULT_EKSA_RELEASE, EksaRelease, isEksaRelease, releaseOfEksaVersion } from './releases';
import { metadataRules } from '../rules/metadata';

export { PreflightMode } from './checks/check';

/** The checks in the order eksctl-style output lists them. */
export const PREFLIGHT_CHECKS: readonly PreflightCheck[] = [
  clusterNameCheck,
  controlPlaneCheck,
  etcdCheck,
  workerGroupsCheck,
  networkCheck,
  kubernetesVersionCheck,
  clusterFieldsCheck,
  gitOpsCheck,
  identityProvidersCheck,
  proxyCheck,
  registryMirrorCheck,
  referencesCheck,
  dockerCheck,
  vsphereCheck,
  tinkerbellCheck,
  hardwareCheck,
  upgradeVersionCheck,
  immutableFieldsCheck,
  immutableConfigsCheck,
  eksaVersionUpgradeCheck,
  rollingUpgradeCountsCheck,
];

export const CONFIG_FILE_CHECK = 'Validate cluster config file';

/**
 * Annotation recording the EKS-A release a generated spec targets (written by EksaCluster when
 * `eksaRelease` is set), so `validate` on the file checks the same Kubernetes versions.
 * Precedence: the `eksaRelease` option, then spec.eksaVersion, then this annotation, then v0.26.
 */
export const EKSA_RELEASE_ANNOTATION = 'cdk8s-capi.io/eksa-release';

export interface PreflightOptions {
  /** Create a new cluster, or upgrade the cluster described by `old`. @default PreflightMode.CREATE */
  readonly mode?: PreflightMode | 'create' | 'upgrade';
  /** The objects of the cluster config before the upgrade (required in upgrade mode). @default - none */
  readonly old?: readonly KubeObject[];
  /** EKS Anywhere release whose Kubernetes versions are allowed (`v0.24`). @default - the release of spec.eksaVersion, else of the cdk8s-capi.io/eksa-release annotation, else v0.26 */
  readonly eksaRelease?: EksaRelease | string;
  /** Tinkerbell hardware inventory (parsed hardware.csv), for the hardware checks. @default - hardware not checked */
  readonly hardware?: readonly HardwareMachine[];
  /** Validate every EKS-A object against its CRD schema (strict: unknown fields are errors). @default true */
  readonly schema?: boolean;
}

/** The outcome of one named check. */
export interface PreflightResult {
  /** eksctl-style check name, e.g. `Validate immutable fields`. */
  readonly name: string;
  /** No error findings. */
  readonly passed: boolean;
  readonly findings: readonly PreflightFinding[];
}

/** @internal options of the validate pipeline, which runs schema and per-object rules itself. */
export interface CollectOptions extends PreflightOptions {
  readonly objectChecks?: boolean;
}

function modeOf(mode: PreflightOptions['mode']): PreflightMode {
  if (mode === undefined || mode === PreflightMode.CREATE) return PreflightMode.CREATE;
  if (mode === PreflightMode.UPGRADE) return PreflightMode.UPGRADE;
  throw new ValidationError('runPreflights', 'mode', `unknown mode ${JSON.stringify(mode)}`, 'create or upgrade');
}

function schemaFindings(objects: readonly KubeObject[]): PreflightFinding[] {
  const registry = SchemaRegistry.default();
  return objects.filter(isEksaObject).flatMap(o => about(o, [...eksctlSchemaFindings(o, registry.validate(o)), ...metadataRules(o)]));
}

function releaseFor(spec: EksaSpec, opts: PreflightOptions, notes: PreflightFinding[]): EksaRelease {
  if (opts.eksaRelease !== undefined) {
    if (isEksaRelease(opts.eksaRelease)) return opts.eksaRelease;
    throw new ValidationError('runPreflights', 'eksaRelease', `unknown EKS Anywhere release ${JSON.stringify(opts.eksaRelease)}`,
      `one of ${Object.values(EksaRelease).join(', ')}`);
  }
  const v = spec.cluster.spec?.eksaVersion;
  if (typeof v !== 'string') {
    const annotated = spec.cluster.metadata?.annotations?.[EKSA_RELEASE_ANNOTATION];
    return isEksaRelease(annotated) ? annotated : DEFAULT_EKSA_RELEASE;
  }
  const r = releaseOfEksaVersion(v);
  if (!r) {
    notes.push(...about(spec.cluster, [warning('eksa/eksa-version', 'spec.eksaVersion',
      `eksaVersion ${v} is not a release line these preflights know; Kubernetes versions are checked against ${DEFAULT_EKSA_RELEASE}`,
      `known: ${Object.values(EksaRelease).join(', ')}`)]));
    return DEFAULT_EKSA_RELEASE;
  }
  return r;
}

function oldSpecFor(spec: EksaSpec, oldObjects: readonly KubeObject[]): EksaSpec | undefined {
  const clusters = findClusters(oldObjects);
  const match = clusters.find(c => nameOf(c) === spec.name) ?? (clusters.length === 1 ? clusters[0] : undefined);
  return match ? specOf(match, oldObjects) : undefined;
}

/**
 * Runs every offline preflight over the objects of one cluster config and returns one result
 * per check that applies, in eksctl's order. Throws ValidationError only for bad options.
 */
export function runPreflights(objects: readonly KubeObject[], opts: PreflightOptions = {}): PreflightResult[] {
  return collect(objects, { ...opts, objectChecks: true });
}

/** @internal */
export function collect(objects: readonly KubeObject[], opts: CollectOptions): PreflightResult[] {
  const mode = modeOf(opts.mode);
  if (mode === PreflightMode.UPGRADE && !opts.old) {
    throw new ValidationError('runPreflights', 'old', 'upgrade mode needs the cluster config before the upgrade', 'pass {mode: "upgrade", old: <objects>}');
  }
  const fileNotes: PreflightFinding[] = [];
  const readings = eksctlReadings(objects);
  // Objects eksctl never reads are left out; the validate pipeline (schema: false) reports the readings itself.
  const current = readings.filter(r => !r.ignored).map(r => r.object);
  const old = opts.old ? eksctlReadings(opts.old).filter(r => !r.ignored).map(r => r.object) : undefined;
  if (opts.schema !== false) {
    readings.forEach((r, i) => fileNotes.push(...about(objects[i], r.notes)));
    fileNotes.push(...schemaFindings(current));
  }
  const clusters = findClusters(current);
  if (clusters.length === 0) {
    fileNotes.push({
      ...error('eksa/config-file', 'kind', 'the cluster config does not contain kind Cluster (unable to find kind Cluster in file)',
        `add an ${'anywhere.eks.amazonaws.com/v1alpha1'} Cluster document`),
      kind: '',
      name: '',
    });
  }
  const byCheck = new Map<string, PreflightFinding[]>();
  for (const cluster of clusters) {
    const spec = specOf(cluster, current);
    const release = releaseFor(spec, opts, fileNotes);
    let oldSpec: EksaSpec | undefined;
    if (mode === PreflightMode.UPGRADE) {
      oldSpec = oldSpecFor(spec, old!);
      if (!oldSpec) {
        fileNotes.push(...about(cluster, [error('eksa/config-file', 'metadata.name', `the previous cluster config has no Cluster ${spec.name}`,
          'compare against the config the cluster was created or last upgraded with')]));
      }
    }
    const ctx: CheckContext = { spec, mode, release, old: oldSpec, hardware: opts.hardware, objectChecks: opts.objectChecks !== false };
    for (const check of PREFLIGHT_CHECKS) {
      if (check.applies && !check.applies(ctx)) continue;
      const list = byCheck.get(check.name) ?? [];
      list.push(...check.run(ctx));
      byCheck.set(check.name, list);
    }
  }
  const result = (name: string, findings: PreflightFinding[]): PreflightResult =>
    ({ name, passed: !findings.some(f => f.severity === Severity.ERROR), findings });
  return [
    result(CONFIG_FILE_CHECK, fileNotes),
    ...PREFLIGHT_CHECKS.filter(c => byCheck.has(c.name)).map(c => result(c.name, byCheck.get(c.name)!)),
  ];
}

/** Every error finding of a preflight run. */
export function preflightErrors(results: readonly PreflightResult[]): PreflightFinding[] {
  return results.flatMap(r => r.findings.filter(f => f.severity === Severity.ERROR));
}

/** `Cluster/mgmt spec.controlPlaneConfiguration.count: message` */
export function describePreflightFinding(f: PreflightFinding): string {
  const obj = f.kind ? `${f.kind}/${f.name}${f.field ? ' ' : ''}` : '';
  const field = f.field ? `${f.field}: ` : (obj ? ': ' : '');
  return `${obj}${field}${f.message}`;
}

export interface PreflightReportOptions {
  /** Which command's wording to use for the final line. @default PreflightMode.CREATE */
  readonly mode?: PreflightMode | 'create' | 'upgrade';
}

/**
 * The results as eksctl prints them: `Performing setup and validations`, `✅ <check>` per
 * passing check, `❌ Validation failed {"validation": …, "error": …, "remediation": …}` per
 * error, `Warning: …` lines, and a closing line.
 */
export function formatPreflightReport(results: readonly PreflightResult[], opts: PreflightReportOptions = {}): string {
  const upgrade = opts.mode === PreflightMode.UPGRADE;
  const lines = ['Performing setup and validations'];
  for (const r of results) {
    for (const w of r.findings.filter(f => f.severity === Severity.WARNING)) lines.push(`Warning: ${describePreflightFinding(w)}`);
    if (r.passed) {
      lines.push(`✅ ${r.name}`);
      continue;
    }
    for (const f of r.findings.filter(x => x.severity === Severity.ERROR)) {
      lines.push(`❌ Validation failed\t{"validation": ${JSON.stringify(r.name)}, "error": ${JSON.stringify(describePreflightFinding(f))}, "remediation": ${JSON.stringify(f.hint ?? '')}}`);
    }
  }
  const failed = results.some(r => !r.passed);
  if (failed) lines.push(`Error: failed to ${upgrade ? 'upgrade' : 'create'} cluster: validations failed`);
  else if (upgrade) lines.push('✅ Upgrade preflight validations pass');
  return `${lines.join('\n')}\n`;
}

/** Findings as plain `Finding`s (object prefix folded into the field), e.g. for ValidationError. */
export function asFindings(findings: readonly PreflightFinding[]): Finding[] {
  return findings.map(f => ({ severity: f.severity, rule: f.rule, field: f.kind ? `${f.kind}/${f.name} ${f.field}`.trim() : f.field, message: f.message, hint: f.hint }));
}
