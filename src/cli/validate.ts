// `cdk8s-capi validate PATH… [--against OLD…] [--output json] [--strict]`: every check this
// project knows, on any manifests (validate/validate-input.ts). One line per finding:
// `file:line kind/name field: message`.
import { Command, Option } from 'commander';
import { CliIo } from './io';
import { ExitCode } from '../core/errors';
import { formatLocatedFinding, Severity } from '../core/finding';
import { loadInput } from '../validate/input-load';
import { InputReport, validateInput } from '../validate/validate-input';

export interface ValidateOptions {
  readonly against?: string[];
  readonly strict?: boolean;
}

/** The validation report of the paths (validate/validate-input.ts). */
export function validatePaths(paths: string[], opts: ValidateOptions, io: Pick<CliIo, 'stdin'>): InputReport {
  const input = loadInput(paths, { stdin: io.stdin });
  const against = opts.against?.length ? loadInput(opts.against, { against: true }) : undefined;
  return validateInput(input, { against, strict: opts.strict });
}

export function registerValidate(program: Command, io: CliIo, setExit: (code: ExitCode) => void): void {
  program.command('validate')
    .description('Check manifests (ours or hand-written): YAML, CRD schemas, upstream webhook rules, embedded Butane, cross-object rules, and with --against the upgrade rules')
    .argument('<paths...>', 'files or directories of YAML manifests (and hardware.csv files); - reads stdin')
    .option('--against <old...>', 'the manifests currently applied: also check version skew, immutable fields and template rotation')
    .addOption(new Option('-o, --output <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--strict', 'warnings fail too: kinds without a pinned schema (not checked) are errors, and embedded Butane warnings count as errors', false)
    .addHelpText('after', `
Examples:
  $ cdk8s-capi validate dist/
  $ envsubst < capi-provisioning-example.yaml | cdk8s-capi validate -
  $ cdk8s-capi validate dist/site-1 --against /tmp/site-1-previous --output json

Kinds without a pinned schema (another provider's CRDs, a built-in version the pinned\nKubernetes v1.28 OpenAPI lacks) are reported as "not checked" warnings, never as wrong;\n--strict makes them errors.\n\nInput with no Kubernetes objects (and no hardware.csv) is an error: exit 1, or 2 when no files\nwere found at all.\n\nExit codes: 0 valid, 1 invalid (errors, or warnings with --strict), 2 usage or I/O error.`)
    .action((paths: string[], opts: { against?: string[]; output: string; strict: boolean }) => {
      const result = validatePaths(paths, { against: opts.against, strict: opts.strict }, io);
      const errors = result.findings.filter(f => f.severity === Severity.ERROR).length;
      const warnings = result.findings.length - errors;
      if (opts.output === 'json') {
        io.out(`${JSON.stringify({ valid: errors === 0 && (!opts.strict || warnings === 0), errors, warnings, objects: result.objects, findings: result.findings }, null, 2)}\n`);
      } else {
        for (const f of result.findings) io.out(`${formatLocatedFinding(f)}\n`);
        io.err(`${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'} in ${result.objects} object${result.objects === 1 ? '' : 's'} from ${result.files} file${result.files === 1 ? '' : 's'}\n`);
      }
      setExit(errors > 0 || (opts.strict && warnings > 0) ? ExitCode.INVALID : ExitCode.OK);
    });
}
