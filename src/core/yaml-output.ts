// The YAML of synth output: js-yaml, several times faster than the yaml library's stringify that
// cdk8s' Yaml.stringify runs (the output files are most of a fleet synth's work), and for our
// documents byte-identical to it (dist/ did not change). Kept the same where they could differ:
// - YAML 1.1 readers (go-yaml v2 behind sigs.k8s.io/yaml, kubectl) take `yes`, `0644`, `1_000`,
//   `1:20` for bools and numbers: js-yaml quotes 1.1 bools and base-60 itself, the schema below
//   makes it quote every other 1.1 number too;
// - objects shared between documents are written out each time (noRefs), never as anchors;
// - undefined values are written as null (cdk8s' keepUndefined);
// - a multi-line string with a line of only blanks, which js-yaml writes as a block scalar that
//   reads back without them, sends its document to the yaml library's rendering (the one used
//   before; the property tests of test/core and test/ignition read everything back).
import { DEFAULT_SCHEMA, Type, dump } from 'js-yaml';
import { Document, DocumentOptions, ScalarTag, SchemaOptions, Scalar, ToStringOptions, isPair, isScalar, visit } from 'yaml';

/** Plain scalars a YAML 1.1 reader resolves to an int or a float (the yaml library's 1.1 schema: what was quoted before). */
const YAML11_NUMBER = new RegExp([
  '^[-+]?0b[0-1_]+$', '^[-+]?0[0-7_]+$', '^[-+]?[0-9][0-9_]*$', '^[-+]?0x[0-9a-fA-F_]+$',
  '^[-+]?(?:[0-9][0-9_]*)?(?:\\.[0-9_]*)?[eE][-+]?[0-9]+$', '^[-+]?(?:[0-9][0-9_]*)?\\.[0-9_]*$', '^(?:[-+]?\\.(?:inf|Inf|INF)|\\.nan|\\.NaN|\\.NAN)$',
  '^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+$', '^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\\.[0-9_]*$',
].join('|'));

/** Never represents a value; only makes the dumper quote strings a 1.1 reader would take for numbers. */
const YAML11_NUMBERS = new Type('tag:cdk8s-capi,2026:yaml11-number', { kind: 'scalar', resolve: (s: string) => YAML11_NUMBER.test(s) });

/** A number written in YAML 1.1 octal (`0644`), as Butane (go-yaml) reads file modes. */
class Octal {
  constructor(readonly value: number) {}
}
const OCTAL = new Type('tag:cdk8s-capi,2026:octal', {
  kind: 'scalar',
  instanceOf: Octal,
  resolve: () => false,
  represent: o => `0${(o as Octal).value.toString(8)}`,
});
const SCHEMA = DEFAULT_SCHEMA.extend({ implicit: [OCTAL, YAML11_NUMBERS] });

/**
 * Multi-line strings with a line of only blanks (first, last or between): js-yaml writes them as
 * block scalars that read back without those blanks.
 */
const BLOCK_TROUBLE = /^\s*\n\s*$|(^|\n)[ \t]+(\n|$)/;

export interface YamlDocumentOptions {
  /** Keys whose non-zero whole-number values are written in octal (Butane's `mode`). @default - none */
  readonly octalKeys?: readonly string[];
}

/** One document (ends with a newline). */
export function yamlDocument(doc: unknown, opts: YamlDocumentOptions = {}): string {
  let blank = false;
  const octal = opts.octalKeys ?? [];
  const text = dump(doc, {
    schema: SCHEMA,
    noRefs: true,
    lineWidth: -1,
    quotingType: '"',
    replacer: (key, value) => {
      if (value === undefined) return null;
      if (typeof value === 'string' && BLOCK_TROUBLE.test(value)) blank = true;
      if (typeof value === 'number' && value !== 0 && Number.isInteger(value) && value > 0 && octal.includes(key)) return new Octal(value);
      return value;
    },
  });
  return blank ? yamlLibraryDocument(doc, octal) : text;
}

/** Strings a Go YAML reader would parse as an `0o`-prefixed octal number. */
const GO_OCTAL: ScalarTag = {
  tag: 'tag:yaml.org,2002:int',
  default: true,
  test: /^[-+]?0[oO][0-7_]+$/,
  resolve: (s: string) => parseInt(s.replace(/^([-+]?)0[oO]/, '$1').replace(/_/g, ''), 8),
  identify: () => false,
};

const DOC_OPTIONS: DocumentOptions & SchemaOptions = { version: '1.1', customTags: [GO_OCTAL] };
const STRING_OPTIONS: ToStringOptions = { lineWidth: 0, minContentWidth: 0 };

const AWKWARD = /[\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/;
const AWKWARD_ALL = new RegExp(AWKWARD.source, 'g');
const NAMED_ESCAPES: Record<string, string> = { '\u0085': '\\N', '\u2028': '\\L', '\u2029': '\\P' };

function escapeAwkward(c: string): string {
  const code = c.charCodeAt(0);
  return NAMED_ESCAPES[c] ?? (code <= 0xff ? `\\x${code.toString(16).toUpperCase()}` : `\\u${code.toString(16).toUpperCase()}`);
}

/**
 * The yaml library's rendering (what every document was written with before js-yaml): for the
 * strings js-yaml's block scalars do not round-trip.
 */
function yamlLibraryDocument(data: unknown, octalKeys: readonly string[]): string {
  const doc = new Document(data, DOC_OPTIONS);
  let awkward = false;
  visit(doc, {
    Scalar(_, node) {
      if (typeof node.value !== 'string') return;
      if (AWKWARD.test(node.value)) {
        node.type = Scalar.QUOTE_DOUBLE;
        awkward = true;
      } else if (/^\s+$/.test(node.value) && node.value.includes('\n')) {
        // The yaml library writes e.g. " \n" as a block scalar without an indentation
        // indicator, which reads back as "\n"; blank multi-line text goes in double quotes.
        node.type = Scalar.QUOTE_DOUBLE;
      }
    },
  });
  if (octalKeys.length > 0) {
    visit(doc, {
      Pair(_, pair) {
        if (!isPair(pair) || !isScalar(pair.key) || !octalKeys.includes(String(pair.key.value))) return;
        // Butane (go-yaml v3) reads 0644 as octal; a zero stays a plain 0.
        if (isScalar(pair.value) && typeof pair.value.value === 'number' && pair.value.value !== 0) pair.value.format = 'OCT';
      },
    });
  }
  const text = doc.toString(STRING_OPTIONS);
  // Only double-quoted scalars can hold these characters now, and there escapes are valid.
  return awkward ? text.replace(AWKWARD_ALL, escapeAwkward) : text;
}

/** Documents as one multi-document YAML text, `---` between them (cdk8s' Yaml.stringify layout). */
export function yamlDocuments(docs: readonly unknown[]): string {
  return docs.map(d => (d === undefined ? '\n' : yamlDocument(d))).join('---\n');
}
