// `npx projen bench`: every benchmark, printed as Markdown tables (copy them into
// bench/README.md with the machine they ran on).
import { cpus, totalmem } from 'node:os';
import { applierTable, runApplier } from './applier';
import { applierWireTable, runApplierWire } from './applier-wire';
import { fleetSynthTable, runFleetSynth } from './fleet-synth';

async function main(): Promise<void> {
  const sizes = (process.env.BENCH_SITES ?? '100,1000,2000').split(',').map(Number);
  const counts = (process.env.BENCH_CLUSTERS ?? '1,10,50').split(',').map(Number);
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}\n`);
  console.log('## Fleet synth\n');
  console.log(fleetSynthTable(runFleetSynth(sizes)));
  console.log('\n## Applier (simulator at 1000×)\n');
  console.log(applierTable(await runApplier(counts)));
  console.log('\n## Applier near the wire (server-side dry run of the 48-site fleet, simulator over HTTPS)\n');
  console.log(applierWireTable(await runApplierWire(Number(process.env.BENCH_WIRE_SITES ?? 48))));
}

main().catch(e => {
  console.error(e);
  process.exit(1);
});
