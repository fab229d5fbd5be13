// Synth floor with cdk8s: the same documents as floor-synth.js, each first made a plain cdk8s
// ApiObject (one App and Chart per site) and rendered with its toJson() — what rendering through
// cdk8s at all costs, before any construct logic or check. Plain JavaScript, like floor-synth.js.
// Usage: node bench/floor-synth-cdk8s.js OBJECTS.json OUTDIR
'use strict';
const { readFileSync } = require('node:fs');
const { ApiObject, App, Chart } = require('cdk8s');
const { writeSite } = require('./floor-write');

const [input, out] = process.argv.slice(2);
for (const site of JSON.parse(readFileSync(input, 'utf8'))) {
  const chart = new Chart(new App({ outdir: out }), site.name);
  let id = 0;
  const rendered = objects => objects.map(o => new ApiObject(chart, `o${id++}`, o)).map(o => o.toJson());
  writeSite(out, site.name, rendered(site.hosts), rendered(site.cluster));
}
