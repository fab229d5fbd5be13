import { prepareFleet } from './fleet-synth';
import { mkdirSync } from 'node:fs';
const n = Number(process.argv[2]); const dir = process.argv[3];
mkdirSync(dir, { recursive: true });
console.log(prepareFleet(n, dir).inv);
