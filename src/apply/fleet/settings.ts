// The settings of one fleet rollout: each from its flag when given, else from the inventory's
// `rollout:` (rollout.json), else the default. A bad flag is a usage error naming the flag; a
// bad rollout.json value is an input error naming the file and field; both say what is valid.
import { InvalidInputError, UsageError } from '../../core/errors';
import { FleetRollout } from '../../core/fleet-rollout';
import { FailureBudget, RolloutSettingError, WaveBoundary, formatWaves, labelMatcher, parseFailureBudget, parseWaves } from '../../core/fleet-waves';
import { parseDuration } from '../timeouts';

/** The fleet flags as typed (strings; undefined when not given). */
export interface FleetFlags {
  readonly waves?: string;
  readonly maxParallel?: string;
  readonly soak?: string;
  readonly maxFailures?: string;
  readonly canaryLabel?: string;
  readonly orderBy?: string;
}

export interface FleetSettings {
  readonly waves: readonly WaveBoundary[];
  /** Clusters upgrading at once within a wave (undefined: the whole wave). */
  readonly maxParallel?: number;
  readonly soakMs: number;
  readonly budget: FailureBudget;
  readonly canaryLabel?: string;
  readonly orderBy?: string;
}

/** The defaults: one wave of everyone, no soak, the first failure stops the rollout. */
export const DEFAULT_WAVES = '100%';

function positiveInt(v: string | number): number {
  const t = String(v).trim();
  if (!/^[1-9]\d*$/.test(t)) throw new RolloutSettingError(`${JSON.stringify(v)} is not a whole number of 1 or more`);
  return Number(t);
}

function soak(v: string | number): number {
  try {
    return parseDuration(String(v));
  } catch (e) {
    throw new RolloutSettingError(`${JSON.stringify(v)} is not a duration: expected e.g. 0s, 30s, 10m, 1h30m`);
  }
}

function label(v: string): string {
  labelMatcher(v);
  return v;
}

function labelKey(v: string): string {
  if (!v.trim() || v.includes('=')) throw new RolloutSettingError(`${JSON.stringify(v)} is not a label key (e.g. region)`);
  return v;
}

/** Each setting: the flag (usage error when bad), else the file's (input error when bad). */
export function resolveSettings(flags: FleetFlags, file?: { readonly rollout?: FleetRollout; readonly path?: string }): FleetSettings {
  const r = file?.rollout ?? {};
  function pick<T, V>(flag: string, fromFlag: V | undefined, field: keyof FleetRollout, parse: (v: any) => T): T | undefined {
    if (fromFlag !== undefined) {
      try {
        return parse(fromFlag);
      } catch (e) {
        if (e instanceof RolloutSettingError) throw new UsageError(`${flag}: ${e.message}`);
        throw e;
      }
    }
    const v = r[field];
    if (v === undefined) return undefined;
    try {
      return parse(v);
    } catch (e) {
      if (e instanceof RolloutSettingError) throw new InvalidInputError(`${file?.path ?? 'rollout.json'}: rollout.${String(field)}: ${e.message}`);
      throw e;
    }
  }
  return {
    waves: pick('--waves', flags.waves, 'waves', parseWaves) ?? parseWaves(DEFAULT_WAVES),
    maxParallel: pick('--max-parallel', flags.maxParallel, 'maxParallel', positiveInt),
    soakMs: pick('--soak', flags.soak, 'soak', soak) ?? 0,
    budget: pick('--max-failures', flags.maxFailures, 'maxFailures', parseFailureBudget) ?? { count: 0 },
    canaryLabel: pick('--canary-label', flags.canaryLabel, 'canaryLabel', label),
    orderBy: pick('--order-by', flags.orderBy, 'orderBy', labelKey),
  };
}

/** `waves 1,10%,50%,100% · at most 5 at once · soak 10m · failure budget 2` */
export function describeSettings(s: FleetSettings, allowed: number): string {
  return [
    `waves ${formatWaves(s.waves)}`,
    s.maxParallel ? `at most ${s.maxParallel} at once` : 'a whole wave at once',
    `soak ${formatMs(s.soakMs)}`,
    `failure budget ${allowed}${'percent' in s.budget ? ` (${s.budget.percent}%)` : ''}`,
    ...(s.canaryLabel ? [`canaries ${s.canaryLabel}`] : []),
    ...(s.orderBy ? [`ordered by ${s.orderBy}`] : []),
  ].join(', ');
}

/** 0s, 45s, 10m, 1h30m, 2h0m5s — whole seconds. */
export function formatMs(ms: number): string {
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h) return `${h}h${m}m${sec ? `${sec}s` : ''}`;
  if (m) return `${m}m${sec ? `${sec}s` : ''}`;
  return `${sec}s`;
}
