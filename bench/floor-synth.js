// Synth floor: the documents our synth writes, read from a JSON file and dumped with js-yaml
// into the same files — nothing but the YAML work. Plain JavaScript so that its process starts
// as fast as the built CLI's (no ts-node transpiling in the measured time).
// Usage: node bench/floor-synth.js OBJECTS.json OUTDIR
'use strict';
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { dump } = require('js-yaml');

const [input, out] = process.argv.slice(2);
const yaml = docs => docs.map(d => dump(d, { noRefs: true, lineWidth: -1, quotingType: '"' })).join('---\n');
const kustomization = resources => yaml([{ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization', resources }]);
for (const site of JSON.parse(readFileSync(input, 'utf8'))) {
  for (const [dir, objects] of [['hosts', site.hosts], ['cluster', site.cluster]]) {
    mkdirSync(join(out, site.name, dir), { recursive: true });
    writeFileSync(join(out, site.name, dir, `${dir}.yaml`), yaml(objects));
    writeFileSync(join(out, site.name, dir, 'kustomization.yaml'), kustomization([`${dir}.yaml`]));
  }
  writeFileSync(join(out, site.name, 'kustomization.yaml'), kustomization(['hosts', 'cluster']));
}
