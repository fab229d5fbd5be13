// Go's encoding/json decoding of a text into a typed struct, as far as it decides success:
// baremetal-operator decodes its status and hardware-details annotations with
// `json.NewDecoder(…).DisallowUnknownFields()` and the reboot annotation with `json.Unmarshal`.
// The struct's shape is that of the CRD's structural schema for the same Go type (controller-gen
// writes one from the other). Decoding checks types and, when asked, unknown fields; it checks
// no enums, patterns or required fields. Keys match field names case-insensitively, as in Go.

export interface GoDecodeOptions {
  /** `Decoder.DisallowUnknownFields()`: a key that matches no field fails. @default false */
  readonly disallowUnknownFields?: boolean;
  /**
   * `Decoder.Decode` reads only the first JSON value of the text; `json.Unmarshal` refuses
   * anything after it. @default false (Unmarshal)
   */
  readonly firstValueOnly?: boolean;
}

/** time.Parse(time.RFC3339, …), which metav1.Time uses. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** The end of the first JSON value in `text` (from `start`), or -1 when the text ends first. */
function endOfFirstValue(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') {
        i++;
      } else if (c === '"') {
        inString = false;
        if (depth === 0) return i + 1;
      }
    } else if (c === '"') {
      inString = true;
    } else if (c === '{' || c === '[') {
      depth++;
    } else if (c === '}' || c === ']') {
      depth--;
      if (depth <= 0) return i + 1;
    } else if (depth === 0 && /[\s,:]/.test(c)) {
      return i;
    }
  }
  return depth === 0 && !inString ? text.length : -1;
}

function goKind(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'object') return 'object';
  if (typeof v === 'boolean') return 'bool';
  return typeof v;
}

function goType(schema: any): string {
  if (schema?.['x-kubernetes-int-or-string']) return 'intstr.IntOrString';
  switch (schema?.type) {
    case 'object': return schema.properties ? 'struct' : 'map';
    case 'array': return 'slice';
    case 'integer': return 'int';
    case 'number': return 'float64';
    case 'boolean': return 'bool';
    case 'string': return schema.format === 'date-time' ? 'metav1.Time' : 'string';
    default: return 'interface {}';
  }
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** Why decoding `value` (already parsed) into the Go type of `schema` fails, or undefined. */
export function goDecodeValueProblem(value: unknown, schema: any, opts: GoDecodeOptions = {}, path = ''): string | undefined {
  if (value === null || value === undefined || !schema || typeof schema !== 'object') return undefined;
  const mismatch = () => `json: cannot unmarshal ${goKind(value)} into Go ${path ? `struct field ${path}` : 'value'} of type ${goType(schema)}`;
  if (schema['x-kubernetes-int-or-string']) return typeof value === 'number' || typeof value === 'string' ? undefined : mismatch();
  switch (schema.type) {
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return mismatch();
      const props: Record<string, any> = schema.properties ?? {};
      const lower = new Map(Object.keys(props).map(k => [k.toLowerCase(), k]));
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        const field = k in props ? k : lower.get(k.toLowerCase());
        let sub: any;
        if (field !== undefined) sub = props[field];
        else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') sub = schema.additionalProperties;
        else if (schema.properties && opts.disallowUnknownFields && !schema['x-kubernetes-preserve-unknown-fields']) return `json: unknown field "${k}"`;
        else continue;
        const p = goDecodeValueProblem(v, sub, opts, join(path, field ?? k));
        if (p) return p;
      }
      return undefined;
    }
    case 'array': {
      if (!Array.isArray(value)) return mismatch();
      for (const [i, v] of value.entries()) {
        const p = goDecodeValueProblem(v, schema.items, opts, `${path}[${i}]`);
        if (p) return p;
      }
      return undefined;
    }
    case 'string':
      if (typeof value !== 'string') return mismatch();
      if (schema.format === 'date-time' && !RFC3339.test(value)) return `parsing time ${JSON.stringify(value)} as RFC3339 failed (at ${path})`;
      return undefined;
    case 'integer':
      if (typeof value !== 'number') return mismatch();
      return Number.isInteger(value) ? undefined : `json: cannot unmarshal number ${value} into Go struct field ${path} of type int`;
    case 'number':
      return typeof value === 'number' ? undefined : mismatch();
    case 'boolean':
      return typeof value === 'boolean' ? undefined : mismatch();
    default:
      return undefined;
  }
}

export interface GoDecoded {
  /** The decoded JSON value (of the first value only, with `firstValueOnly`). */
  readonly value?: unknown;
  /** Why decoding fails (Go's message where it helps); undefined when it succeeds. */
  readonly problem?: string;
}

/** Decodes `text` into the Go type of `schema` as encoding/json would. */
export function goDecode(text: string, schema: any, opts: GoDecodeOptions = {}): GoDecoded {
  const start = text.search(/\S/);
  if (start < 0) return { problem: opts.firstValueOnly ? 'EOF' : 'unexpected end of JSON input' };
  let source = text;
  if (opts.firstValueOnly) {
    const end = endOfFirstValue(text, start);
    if (end < 0) {
      // Go reports a syntax error where it meets it, and "unexpected EOF" only for a text that stops short.
      try {
        JSON.parse(text);
      } catch (e) {
        const m = (e as Error).message;
        const at = /at position (\d+)/.exec(m);
        const atEnd = /end of JSON input|Unterminated string/i.test(m) || (at !== null && Number(at[1]) >= text.trimEnd().length);
        if (!atEnd) return { problem: `invalid JSON: ${m}` };
      }
      return { problem: 'unexpected EOF' };
    }
    source = text.slice(start, end);
  }
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (e) {
    return { problem: `invalid JSON: ${(e as Error).message}` };
  }
  return { value, problem: goDecodeValueProblem(value, schema, opts) };
}

/** A struct field of a decoded object as Go finds it: the exact key, else a case-insensitive match. */
export function goField(value: unknown, name: string): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const o = value as Record<string, unknown>;
  if (name in o) return o[name];
  const k = Object.keys(o).find(x => x.toLowerCase() === name.toLowerCase());
  return k === undefined ? undefined : o[k];
}
