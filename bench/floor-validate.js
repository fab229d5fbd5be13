// Validate floor: js-yaml parsing every YAML file of a synth output, every Butane config an
// object carries and every inline manifest of those configs — the documents our validate reads,
// nothing else. Plain JavaScript (no ts-node start-up in the measured time). Prints the count.
// Usage: node bench/floor-validate.js DIR
'use strict';
const { readFileSync, readdirSync } = require('node:fs');
const { join } = require('node:path');
const { load, loadAll } = require('js-yaml');

const BUTANE = {
  RKE2ControlPlane: ['spec', 'agentConfig', 'additionalUserData', 'config'],
  RKE2Config: ['spec', 'agentConfig', 'additionalUserData', 'config'],
  RKE2ConfigTemplate: ['spec', 'template', 'spec', 'agentConfig', 'additionalUserData', 'config'],
};
const get = (o, path) => path.reduce((x, k) => (x && typeof x === 'object' ? x[k] : undefined), o);

function files(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) files(p, out);
    else if (/\.ya?ml$/.test(e.name)) out.push(p);
  }
  return out.sort();
}

let documents = 0;
for (const f of files(process.argv[2])) {
  for (const o of loadAll(readFileSync(f, 'utf8'))) {
    documents++;
    const text = o && BUTANE[o.kind] ? get(o, BUTANE[o.kind]) : undefined;
    if (typeof text !== 'string') continue;
    const butane = load(text);
    documents++;
    for (const file of get(butane, ['storage', 'files']) ?? []) {
      const inline = get(file, ['contents', 'inline']);
      if (typeof inline === 'string' && /\.ya?ml$/.test(file.path)) documents += loadAll(inline).length;
    }
  }
}
process.stdout.write(`${documents}\n`);
