// The YAML of synth output: js-yaml, several times faster than the yaml library's stringify that
// cdk8s' Yaml.stringify runs (the output files are most of a fleet synth's work), and for our
// documents byte-identical to it (dist/ did not change). Kept the same where they could differ:
// - YAML 1.1 readers (go-yaml v2 behind sigs.k8s.io/yaml, kubectl) take `yes`, `0644`, `1_000`,
//   `1:20` for bools and numbers: js-yaml quotes 1.1 bools and base-60 itself, the schema below
//   makes it quote every other 1.1 number too;
// - objects shared between documents are written out each time (noRefs), never as anchors;
// - undefined values are written as null (cdk8s' keepUndefined);
// - a string of only whitespace and line breaks, which js-yaml (and the yaml library by default)
//   writes as a block scalar that reads back differently, sends its document to the yaml library
//   with that string in double quotes.
import { DEFAULT_SCHEMA, Type, dump } from 'js-yaml';
import { Document, Scalar, isScalar, visit } from 'yaml';

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

const BLANK_LINES = /^\s*\n\s*$/;

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
      if (typeof value === 'string' && BLANK_LINES.test(value)) blank = true;
      if (typeof value === 'number' && value !== 0 && Number.isInteger(value) && value > 0 && octal.includes(key)) return new Octal(value);
      return value;
    },
  });
  return blank ? quotingBlanks(doc, octal) : text;
}

function quotingBlanks(data: unknown, octalKeys: readonly string[]): string {
  const doc = new Document(data, { keepUndefined: true, version: '1.1' });
  visit(doc, {
    Scalar(_, node) {
      if (typeof node.value === 'string' && BLANK_LINES.test(node.value)) node.type = Scalar.QUOTE_DOUBLE;
    },
    Pair(_, pair) {
      if (isScalar(pair.key) && octalKeys.includes(String(pair.key.value)) && isScalar(pair.value)) {
        const v = pair.value.value;
        if (typeof v === 'number' && v > 0 && Number.isInteger(v)) pair.value.format = 'OCT';
      }
    },
  });
  return doc.toString({ lineWidth: 0 });
}

/** Documents as one multi-document YAML text, `---` between them (cdk8s' Yaml.stringify layout). */
export function yamlDocuments(docs: readonly unknown[]): string {
  return docs.map(d => (d === undefined ? '\n' : yamlDocument(d))).join('---\n');
}
