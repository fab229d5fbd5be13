// Inputs for the generic rule cases: the reference cluster of dist/ (a set that validates
// cleanly) to change one thing in, a tiny CRD with every schema keyword, and helpers that turn
// the outputs of file loading, constructs and the upgrade preflights into findings.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { Finding, Severity } from '../../../src/core/finding';
import { KubeObject } from '../../../src/core/kube-object';
import { parseManifests } from '../../../src/validate/manifest-files';
import { SchemaRegistry } from '../../../src/validate/schema';

export const REFERENCE: readonly KubeObject[] = parseAllDocuments(
  readFileSync(join(__dirname, '..', '..', '..', 'dist', 'reference-multinode', 'multinode-cluster.k8s.yaml'), 'utf8'),
).map(d => d.toJS() as KubeObject);

/** A copy of the reference set with `change` applied to the first object of `kind`. */
export function reference(kind: string, change: (o: any) => void = () => undefined, name?: string): KubeObject[] {
  const set = JSON.parse(JSON.stringify(REFERENCE)) as KubeObject[];
  const o = set.find(x => x.kind === kind && (!name || x.metadata?.name === name));
  if (!o) throw new Error(`no ${kind} in the reference`);
  change(o);
  return set;
}

/** One object of the reference, changed. */
export function one(kind: string, change: (o: any) => void = () => undefined): KubeObject {
  return reference(kind, change).find(x => x.kind === kind)!;
}

/** The loader's problems of a YAML text, as findings. */
export function yamlFindings(text: string): Finding[] {
  return parseManifests(text, 'x.yaml').problems.map(p => ({ severity: Severity.ERROR, rule: p.rule ?? 'yaml/syntax', field: '', message: p.message }));
}

const KEYWORDS_CRD = {
  group: 'example.com',
  kind: 'Widget',
  plural: 'widgets',
  scope: 'Namespaced',
  source: 'test',
  versions: [{
    name: 'v1',
    storage: true,
    deprecated: false,
    schema: {
      type: 'object',
      properties: {
        spec: {
          type: 'object',
          properties: {
            name: { type: 'string', minLength: 2, maxLength: 5 },
            count: { type: 'integer', minimum: 1, maximum: 9 },
            ratio: { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: true },
            list: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string' } },
            map: { type: 'object', minProperties: 1, maxProperties: 2, additionalProperties: { type: 'string' } },
            choice: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, oneOf: [{ required: ['a'] }, { required: ['b'] }] },
            notEmpty: { type: 'string', not: { enum: [''] } },
          },
        },
      },
    },
  }],
};

const keywords = new SchemaRegistry({ crds: [KEYWORDS_CRD] });

/** The schema findings of an example.com/v1 Widget with `spec`. */
export function widget(spec: Record<string, unknown>): Finding[] {
  return keywords.validate({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec });
}
