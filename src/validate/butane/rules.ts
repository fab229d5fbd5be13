// The rules Butane fcos 1.4.0 and Ignition 3.3.0 apply to units, files, directories and
// links (docs/upstream-rules.md §7), as pure functions returning findings. Field paths use
// Butane's YAML names (`storage.files[2].mode`) so that they point into hand-written configs.
import { decodeDataUrl } from './data-url';
import { MAX_MODE, hasSpecialBits, looksDecimal, octalLiteral, permissionBits } from './mode';
import {
  BUTANE_VARIANT, BUTANE_VERSION, ButaneDirectory, ButaneDropin, ButaneFile, ButaneFileContents, ButaneLink,
  ButaneModel, ButaneNodeOwner, ButaneUnit,
} from './model';
import { cleanPath, dropinPath, isBelow, unitPath } from './paths';
import { parseUnitFile } from './unit-file';
import { Finding, error, warning } from '../../core/finding';

/** Unit type suffixes Ignition accepts for `systemd.units[].name`. */
export const UNIT_SUFFIXES: readonly string[] = [
  '.service', '.socket', '.device', '.mount', '.automount', '.swap', '.target', '.path', '.timer', '.snapshot', '.slice', '.scope',
];

/** URL schemes Ignition 3.3 can fetch `contents.source` from. */
export const SOURCE_SCHEMES: readonly string[] = ['http', 'https', 'tftp', 's3', 'gs', 'data'];

const FILES_DIR_WHY = 'Butane reads local paths relative to --files-dir, and CAPRKE2 translates additionalUserData without one, so translation fails';

/** Joins a base field path and a key: `at('storage.files[0]', 'mode')`, `at('', 'mode')`. */
export function at(base: string, key: string): string {
  if (!base) return key;
  return key.startsWith('[') ? `${base}${key}` : `${base}.${key}`;
}

/** `path`: present, absolute and already simplified. */
export function checkPath(path: string | undefined, field: string): Finding[] {
  if (path === undefined || path === '') {
    return [error('butane/path-required', field, 'path is not specified', 'set an absolute path such as /etc/example.conf')];
  }
  if (!path.startsWith('/')) {
    return [error('butane/path-not-absolute', field, `path ${JSON.stringify(path)} is not absolute`, `use ${JSON.stringify(cleanPath(`/${path}`))}`)];
  }
  const clean = cleanPath(path);
  if (clean !== path) {
    return [error('butane/path-not-simplified', field,
      `path ${JSON.stringify(path)} is not fully simplified (no ".", "..", "//" or trailing "/")`, `use ${JSON.stringify(clean)}`)];
  }
  return [];
}

/** `mode`: 0..0o7777, no special bits (warning), not a decimal-looking number (warning). */
export function checkMode(mode: number | undefined, field: string, directory: boolean): Finding[] {
  if (mode === undefined) return [];
  if (!Number.isInteger(mode) || mode < 0 || mode > MAX_MODE) {
    return [error('butane/mode-range', field, `mode ${mode} is not a valid file mode`,
      'use a value from 0 to 07777 written in octal with a leading zero, e.g. 0644')];
  }
  const out: Finding[] = [];
  const decimal = looksDecimal(mode, directory);
  if (decimal) {
    out.push(warning('butane/mode-decimal', field,
      `mode ${mode} (octal ${octalLiteral(mode)}) is unreasonable, but would be reasonable if specified in octal`,
      `write it with a leading zero: ${octalLiteral(parseInt(String(mode), 8))} (0o${String(mode)} in TypeScript)`));
  }
  if (hasSpecialBits(mode)) {
    out.push(warning('butane/mode-special-bits', field,
      `mode ${octalLiteral(mode)} sets setuid/setgid/sticky bits, which Ignition spec 3.3 does not support`,
      decimal ? `${mode} was probably meant as 0${mode} (see butane/mode-decimal)` : `drop them: ${octalLiteral(permissionBits(mode))}`));
  }
  return out;
}

/** `user` / `group`: by id or by name, never both. */
export function checkOwner(owner: ButaneNodeOwner | undefined, field: string): Finding[] {
  if (owner && owner.id !== undefined && owner.name !== undefined && owner.name !== '') {
    return [error('butane/owner-id-and-name', field,
      `both id (${owner.id}) and name (${JSON.stringify(owner.name)}) are set`, 'set only one of id or name')];
  }
  return [];
}

/** A resource (`contents`, `append[]`, …): one source, no `local`, a fetchable URL. */
export function checkContents(contents: ButaneFileContents | undefined, field: string): Finding[] {
  if (!contents) return [];
  const set = (['inline', 'local', 'source'] as const).filter(k => contents[k] !== undefined);
  const out: Finding[] = [];
  if (set.length > 1) {
    out.push(error('butane/contents-multiple-sources', field,
      `only one of inline, local, source can be set (found ${set.join(', ')})`, 'keep exactly one'));
  }
  if (contents.local !== undefined) {
    out.push(error('butane/contents-local-unsupported', at(field, 'local'),
      `local ${JSON.stringify(contents.local)} cannot be used with CAPRKE2: ${FILES_DIR_WHY}`, 'put the text in inline instead'));
  }
  if (contents.source !== undefined && contents.source !== '') out.push(...checkSourceUrl(contents.source, at(field, 'source')));
  return out;
}

/** A URL Ignition can fetch from. */
export function checkSourceUrl(url: string, field: string): Finding[] {
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url)?.[1]?.toLowerCase();
  if (/[\u0000-\u001f\u007f]/.test(url)) {
    return [error('butane/contents-source-invalid', field, `source ${JSON.stringify(url)} contains control characters`, 'percent-encode them')];
  }
  if (!scheme || !SOURCE_SCHEMES.includes(scheme)) {
    return [error('butane/contents-source-invalid', field, `source ${JSON.stringify(url)} has an invalid url scheme`,
      `use one of ${SOURCE_SCHEMES.join(', ')}, or inline for literal text`)];
  }
  if (scheme === 'data') {
    const decoded = decodeDataUrl(url);
    if (decoded.error) return [error('butane/contents-source-invalid', field, `source is not a valid data URL: ${decoded.error}`, 'use inline for literal text')];
  }
  if (scheme === 's3' && /[?&]versionId(=(&|#|$)|&|#|$)/.test(url)) {
    return [error('butane/contents-source-invalid', field, `source ${JSON.stringify(url)}: invalid S3 object VersionId (empty)`, 'give the object version after versionId=, or drop the parameter')];
  }
  return [];
}

/** `overwrite: true` needs contents: Ignition refuses to replace a node with nothing. */
export function checkOverwrite(file: ButaneFile, field: string): Finding[] {
  const c = file.contents;
  const hasContents = c !== undefined && (c.inline !== undefined || c.source !== undefined || c.local !== undefined);
  if (file.overwrite === true && !hasContents) {
    return [error('butane/overwrite-without-contents', at(field, 'overwrite'),
      'overwrite must be false if contents are unspecified', 'add contents (inline or source), or drop overwrite')];
  }
  return [];
}

/** Every per-file rule. */
export function checkFile(file: ButaneFile, field: string): Finding[] {
  return [
    ...checkPath(file.path, at(field, 'path')),
    ...checkContents(file.contents, at(field, 'contents')),
    ...checkOverwrite(file, field),
    ...checkMode(file.mode, at(field, 'mode'), false),
    ...checkOwner(file.user, at(field, 'user')),
    ...checkOwner(file.group, at(field, 'group')),
  ];
}

/** Every per-directory rule. */
export function checkDirectory(dir: ButaneDirectory, field: string): Finding[] {
  return [
    ...checkPath(dir.path, at(field, 'path')),
    ...checkMode(dir.mode, at(field, 'mode'), true),
    ...checkOwner(dir.user, at(field, 'user')),
    ...checkOwner(dir.group, at(field, 'group')),
  ];
}

/** Every per-link rule. */
export function checkLink(link: ButaneLink, field: string): Finding[] {
  const out = [
    ...checkPath(link.path, at(field, 'path')),
    ...checkOwner(link.user, at(field, 'user')),
    ...checkOwner(link.group, at(field, 'group')),
  ];
  if (link.target === undefined || link.target === '') {
    out.push(error('butane/link-target-required', at(field, 'target'), 'link target is not specified', 'set target to the path the link points to'));
  }
  return out;
}

/** The suffix from the last "." of the last path element, like Go's path.Ext. */
function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 && dot > name.lastIndexOf('/') ? name.slice(dot) : '';
}

/** Unit or drop-in contents must read as a unit file; returns the parse for the [Install] check. */
function checkUnitText(text: string, field: string, what: string): { findings: Finding[]; hasInstall: boolean } {
  const parsed = parseUnitFile(text);
  if (parsed.error) {
    return {
      findings: [error('butane/unit-contents-invalid', field, `invalid ${what} contents at line ${parsed.line}: ${parsed.error}`,
        'use "[Section]" headers, "Key=value" lines, "#" comments and "\\" continuation lines')],
      hasInstall: true,
    };
  }
  return { findings: [], hasInstall: parsed.options.some(o => o.section === 'Install') };
}

/** Every per-unit rule, including its drop-ins. */
export function checkUnit(unit: ButaneUnit, field: string): Finding[] {
  const out: Finding[] = [];
  const name = unit.name ?? '';
  if (!UNIT_SUFFIXES.includes(extension(name))) {
    out.push(error('butane/unit-extension', at(field, 'name'), `invalid systemd unit extension in name ${JSON.stringify(name)}`,
      `end the name with one of ${UNIT_SUFFIXES.join(' ')}`));
  }
  if (unit.contents !== undefined) {
    const { findings, hasInstall } = checkUnitText(unit.contents, at(field, 'contents'), 'unit');
    out.push(...findings);
    if (unit.enabled === true && unit.contents !== '' && !hasInstall) {
      out.push(warning('butane/unit-no-install', at(field, 'contents'),
        `unit ${JSON.stringify(name)} is enabled, but has no [Install] section so enable does nothing`,
        'add e.g. "[Install]\\nWantedBy=multi-user.target", or drop enabled'));
    }
  }
  const seen = new Map<string, number>();
  (unit.dropins ?? []).forEach((d: ButaneDropin, i) => {
    const df = at(field, `dropins[${i}]`);
    const dname = d.name ?? '';
    if (extension(dname) !== '.conf') {
      out.push(error('butane/dropin-extension', at(df, 'name'), `invalid systemd drop-in extension in name ${JSON.stringify(dname)}`,
        'end the drop-in name with .conf'));
    }
    if (d.contents !== undefined) out.push(...checkUnitText(d.contents, at(df, 'contents'), 'drop-in').findings);
    const first = seen.get(dname);
    if (first !== undefined) {
      out.push(error('butane/duplicate-dropin', at(df, 'name'),
        `duplicate entry defined: drop-in ${JSON.stringify(dname)} is also ${at(field, `dropins[${first}]`)}`, 'give each drop-in of a unit its own name'));
    } else {
      seen.set(dname, i);
    }
  });
  return out;
}

/** The `variant`/`version` header. CAPRKE2 translates as fcos 1.4.0 whatever it says. */
export function checkHeader(variant: string | undefined, version: string | undefined): Finding[] {
  const hint = `write "variant: ${BUTANE_VARIANT}" and "version: ${BUTANE_VERSION}"`;
  const out: Finding[] = [];
  if (variant !== BUTANE_VARIANT) {
    const flatcar = variant === 'flatcar' ? '; with "variant: flatcar" CAPRKE2 also drops its base filesystems' : '';
    out.push(warning('butane/variant-version', 'variant',
      variant === undefined
        ? 'variant is missing (the Butane CLI rejects that; CAPRKE2 translates as fcos 1.4.0 regardless)'
        : `variant ${JSON.stringify(variant)} is not ${BUTANE_VARIANT}: CAPRKE2 translates as fcos 1.4.0 regardless${flatcar}`, hint));
  }
  if (version !== BUTANE_VERSION) {
    out.push(warning('butane/variant-version', 'version',
      version === undefined
        ? 'version is missing (the Butane CLI rejects that; CAPRKE2 translates as fcos 1.4.0 regardless)'
        : `version ${JSON.stringify(version)} is not ${BUTANE_VERSION}: CAPRKE2 translates as fcos 1.4.0 regardless`, hint));
  }
  return out;
}

/**
 * What CAPRKE2 v0.25.0's base config defines (`bootstrap/internal/ignition/butane/butane.go`
 * `butaneTemplate`, plus the RKE2 config and registries files the controller always writes;
 * /etc/chrony.conf and chronyd.service with NTP servers). It Ignition-merges the additional config
 * over it (by path and unit name), so an entry here silently replaces CAPRKE2's (the install script!).
 */
export const CAPRKE2_BASE_PATHS: readonly string[] = [
  '/etc/rke2-install.sh', '/etc/ssh/sshd_config.d/010-rke2.conf', '/etc/chrony.conf', '/etc/rancher/rke2/config.yaml', '/etc/rancher/rke2/registries.yaml',
];
export const CAPRKE2_BASE_UNITS: readonly string[] = ['rke2-install.service', 'chronyd.service'];

/** Warns about entries that replace CAPRKE2's base config on merge. */
export function checkCaprke2Base(model: ButaneModel, locator: FieldLocator = DEFAULT_LOCATOR): Finding[] {
  const out: Finding[] = [];
  const hint = 'pick another path or unit name unless replacing CAPRKE2\'s version is intended';
  const nodeLists: [readonly { path: string }[], (i: number) => string][] = [
    [model.files, locator.file], [model.directories, locator.directory], [model.links, locator.link],
  ];
  for (const [list, where] of nodeLists) {
    list.forEach((n, i) => {
      if (CAPRKE2_BASE_PATHS.includes(n.path)) {
        out.push(warning('butane/overrides-caprke2-base', at(where(i), 'path'),
          `${n.path} is written by CAPRKE2's base config; this entry replaces it when CAPRKE2 merges the configs`, hint));
      }
    });
  }
  model.units.forEach((u, i) => {
    if (CAPRKE2_BASE_UNITS.includes(u.name)) {
      out.push(warning('butane/overrides-caprke2-base', at(locator.unit(i), 'name'),
        `unit ${u.name} is defined by CAPRKE2's base config; this entry replaces it when CAPRKE2 merges the configs`, hint));
    }
  });
  return out;
}

/** Where each list entry of a model sits in its source (the parser's indices can differ). */
export interface FieldLocator {
  unit(index: number): string;
  file(index: number): string;
  directory(index: number): string;
  link(index: number): string;
}

export const DEFAULT_LOCATOR: FieldLocator = {
  unit: i => `systemd.units[${i}]`,
  file: i => `storage.files[${i}]`,
  directory: i => `storage.directories[${i}]`,
  link: i => `storage.links[${i}]`,
};

interface NodeRef {
  readonly kind: 'file' | 'directory' | 'link';
  readonly path: string;
  readonly field: string;
}

/**
 * All rules over a whole config: every entry on its own, then duplicates, paths that clash
 * with a unit or drop-in, and paths that run through a declared link.
 */
export function validateButane(model: ButaneModel, locator: FieldLocator = DEFAULT_LOCATOR): Finding[] {
  const out: Finding[] = [...checkHeader(model.variant, model.version)];
  model.units.forEach((u, i) => out.push(...checkUnit(u, locator.unit(i))));
  // Directories first: a config normally creates a directory before the files in it.
  const nodes: NodeRef[] = [
    ...model.directories.map((d, i) => ({ kind: 'directory' as const, path: d.path, field: locator.directory(i) })),
    ...model.files.map((f, i) => ({ kind: 'file' as const, path: f.path, field: locator.file(i) })),
    ...model.links.map((l, i) => ({ kind: 'link' as const, path: l.path, field: locator.link(i) })),
  ];
  model.directories.forEach((d, i) => out.push(...checkDirectory(d, locator.directory(i))));
  model.files.forEach((f, i) => out.push(...checkFile(f, locator.file(i))));
  model.links.forEach((l, i) => out.push(...checkLink(l, locator.link(i))));

  const units = new Map<string, number>();
  model.units.forEach((u, i) => {
    const first = units.get(u.name);
    if (first !== undefined) {
      out.push(error('butane/duplicate-unit', at(locator.unit(i), 'name'),
        `duplicate entry defined: unit ${JSON.stringify(u.name)} is also ${locator.unit(first)}`, 'define each unit once; put extra settings in drop-ins'));
    } else {
      units.set(u.name, i);
    }
  });

  const byPath = new Map<string, NodeRef>();
  for (const n of nodes) {
    if (!n.path) continue;
    const first = byPath.get(n.path);
    if (first) {
      out.push(error('butane/duplicate-path', at(n.field, 'path'),
        `duplicate entry defined: ${n.kind} path ${n.path} is also used by ${first.kind} ${first.field}`,
        'every file, directory and link needs its own path'));
    } else {
      byPath.set(n.path, n);
    }
  }

  // Ignition writes units and drop-ins with contents under /etc/systemd/system itself.
  const unitPaths = new Map<string, string>();
  model.units.forEach((u, i) => {
    if (u.contents) unitPaths.set(unitPath(u.name), `unit ${u.name} (${locator.unit(i)})`);
    (u.dropins ?? []).forEach((d, j) => {
      if (d.contents) unitPaths.set(dropinPath(u.name, d.name), `drop-in ${d.name} of unit ${u.name} (${at(locator.unit(i), `dropins[${j}]`)})`);
    });
  });
  for (const n of nodes) {
    const owner = unitPaths.get(n.path);
    if (owner) {
      out.push(error('butane/path-conflicts-unit', at(n.field, 'path'),
        `${n.kind} path ${n.path} conflicts with systemd ${owner}, which Ignition writes there`,
        'use systemd.units (contents or dropins) for unit files, or pick another path'));
    }
  }

  out.push(...checkCaprke2Base(model, locator));
  out.push(...checkHardLinks(model, locator));
  out.push(...checkTemplateUnits(model, locator));

  for (const n of nodes) {
    for (const l of model.links) {
      if (l.path && n.path && isBelow(n.path, l.path)) {
        out.push(error('butane/path-through-link', at(n.field, 'path'),
          `${n.kind} path ${n.path} runs through link ${l.path}`, 'Ignition does not follow declared links; use the real directory path'));
      }
    }
  }
  return out;
}

/** Hard links: not to a declared directory; user/group do not apply (Ignition warns). */
export function checkHardLinks(model: ButaneModel, locator: FieldLocator = DEFAULT_LOCATOR): Finding[] {
  const out: Finding[] = [];
  const dirs = new Set(model.directories.map(d => d.path));
  model.links.forEach((l, i) => {
    if (l.hard !== true || l.target === undefined || l.target === '') return;
    const clean = cleanPath(l.target);
    // Ignition joins a relative target to the link's own path.
    const target = clean.startsWith('/') ? clean : cleanPath(`${l.path}/${l.target}`);
    if (dirs.has(target)) {
      out.push(error('butane/hard-link', locator.link(i), `hard link target ${target} is a directory`, 'use a symbolic link (hard: false) for directories'));
    }
    for (const [key, owner] of [['user', l.user], ['group', l.group]] as const) {
      for (const k of ['id', 'name'] as const) {
        if (owner?.[k] !== undefined) {
          out.push(warning('butane/hard-link', at(locator.link(i), `${key}.${k}`), 'user/group ignored for hard link', 'a hard link shares its target\'s owner; drop user/group'));
        }
      }
    }
  });
  return out;
}

/** An enabled instance `x@y.service` whose template `x@.service` has contents without [Install]. */
export function checkTemplateUnits(model: ButaneModel, locator: FieldLocator = DEFAULT_LOCATOR): Finding[] {
  const byName = new Map(model.units.map(u => [u.name, u] as const));
  const out: Finding[] = [];
  model.units.forEach((u, i) => {
    const m = /^(.+?)@(.+?)\.service$/.exec(u.name);
    if (!m || u.enabled !== true) return;
    const template = `${m[1]}@.service`;
    const t = byName.get(template);
    if (!t?.contents) return;
    const parsed = parseUnitFile(t.contents);
    if (parsed.error || parsed.options.some(o => o.section === 'Install')) return;
    out.push(warning('butane/template-unit-no-install', at(locator.unit(i), 'contents'),
      `template unit ${JSON.stringify(template)} for ${JSON.stringify(u.name)} doesn't have Install section`,
      `add e.g. "[Install]\\nWantedBy=multi-user.target" to ${template}, or enable nothing`));
  });
  return out;
}
