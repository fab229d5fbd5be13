// `--env-file FILE` (apply, upgrade, restore): the values for `${VAR}` placeholders, with the
// environment on top. Substitution runs before validation and before the cluster is
// contacted, so an unset variable fails the command before anything is touched.
import { Command } from 'commander';
import { CliIo } from './io';
import { variablesFrom } from '../apply/env-file';
import { Redactor, redactor } from '../apply/redact';
import { SubstitutionResult, Variables, substitute } from '../apply/substitute';
import { KubeObject } from '../core/kube-object';

export interface EnvFileFlags {
  readonly envFile: string[];
}

export function addEnvFileFlag(cmd: Command): Command {
  return cmd.option('--env-file <file>',
    'KEY=VALUE lines with the values of ${VAR} placeholders (repeatable; a later file wins, the environment wins over files)',
    (v: string, prev: string[]) => [...prev, v], []);
}

/** The variables for substitution; an unreadable or malformed file is a usage error (exit 2). */
export function variablesFor(flags: EnvFileFlags, io: CliIo): Variables {
  return variablesFrom(flags.envFile ?? [], io.env);
}

/** Substituted objects, or exit 1 naming the variables and where they are used (never a value). */
export function substituteOrFail(objects: readonly KubeObject[], vars: Variables): SubstitutionResult & { redact: Redactor } {
  const r = substitute(objects, vars);
  return { ...r, redact: redactor(r.values) };
}

/** `--env-file` arguments to repeat in a suggested command. */
export function envFileArgs(flags: EnvFileFlags): string[] {
  return (flags.envFile ?? []).flatMap(f => ['--env-file', f]);
}
