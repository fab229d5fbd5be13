// Int-or-percent values as CAPI's webhooks check them (apimachinery intstr
// GetScaledValueFromIntOrPercent): an integer, or a string of an integer followed by "%".
// A string without "%" ("1", "0") is refused, as upstream refuses it.

/** Upstream's message for a value that is neither, or undefined when it is fine (or absent). */
export function intOrPercentProblem(v: unknown): string | undefined {
  if (v === undefined || v === null || typeof v === 'number') return undefined;
  if (typeof v !== 'string') return undefined; // a schema type error, reported there
  if (!v.endsWith('%')) return 'must be either an int or a percentage: invalid value for IntOrString: invalid type: string is not a percentage';
  if (!/^[+-]?\d+$/.test(v.slice(0, -1))) return `must be either an int or a percentage: invalid value for IntOrString: invalid value ${JSON.stringify(v)}: not a whole number before "%"`;
  return undefined;
}
