// The import graph of src/: every relative import (type-only ones included: they are design
// dependencies too), resolved to files, and lifted to folders (the first path segment under src/;
// src/index.ts is the folder "(root)").
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import * as ts from 'typescript';

export const SRC = resolve(__dirname, '..', '..', 'src');

export interface Import {
  /** Importing file, relative to the repository (`src/validate/x.ts`). */
  readonly from: string;
  /** Imported file, likewise. */
  readonly to: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).sort().flatMap(name => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.ts$/.test(name) && !name.endsWith('.d.ts') ? [p] : [];
  });
}

function resolveImport(fromFile: string, spec: string): string | undefined {
  const base = resolve(dirname(fromFile), spec);
  for (const c of [`${base}.ts`, join(base, 'index.ts'), base]) {
    try {
      if (statSync(c).isFile()) return c;
    } catch {
      // try the next candidate
    }
  }
  return undefined;
}

const shown = (abs: string) => relative(resolve(SRC, '..'), abs).split(sep).join('/');

/** Every import between files of `root` (default src/). */
export function importsOf(root: string = SRC): Import[] {
  const out: Import[] = [];
  for (const file of sourceFiles(root)) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const ref of info.importedFiles) {
      if (!ref.fileName.startsWith('.')) continue;
      const target = resolveImport(file, ref.fileName);
      if (target && target.startsWith(root + sep)) out.push({ from: shown(file), to: shown(target) });
    }
  }
  return out;
}

/** `src/validate/rules/x.ts` → `validate`; `src/index.ts` → `(root)`. */
export function folderOf(file: string): string {
  const parts = file.split('/');
  return parts.length > 2 ? parts[1] : '(root)';
}

/** A cycle in a directed graph given as adjacency lists (nodes in order), or undefined. */
export function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (n: string): string[] | undefined => {
    if (state.get(n) === 'done') return undefined;
    if (state.get(n) === 'visiting') return [...stack.slice(stack.indexOf(n)), n];
    state.set(n, 'visiting');
    stack.push(n);
    for (const m of graph.get(n) ?? []) {
      const c = visit(m);
      if (c) return c;
    }
    stack.pop();
    state.set(n, 'done');
    return undefined;
  };
  for (const n of [...graph.keys()].sort()) {
    const c = visit(n);
    if (c) return c;
  }
  return undefined;
}
