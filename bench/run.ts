// `npx projen bench`: every benchmark, printed as Markdown tables (copy them into
// bench/README.md with the machine they ran on).
import { cpus, totalmem } from 'node:os';
import { applierTable, runApplier } from './applier';
import { fleetSynthTable, runFleetSynth } from './fleet-synth';

async function main(): Promise<void> {
  const sizes = (process.env.BENCH_SITES ?? '100,1000,2000').split(',').map(Number);
  const counts = (process.env.BENCH_CLUSTERS ?? '1,10,50').split(',').map(Number);
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}\n`);
  console.log('## Fleet synth\n');
  console.log(fleetSynthTable(runFleetSynth(sizes)));
  console.log('\n## Applier (simulator at 1000×)\n');
  console.log(applierTable(await runApplier(counts)));
}

main().catch(e => {
  console.error(e);
  process.exit(1);
});
