// One measured child process: wall time seen from here (start-up included, the same for every
// variant) and its peak RSS (GNU time). Variants run alternately, `runs` times, and report medians,
// so the load of a shared machine falls on all of them alike.
import { spawnSync } from 'node:child_process';

export interface Sample {
  readonly ms: number;
  readonly maxRssMb: number;
  readonly cpuMs: number;
  /** The child's standard output (last run). */
  readonly stdout?: string;
}

export interface Variant {
  readonly name: string;
  /** Prepares a run (untimed), e.g. removes the previous output. */
  readonly before?: () => void;
  readonly command: string;
  readonly args: readonly string[];
}

/** Runs one command under /usr/bin/time; throws with its stderr when it fails. */
export function measure(v: Variant): Sample {
  v.before?.();
  const t0 = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-f', '%M %U %S', v.command, ...v.args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${v.name} failed (${r.status}): ${r.stderr.slice(-2000)}`);
  const [kb, user, sys] = r.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  return { ms, maxRssMb: kb / 1024, cpuMs: (user + sys) * 1000, stdout: r.stdout };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Every variant `runs` times, alternating (v1 v2 v3 v1 v2 v3 …); the median of each measure. */
export function alternate(variants: readonly Variant[], runs: number): Map<string, Sample> {
  const samples = new Map<string, Sample[]>(variants.map(v => [v.name, []]));
  for (let r = 0; r < runs; r++) for (const v of variants) samples.get(v.name)!.push(measure(v));
  return new Map([...samples].map(([name, s]) => [name, {
    ms: median(s.map(x => x.ms)),
    maxRssMb: Math.max(...s.map(x => x.maxRssMb)),
    cpuMs: median(s.map(x => x.cpuMs)),
    stdout: s[s.length - 1].stdout,
  }]));
}

export const BIN = `${__dirname}/../bin/cdk8s-capi`;
