// The Butane config embedded in RKE2 agentConfig.additionalUserData.config: parsed and
// checked by the ignition module; findings are re-rooted at the embedding field and keep
// the line inside the embedded text, so `validate` can point at file:line.
import { Finding } from '../../core/finding';
import { parseButaneCached } from '../butane/parse-cache';

export interface EmbeddedConfigOptions {
  /** Butane `strict`: warnings count as errors. */
  readonly strict: boolean;
}

export function embeddedConfigRules(text: string, field: string, opts: EmbeddedConfigOptions): Finding[] {
  return parseButaneCached(text, opts.strict).findings.map(f => ({
    ...f,
    field: f.field ? `${field}: ${f.field}` : field,
    embeddedLine: f.line,
  }));
}
