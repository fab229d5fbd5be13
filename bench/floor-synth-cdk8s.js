// Synth floor with cdk8s: the same documents as floor-synth.js, each first made a plain cdk8s
// ApiObject (one App and Chart per site) and rendered with its toJson() — what rendering through
// cdk8s at all costs, before any construct logic or check. Plain JavaScript, like floor-synth.js.
// Usage: node bench/floor-synth-cdk8s.js OBJECTS.json OUTDIR
'use strict';
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { ApiObject, App, Chart } = require('cdk8s');
const { dump } = require('js-yaml');

const [input, out] = process.argv.slice(2);
const yaml = docs => docs.map(d => dump(d, { noRefs: true, lineWidth: -1, quotingType: '"' })).join('---\n');
const kustomization = resources => yaml([{ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization', resources }]);
for (const site of JSON.parse(readFileSync(input, 'utf8'))) {
  const chart = new Chart(new App({ outdir: out }), site.name);
  let id = 0;
  const rendered = objects => objects.map(o => new ApiObject(chart, `o${id++}`, o)).map(o => o.toJson());
  for (const [dir, objects] of [['hosts', site.hosts], ['cluster', site.cluster]]) {
    mkdirSync(join(out, site.name, dir), { recursive: true });
    writeFileSync(join(out, site.name, dir, `${dir}.yaml`), yaml(rendered(objects)));
    writeFileSync(join(out, site.name, dir, 'kustomization.yaml'), kustomization([`${dir}.yaml`]));
  }
  writeFileSync(join(out, site.name, 'kustomization.yaml'), kustomization(['hosts', 'cluster']));
}
