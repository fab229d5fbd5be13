// Fleet synth and validate against their floors, side by side in one run (bench/README.md):
//   synth:    ours (the CLI: inventory → constructs, every check → files), ours rerun (the same
//             inventory again, onto its own output), floor (the same documents dumped with js-yaml
//             into the same files), floor + cdk8s (the same, each document first a plain cdk8s
//             ApiObject rendered with toJson()), envsubst (a template per file, envsubst per site)
//   validate: ours (the CLI on the output), floor (js-yaml parsing the same files, every Butane
//             config and every inline manifest in them)
// Usage: ts-node bench/fleet-synth.ts [sizes, default 100,1000] (run `npx projen compile` first)
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { fleetInventory } from './fleet-inventory';
import { BIN, Sample, Variant, alternate } from './measure';
import { envVarStem } from '../src/baremetal/host';
import { buildInventory } from '../src/inventory/build';
import { loadInventory } from '../src/inventory/load';
import { Inventory } from '../src/inventory/types';
import { writeOutput } from '../src/inventory/write';

export interface FleetRow extends Sample {
  readonly sites: number;
  readonly variant: string;
}

const rm = (dir: string) => () => rmSync(dir, { recursive: true, force: true });

/** The envsubst peer's input: site0's files with its values as variables, and a row per site. */
/** Per site: its name, upper-case stem, VIPs, BMC network and MAC prefix (what differs between sites). */
function siteRows(inv: Inventory): string[][] {
  return inv.clusters.map(c => {
    const h = c.hosts![0];
    const bmcNet = /:\/\/([\d.]+)\.\d+\//.exec(h.bmcAddress)![1];
    return [c.name, envVarStem(c.name), c.rke2!.apiVip!.ipv4!, c.rke2!.ingressVip!.ipv4!, bmcNet, h.bootMacAddress.split(':').slice(0, 4).join(':')];
  });
}

function envsubstInput(inv: Inventory, ref: string, dir: string): { templates: string; sites: string } {
  const rows = siteRows(inv);
  const [site, upper, api, ingress, bmcNet, macPrefix] = rows[0];
  const templates = join(dir, 'templates');
  for (const f of ['hosts/hosts.yaml', 'hosts/kustomization.yaml', 'cluster/cluster.yaml', 'cluster/kustomization.yaml', 'kustomization.yaml']) {
    const text = readFileSync(join(ref, site, f), 'utf8')
      .split(api).join('${API_VIP}').split(ingress).join('${INGRESS_VIP}').split(`${bmcNet}.`).join('${BMC_NET}.')
      .split(macPrefix).join('${MAC_PREFIX}').split(upper).join('${SITE_UPPER}').split(site).join('${SITE}');
    mkdirSync(join(templates, f, '..'), { recursive: true });
    writeFileSync(join(templates, f), text);
  }
  const sites = join(dir, 'sites.tsv');
  writeFileSync(sites, rows.map(r => r.join('\t')).join('\n') + '\n');
  return { templates, sites };
}

/** The template variants' input (template-synth.js): site0's objects as JSON with its values marked, and the rows of envsubstInput. */
function templateInput(inv: Inventory, objects: string, dir: string): string {
  const rows = siteRows(inv);
  const [site, upper, api, ingress, bmcNet, macPrefix] = rows[0];
  const mark = (v: string) => `\u27e8${v}\u27e9`;
  const template = JSON.stringify(JSON.parse(readFileSync(objects, 'utf8'))[0])
    .split(api).join(mark('API_VIP')).split(ingress).join(mark('INGRESS_VIP')).split(`${bmcNet}.`).join(`${mark('BMC_NET')}.`)
    .split(macPrefix).join(mark('MAC_PREFIX')).split(upper).join(mark('SITE_UPPER')).split(site).join(mark('SITE'));
  const file = join(dir, 'template.json');
  writeFileSync(file, JSON.stringify({ template, vars: ['SITE', 'SITE_UPPER', 'API_VIP', 'INGRESS_VIP', 'BMC_NET', 'MAC_PREFIX'], rows }));
  return file;
}

/** Writes the n-site fleet's inventory, its reference output and the floors' inputs into dir. */
export function prepareFleet(n: number, dir: string): { inv: string; ref: string; objects: string; inventory: Inventory } {
  const inventory = fleetInventory(n);
  const inv = join(dir, 'fleet.yaml');
  writeFileSync(inv, dump(inventory, { noRefs: true, lineWidth: -1 }));
  // The same documents for the floor (computed once, untimed), and the fleet checked: every
  // site synthesized without a problem, six hosts each.
  const { outputs, problems } = buildInventory(loadInventory(inv));
  if (problems.length || outputs.length !== n || outputs.some(o => o.hosts.filter(h => h.kind === 'BareMetalHost').length !== 6)) {
    throw new Error(`the ${n}-site fleet did not synthesize as expected: ${problems.length} problems, ${outputs.length} sites`);
  }
  const objects = join(dir, 'objects.json');
  writeFileSync(objects, JSON.stringify(outputs.map(o => ({ name: o.name, hosts: o.hosts, cluster: o.cluster }))));
  const ref = join(dir, 'ref');
  writeOutput(outputs, { outdir: ref });
  return { inv, ref, objects, inventory };
}

export function runFleet(sizes: number[], runs: number): FleetRow[] {
  const rows: FleetRow[] = [];
  for (const n of sizes) {
    const dir = mkdtempSync(join(tmpdir(), `bench-fleet-${n}-`));
    try {
      const { inv, ref, objects, inventory } = prepareFleet(n, dir);
      const { templates, sites } = envsubstInput(inventory, ref, dir);
      const template = templateInput(inventory, objects, dir);
      const out = (v: string) => join(dir, `out-${v}`);
      const variants: Variant[] = [
        { name: 'synth ours', before: rm(out('ours')), command: process.execPath, args: [BIN, 'synth', '-f', inv, '-o', out('ours')] },
        { name: 'synth ours, rerun unchanged', command: process.execPath, args: [BIN, 'synth', '-f', inv, '-o', out('ours')] },
        { name: 'synth floor (js-yaml dump)', before: rm(out('floor')), command: process.execPath, args: [join(__dirname, 'floor-synth.js'), objects, out('floor')] },
        { name: 'synth floor + cdk8s toJson', before: rm(out('floor-cdk8s')), command: process.execPath, args: [join(__dirname, 'floor-synth-cdk8s.js'), objects, out('floor-cdk8s')] },
        { name: 'synth template per site (no checks)', before: rm(out('template')), command: process.execPath, args: [join(__dirname, 'template-synth.js'), template, out('template')] },
        { name: 'synth template per site + validate', before: rm(out('template-v')), command: process.execPath, args: [join(__dirname, 'template-synth.js'), template, out('template-v'), '--validate'] },
        { name: 'synth envsubst per site', before: rm(out('envsubst')), command: 'bash', args: [join(__dirname, 'envsubst-sites.sh'), templates, sites, out('envsubst')] },
        { name: 'validate ours', command: process.execPath, args: [BIN, 'validate', ref] },
        { name: 'validate floor (js-yaml parse)', command: process.execPath, args: [join(__dirname, 'floor-validate.js'), ref] },
      ];
      for (const [variant, s] of alternate(variants, runs)) rows.push({ sites: n, variant, ...s });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return rows;
}

/** wall ratio (CPU ratio): on a shared machine the CPU time says more about the work. */
const ratio = (a?: Sample, b?: Sample) => (a && b ? `${(a.ms / b.ms).toFixed(2)} (${(a.cpuMs / b.cpuMs).toFixed(2)})` : '—');

export function fleetTable(rows: FleetRow[]): string {
  const lines = ['| sites | variant | wall ms (median) | CPU ms | peak RSS MB |', '| ---: | --- | ---: | ---: | ---: |'];
  for (const r of rows) lines.push(`| ${r.sites} | ${r.variant} | ${r.ms.toFixed(0)} | ${r.cpuMs.toFixed(0)} | ${r.maxRssMb.toFixed(0)} |`);
  lines.push('', '| sites | synth ÷ floor, wall (CPU) | synth ÷ floor + cdk8s | synth ÷ envsubst | rerun ÷ synth | validate ÷ floor |', '| ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const n of [...new Set(rows.map(r => r.sites))]) {
    const get = (v: string) => rows.find(r => r.sites === n && r.variant.startsWith(v));
    lines.push(`| ${n} | ${ratio(get('synth ours'), get('synth floor (js'))} | ${ratio(get('synth ours'), get('synth floor + cdk8s'))} | ${ratio(get('synth ours'), get('synth envsubst'))} | ${ratio(get('synth ours, rerun'), get('synth ours'))} | ${ratio(get('validate ours'), get('validate floor'))} |`);
  }
  return lines.join('\n');
}

if (require.main === module) {
  const sizes = (process.argv[2] ?? '100,1000').split(',').map(Number);
  console.log(fleetTable(runFleet(sizes, Number(process.env.BENCH_RUNS ?? 3))));
}
