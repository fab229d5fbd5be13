// Reading YAML in the exact form synth writes it, fast. Parsing with positions (the yaml library's
// syntax tree, for file:line) is most of what `validate` of a synthesized fleet costs, yet those
// files are our own output. A text is read with js-yaml and accepted only if writing the values
// back with the output emitter (yaml-output.ts) gives the same text byte for byte; then the yaml
// library would read the same values, because it reads every emitter output back to the values
// written (test/core/canonical-yaml.test.ts checks that property on arbitrary JSON data, and the
// two readers on every YAML file in the repository). Anything else — a hand edit, another tool's
// layout, comments, anchors, a syntax error — returns undefined: the caller parses it the careful
// way, with positions, limits and problems. Positions of accepted texts are parsed when asked for.
import { CORE_SCHEMA, Schema, loadAll } from 'js-yaml';
import { yamlDocument } from './yaml-output';

export interface CanonicalYamlOptions {
  /** How plain scalars are read; must agree with the careful reader's schema. @default js-yaml's core schema */
  readonly schema?: Schema;
  /** Keys whose numbers the emitter writes in octal (Butane's `mode`). @default - none */
  readonly octalKeys?: readonly string[];
}

/**
 * The documents of a text in synth's canonical form, as plain data; undefined for any other text
 * (including an empty one, and one with an empty document: `---` with nothing after it).
 */
export function readCanonicalYaml(text: string, options: CanonicalYamlOptions = {}): unknown[] | undefined {
  if (text.length === 0) return undefined;
  let docs: unknown[];
  try {
    // js-yaml's nesting limit (100) stays below safe-yaml's: deeper texts take the careful way.
    docs = loadAll(text, null, { schema: options.schema ?? CORE_SCHEMA }) as unknown[];
  } catch {
    return undefined;
  }
  if (docs.length === 0 || docs.some(d => d === null || d === undefined)) return undefined;
  // An alias makes js-yaml share the anchored object: a cycle, or a bomb the emitter would write
  // out in full. Canonical texts never share (the emitter writes copies), so sharing declines.
  if (text.includes('*') && sharesObjects(docs)) return undefined;
  // yaml-output's yamlDocuments, with the octal keys of the text's kind.
  return docs.map(d => yamlDocument(d, { octalKeys: options.octalKeys })).join('---\n') === text ? docs : undefined;
}

/** Whether any object or array is reachable twice (only aliases do that). */
function sharesObjects(docs: readonly unknown[]): boolean {
  const seen = new Set<object>();
  const stack: unknown[] = [...docs];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (seen.has(v)) return true;
    seen.add(v);
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push(child);
  }
  return false;
}
