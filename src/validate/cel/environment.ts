// The CEL environment CRD rules run in, as far as the pinned CRDs use Kubernetes' one: CEL's
// standard functions and macros (has, all, exists, size, in, matches, duration, …), the strings
// extension (split, lowerAscii, …), and optional values for `optionalOldSelf` rules
// (`oldSelf.hasValue()`, `oldSelf.value()`, `oldSelf.orValue(x)`). @bufbuild/cel evaluates; a
// rule that calls a function this environment lacks is reported as not evaluated instead of
// failing every object (docs/DESIGN-NOTES.md "CEL rules of CRDs").
import { CelEnv, CelResult, CelScalar, celEnv, celMethod, isCelMap, mapType, parse, plan } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';

/** The key that marks a map as an optional value (a NUL prefix: no JSON field name reaches a CEL map with it). */
const OPTIONAL = '\u0000optional';
const VALUE = '\u0000value';

/** `optional.none()`: what `oldSelf` is for an `optionalOldSelf` rule when there is no old value. */
export const OPTIONAL_NONE: ReadonlyMap<string, unknown> = new Map([[OPTIONAL, false]]);

/** `optional.of(v)`. */
export function optionalOf(v: unknown): ReadonlyMap<string, unknown> {
  return new Map<string, unknown>([[OPTIONAL, true], [VALUE, v]]);
}

const OPTIONAL_TYPE = mapType(CelScalar.STRING, CelScalar.DYN);

function optionalMethods() {
  const isOptional = (m: unknown) => isCelMap(m) && m.has(OPTIONAL);
  const present = (m: any) => isOptional(m) && m.get(OPTIONAL) === true;
  return [
    celMethod('hasValue', OPTIONAL_TYPE, [], CelScalar.BOOL, function hasValue() {
      if (!isOptional(this)) throw new Error('no such overload: hasValue');
      return present(this);
    }),
    celMethod('value', OPTIONAL_TYPE, [], CelScalar.DYN, function value() {
      if (!present(this)) throw new Error('optional.none() dereference');
      return this.get(VALUE) as any;
    }),
    celMethod('orValue', OPTIONAL_TYPE, [CelScalar.DYN], CelScalar.DYN, function orValue(other) {
      if (!isOptional(this)) throw new Error('no such overload: orValue');
      return (present(this) ? this.get(VALUE) : other) as any;
    }),
  ];
}

let env: CelEnv | undefined;

/** The shared environment (built once per process). */
export function celEnvironment(): CelEnv {
  env ??= celEnv({ funcs: [...strings, ...optionalMethods()] });
  return env;
}

/** A compiled CEL expression: evaluate with `self` (and `oldSelf`) bound. */
export type CelProgram = (bindings: Record<string, unknown>) => CelResult;

export type Compiled =
  | { readonly ok: true; readonly program: CelProgram; readonly usesOldSelf: boolean }
  | { readonly ok: false; readonly error: string };

/** Parses and plans one expression; names a function the environment lacks instead of failing at run time. */
export function compileCel(expr: string): Compiled {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(expr);
  } catch (e) {
    return { ok: false, error: `does not parse: ${(e as Error).message.split('\n')[0]}` };
  }
  const calls = new Set<string>();
  let usesOldSelf = false;
  const walk = (n: any): void => {
    if (!n || typeof n !== 'object') return;
    if (Array.isArray(n)) {
      n.forEach(walk);
      return;
    }
    if (n.case === 'callExpr') calls.add(n.value.function);
    if (n.case === 'identExpr' && n.value.name === 'oldSelf') usesOldSelf = true;
    for (const k of Object.keys(n)) if (k !== '$typeName') walk(n[k]);
  };
  walk(parsed.expr);
  const e = celEnvironment();
  // Operators (`_==_`) and the planner's internals (`@not_strictly_false`) are not named functions.
  const missing = [...calls].filter(c => /^[A-Za-z]/.test(c) && !e.funcs.find(c));
  if (missing.length) return { ok: false, error: `uses ${missing.map(m => `${m}()`).join(', ')}, which this evaluator does not provide` };
  const run = plan(e, parsed);
  return { ok: true, program: b => run(b as any), usesOldSelf };
}
