// Dependencies point one way (DESIGN §1, docs/DESIGN-NOTES.md "Layout"): core at the bottom,
// then validate, then the constructs, then inventory / gitops / graph, and apply, sim and the CLI
// on top. Every folder lists what it may import; a folder-level cycle or an import outside the
// list fails, naming the import.
import { Import, findCycle, folderOf, importsOf } from './import-graph';

const CONSTRUCTS = ['baremetal', 'ignition', 'metallb', 'metal3', 'eksa', 'rke2'];

/** What each folder of src/ may import (besides itself). */
const MAY_IMPORT: Record<string, readonly string[]> = {
  'core': [],
  'validate': ['core'],
  'baremetal': ['validate', 'core'],
  'ignition': ['validate', 'core'],
  'metallb': ['validate', 'core'],
  'metal3': ['validate', 'core'],
  'eksa': ['baremetal', 'validate', 'core'],
  'rke2': ['baremetal', 'ignition', 'metal3', 'metallb', 'validate', 'core'],
  'gitops': ['validate', 'core'],
  'graph': [...CONSTRUCTS, 'validate', 'core'],
  'inventory': [...CONSTRUCTS, 'gitops', 'validate', 'core'],
  // The applier works on plain manifests (hand-written YAML too): no constructs.
  'apply': ['validate', 'core'],
  // The simulator is a management cluster, not a client of one: never the applier.
  'sim': ['validate', 'core'],
  'cli': ['apply', 'sim', 'graph', 'inventory', 'gitops', ...CONSTRUCTS, 'validate', 'core'],
  // The package's main entry: constructs and validation only (the CLI-side parts are subpaths).
  '(root)': [...CONSTRUCTS, 'validate', 'core'],
};

const imports = importsOf();

function describe(i: Import): string {
  return `${i.from} imports ${i.to}`;
}

test('the import graph was read (a broken reader would make every rule pass)', () => {
  expect(imports.length).toBeGreaterThan(500);
  expect(new Set(imports.map(i => folderOf(i.from)))).toEqual(new Set(Object.keys(MAY_IMPORT)));
});

test('every folder imports only the folders below it', () => {
  const forbidden = imports
    .filter(i => folderOf(i.from) !== folderOf(i.to) && !(MAY_IMPORT[folderOf(i.from)] ?? []).includes(folderOf(i.to)))
    .map(i => `${describe(i)} (${folderOf(i.from)} may import: ${(MAY_IMPORT[folderOf(i.from)] ?? ['nothing listed']).join(', ') || 'nothing'})`);
  expect(forbidden).toEqual([]);
});

test('no cycle between folders', () => {
  const graph = new Map<string, string[]>();
  for (const i of imports) {
    const [a, b] = [folderOf(i.from), folderOf(i.to)];
    if (a !== b && !graph.get(a)?.includes(b)) graph.set(a, [...(graph.get(a) ?? []), b]);
  }
  const cycle = findCycle(graph);
  const witnesses = cycle?.slice(1).map((b, k) => imports.find(i => folderOf(i.from) === cycle[k] && folderOf(i.to) === b)!).map(describe);
  expect({ cycle, witnesses }).toEqual({ cycle: undefined, witnesses: undefined });
});

test('no cycle between files', () => {
  const graph = new Map<string, string[]>();
  for (const i of imports) graph.set(i.from, [...(graph.get(i.from) ?? []), i.to]);
  expect(findCycle(graph)).toBeUndefined();
});

test('the checks find what they are for: a forbidden import and a cycle in a made-up graph', () => {
  expect(findCycle(new Map([['validate', ['core']], ['core', []]]))).toBeUndefined();
  expect(findCycle(new Map([['metallb', ['validate']], ['validate', ['metallb']]]))).toEqual(['metallb', 'validate', 'metallb']);
  expect(folderOf('src/validate/rules/bmo.ts')).toBe('validate');
  expect(folderOf('src/index.ts')).toBe('(root)');
});
