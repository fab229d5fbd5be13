// Go's time.ParseDuration, the syntax of every metav1.Duration field (BGPPeer holdTime, HelmChart
// timeout, CAPRKE2 v1beta1 drain timeouts): a sign, then one or more decimal numbers each with a
// unit (ns, us/µs/μs, ms, s, m, h), e.g. "90s", "1h30m", "1.5h", "-2m"; "0" alone is allowed.

const UNIT_NS: Readonly<Record<string, number>> = {
  ns: 1, us: 1e3, µs: 1e3, μs: 1e3, ms: 1e6, s: 1e9, m: 60e9, h: 3600e9,
};

/** Nanoseconds, or undefined when Go would refuse the text. */
export function parseGoDuration(text: string): number | undefined {
  if (typeof text !== 'string') return undefined;
  let s = text;
  let sign = 1;
  if (s.startsWith('-') || s.startsWith('+')) {
    sign = s.startsWith('-') ? -1 : 1;
    s = s.slice(1);
  }
  if (s === '0') return 0;
  if (s === '') return undefined;
  let total = 0;
  const re = /^(\d*)(?:\.(\d*))?(ns|us|µs|μs|ms|s|m|h)/;
  while (s !== '') {
    const m = re.exec(s);
    if (!m || (m[1] === '' && (m[2] === undefined || m[2] === ''))) return undefined;
    const value = Number(`${m[1] || '0'}.${m[2] || '0'}`);
    total += value * UNIT_NS[m[3]];
    s = s.slice(m[0].length);
  }
  return sign * total;
}

/** Whole seconds of a duration, truncated toward zero as Go's `int(d.Seconds())` does. */
export const wholeSeconds = (ns: number) => Math.trunc(ns / 1e9);
