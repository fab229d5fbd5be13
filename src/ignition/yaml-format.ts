// YAML emission shared by the Butane config and the Kubernetes manifests inside it.
// Output is YAML 1.1 so that every string a YAML 1.1 reader (go-yaml v2, sigs.k8s.io/yaml)
// would take for a bool, number or null (`yes`, `on`, `0644`, `~`) is quoted; Go's
// `0o644` octal form is quoted too. Lines are never folded, so output depends on the data only.
import { Document, DocumentOptions, ScalarTag, SchemaOptions, ToStringOptions, isPair, isScalar, visit } from 'yaml';

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

/** Stringifies plain data as one YAML document (ends with a newline). */
export function toYamlDocument(data: unknown, octalKeys: readonly string[] = []): string {
  const doc = new Document(data, DOC_OPTIONS);
  if (octalKeys.length > 0) {
    visit(doc, {
      Pair(_, pair) {
        if (!isPair(pair) || !isScalar(pair.key) || !octalKeys.includes(String(pair.key.value))) return;
        // Butane (go-yaml v3) reads 0644 as octal; a zero stays a plain 0.
        if (isScalar(pair.value) && typeof pair.value.value === 'number' && pair.value.value !== 0) pair.value.format = 'OCT';
      },
    });
  }
  return doc.toString(STRING_OPTIONS);
}
