// What the synth floors share: the files of one site, laid out as synth writes them (hosts/,
// cluster/, a kustomization.yaml in each), dumped with js-yaml as the output emitter configures it.
'use strict';
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { dump } = require('js-yaml');

const yaml = docs => docs.map(d => dump(d, { noRefs: true, lineWidth: -1, quotingType: '"' })).join('---\n');
const kustomization = resources => yaml([{ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization', resources }]);

/** Writes one site's folder under out. */
function writeSite(out, name, hosts, cluster) {
  for (const [dir, objects] of [['hosts', hosts], ['cluster', cluster]]) {
    mkdirSync(join(out, name, dir), { recursive: true });
    writeFileSync(join(out, name, dir, `${dir}.yaml`), yaml(objects));
    writeFileSync(join(out, name, dir, 'kustomization.yaml'), kustomization([`${dir}.yaml`]));
  }
  writeFileSync(join(out, name, 'kustomization.yaml'), kustomization(['hosts', 'cluster']));
}

module.exports = { writeSite };
