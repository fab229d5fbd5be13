// What a "template once, values per site" synth would cost (the design issue 16's ≤ 1.5× needs):
// site0's documents as a template, its name, VIPs, BMC network and MAC prefix replaced per site in
// the JSON text (as the envsubst peer does in YAML), parsed, dumped with js-yaml into the same
// files. With --validate, each site's objects then go through the validator (CRD schemas,
// upstream rules, Butane, cross-object checks) — the checks a sound version would still run per
// site. A measurement for the decision, not a synth: template names keep site0's content hashes.
// Usage: node bench/template-synth.js TEMPLATE.json OUTDIR [--validate]  (run `npx projen compile` first)
'use strict';
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { dump } = require('js-yaml');

const [input, out, flag] = process.argv.slice(2);
const validateObjectSet = flag === '--validate' ? require('../lib/src/validate/validate.js').validateObjectSet : undefined;
const yaml = docs => docs.map(d => dump(d, { noRefs: true, lineWidth: -1, quotingType: '"' })).join('---\n');
const kustomization = resources => yaml([{ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization', resources }]);
const { template, vars, rows } = JSON.parse(readFileSync(input, 'utf8'));
let errors = 0;
for (const row of rows) {
  let text = template;
  vars.forEach((v, i) => { text = text.split(`\u27e8${v}\u27e9`).join(row[i]); });
  const site = JSON.parse(text);
  if (validateObjectSet) errors += validateObjectSet([...site.hosts, ...site.cluster]).filter(f => f.finding.severity === 'error').length;
  for (const [dir, objects] of [['hosts', site.hosts], ['cluster', site.cluster]]) {
    mkdirSync(join(out, row[0], dir), { recursive: true });
    writeFileSync(join(out, row[0], dir, `${dir}.yaml`), yaml(objects));
    writeFileSync(join(out, row[0], dir, 'kustomization.yaml'), kustomization([`${dir}.yaml`]));
  }
  writeFileSync(join(out, row[0], 'kustomization.yaml'), kustomization(['hosts', 'cluster']));
}
if (errors) {
  process.stderr.write(`${errors} errors\n`);
  process.exit(1);
}
