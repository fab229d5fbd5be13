// One measured synth run in its own process (so peak RSS is its own):
//   ours  — inventory → constructs (with all validation) → files
//   floor — the same plain objects serialized with the same YAML library → files
//   plain — the same objects as plain cdk8s ApiObjects (no constructs, no validation) → files
// Prints {"ms": …, "maxRssMb": …}.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiObject, App, Chart, Yaml } from 'cdk8s';
import { buildInventory } from '../src/inventory/build';
import { loadInventory } from '../src/inventory/load';
import { writeOutput } from '../src/inventory/write';

interface SiteObjects { name: string; hosts: object[]; cluster: object[] }

const [mode, input, out] = process.argv.slice(2);
rmSync(out, { recursive: true, force: true });

function write(rel: string, text: string): void {
  const p = join(out, rel);
  mkdirSync(join(p, '..'), { recursive: true });
  writeFileSync(p, text);
}

let sites: SiteObjects[] = [];
if (mode !== 'ours') sites = JSON.parse(readFileSync(input, 'utf8'));
const t0 = process.hrtime.bigint();
if (mode === 'ours') {
  const { outputs, problems } = buildInventory(loadInventory(input));
  if (problems.length) throw new Error(`${problems.length} problems`);
  writeOutput(outputs, { outdir: out });
} else if (mode === 'floor') {
  for (const s of sites) {
    write(`${s.name}/hosts/hosts.yaml`, Yaml.stringify(...s.hosts));
    write(`${s.name}/cluster/cluster.yaml`, Yaml.stringify(...s.cluster));
  }
} else if (mode === 'plain') {
  const app = new App({ outdir: out });
  for (const s of sites) {
    const hosts = new Chart(app, `${s.name}-hosts`, { disableResourceNameHashes: true });
    s.hosts.forEach((o, i) => new ApiObject(hosts, `h${i}`, o as any));
    const cluster = new Chart(app, `${s.name}-cluster`, { disableResourceNameHashes: true });
    s.cluster.forEach((o, i) => new ApiObject(cluster, `c${i}`, o as any));
  }
  for (const chart of app.charts) write(`${chart.node.id}.yaml`, Yaml.stringify(...chart.toJson()));
} else {
  throw new Error(`unknown mode ${mode}`);
}
const ms = Number(process.hrtime.bigint() - t0) / 1e6;
process.stdout.write(JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
