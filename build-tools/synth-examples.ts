// `projen synth:examples`: synthesize every bundled example into dist/<example>/.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DIST_DIR, listExamples } from './examples';
import { ValidationError } from '../src/core/errors';

for (const ex of listExamples()) {
  const outdir = join(DIST_DIR, ex.name);
  rmSync(outdir, { recursive: true, force: true });
  try {
    ex.synthTo(outdir);
  } catch (e) {
    if (e instanceof ValidationError) {
      console.error(`example ${ex.name}: ${e.message}`);
      process.exit(1);
    }
    throw e;
  }
  console.log(`dist/${ex.name}/`);
}
