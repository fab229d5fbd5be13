// One validation of an input, for every command that reads manifests (validate, plan, apply,
// upgrade): YAML with positions, CRD schemas, upstream rules, embedded Butane and manifests,
// cross-object checks, hardware.csv files and the EKS Anywhere set checks, and against the
// manifests applied now (--against) the upgrade rules. Every finding is located:
// `file:line kind/name field: message`.
import { fleetYamlField } from './fleet-yaml';
import { eksaCreateOnlyFindings, eksaSetFindings, hardwareFileOf, isOneOf, otherFileFindings } from './input-files';
import { Input } from './input-load';
import { LoadedManifest, loadFleetYamls } from './manifest-files';
import { upgradeRules } from './upgrade';
import { ValidateOptions, validateObjects } from './validate';
import { Finding, LocatedFinding, Severity } from '../core/finding';
import { KubeObject } from '../core/kube-object';
import { effectiveNamespace } from '../core/object-key';

export interface ValidateInputOptions extends Pick<ValidateOptions, 'strict'> {
  /** The manifests applied now: the upgrade rules and the EKS-A upgrade preflights run against them. @default - none */
  readonly against?: Input;
  /**
   * The objects to check instead of the manifests' own, one per manifest in the same order (e.g.
   * after `${VAR}` substitution); findings still point at the manifests' lines. @default - the manifests' objects
   */
  readonly objects?: readonly KubeObject[];
}

export interface InputReport {
  /** Every finding, located, sorted by file and line. */
  readonly findings: LocatedFinding[];
  /** Objects checked. */
  readonly objects: number;
  /** Files read (YAML and others). */
  readonly files: number;
}

/** Runs every layer over the input; see the file comment. */
export function validateInput(input: Input, opts: ValidateInputOptions = {}): InputReport {
  const objects = opts.objects ?? input.manifests.map(m => m.object);
  const manifests: LoadedManifest[] = input.manifests.map((m, i) => (objects[i] === m.object ? m : { ...m, object: objects[i] }));
  const byObject = new Map<KubeObject, LoadedManifest>(manifests.map(m => [m.object, m]));
  const at = (m: LoadedManifest, f: Finding): LocatedFinding => ({
    ...f,
    file: m.file,
    line: m.lineOf(f.field, f.embeddedLine),
    kind: m.object.kind,
    name: str(m.object.metadata?.name),
    namespace: str(m.object.metadata?.namespace),
  });
  const findings: LocatedFinding[] = input.problems.map(p => ({
    severity: Severity.ERROR, rule: p.rule ?? 'yaml/syntax', field: '', message: p.message, file: p.file, line: p.line,
  }));
  for (const file of emptyFiles(input)) {
    findings.push({
      severity: Severity.ERROR,
      rule: 'input/empty',
      field: '',
      file,
      line: 1,
      hint: 'check the path, or the command that produced the file',
      message: 'no Kubernetes objects in this file (only comments, empty documents or kustomization.yaml), and none elsewhere in the input',
    });
  }
  const createOnly = eksaCreateOnlyFindings(objects, opts.against?.manifests.map(m => m.object));
  for (const r of validateObjects(objects, { strict: opts.strict })) {
    for (const f of r.findings) if (!isOneOf(createOnly, r.object, f)) findings.push(at(byObject.get(r.object)!, strictly(f, opts.strict)));
  }
  // fleet.yaml files are checked as the Bundles Fleet makes of them (never applied).
  const fleet = loadFleetYamls(input.fleetYamlFiles ?? []);
  for (const p of fleet.problems) findings.push({ severity: Severity.ERROR, rule: p.rule ?? 'yaml/syntax', field: '', message: p.message, file: p.file, line: p.line });
  for (const m of fleet.manifests) {
    // One at a time: bundles of different folders are not one object set (no cross-object checks).
    for (const r of validateObjects([m.object], { strict: opts.strict })) {
      for (const f of r.findings) findings.push({ ...at(m, strictly(f, opts.strict)), field: fleetYamlField(f.field) });
    }
  }
  const other = otherFileFindings(input.otherFiles);
  findings.push(...other.findings);
  const old = opts.against;
  if (old) {
    for (const p of old.problems) findings.push({ severity: Severity.ERROR, rule: p.rule ?? 'yaml/syntax', field: '', message: `(--against) ${p.message}`, file: p.file, line: p.line });
    for (const file of emptyFiles({ ...old, otherFiles: [] })) {
      findings.push({
        severity: Severity.ERROR,
        rule: 'input/empty',
        field: '',
        file,
        line: 1,
        hint: 'pass the manifests currently applied',
        message: '(--against) no Kubernetes objects in this file, and none elsewhere in the --against input',
      });
    }
    for (const { object, finding } of upgradeRules(old.manifests.map(m => m.object), objects)) findings.push(at(byObject.get(object)!, finding));
  }
  for (const f of eksaSetFindings(objects, other.hardware, old?.manifests.map(m => m.object))) {
    const ns = effectiveNamespace({ kind: f.kind, namespace: f.namespace });
    const m = manifests.find(x => x.object.kind === f.kind && x.object.metadata?.name === f.name
      && effectiveNamespace({ kind: x.object.kind, namespace: x.object.metadata?.namespace }) === ns);
    const plain: Finding = { severity: f.severity, rule: f.rule, field: f.field, message: f.message, hint: f.hint };
    if (m) {findings.push(at(m, plain));} else {
      const file = f.kind === 'Hardware' ? hardwareFileOf(input.otherFiles) : (manifests[0]?.file ?? '<input>');
      findings.push({ ...plain, file, line: 1, kind: f.kind || undefined, name: f.name || undefined });
    }
  }
  findings.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  return { findings, objects: objects.length, files: input.yamlFiles.length + input.otherFiles.length };
}

/** Under `strict`, a kind we could not check (no pinned schema) is an error: strict means nothing goes unchecked. */
function strictly(f: Finding, strict: boolean | undefined): Finding {
  return strict && f.rule === 'schema/unknown-kind' && f.severity === Severity.WARNING ? { ...f, severity: Severity.ERROR } : f;
}

/** The errors of a report. */
export function errorFindings(report: InputReport): LocatedFinding[] {
  return report.findings.filter(f => f.severity === Severity.ERROR);
}

/**
 * With no objects in the whole input (and no hardware.csv to check), the files that parsed
 * cleanly but held nothing: an empty input must not pass as valid.
 */
function emptyFiles(input: Input): string[] {
  if (input.manifests.length || input.otherFiles.length) return [];
  const withProblems = new Set(input.problems.map(p => p.file));
  return input.yamlFiles.filter(f => !withProblems.has(f));
}

/** A metadata value for the report, only when it is a string (hand-written YAML may say `name: 5`). */
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
