// The cdk8s-capi command line. Each command lives in its own file and registers itself here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, CommanderError } from 'commander';
import { registerApply } from './apply';
import { registerBackup, registerRestore } from './backup';
import { registerDelete, registerStatus } from './delete-status';
import { registerGraph } from './graph';
import { CliError, CliIo, ExitCode, processIo } from './io';
import { registerPlan } from './plan';
import { registerSimulate } from './simulate-command';
import { registerSynth } from './synth';
import { registerUpgrade } from './upgrade';
import { registerValidate } from './validate';
import { ValidationError } from '../core/errors';
import { packageRoot } from '../core/package-root';
import { DEFAULT_MAX_FILE_BYTES, InputFileError, MAX_FILE_ENV } from '../core/read-file';
import { ManifestIoError } from '../validate/manifest-files';

export function buildProgram(io: CliIo, setExit: (code: ExitCode) => void): Command {
  const version = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')).version as string;
  const program = new Command('cdk8s-capi')
    .description('Typed Cluster API manifests for bare metal (Metal3 + RKE2 + MetalLB) and EKS Anywhere: synth, validate, apply')
    .version(version)
    .option('-v, --verbose', 'more detail (repeat for more)', (_v: string, prev: number) => prev + 1, 0)
    .exitOverride()
    .configureOutput({ writeOut: t => io.out(t), writeErr: t => io.err(t) })
    .showHelpAfterError()
    .addHelpText('after', '\nExit codes: 0 success, 1 invalid input or failed operation, 2 usage, I/O or connection error.\n'
      + `Input files must be regular files of at most ${DEFAULT_MAX_FILE_BYTES / 1024 / 1024} MiB (${MAX_FILE_ENV} sets another limit, in MiB).`);
  registerSynth(program, io, setExit);
  registerValidate(program, io, setExit);
  registerGraph(program, io, setExit);
  registerApply(program, io, setExit);
  registerDelete(program, io, setExit);
  registerStatus(program, io, setExit);
  registerPlan(program, io, setExit);
  registerUpgrade(program, io, setExit);
  registerBackup(program, io, setExit);
  registerRestore(program, io, setExit);
  registerSimulate(program, io, setExit);
  for (const c of program.commands) c.exitOverride().configureOutput({ writeOut: t => io.out(t), writeErr: t => io.err(t) });
  return program;
}

/** Runs the CLI; resolves to the process exit code (0 ok, 1 invalid input, 2 usage or I/O error). */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  let code: ExitCode = ExitCode.OK;
  const program = buildProgram(io, c => { code = c; });
  try {
    await program.parseAsync(argv);
    return code;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? ExitCode.OK : ExitCode.USAGE;
    if (e instanceof CliError) {
      io.err(`error: ${e.message}\n`);
      return e.exitCode;
    }
    // Unreadable inputs are I/O errors wherever they surface (commands map most of them already).
    if (e instanceof InputFileError || e instanceof ManifestIoError) {
      io.err(`error: ${e.message}\n`);
      return ExitCode.USAGE;
    }
    if (e instanceof ValidationError) {
      io.err(`error: ${e.message}\n`);
      return ExitCode.INVALID;
    }
    throw e;
  }
}
