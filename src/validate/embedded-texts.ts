// The Butane texts of one validation run. Several rules read each text (the carrier's own rules,
// its embedded manifests, the VIP cross-checks), so each is parsed once per run, and nothing is
// kept between runs. A caller that rendered a text from a model it validated (a strict
// ButaneConfig: every add checked) passes the rendering in explicitly, and that text is not parsed
// at all — the model is validated directly, by the builder.
import { ButaneModel } from './butane/model';
import { ParsedButane, parseButane } from './butane/parse';
import { ParsedInline, knownInlineManifests, parseInlineManifests } from './inline-manifests';

/** A Butane text as rendered from a model that passed the Butane rules strictly (no findings). */
export interface RenderedButane {
  /** The YAML, as written into `additionalUserData.config`. */
  readonly text: string;
  readonly model: ButaneModel;
  /** The objects serialized into each inline manifest text of the config. */
  readonly inline: ReadonlyMap<string, readonly object[]>;
}

export class EmbeddedTexts {
  /** Parsed Butane texts, lax and strict apart (keyed by the text itself: no key string to build and hash per lookup). */
  private readonly butane = { lax: new Map<string, ParsedButane>(), strict: new Map<string, ParsedButane>() };
  private readonly inlines = new Map<string, ParsedInline>();

  constructor(rendered: readonly RenderedButane[] = []) {
    for (const r of rendered) {
      const known: ParsedButane = { findings: [], model: r.model, unmodelled: [] };
      this.butane.lax.set(r.text, known);
      this.butane.strict.set(r.text, known);
      for (const [text, objects] of r.inline) this.inlines.set(text, knownInlineManifests(text, objects as ParsedInline['objects']));
    }
  }

  /** The parsed Butane config (shared: do not mutate). */
  parseButane(text: string, strict = false): ParsedButane {
    const cache = strict ? this.butane.strict : this.butane.lax;
    let parsed = cache.get(text);
    if (!parsed) {
      parsed = parseButane(text, { strict });
      cache.set(text, parsed);
    }
    return parsed;
  }

  /** The objects of an inline manifest text (shared: do not mutate). */
  parseInline(text: string): ParsedInline {
    let parsed = this.inlines.get(text);
    if (!parsed) {
      parsed = parseInlineManifests(text);
      this.inlines.set(text, parsed);
    }
    return parsed;
  }
}
