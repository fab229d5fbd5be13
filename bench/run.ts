// `npx projen bench`: every benchmark, printed as Markdown tables (copy them into
// bench/README.md with the machine and its load). BENCH_SITES=100,1000 sizes, BENCH_RUNS=3
// alternating runs per variant (medians), BENCH_CLUSTERS=1,10,50 for the applier,
// BENCH_LINEAR=1 adds the 10× linearity runs (minutes).
import { cpus, loadavg, totalmem } from 'node:os';
import { applierTable, runApplier } from './applier';
import { applierWireTable, runApplierWire } from './applier-wire';
import { fleetTable, runFleet } from './fleet-synth';
import { linearityTable, runLinearity } from './linearity';

async function main(): Promise<void> {
  const sizes = (process.env.BENCH_SITES ?? '100,1000').split(',').map(Number);
  const counts = (process.env.BENCH_CLUSTERS ?? '1,10,50').split(',').map(Number);
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load ${loadavg().map(l => l.toFixed(1)).join(' ')}\n`);
  console.log(`## Fleet synth and validate (${runs} alternating runs, medians)\n`);
  console.log(fleetTable(runFleet(sizes, runs)));
  if (process.env.BENCH_LINEAR) {
    console.log('\n## Linearity\n');
    console.log(linearityTable(runLinearity(Number(process.env.BENCH_LINEAR_RUNS ?? 1))));
  }
  console.log('\n## Applier (simulator at 1000×)\n');
  console.log(applierTable(await runApplier(counts)));
  console.log('\n## Applier near the wire (server-side dry run of the 48-site fleet, simulator over HTTPS)\n');
  console.log(applierWireTable(await runApplierWire(Number(process.env.BENCH_WIRE_SITES ?? 48))));
  console.log(`\nload after: ${loadavg().map(l => l.toFixed(1)).join(' ')}`);
}

main().catch(e => {
  console.error(e);
  process.exit(1);
});
