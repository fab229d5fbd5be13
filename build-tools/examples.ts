// The bundled examples: every examples/<name>/main.ts exporting build(outdir) → App.
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'cdk8s';

export const EXAMPLES_DIR = join(__dirname, '..', 'examples');
export const DIST_DIR = join(__dirname, '..', 'dist');

export interface Example {
  readonly name: string;
  readonly build: (outdir: string) => App;
}

export function listExamples(): Example[] {
  return readdirSync(EXAMPLES_DIR, { withFileTypes: true })
    .filter(d => d.isDirectory() && existsSync(join(EXAMPLES_DIR, d.name, 'main.ts')))
    .map(d => d.name)
    .sort()
    .map(name => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const mod = require(join(EXAMPLES_DIR, name, 'main.ts'));
      return { name, build: mod.build as (outdir: string) => App };
    });
}
