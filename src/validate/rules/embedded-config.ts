// The Butane config embedded in RKE2 agentConfig.additionalUserData.config: parsed and
// checked by the ignition module; findings are re-rooted at the embedding field and keep
// the line inside the embedded text, so `validate` can point at file:line.
import { Finding } from '../../core/finding';
import type { EmbeddedTexts } from '../embedded-texts';

export interface EmbeddedConfigOptions {
  /** Butane `strict`: warnings count as errors. */
  readonly strict: boolean;
  /** The run's embedded texts (each parsed once). */
  readonly texts: EmbeddedTexts;
}

export function embeddedConfigRules(text: string, field: string, opts: EmbeddedConfigOptions): Finding[] {
  return opts.texts.parseButane(text, opts.strict).findings.map(f => ({
    ...f,
    field: f.field ? `${field}: ${f.field}` : field,
    embeddedLine: f.line,
  }));
}
