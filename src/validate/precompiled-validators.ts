// Validators compiled at build time (build-tools/precompile-validators.ts writes them into
// lib/precompiled-validators/, one module per kind, with ajv's standalone code; a run loads only
// the kinds it validates). Running from sources there are none. Each carries the hash
// of the schema it was compiled from, and is used only for that very schema: an edited schema,
// transform or ajv version (a stale build, a CRD registered at run time) compiles as before.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ValidateFunction } from 'ajv';

/** The directory the build writes (lib/precompiled-validators, two levels above this module in lib/src/validate). */
export const PRECOMPILED_DIR = join(__dirname, '..', '..', 'precompiled-validators');
/** Its index: kind key → [file, schema hash]. */
export const PRECOMPILED_INDEX = 'index.json';

/** Bump when the generated code of our keyword or formats changes (ajv-setup.ts). */
const CODEGEN_VERSION = 1;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const AJV_VERSION: string = require('ajv/package.json').version;

/** What a validator is compiled from: the ajv schema, with everything that shapes its code. */
export function schemaHash(schema: unknown): string {
  return createHash('sha256').update(`${AJV_VERSION}\u0000${CODEGEN_VERSION}\u0000${JSON.stringify(schema)}`).digest('hex');
}

type Index = Record<string, readonly [string, string]>;

export class PrecompiledValidators {
  /** The validators built with the package (none when running from sources, or not built). */
  static load(dir: string = PRECOMPILED_DIR): PrecompiledValidators {
    const file = join(dir, PRECOMPILED_INDEX);
    if (!existsSync(file)) return new PrecompiledValidators(dir, {});
    try {
      return new PrecompiledValidators(dir, JSON.parse(readFileSync(file, 'utf8')) as Index);
    } catch {
      return new PrecompiledValidators(dir, {}); // a damaged build: compile as before
    }
  }

  private constructor(private readonly dir: string, private readonly index: Index) {}

  /** The validator for a kind key, if one was compiled from exactly `schema`. */
  get(key: string, schema: unknown): ValidateFunction | undefined {
    const hit = this.index[key];
    if (!hit || hit[1] !== schemaHash(schema)) return undefined;
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const validate = (require(join(this.dir, hit[0])) as { validate?: unknown }).validate;
      return typeof validate === 'function' ? validate as ValidateFunction : undefined;
    } catch {
      return undefined; // a damaged build (a file missing or broken): compile as before
    }
  }
}
