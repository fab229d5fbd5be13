// Placeholders never reach the cluster: `${VAR}` in the manifests (the BMC credentials
// `BmcCredentials.fromEnv()` writes, anything a GitOps engine would fill in) is substituted
// before anything is applied, with Flux's post-build substitution semantics in strict mode
// (fluxcd/pkg envsubst, kustomize-controller's StrictPostBuildSubstitutions):
//   ${VAR}                      the value; an unset variable is an error (an empty one is not)
//   ${VAR:=default} ${VAR=default} ${VAR:-default} ${VAR-default}
//                               the value, or the default when unset or empty (Flux treats the
//                               four alike); the default may hold further ${…}
//   $${VAR}                     the literal text ${VAR} ($$ is a literal $); a bare $VAR is left alone
//   kustomize.toolkit.fluxcd.io/substitute: disabled (label or annotation) opts an object out.
// Unlike Flux, which runs envsubst over the YAML text, only string values are substituted
// (never keys) and the result stays a string (Flux re-parses, so an unquoted `${N}` that
// resolves to `3` becomes a number there). Flux's other bash operators (${#VAR}, ${VAR^^},
// ${VAR/a/b}, …) are refused rather than half-supported. Placeholders in base64 `data`
// (Secret) or `binaryData` (ConfigMap) are an error: nothing substitutes inside base64, so the
// API server would store the placeholder itself; put them in `stringData`.
// Errors name the variables, the objects and the fields, never a value.
import { InvalidInputError } from '../core/errors';
import { KubeObject } from '../core/kube-object';

/** Variable values by name. */
export type Variables = Readonly<Record<string, string>>;

export const SUBSTITUTE_ANNOTATION = 'kustomize.toolkit.fluxcd.io/substitute';
const VAR_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SUPPORTED = '${VAR}, ${VAR:=default}, ${VAR=default}, ${VAR:-default}, ${VAR-default}, $${VAR} for a literal';

export interface SubstitutionProblem {
  /** `Kind namespace/name` (or `Kind name`). */
  readonly object: string;
  /** The field, e.g. `stringData.password`. */
  readonly field: string;
  readonly reason: 'missing' | 'base64' | 'syntax';
  /** Variables involved (unset ones for `missing`). */
  readonly variables: readonly string[];
  /** What is wrong, without any value. */
  readonly detail: string;
}

/** Placeholders that cannot be resolved: nothing may be applied. */
export class SubstitutionError extends InvalidInputError {
  constructor(readonly problems: readonly SubstitutionProblem[]) {
    super(formatProblems(problems));
    this.name = 'SubstitutionError';
  }

  /** Unset variables, sorted. */
  get missing(): string[] {
    return [...new Set(this.problems.filter(p => p.reason === 'missing').flatMap(p => p.variables))].sort();
  }
}

export interface SubstitutionResult {
  /** The objects with every placeholder replaced (copies; the input is not changed). */
  readonly objects: KubeObject[];
  /** Variables that were used, sorted. */
  readonly used: readonly string[];
  /** The values that went into the objects (so outputs can be scrubbed of them). */
  readonly values: readonly string[];
}

function formatProblems(problems: readonly SubstitutionProblem[]): string {
  const missing = [...new Set(problems.filter(p => p.reason === 'missing').flatMap(p => p.variables))].sort();
  const lines: string[] = [];
  if (missing.length) lines.push(`${missing.length === 1 ? 'variable' : 'variables'} not set: ${missing.join(', ')}`);
  for (const p of problems) lines.push(`  ${p.object} ${p.field}: ${p.detail}`);
  if (missing.length) lines.push('set them in the environment or in a file given with --env-file (KEY=VALUE lines)');
  if (problems.some(p => p.reason === 'base64')) lines.push('placeholders belong in Secret stringData (substituted as text), never in base64 data');
  return `unresolved placeholders, nothing was applied: ${lines.join('\n')}`;
}

function describeObject(o: KubeObject): string {
  const ns = o.metadata?.namespace;
  return `${o.kind ?? '?'} ${ns ? `${ns}/` : ''}${o.metadata?.name ?? '?'}`;
}

function fieldPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(key)) return parent ? `${parent}.${key}` : key;
  return `${parent}[${key}]`;
}

/** An object labelled or annotated `kustomize.toolkit.fluxcd.io/substitute: disabled`. */
export function substitutionDisabled(o: KubeObject): boolean {
  return o.metadata?.labels?.[SUBSTITUTE_ANNOTATION] === 'disabled' || o.metadata?.annotations?.[SUBSTITUTE_ANNOTATION] === 'disabled';
}

interface Expansion {
  readonly text: string;
  readonly used: string[];
  readonly missing: string[];
  readonly values: string[];
  readonly error?: string;
}

/**
 * Expands one string. `lookup` returns undefined for an unset variable. Never throws;
 * `error` describes a malformed or unsupported expression (without any value).
 */
export function expand(input: string, lookup: (name: string) => string | undefined): Expansion {
  const used: string[] = [];
  const missing: string[] = [];
  const values: string[] = [];
  let pos = 0;

  // Parses `${…}` starting after `${`; returns the expansion, advancing pos past `}`.
  // Error texts name at most the variable, never what follows it (it could be a literal value).
  const expression = (): string => {
    const m = /^[A-Za-z0-9_]*/.exec(input.slice(pos))![0];
    if (!m) {
      if (input[pos] === '}') throw new Error('empty ${}');
      if (input[pos] === '#') throw new Error(`unsupported form \${#…} (supported: ${SUPPORTED})`);
      throw new Error('bad substitution: ${ must be followed by a variable name (a literal $ is written $$)');
    }
    if (!VAR_NAME.test(m)) throw new Error('bad substitution: a variable name cannot start with a digit (a literal $ is written $$)');
    pos += m.length;
    if (pos >= input.length) throw new Error('unterminated ${ (a literal $ is written $$)');
    if (input[pos] === '}') {
      pos += 1;
      used.push(m);
      const v = lookup(m);
      if (v === undefined) {
        missing.push(m);
        return '';
      }
      values.push(v);
      return v;
    }
    const op = [':=', ':-', '=', '-'].find(c => input.startsWith(c, pos));
    if (!op) throw new Error(`unsupported form \${${m}${input[pos]}…} (supported: ${SUPPORTED})`);
    pos += op.length;
    // The default: text and nested ${…} up to the closing brace.
    let dflt = '';
    for (;;) {
      if (pos >= input.length) throw new Error('unterminated ${ (a literal $ is written $$)');
      const c = input[pos];
      if (c === '}') {
        pos += 1;
        break;
      }
      if (c === '$' && input[pos + 1] === '{') {
        pos += 2;
        dflt += expression();
        continue;
      }
      dflt += c;
      pos += 1;
    }
    used.push(m);
    const v = lookup(m);
    if (v === undefined || v === '') return dflt;
    values.push(v);
    return v;
  };

  let out = '';
  try {
    while (pos < input.length) {
      const i = input.indexOf('$', pos);
      if (i < 0) {
        out += input.slice(pos);
        break;
      }
      out += input.slice(pos, i);
      pos = i;
      if (input[pos + 1] === '$') {
        out += '$';
        pos += 2;
      } else if (input[pos + 1] === '{') {
        pos += 2;
        out += expression();
      } else {
        out += '$';
        pos += 1;
      }
    }
  } catch (e) {
    return { text: input, used, missing, values, error: (e as Error).message };
  }
  return { text: out, used, missing, values };
}

/** Whether a string holds a `${VAR…}` placeholder (not the `$${…}` escape). */
export function hasPlaceholder(s: string): boolean {
  return expand(s, () => '').used.length > 0 || /\$\{[A-Za-z_]/.test(s.replace(/\$\$/g, ''));
}

function decodeBase64(v: string): string | undefined {
  if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(v)) return undefined;
  return Buffer.from(v, 'base64').toString('utf8');
}

/**
 * Substitutes every object (strict: an unset variable fails the whole set). Throws
 * SubstitutionError listing every problem at once; the input objects are not modified.
 */
export function substitute(objects: readonly KubeObject[], vars: Variables): SubstitutionResult {
  const problems: SubstitutionProblem[] = [];
  const used = new Set<string>();
  const values = new Set<string>();
  const lookup = (n: string) => (Object.prototype.hasOwnProperty.call(vars, n) ? vars[n] : undefined);
  const out = objects.map(o => {
    if (substitutionDisabled(o)) return o;
    const what = describeObject(o);
    const isSecret = o.kind === 'Secret' && (o.apiVersion === 'v1' || o.apiVersion === undefined);
    const isConfigMap = o.kind === 'ConfigMap' && (o.apiVersion === 'v1' || o.apiVersion === undefined);
    const walk = (v: unknown, path: string): unknown => {
      if (typeof v === 'string') {
        const r = expand(v, lookup);
        r.used.forEach(u => used.add(u));
        if (r.error) {
          problems.push({ object: what, field: path, reason: 'syntax', variables: r.used, detail: r.error });
          return v;
        }
        if (r.missing.length) {
          const names = [...new Set(r.missing)];
          problems.push({ object: what, field: path, reason: 'missing', variables: names, detail: `${names.map(n => `\${${n}}`).join(', ')} not set` });
          return v;
        }
        r.values.forEach(x => values.add(x));
        return r.text;
      }
      if (Array.isArray(v)) return v.map((x, i) => walk(x, fieldPath(path, i)));
      if (v && typeof v === 'object') {
        const res: Record<string, unknown> = {};
        for (const [k, x] of Object.entries(v)) {
          const p = fieldPath(path, k);
          if ((isSecret && path === 'data') || (isConfigMap && path === 'binaryData')) {
            res[k] = x;
            if (typeof x === 'string') {
              const decoded = decodeBase64(x);
              if (hasPlaceholder(x) || (decoded !== undefined && hasPlaceholder(decoded))) {
                // No variable names here: they would come out of the (possibly secret) data.
                problems.push({
                  object: what,
                  field: p,
                  reason: 'base64',
                  variables: [],
                  detail: `a \${…} placeholder in base64 ${path} is not substituted (the API server would store it as is); `
                    + `move it to ${isSecret ? 'stringData' : 'data'}, or annotate the object ${SUBSTITUTE_ANNOTATION}: disabled if it is meant literally`,
                });
              }
            }
            continue;
          }
          res[k] = walk(x, p);
        }
        return res;
      }
      return v;
    };
    return walk(o, '') as KubeObject;
  });
  if (problems.length) throw new SubstitutionError(problems);
  return { objects: out, used: [...used].sort(), values: [...values] };
}
