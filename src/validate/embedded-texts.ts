// The Butane texts of one validation run. Several rules read each text (the carrier's own rules,
// its embedded manifests, the VIP cross-checks), so each is parsed once per run, and nothing is
// kept between runs. A caller that rendered a text from a model it validated (a strict
// ButaneConfig: every add checked) passes the rendering in explicitly, and that text is not parsed
// at all — the model is validated directly, by the builder.
import { ButaneModel } from './butane/model';
import { ParsedButane, parseButane } from './butane/parse';
import { ParsedInline, parseInlineManifests } from './inline-manifests';

/** A Butane text as rendered from a model that passed the Butane rules strictly (no findings). */
export interface RenderedButane {
  /** The YAML, as written into `additionalUserData.config`. */
  readonly text: string;
  readonly model: ButaneModel;
  /** The objects serialized into each inline manifest text of the config. */
  readonly inline: ReadonlyMap<string, readonly object[]>;
}

export class EmbeddedTexts {
  private readonly butane = new Map<string, ParsedButane>();
  private readonly inlines = new Map<string, ParsedInline>();

  constructor(rendered: readonly RenderedButane[] = []) {
    for (const r of rendered) {
      const known: ParsedButane = { findings: [], model: r.model, unmodelled: [] };
      this.butane.set(key(r.text, false), known);
      this.butane.set(key(r.text, true), known);
      for (const [text, objects] of r.inline) this.inlines.set(text, { objects: objects as ParsedInline['objects'], problems: [] });
    }
  }

  /** The parsed Butane config (shared: do not mutate). */
  parseButane(text: string, strict = false): ParsedButane {
    const k = key(text, strict);
    let parsed = this.butane.get(k);
    if (!parsed) {
      parsed = parseButane(text, { strict });
      this.butane.set(k, parsed);
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

const key = (text: string, strict: boolean) => `${strict ? 1 : 0}\u0000${text}`;
