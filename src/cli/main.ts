// The cdk8s-capi command line. Each command lives in its own file and registers itself here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, CommanderError } from 'commander';
import { packageRoot } from '../core/package-root';

export function buildProgram(): Command {
  const version = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')).version as string;
  return new Command('cdk8s-capi')
    .description('Typed Cluster API manifests for bare metal (Metal3 + RKE2 + MetalLB) and EKS Anywhere: synth, validate, apply')
    .version(version)
    .exitOverride()
    .showHelpAfterError();
}

/** Runs the CLI; resolves to the process exit code (0 ok, 1 invalid input, 2 usage or I/O error). */
export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    throw e;
  }
}
