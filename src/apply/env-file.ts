// `--env-file FILE`: KEY=VALUE lines, the values for `${VAR}` placeholders.
//   # comment              blank lines and lines starting with # are skipped
//   export KEY=VALUE       `export ` is allowed (so the file can be sourced by a shell too)
//   KEY=rest of the line   unquoted: the rest of the line, surrounding blanks trimmed, no
//                          inline comments (a # may be part of a password)
//   KEY="a \"b\"\n"        double quotes: \n \t \r \" \\ \$ escapes
//   KEY='literal'          single quotes: taken as is
// Nothing is expanded inside values. Errors name the file and line, never the line's text.
import { readFileSync } from 'node:fs';
import { Variables } from './substitute';
import { FileError } from '../core/errors';

/** A file that cannot be read or parsed (a usage error). */
export class EnvFileError extends FileError {
  constructor(message: string) {
    super(message);
    this.name = 'EnvFileError';
  }
}

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ESCAPES: Record<string, string> = { 'n': '\n', 't': '\t', 'r': '\r', '"': '"', '\\': '\\', '$': '$' };

/** Parses env-file text; `file` names the source in errors. */
export function parseEnvFile(text: string, file: string): Record<string, string> {
  const vars: Record<string, string> = {};
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, i) => {
    const where = `${file}:${i + 1}`;
    let line = raw.trim();
    if (!line || line.startsWith('#')) return;
    if (/^export\s/.test(line)) line = line.replace(/^export\s+/, '');
    const eq = line.indexOf('=');
    if (eq < 0) throw new EnvFileError(`${where}: expected KEY=VALUE`);
    const key = line.slice(0, eq).trim();
    if (!KEY.test(key)) throw new EnvFileError(`${where}: invalid variable name (letters, digits and _, not starting with a digit)`);
    const rest = line.slice(eq + 1).trim();
    let value: string;
    if (rest.startsWith('"')) {
      value = '';
      let j = 1;
      for (; j < rest.length && rest[j] !== '"'; j++) {
        if (rest[j] === '\\' && j + 1 < rest.length) {
          const e = ESCAPES[rest[j + 1]];
          if (e === undefined) throw new EnvFileError(`${where} (${key}): unknown escape in a double-quoted value (use \\n \\t \\r \\" \\\\ \\$)`);
          value += e;
          j++;
        } else {
          value += rest[j];
        }
      }
      if (j >= rest.length) throw new EnvFileError(`${where} (${key}): unterminated double-quoted value`);
      checkTrailing(rest.slice(j + 1), where, key);
    } else if (rest.startsWith('\'')) {
      const end = rest.indexOf('\'', 1);
      if (end < 0) throw new EnvFileError(`${where} (${key}): unterminated single-quoted value`);
      value = rest.slice(1, end);
      checkTrailing(rest.slice(end + 1), where, key);
    } else {
      value = rest;
    }
    vars[key] = value;
  });
  return vars;
}

function checkTrailing(after: string, where: string, key: string): void {
  const t = after.trim();
  if (t && !t.startsWith('#')) throw new EnvFileError(`${where} (${key}): unexpected text after the closing quote`);
}

/** Reads one env file. */
export function readEnvFile(path: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new EnvFileError(`cannot read --env-file ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (e as Error).message}`);
  }
  return parseEnvFile(text, path);
}

/**
 * The variables for substitution: the env files in order (a later file wins), then the
 * process environment on top (so `VAR=x cdk8s-capi apply --env-file f` overrides one value,
 * as docker compose does).
 */
export function variablesFrom(envFiles: readonly string[], env: NodeJS.ProcessEnv): Variables {
  const out: Record<string, string> = {};
  for (const f of envFiles) Object.assign(out, readEnvFile(f));
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return out;
}
