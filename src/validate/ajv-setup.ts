// The ajv instance the CRD schemas are compiled with, at run time (schema.ts) and at build time
// (build-tools/precompile-validators.ts writes them out with ajv's standalone code, so a run
// need not compile the schemas it uses: that was the largest fixed cost of every command).
// Everything the generated code calls — the formats and the list-map check — lives in this module,
// and precompiled validators require it by path: both ways run the same functions.
import Ajv, { KeywordCxt, _ } from 'ajv';
import { LIST_MAP_KEYWORD } from './structural';

const INT32 = 2 ** 31;
const INT64 = 2 ** 63;
/** Go decodes into fixed-size numbers: out of range (or .inf/.nan, which JSON cannot carry) is a decode error. */
export const NUMBER_FORMATS: Record<string, (n: number) => boolean> = {
  int32: n => Number.isInteger(n) && n >= -INT32 && n < INT32,
  int64: n => Number.isInteger(n) && n >= -INT64 && n < INT64,
  double: n => Number.isFinite(n),
};

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Every format the structural schemas use, as ajv format definitions. */
export const FORMATS = {
  ...Object.fromEntries(Object.entries(NUMBER_FORMATS).map(([name, validate]) => [name, { type: 'number' as const, validate }])),
  // Go's url.Parse accepts nearly any string without spaces or control characters.
  'k8s-uri': { type: 'string' as const, validate: (s: string) => !/[\s\u0000-\u001f]/.test(s) },
  'k8s-date-time': { type: 'string' as const, validate: (s: string) => RFC3339.test(s) },
  'k8s-byte': { type: 'string' as const, validate: (s: string) => BASE64.test(s) },
};

/**
 * The message for the first item of a `x-kubernetes-list-type: map` list whose keys repeat an
 * earlier item's, or undefined when all are distinct.
 */
export function listMapDuplicate(keys: readonly string[], data: readonly unknown[]): string | undefined {
  const seen = new Set<string>();
  for (const item of data) {
    if (!item || typeof item !== 'object') continue;
    const values = keys.map(x => (item as Record<string, unknown>)[x]);
    const k = JSON.stringify(values);
    if (seen.has(k)) return `Duplicate value: ${keys.map((x, i) => `${x}=${JSON.stringify(values[i])}`).join(', ')}`;
    seen.add(k);
  }
  return undefined;
}

/** How generated code reaches this module (a path relative to the generated file, or absolute). */
export interface AjvSetupOptions {
  /** Emit source for ajv's standalone code, requiring this module from `runtimeModule`. @default - no source kept */
  readonly runtimeModule?: string;
}

export function newAjv(opts: AjvSetupOptions = {}): Ajv {
  const runtime = opts.runtimeModule;
  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    allowUnionTypes: true,
    unicodeRegExp: false,
    // No codegen optimization pass: it was ~40 % of compiling the validators and only tidies the code.
    code: { optimize: false, ...(runtime ? { source: true, formats: _`require(${runtime}).FORMATS` } : {}) },
  });
  for (const [name, def] of Object.entries(FORMATS)) ajv.addFormat(name, def);
  ajv.addKeyword({
    keyword: LIST_MAP_KEYWORD,
    type: 'array',
    schemaType: 'array',
    error: { message: ({ params }) => _`${params.message}` },
    code(cxt: KeywordCxt) {
      const check = cxt.gen.scopeValue('func', { ref: listMapDuplicate, ...(runtime ? { code: _`require(${runtime}).listMapDuplicate` } : {}) });
      const message = cxt.gen.const('listMapMessage', _`${check}(${cxt.schemaCode}, ${cxt.data})`);
      cxt.setParams({ message });
      cxt.fail(_`${message} !== undefined`);
    },
  });
  return ajv;
}
