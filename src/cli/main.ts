// The cdk8s-capi command line. Each command lives in its own file and registers itself here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, CommanderError } from 'commander';
import { registerApply } from './apply';
import { registerBackup } from './backup';
import { registerDelete } from './delete';
import { registerGraph } from './graph';
import { CliIo, processIo } from './io';
import { registerPlan } from './plan';
import { registerRestore } from './restore';
import { registerSimulate } from './simulate';
import { registerStatus } from './status';
import { registerSynth } from './synth';
import { registerUpgrade } from './upgrade';
import { registerValidate } from './validate';
import { CdkCapiError, ExitCode } from '../core/errors';
import { packageRoot } from '../core/package-root';
import { DEFAULT_MAX_FILE_BYTES, MAX_FILE_ENV } from '../core/read-file';

export function buildProgram(io: CliIo, setExit: (code: ExitCode) => void): Command {
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

/**
 * Runs the CLI; resolves to the process exit code. The one place where an error becomes an exit
 * code: every error meant for the user carries its own (core/errors.ts) and is printed as one
 * line; anything else is a bug, exit 70.
 */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  let code: ExitCode = ExitCode.OK;
  const program = buildProgram(io, c => { code = c; });
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
