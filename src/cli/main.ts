// The cdk8s-capi command line. Each command lives in its own file and registers itself here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, CommanderError } from 'commander';
import type * as ApplyCmd from './apply';
import type * as BackupCmd from './backup';
import type * as DeleteCmd from './delete';
import type * as GraphCmd from './graph';
import { CliIo, processIo } from './io';
import type * as PlanCmd from './plan';
import type * as RestoreCmd from './restore';
import type * as SimulateCmd from './simulate';
import type * as StatusCmd from './status';
import type * as SynthCmd from './synth';
import type * as UpgradeCmd from './upgrade';
import type * as ValidateCmd from './validate';
import { CdkCapiError, ExitCode } from '../core/errors';
import { packageRoot } from '../core/package-root';
import { DEFAULT_MAX_FILE_BYTES, MAX_FILE_ENV } from '../core/read-file';

type Register = (program: Command, io: CliIo, setExit: (code: ExitCode) => void) => void;

/** A command's module, loaded when its command is registered (CommonJS: a plain require, synchronous). */
function load(path: string): unknown {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path);
}

/**
 * The commands, in help order, each module loaded only when needed: a command's dependencies
 * (the constructs for synth, the simulator for simulate, …) would otherwise be start-up time of
 * every other command (~0.3 s of an apply).
 */
const COMMANDS: ReadonlyArray<readonly [string, () => Register]> = [
  ['synth', () => (load('./synth') as typeof SynthCmd).registerSynth],
  ['validate', () => (load('./validate') as typeof ValidateCmd).registerValidate],
  ['graph', () => (load('./graph') as typeof GraphCmd).registerGraph],
  ['apply', () => (load('./apply') as typeof ApplyCmd).registerApply],
  ['delete', () => (load('./delete') as typeof DeleteCmd).registerDelete],
  ['status', () => (load('./status') as typeof StatusCmd).registerStatus],
  ['plan', () => (load('./plan') as typeof PlanCmd).registerPlan],
  ['upgrade', () => (load('./upgrade') as typeof UpgradeCmd).registerUpgrade],
  ['backup', () => (load('./backup') as typeof BackupCmd).registerBackup],
  ['restore', () => (load('./restore') as typeof RestoreCmd).registerRestore],
  ['simulate', () => (load('./simulate') as typeof SimulateCmd).registerSimulate],
];

/** What `commandOf` answers for `--version` before any command or help: no command is needed. */
export const VERSION_ONLY = '--version';

/**
 * The command an argv names (the first word that is not an option: the global options take no
 * value), if it is one of ours; `VERSION_ONLY` when it asks for the version alone.
 */
export function commandOf(argv: readonly string[]): string | undefined {
  const args = argv.slice(2);
  const word = args.find(a => !a.startsWith('-'));
  if (COMMANDS.some(([name]) => name === word)) return word;
  const first = args.find(a => ['-V', '--version', '-h', '--help'].includes(a));
  return word === undefined && (first === '-V' || first === '--version') ? VERSION_ONLY : undefined;
}

/** The program with every command, or only `only` (what a run of that command needs; help and unknown commands need them all; `VERSION_ONLY` none). */
export function buildProgram(io: CliIo, setExit: (code: ExitCode) => void, only?: string): Command {
  const version = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')).version as string;
  const program = new Command('cdk8s-capi')
    .description('Typed Cluster API manifests for bare metal (Metal3 + RKE2 + MetalLB) and EKS Anywhere: synth, validate, apply')
    .version(version)
    .option('-v, --verbose', 'more detail (repeat for more)', (_v: string, prev: number) => prev + 1, 0)
    .exitOverride()
    .configureOutput({ writeOut: t => io.out(t), writeErr: t => io.err(t) })
    .showHelpAfterError()
    .addHelpText('after', '\nExit codes: 0 success, 1 invalid input or failed operation, 2 usage, I/O or connection error, 70 internal error (a bug).\n'
      + `Input files must be regular files of at most ${DEFAULT_MAX_FILE_BYTES / 1024 / 1024} MiB (${MAX_FILE_ENV} sets another limit, in MiB).`);
  for (const [name, register] of COMMANDS) if (!only || name === only) register()(program, io, setExit);
  for (const c of program.commands) c.exitOverride().configureOutput({ writeOut: t => io.out(t), writeErr: t => io.err(t) });
  return program;
}

/**
 * Runs the CLI; resolves to the process exit code. The one place where an error becomes an exit
 * code: every error meant for the user carries its own (core/errors.ts) and is printed as one
 * line; anything else is a bug, exit 70.
 */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  let code: ExitCode = ExitCode.OK;
  const program = buildProgram(io, c => { code = c; }, commandOf(argv));
  try {
    await program.parseAsync(argv);
    return code;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? ExitCode.OK : ExitCode.USAGE;
    if (e instanceof CdkCapiError) {
      if (!e.reported) io.err(`error: ${e.message}\n`);
      return e.exitCode;
    }
    const verbose = Number(program.opts().verbose ?? 0);
    const detail = e instanceof Error ? (verbose >= 2 ? e.stack ?? e.message : e.message) : String(e);
    io.err(`internal error (a bug in cdk8s-capi; -vv shows where): ${detail}\n`);
    return ExitCode.INTERNAL;
  }
}
