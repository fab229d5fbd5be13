// What else decides synth output besides the inventory: this library's code and the CRDs it
// validates against. A cached site is reused only when this fingerprint is the one it was written
// with, so upgrading (or rebuilding) cdk8s-capi synthesizes every site again.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { packageRoot } from '../core/package-root';

let cached: string | undefined;

function codeFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) codeFiles(p, out);
    else if (/\.(js|ts|json)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** sha256 over the package version, the CRD lock and every code file of the library (src/ or lib/src/). */
export function generatorFingerprint(): string {
  if (cached) return cached;
  const root = packageRoot();
  const h = createHash('sha256');
  h.update(readFileSync(join(root, 'package.json')));
  h.update(readFileSync(join(root, 'imports', 'crds.lock.json')));
  // This file sits in <code root>/inventory/.
  for (const f of codeFiles(dirname(__dirname)).sort()) {
    h.update(f.slice(root.length));
    h.update(readFileSync(f));
  }
  cached = h.digest('hex');
  return cached;
}
