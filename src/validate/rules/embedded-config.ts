// The Butane config embedded in RKE2 agentConfig.additionalUserData.config: parsed and
// checked by the ignition module; findings are re-rooted at the embedding field.
import { Finding, error } from '../../core/errors';

export interface EmbeddedConfigOptions {
  /** Butane `strict`: warnings count as errors. */
  readonly strict: boolean;
}

export type ButaneChecker = (text: string, opts: EmbeddedConfigOptions) => Finding[];

let checker: ButaneChecker | undefined;

/** Registered by the ignition module (kept out of this file so rules stay independent of it). */
export function registerButaneChecker(fn: ButaneChecker): void {
  checker = fn;
}

export function embeddedConfigRules(text: string, field: string, opts: EmbeddedConfigOptions): Finding[] {
  if (!checker) return [error('butane/unavailable', field, 'the Butane checker is not loaded')];
  return checker(text, opts).map(f => ({ ...f, field: f.field ? `${field} ${f.field}` : field }));
}
