// What a "template once, values per site" synth would cost (the design issue 16's ≤ 1.5× needs):
// site0's documents as a template, its name, VIPs, BMC network and MAC prefix replaced per site in
// the JSON text (as the envsubst peer does in YAML), parsed, dumped with js-yaml into the same
// files. With --validate, each site's objects then go through the validator (CRD schemas,
// upstream rules, Butane, cross-object checks) — the checks a sound version would still run per
// site. A measurement for the decision, not a synth: template names keep site0's content hashes.
// Usage: node bench/template-synth.js TEMPLATE.json OUTDIR [--validate]  (run `npx projen compile` first)
'use strict';
const { readFileSync } = require('node:fs');
const { writeSite } = require('./floor-write');

const [input, out, flag] = process.argv.slice(2);
const validateObjectSet = flag === '--validate' ? require('../lib/src/validate/validate.js').validateObjectSet : undefined;
const { template, vars, rows } = JSON.parse(readFileSync(input, 'utf8'));
let errors = 0;
for (const row of rows) {
  let text = template;
  vars.forEach((v, i) => { text = text.split(`\u27e8${v}\u27e9`).join(row[i]); });
  const site = JSON.parse(text);
  if (validateObjectSet) errors += validateObjectSet([...site.hosts, ...site.cluster]).filter(f => f.finding.severity === 'error').length;
  writeSite(out, row[0], site.hosts, site.cluster);
}
if (errors) {
  process.stderr.write(`${errors} errors\n`);
  process.exit(1);
}
