// ButaneModel → Butane YAML (`variant: fcos`, `version: 1.4.0`), the text CAPRKE2 reads from
// `agentConfig.additionalUserData.config`. Modes come out as octal literals (`mode: 0644`).
import { toYamlDocument } from './yaml-format';
import { BUTANE_VARIANT, BUTANE_VERSION, ButaneDirectory, ButaneFile, ButaneLink, ButaneModel, ButaneNodeOwner, ButaneUnit } from '../validate/butane/model';

type Plain = { [key: string]: unknown };

/** Copies the listed keys that are set, in the given order (key order is the output order). */
function pick<T extends object>(from: T, keys: readonly (keyof T & string)[], rename: Record<string, string> = {}): Plain {
  const out: Plain = {};
  for (const k of keys) if (from[k] !== undefined) out[rename[k] ?? k] = from[k];
  return out;
}

function owner(o: ButaneNodeOwner | undefined): Plain | undefined {
  return o ? pick(o, ['id', 'name']) : undefined;
}

/** `mode`, `user`, `group`, in the order hand-written configs usually have them. */
function modeAndOwners(n: { mode?: number; user?: ButaneNodeOwner; group?: ButaneNodeOwner }): Plain {
  return pick({ mode: n.mode, user: owner(n.user), group: owner(n.group) }, ['mode', 'user', 'group']);
}

function fileYaml(f: ButaneFile): Plain {
  return {
    ...pick(f, ['path', 'overwrite']),
    ...(f.contents ? { contents: pick(f.contents, ['inline', 'source', 'local']) } : {}),
    ...modeAndOwners(f),
  };
}

function directoryYaml(d: ButaneDirectory): Plain {
  return { ...pick(d, ['path', 'overwrite']), ...modeAndOwners(d) };
}

function linkYaml(l: ButaneLink): Plain {
  return { ...pick(l, ['path', 'overwrite', 'target', 'hard']), ...modeAndOwners(l) };
}

function unitYaml(u: ButaneUnit): Plain {
  return {
    ...pick(u, ['name', 'enabled', 'mask', 'contents']),
    ...(u.dropins && u.dropins.length > 0 ? { dropins: u.dropins.map(d => pick(d, ['name', 'contents'])) } : {}),
  };
}

/** The Butane document for a model, with its variant/version header (fcos 1.4.0 by default). */
export function butaneYaml(model: ButaneModel): string {
  const doc: Plain = { variant: model.variant ?? BUTANE_VARIANT, version: model.version ?? BUTANE_VERSION };
  if (model.units.length > 0) doc.systemd = { units: model.units.map(unitYaml) };
  const storage: Plain = {};
  if (model.directories.length > 0) storage.directories = model.directories.map(directoryYaml);
  if (model.files.length > 0) storage.files = model.files.map(fileYaml);
  if (model.links.length > 0) storage.links = model.links.map(linkYaml);
  if (Object.keys(storage).length > 0) doc.storage = storage;
  return toYamlDocument(doc, ['mode']);
}
