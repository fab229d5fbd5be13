// `cdk8s-capi validate PATH… [--against OLD…] [--output json] [--strict]`: every check this
// project knows, on any manifests. One line per finding: `file:line kind/name field: message`.
import { Command, Option } from 'commander';
import { CliIo } from './io';
import { eksaSetFindings, hardwareFileOf, otherFileFindings } from './validate-other-files';
import { ExitCode, UsageError } from '../core/errors';
import { Finding, Severity, ObjectFinding } from '../core/finding';
import { KubeObject } from '../core/kube-object';
import { LoadResult, LoadedManifest, loadManifests } from '../validate/manifest-files';
import { upgradeRules } from '../validate/upgrade';
import { validateObjects } from '../validate/validate';

export interface ReportedFinding extends Finding {
  readonly file: string;
  readonly line: number;
  readonly kind?: string;
  readonly name?: string;
  readonly namespace?: string;
}

export interface ValidateOptions {
  readonly against?: string[];
  readonly strict?: boolean;
}

/** Runs every layer over the files; returns the findings with positions, sorted. */
export function validatePaths(paths: string[], opts: ValidateOptions, io: Pick<CliIo, 'stdin' | 'cwd'>): { findings: ReportedFinding[]; objects: number; files: number } {
  const loaded = loadManifests(paths, { stdin: io.stdin });
  const findings: ReportedFinding[] = loaded.problems.map(p => ({
    severity: Severity.ERROR, rule: p.rule ?? 'yaml/syntax', field: '', message: p.message, file: p.file, line: p.line,
  }));
  // kustomization.yaml and similar are build inputs, not cluster objects.
  const manifests = loaded.manifests.filter(m => !(m.object.apiVersion ?? '').startsWith('kustomize.config.k8s.io/'));
  const byObject = new Map<KubeObject, LoadedManifest>(manifests.map(m => [m.object, m]));
  const report = (m: LoadedManifest, f: Finding): ReportedFinding => ({
    ...f,
    file: m.file,
    line: m.lineOf(f.field, f.embeddedLine),
    kind: m.object.kind,
    name: str(m.object.metadata?.name),
    namespace: str(m.object.metadata?.namespace),
  });
  const objects = manifests.map(m => m.object);
  if (!loaded.yamlFiles.length && !loaded.otherFiles.length) throw new UsageError(noInput(paths));
  for (const file of emptyFiles(loaded, manifests)) {
    findings.push({ severity: Severity.ERROR, rule: 'input/empty', field: '', file, line: 1, message: 'no Kubernetes objects in this file (only comments, empty documents or kustomization.yaml), and none elsewhere in the input', hint: 'check the path, or the command that produced the file' });
  }
  for (const r of validateObjects(objects, { strict: opts.strict })) {
    for (const f of r.findings) findings.push(report(byObject.get(r.object)!, f));
  }
  const other = otherFileFindings(loaded.otherFiles);
  findings.push(...other.findings);
  const old = opts.against?.length ? loadManifests(opts.against) : undefined;
  if (old) {
    if (!old.yamlFiles.length) throw new UsageError(`--against: no YAML manifests in ${opts.against!.join(', ')} (directories are searched for *.yaml and *.yml)`);
    for (const p of old.problems) findings.push({ severity: Severity.ERROR, rule: p.rule ?? 'yaml/syntax', field: '', message: `(--against) ${p.message}`, file: p.file, line: p.line });
    for (const file of emptyFiles({ ...old, otherFiles: [] }, old.manifests)) {
      findings.push({ severity: Severity.ERROR, rule: 'input/empty', field: '', file, line: 1, message: '(--against) no Kubernetes objects in this file, and none elsewhere in the --against input', hint: 'pass the manifests currently applied' });
    }
    const pairs: ObjectFinding[] = upgradeRules(old.manifests.map(m => m.object), objects);
    for (const { object, finding } of pairs) findings.push(report(byObject.get(object)!, finding));
  }
  for (const f of eksaSetFindings(objects, other.hardware, old?.manifests.map(m => m.object))) {
    const m = manifests.find(x => x.object.kind === f.kind && x.object.metadata?.name === f.name && (x.object.metadata?.namespace ?? 'default') === (f.namespace ?? 'default'));
    const plain: Finding = { severity: f.severity, rule: f.rule, field: f.field, message: f.message, hint: f.hint };
    if (m) findings.push(report(m, plain));
    else findings.push({ ...plain, file: f.kind === 'Hardware' ? hardwareFileOf(loaded.otherFiles) : (manifests[0]?.file ?? '<input>'), line: 1, kind: f.kind || undefined, name: f.name || undefined });
  }
  findings.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  return { findings, objects: objects.length, files: loaded.yamlFiles.length + loaded.otherFiles.length };
}

function noInput(paths: readonly string[]): string {
  return `no YAML manifests or hardware.csv files in ${paths.join(', ')} (directories are searched for *.yaml, *.yml and *.csv)`;
}

/**
 * With no objects in the whole input (and no hardware.csv to check), the files that parsed
 * cleanly but held nothing: an empty input must not pass as valid.
 */
function emptyFiles(loaded: LoadResult, manifests: readonly LoadedManifest[]): string[] {
  if (manifests.length || loaded.otherFiles.length) return [];
  const withProblems = new Set(loaded.problems.map(p => p.file));
  return loaded.yamlFiles.filter(f => !withProblems.has(f));
}

/** A metadata value for the report, only when it is a string (hand-written YAML may say `name: 5`). */
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function formatFinding(f: ReportedFinding): string {
  const obj = f.kind ? `${f.kind}/${f.name ?? ''} ` : '';
  const sev = f.severity === Severity.WARNING ? 'warning: ' : '';
  return `${f.file}:${f.line} ${obj}${f.field ? `${f.field}: ` : ''}${sev}${f.message}${f.hint ? ` (${f.hint})` : ''}`;
}

export function registerValidate(program: Command, io: CliIo, setExit: (code: ExitCode) => void): void {
  program.command('validate')
    .description('Check manifests (ours or hand-written): YAML, CRD schemas, upstream webhook rules, embedded Butane, cross-object rules, and with --against the upgrade rules')
    .argument('<paths...>', 'files or directories of YAML manifests (and hardware.csv files); - reads stdin')
    .option('--against <old...>', 'the manifests currently applied: also check version skew, immutable fields and template rotation')
    .addOption(new Option('-o, --output <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--strict', 'warnings fail too (and embedded Butane warnings count as errors)', false)
    .addHelpText('after', `
Examples:
  $ cdk8s-capi validate dist/
  $ envsubst < capi-provisioning-example.yaml | cdk8s-capi validate -
  $ cdk8s-capi validate dist/site-1 --against /tmp/site-1-previous --output json

Input with no Kubernetes objects (and no hardware.csv) is an error: exit 1, or 2 when no files\nwere found at all.\n\nExit codes: 0 valid, 1 invalid (errors, or warnings with --strict), 2 usage or I/O error.`)
    .action((paths: string[], opts: { against?: string[]; output: string; strict: boolean }) => {
      const result = validatePaths(paths, { against: opts.against, strict: opts.strict }, io);
      const errors = result.findings.filter(f => f.severity === Severity.ERROR).length;
      const warnings = result.findings.length - errors;
      if (opts.output === 'json') {
        io.out(`${JSON.stringify({ valid: errors === 0 && (!opts.strict || warnings === 0), errors, warnings, objects: result.objects, findings: result.findings }, null, 2)}\n`);
      } else {
        for (const f of result.findings) io.out(`${formatFinding(f)}\n`);
        io.err(`${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'} in ${result.objects} object${result.objects === 1 ? '' : 's'} from ${result.files} file${result.files === 1 ? '' : 's'}\n`);
      }
      setExit(errors > 0 || (opts.strict && warnings > 0) ? ExitCode.INVALID : ExitCode.OK);
    });
}
