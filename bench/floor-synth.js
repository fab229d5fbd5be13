// Synth floor: the documents our synth writes, read from a JSON file and dumped with js-yaml
// into the same files — nothing but the YAML work. Plain JavaScript so that its process starts
// as fast as the built CLI's (no ts-node transpiling in the measured time).
// Usage: node bench/floor-synth.js OBJECTS.json OUTDIR
'use strict';
const { readFileSync } = require('node:fs');
const { writeSite } = require('./floor-write');

const [input, out] = process.argv.slice(2);
for (const site of JSON.parse(readFileSync(input, 'utf8'))) writeSite(out, site.name, site.hosts, site.cluster);
