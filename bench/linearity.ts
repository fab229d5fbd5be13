// Linearity at fleet scale: time(10×)/time(1×) for synth of 1,000 → 10,000 sites, synth of one
// cluster with 1,000 → 10,000 hosts, and validate of 4,800 → 48,000 objects in one namespace
// (every site of a fleet in one namespace: the worst case of the namespace-scoped rules), with
// peak RSS. Expensive (minutes): `BENCH_LINEAR=1 npx projen bench`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { fleetInventory } from './fleet-inventory';
import { BIN, Sample, alternate } from './measure';

export interface LinearRow extends Sample {
  readonly what: string;
  readonly size: number;
}

/** Objects per site of the fleet in one namespace: 21 objects and its Namespace (repeated per site). */
const OBJECTS_PER_SITE = 22;

export function runLinearity(runs: number): LinearRow[] {
  const dir = mkdtempSync(join(tmpdir(), 'bench-linear-'));
  const rows: LinearRow[] = [];
  const synth = (name: string, inv: ReturnType<typeof fleetInventory>) => {
    const file = join(dir, `${name}.yaml`);
    writeFileSync(file, dump(inv, { noRefs: true, lineWidth: -1 }));
    return { file, out: join(dir, `out-${name}`) };
  };
  try {
    const cases: Array<{ what: string; size: number; inv: ReturnType<typeof fleetInventory>; validate?: boolean }> = [
      { what: 'synth, sites', size: 1000, inv: fleetInventory(1000) },
      { what: 'synth, sites', size: 10000, inv: fleetInventory(10000) },
      { what: 'synth, hosts in one cluster', size: 1000, inv: fleetInventory(1, { workers: 997 }) },
      { what: 'synth, hosts in one cluster', size: 10000, inv: fleetInventory(1, { workers: 9997 }) },
      { what: 'validate, objects in one namespace', size: 4800, inv: fleetInventory(4800 / OBJECTS_PER_SITE | 0, { namespace: 'fleet' }), validate: true },
      { what: 'validate, objects in one namespace', size: 48000, inv: fleetInventory(48000 / OBJECTS_PER_SITE | 0, { namespace: 'fleet' }), validate: true },
    ];
    const variants = cases.map(c => {
      const { file, out } = synth(`${c.what.replace(/\W+/g, '-')}-${c.size}`, c.inv);
      const name = `${c.what}|${c.size}`;
      if (c.validate) {
        // The output to validate is written once, untimed.
        alternate([{ name, command: process.execPath, args: [BIN, 'synth', '-f', file, '-o', out] }], 1);
        return { name, command: process.execPath, args: [BIN, 'validate', out] };
      }
      return { name, before: () => rmSync(out, { recursive: true, force: true }), command: process.execPath, args: [BIN, 'synth', '-f', file, '-o', out] };
    });
    for (const [name, s] of alternate(variants, runs)) {
      const [what, size] = name.split('|');
      rows.push({ what, size: Number(size), ...s });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

export function linearityTable(rows: LinearRow[]): string {
  const lines = ['| what | size | wall ms | CPU ms | peak RSS MB | time(10×)/time(1×), wall (CPU) |', '| --- | ---: | ---: | ---: | ---: | ---: |'];
  for (const r of rows) {
    const base = rows.find(x => x.what === r.what && x.size * 10 === r.size);
    const ratio = base ? `${(r.ms / base.ms).toFixed(2)} (${(r.cpuMs / base.cpuMs).toFixed(2)})` : '';
    lines.push(`| ${r.what} | ${r.size} | ${r.ms.toFixed(0)} | ${r.cpuMs.toFixed(0)} | ${r.maxRssMb.toFixed(0)} | ${ratio} |`);
  }
  return lines.join('\n');
}

if (require.main === module) console.log(linearityTable(runLinearity(Number(process.env.BENCH_RUNS ?? 1))));
