// The bundled examples: every examples/<name>/main.ts exporting build(outdir) → App.
import { readdirSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { App } from 'cdk8s';
import { ValidationError } from '../src/core/errors';
import { buildInventory } from '../src/inventory/build';
import { formatProblem, loadInventory } from '../src/inventory/load';
import { writeOutput } from '../src/inventory/write';

export const EXAMPLES_DIR = join(__dirname, '..', 'examples');
export const DIST_DIR = join(__dirname, '..', 'dist');

export interface Example {
  /** Also the output folder under dist/. */
  readonly name: string;
  /** Synthesizes the example into outdir. */
  readonly synthTo: (outdir: string) => void;
}

/** cdk8s apps (examples/<name>/main.ts) and inventories (examples/inventories/<name>.yaml). */
export function listExamples(): Example[] {
  const apps = readdirSync(EXAMPLES_DIR, { withFileTypes: true })
    .filter(d => d.isDirectory() && existsSync(join(EXAMPLES_DIR, d.name, 'main.ts')))
    .map(d => d.name)
    .sort()
    .map(name => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const mod = require(join(EXAMPLES_DIR, name, 'main.ts'));
      return { name, synthTo: (outdir: string) => (mod.build as (o: string) => App)(outdir).synth() };
    });
  const invDir = join(EXAMPLES_DIR, 'inventories');
  const inventories = existsSync(invDir)
    ? readdirSync(invDir).filter(f => f.endsWith('.yaml')).sort().map(f => ({
      name: `inventories/${f.replace(/\.yaml$/, '')}`,
      synthTo: (outdir: string) => synthInventory(join(invDir, f), outdir),
    }))
    : [];
  return [...apps, ...inventories];
}

function synthInventory(file: string, outdir: string): void {
  // Paths inside the output must not depend on where the repository is checked out.
  const loaded = loadInventory(relative(process.cwd(), file));
  const { outputs, problems } = buildInventory(loaded);
  if (problems.length) throw new ValidationError(file, 'inventory', problems.map(formatProblem).join('\n'));
  writeOutput(outputs, { outdir, clean: false, rollout: loaded.inventory.rollout });
}
