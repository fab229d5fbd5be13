// The fleet flags of `upgrade <fleet dir>` and `plan <fleet dir> --live`: waves, parallelism,
// soak, failure budget, canary label and ordering. Checked before anything is read: a bad value
// is a usage error (exit 2) naming the flag and what would be valid.
import { Command } from 'commander';
import { FleetFlags, resolveSettings } from '../apply/fleet/settings';

export function addFleetFlags(cmd: Command, opts: { upgrade: boolean }): Command {
  cmd
    .option('--waves <sizes>', 'fleet: cumulative wave sizes, counts or shares of the fleet, e.g. 1,10%,50%,100% (default: rollout.waves, else 100%)')
    .option('--canary-label <label>', 'fleet: clusters with this label (key or key=value) go first, in the canary wave')
    .option('--order-by <label>', 'fleet: order clusters by this label\'s value (default: inventory order)');
  if (opts.upgrade) {
    cmd
      .option('--max-parallel <n>', 'fleet: clusters upgrading at once within a wave (default: the whole wave)')
      .option('--soak <duration>', 'fleet: a wave\'s clusters must stay Available this long before the next wave starts (default 0s)')
      .option('--max-failures <n|p%>', 'fleet: the failure budget; exceeding it stops the rollout (default 0)');
  }
  return cmd;
}

/** The fleet flags given (for "only with a fleet directory"). */
export function fleetFlagsGiven(flags: FleetFlags): string[] {
  const names: Array<[keyof FleetFlags, string]> = [['waves', '--waves'], ['maxParallel', '--max-parallel'], ['soak', '--soak'],
    ['maxFailures', '--max-failures'], ['canaryLabel', '--canary-label'], ['orderBy', '--order-by']];
  return names.filter(([k]) => flags[k] !== undefined).map(([, n]) => n);
}

/** Usage errors of the flags alone, before any file is read. */
export function checkFleetFlags(flags: FleetFlags): void {
  resolveSettings(flags);
}

/** The fleet flags to repeat in a suggested command. */
export function fleetArgs(flags: FleetFlags): string[] {
  const out: string[] = [];
  if (flags.waves !== undefined) out.push('--waves', flags.waves);
  if (flags.maxParallel !== undefined) out.push('--max-parallel', flags.maxParallel);
  if (flags.soak !== undefined) out.push('--soak', flags.soak);
  if (flags.maxFailures !== undefined) out.push('--max-failures', flags.maxFailures);
  if (flags.canaryLabel !== undefined) out.push('--canary-label', flags.canaryLabel);
  if (flags.orderBy !== undefined) out.push('--order-by', flags.orderBy);
  return out;
}
