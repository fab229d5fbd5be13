// YAML emission shared by the Butane config and the Kubernetes manifests inside it.
// Output is YAML 1.1 so that every string a YAML 1.1 reader (go-yaml v2, sigs.k8s.io/yaml)
// would take for a bool, number or null (`yes`, `on`, `0644`, `~`) is quoted; Go's
// `0o644` octal form is quoted too. Lines are never folded, so output depends on the data only.
// Characters Go's YAML reader treats as line breaks or refuses (NEL, LS, PS, DEL, C1 controls,
// BOM, U+FFFE/U+FFFF) are written as escapes inside double quotes.
import { Document, DocumentOptions, ScalarTag, SchemaOptions, Scalar, ToStringOptions, isPair, isScalar, visit } from 'yaml';

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

/** Stringifies plain data as one YAML document (ends with a newline). */
export function toYamlDocument(data: unknown, octalKeys: readonly string[] = []): string {
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
