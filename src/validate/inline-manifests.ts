// The Kubernetes objects of an inline manifest text (a file in a Butane config or in CAPRKE2
// `spec.files`): read like any manifest file (same limits, `kind: List` items as objects, as
// RKE2's deploy controller reads them); problems (bad YAML, aliases, not an object) at their line
// in the text, and each object's field lines on demand (only findings ask for them).
import { parseManifests } from './manifest-files';
import { KubeObject } from '../core/kube-object';
import { YamlProblem } from '../core/safe-yaml';

export interface ParsedInline {
  readonly objects: readonly KubeObject[];
  /** Lines are 1-based inside the inline text. */
  readonly problems: readonly YamlProblem[];
  /**
   * The 1-based line inside the text of an object's field (`''`: the object itself); with
   * `embeddedLine`, that line inside the field's own text (a Butane config in an embedded object).
   */
  lineOf(index: number, field: string, embeddedLine?: number): number;
}

/** Parses one inline manifest text. */
export function parseInlineManifests(text: string): ParsedInline {
  const { manifests, problems } = parseManifests(text, '');
  return {
    objects: manifests.map(m => m.object),
    problems: problems.map(p => ({ rule: p.rule ?? 'yaml/syntax', line: p.line, message: p.message })),
    lineOf: (index, field, embeddedLine) => manifests[index]?.lineOf(field, embeddedLine) ?? 1,
  };
}

/** The objects a caller already holds for a text (rendered by synth): positions parse the text when first asked for. */
export function knownInlineManifests(text: string, objects: readonly KubeObject[]): ParsedInline {
  let parsed: ParsedInline | undefined;
  return {
    objects,
    problems: [],
    lineOf: (index, field, embeddedLine) => (parsed ??= parseInlineManifests(text)).lineOf(index, field, embeddedLine),
  };
}
