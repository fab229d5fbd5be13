// YAML emission shared by the Butane config and the Kubernetes manifests inside it: the synth
// output's emitter (core/yaml-output.ts, js-yaml), so every string a YAML 1.1 reader (go-yaml v2,
// sigs.k8s.io/yaml) would take for a bool, number or null (`yes`, `on`, `0644`, `~`) is quoted,
// and Go's `0o644` octal form too. Lines are never folded, so output depends on the data only.
// Characters Go's YAML reader treats as line breaks or refuses (NEL, LS, PS, DEL, C1 controls,
// BOM, U+FFFE/U+FFFF) are written as escapes inside double quotes. Butane's file modes are
// written in octal (go-yaml v3 reads 0644 as octal; a zero stays a plain 0).
import { yamlDocument } from '../core/yaml-output';

/** Stringifies plain data as one YAML document (ends with a newline). */
export function toYamlDocument(data: unknown, octalKeys: readonly string[] = []): string {
  return yamlDocument(data, { octalKeys });
}
