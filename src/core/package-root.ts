import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

let cached: string | undefined;

/**
 * The cdk8s-capi package root (the folder holding `imports/`). Found by walking up, because
 * the depth differs between ts sources (src/…) and compiled output (lib/src/…).
 */
export function packageRoot(): string {
  if (cached) return cached;
  let dir = __dirname;
  for (;;) {
    if (existsSync(join(dir, 'imports', 'crds.lock.json')) && existsSync(join(dir, 'package.json'))) {
      cached = dir;
      return dir;
    }
    const up = dirname(dir);
    if (up === dir) throw new Error(`cdk8s-capi: cannot find the package root (imports/crds.lock.json) above ${__dirname}`);
    dir = up;
  }
}
