// The Kubernetes objects of an inline manifest text (a file in a Butane config): YAML with the same
// limits as any manifest; problems (bad YAML, aliases, not an object) at their line in the text.
import { kubeObjectProblem } from './manifest-files';
import { readCanonicalYaml } from '../core/canonical-yaml';
import { KubeObject } from '../core/kube-object';
import { YamlProblem, parseYamlDocuments, yamlToJs } from '../core/safe-yaml';

export interface ParsedInline {
  readonly objects: readonly KubeObject[];
  /** Lines are 1-based inside the inline text. */
  readonly problems: readonly YamlProblem[];
}

/** Parses one inline manifest text. */
export function parseInlineManifests(text: string): ParsedInline {
  // Inline manifests synth wrote are in canonical form: no problems, so no positions needed.
  const canonical = readCanonicalYaml(text);
  if (canonical && canonical.every(d => !kubeObjectProblem(d))) return { objects: canonical as KubeObject[], problems: [] };
  const objects: KubeObject[] = [];
  const problems: YamlProblem[] = [];
  const parsed = parseYamlDocuments(text, { prettyErrors: false });
  const lc = parsed.lineCounter;
  if (parsed.tooBig) problems.push(parsed.tooBig);
  for (const doc of parsed.docs) {
    if (doc.errors.length) {
      for (const e of doc.errors) problems.push({ rule: 'yaml/syntax', line: lc.linePos(e.pos[0]).line, message: `YAML: ${e.message.split('\n')[0]}` });
      continue;
    }
    const js = yamlToJs(doc, lc);
    if (js.problem) {
      problems.push(js.problem);
      continue;
    }
    if (js.value === null || js.value === undefined) continue;
    const bad = kubeObjectProblem(js.value);
    if (bad) {
      problems.push({ rule: 'input/not-an-object', line: lc.linePos(doc.contents?.range?.[0] ?? 0).line, message: bad.message });
      continue;
    }
    objects.push(js.value);
  }
  return { objects, problems };
}
