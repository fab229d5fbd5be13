// Start-up of the commands that only read manifests: status and delete do not validate them, so
// the validator (CRD schemas, CEL, the EKS-A checks — ~0.15 s of loading) must stay out of their
// module graph. Followed statically over src/: every relative import or re-export that is not
// type-only (those are erased).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SRC = resolve(__dirname, '..', '..', 'src');
const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm;

function moduleGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const base = resolve(dirname(file), m[1]);
      const next = [`${base}.ts`, join(base, 'index.ts')].find(existsSync);
      if (next) visit(next);
    }
  };
  visit(join(SRC, entry));
  return new Set([...seen].map(f => relative(SRC, f)));
}

const VALIDATOR = ['validate/schema.ts', 'validate/validate-input.ts', 'validate/cel/validator.ts', 'validate/eksa/preflights.ts'];

test.each(['cli/status.ts', 'cli/delete.ts'])('%s does not load the validator', entry => {
  const graph = moduleGraph(entry);
  expect(graph.has('validate/input-load.ts')).toBe(true);
  expect(VALIDATOR.filter(f => graph.has(f))).toEqual([]);
});

test('apply, which validates before it sends anything, does', () => {
  const graph = moduleGraph('cli/apply.ts');
  expect(VALIDATOR.filter(f => graph.has(f))).toEqual(VALIDATOR);
});
