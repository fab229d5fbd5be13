// ButaneModel → the Ignition 3.3.0 JSON that Butane produces for this subset. Keys come in
// the order of Ignition's Go types, as Butane writes them; unset fields are left out.
import { encodeDataUrl } from '../validate/butane/data-url';
import { ButaneDirectory, ButaneFile, ButaneLink, ButaneModel, ButaneNodeOwner, ButaneUnit, IGNITION_VERSION } from '../validate/butane/model';

/** `user` / `group` of an Ignition node. */
export interface IgnitionNodeOwner {
  readonly id?: number;
  readonly name?: string;
}

/** An Ignition resource (`contents`). */
export interface IgnitionResource {
  /** `""` for inline contents: Butane sets it so a merged parent config cannot add compression. */
  readonly compression?: string;
  readonly source?: string;
}

/** `storage.files[]`. */
export interface IgnitionFile {
  readonly group?: IgnitionNodeOwner;
  readonly overwrite?: boolean;
  readonly path: string;
  readonly user?: IgnitionNodeOwner;
  readonly contents?: IgnitionResource;
  /** Decimal, e.g. 420 for 0644. */
  readonly mode?: number;
}

/** `storage.directories[]`. */
export interface IgnitionDirectory {
  readonly group?: IgnitionNodeOwner;
  readonly overwrite?: boolean;
  readonly path: string;
  readonly user?: IgnitionNodeOwner;
  readonly mode?: number;
}

/** `storage.links[]`. */
export interface IgnitionLink {
  readonly group?: IgnitionNodeOwner;
  readonly overwrite?: boolean;
  readonly path: string;
  readonly user?: IgnitionNodeOwner;
  readonly hard?: boolean;
  readonly target?: string;
}

/** `systemd.units[].dropins[]`. */
export interface IgnitionDropin {
  readonly contents?: string;
  readonly name: string;
}

/** `systemd.units[]`. */
export interface IgnitionUnit {
  readonly contents?: string;
  readonly dropins?: IgnitionDropin[];
  readonly enabled?: boolean;
  readonly mask?: boolean;
  readonly name: string;
}

/** An Ignition 3.3.0 config restricted to what this library builds. */
export interface IgnitionConfig {
  readonly ignition: { readonly version: string };
  readonly storage?: {
    readonly directories?: IgnitionDirectory[];
    readonly files?: IgnitionFile[];
    readonly links?: IgnitionLink[];
  };
  readonly systemd?: { readonly units?: IgnitionUnit[] };
}

function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

function owner(o: ButaneNodeOwner | undefined): IgnitionNodeOwner | undefined {
  if (!o || (o.id === undefined && o.name === undefined)) return undefined;
  return defined({ id: o.id, name: o.name });
}

function file(f: ButaneFile): IgnitionFile {
  let contents: IgnitionResource | undefined;
  if (f.contents?.inline !== undefined) contents = { compression: '', source: encodeDataUrl(f.contents.inline) };
  else if (f.contents?.source !== undefined) contents = { source: f.contents.source };
  return defined({
    group: owner(f.group), overwrite: f.overwrite, path: f.path, user: owner(f.user), contents, mode: f.mode,
  });
}

function directory(d: ButaneDirectory): IgnitionDirectory {
  return defined({ group: owner(d.group), overwrite: d.overwrite, path: d.path, user: owner(d.user), mode: d.mode });
}

function link(l: ButaneLink): IgnitionLink {
  return defined({ group: owner(l.group), overwrite: l.overwrite, path: l.path, user: owner(l.user), hard: l.hard, target: l.target });
}

function unit(u: ButaneUnit): IgnitionUnit {
  const dropins = u.dropins && u.dropins.length > 0 ? u.dropins.map(d => defined({ contents: d.contents, name: d.name })) : undefined;
  return defined({ contents: u.contents, dropins, enabled: u.enabled, mask: u.mask, name: u.name });
}

/**
 * Translates a (valid) model the way Butane fcos 1.4.0 does. Inline contents become
 * `data:,<percent-escaped text>` with `compression: ""`; local contents cannot be translated
 * and must have been rejected by validation first.
 */
export function ignitionConfig(model: ButaneModel): IgnitionConfig {
  const storage = defined({
    directories: model.directories.length > 0 ? model.directories.map(directory) : undefined,
    files: model.files.length > 0 ? model.files.map(file) : undefined,
    links: model.links.length > 0 ? model.links.map(link) : undefined,
  });
  return defined({
    ignition: { version: IGNITION_VERSION },
    storage: Object.keys(storage).length > 0 ? storage : undefined,
    systemd: model.units.length > 0 ? { units: model.units.map(unit) } : undefined,
  });
}
