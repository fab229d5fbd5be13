// A typed builder for Butane fcos 1.4.0 configs: the text CAPRKE2 takes in
// `agentConfig.additionalUserData.config` (with `format: ignition`). Every add* call checks
// the entry and the whole config against the Butane/Ignition rules and throws a
// ValidationError naming the unit or path, so a config that exists is a config CAPRKE2 accepts.
import { butaneYaml } from './butane-yaml';
import { IgnitionConfig, ignitionConfig } from './ignition-json';
import { manifestYaml } from './manifest';
import { ValidationError } from '../core/errors';
import { Finding, Severity, error, warning } from '../core/finding';
import {
  BUTANE_VARIANT, BUTANE_VERSION, ButaneDirectory, ButaneDropin, ButaneFile, ButaneFileContents, ButaneModel, ButaneNodeOwner, ButaneUnit,
} from '../validate/butane/model';
import { validateButane } from '../validate/butane/rules';
import type { RenderedButane } from '../validate/embedded-texts';

export interface ButaneConfigProps {
  /**
   * Systemd units to start with (more can be added with `addUnit`).
   * @default - none
   */
  readonly units?: ButaneUnit[];
  /**
   * Files to start with (more can be added with `addFile` / `addManifestFile`).
   * @default - none
   */
  readonly files?: ButaneFile[];
  /**
   * Directories to start with (more can be added with `addDirectory`).
   * @default - none
   */
  readonly directories?: ButaneDirectory[];
  /**
   * Reject Butane's warnings too (decimal-looking or setuid modes, enabled units without an
   * [Install] section, unknown props). Generated configs should be clean, and CAPRKE2 fails
   * on warnings when `additionalUserData.strict` is set.
   * @default true
   */
  readonly strict?: boolean;
  /**
   * Prefix of error locations, e.g. the construct path of the owner of this config.
   * @default 'ButaneConfig'
   */
  readonly where?: string;
}

/** Options of `addManifestFile`. */
export interface ManifestFileOptions {
  /**
   * Permission bits of the manifest file.
   * @default 0o644
   */
  readonly mode?: number;
  /**
   * Owner of the manifest file.
   * @default - { name: 'root' }
   */
  readonly user?: ButaneNodeOwner;
  /**
   * Group of the manifest file.
   * @default - { name: 'root' }
   */
  readonly group?: ButaneNodeOwner;
  /**
   * Replace an existing file at the path (Ignition fails the boot otherwise).
   * @default true
   */
  readonly overwrite?: boolean;
}

type Kind = 'unit' | 'file' | 'directory';

// Shapes of builder input, checked at run time for callers without TypeScript types.
// A one-element array stands for "list of".
type PropShape = 'string' | 'int' | 'bool' | readonly PropShape[] | { readonly [key: string]: PropShape };
const OWNER: PropShape = { id: 'int', name: 'string' };
const PROP_SHAPES: Record<Kind, PropShape> = {
  unit: { name: 'string', enabled: 'bool', mask: 'bool', contents: 'string', dropins: [{ name: 'string', contents: 'string' }] },
  file: { path: 'string', overwrite: 'bool', contents: { inline: 'string', source: 'string', local: 'string' }, mode: 'int', user: OWNER, group: OWNER },
  directory: { path: 'string', overwrite: 'bool', mode: 'int', user: OWNER, group: OWNER },
};

function checkProps(value: unknown, shape: PropShape, field: string): Finding[] {
  if (value === undefined) return [];
  const name = field || 'props';
  if (shape === 'string' || shape === 'int' || shape === 'bool') {
    const ok = shape === 'string' ? typeof value === 'string' : shape === 'bool' ? typeof value === 'boolean' : Number.isSafeInteger(value);
    const want = shape === 'string' ? 'a string' : shape === 'bool' ? 'true or false' : 'an integer';
    return ok ? [] : [error('butane/type', name, `expected ${want}, found ${show(value)}`)];
  }
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return [error('butane/type', name, `expected a list, found ${show(value)}`)];
    return value.flatMap((v, i) => (v === undefined
      ? [error('butane/type', `${name}[${i}]`, 'expected an entry, found undefined')]
      : checkProps(v, shape[0], `${name}[${i}]`)));
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [error('butane/type', name, `expected an object, found ${show(value)}`)];
  const keys = shape as Record<string, PropShape>;
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => (k in keys
    ? checkProps(v, keys[k], field ? `${field}.${k}` : k)
    : [warning('butane/unknown-key', field ? `${field}.${k}` : k, `unknown prop ${k}`, `known props: ${Object.keys(keys).join(', ')}`)]));
}

function show(v: unknown): string {
  try {
    return typeof v === 'string' ? JSON.stringify(v) : typeof v === 'function' ? 'a function' : `${typeof v} ${JSON.stringify(v) ?? String(v)}`;
  } catch {
    return typeof v;
  }
}

// Canonical copies: unset fields absent, empty owners/contents/drop-in lists dropped, so that
// a built config and the same config parsed back compare equal.
function strip<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
function ownerOf(o: ButaneNodeOwner | undefined): ButaneNodeOwner | undefined {
  return o && (o.id !== undefined || o.name !== undefined) ? strip({ id: o.id, name: o.name }) : undefined;
}
function contentsOf(c: ButaneFileContents | undefined): ButaneFileContents | undefined {
  return c && (c.inline !== undefined || c.source !== undefined || c.local !== undefined)
    ? strip({ inline: c.inline, source: c.source, local: c.local }) : undefined;
}
function unitOf(u: ButaneUnit): ButaneUnit {
  const dropins = (u.dropins ?? []).map((d: ButaneDropin) => strip({ name: d.name, contents: d.contents }));
  return strip({ name: u.name, enabled: u.enabled, mask: u.mask, contents: u.contents, dropins: dropins.length > 0 ? dropins : undefined });
}
function fileOf(f: ButaneFile): ButaneFile {
  return strip({
    path: f.path, overwrite: f.overwrite, contents: contentsOf(f.contents), mode: f.mode, user: ownerOf(f.user), group: ownerOf(f.group),
  });
}
function directoryOf(d: ButaneDirectory): ButaneDirectory {
  return strip({ path: d.path, overwrite: d.overwrite, mode: d.mode, user: ownerOf(d.user), group: ownerOf(d.group) });
}

const findingKey = (f: Finding) => `${f.rule}\u0000${f.field}\u0000${f.message}`;

/**
 * A Butane `variant: fcos`, `version: 1.4.0` config with systemd units, files and
 * directories. Render it with `toYaml()` for `additionalUserData.config`.
 *
 * @example
 * const butane = new ButaneConfig()
 *   .addUnit({ name: 'rke2-preinstall.service', enabled: true, contents: unitText })
 *   .addDirectory({ path: '/var/lib/rancher/rke2/server/manifests', overwrite: true })
 *   .addManifestFile('/var/lib/rancher/rke2/server/manifests/metallb.yaml', [helmChart]);
 */
export class ButaneConfig {
  private readonly units: ButaneUnit[] = [];
  private readonly files: ButaneFile[] = [];
  private readonly directories: ButaneDirectory[] = [];
  private readonly strict: boolean;
  private readonly where: string;
  /** Findings of the config as accepted so far (warnings when not strict), to spot new ones. */
  private accepted = new Set<string>();
  /** toYaml() of the config as it stands (cleared by every change): owners render it lazily, often. */
  private yaml?: string;
  /** The objects serialized into each inline manifest text (addManifestFile). */
  private readonly inlineObjects = new Map<string, readonly object[]>();

  constructor(props: ButaneConfigProps = {}) {
    this.strict = props.strict ?? true;
    this.where = props.where ?? 'ButaneConfig';
    for (const d of props.directories ?? []) this.addDirectory(d);
    for (const f of props.files ?? []) this.addFile(f);
    for (const u of props.units ?? []) this.addUnit(u);
  }

  /** Adds a systemd unit (name with a type suffix, optional contents, drop-ins, enabled, mask). */
  addUnit(unit: ButaneUnit): this {
    return this.add('unit', unit);
  }

  /** Adds a file. Set `contents.inline` for text; `mode` is a number such as 0o644. */
  addFile(file: ButaneFile): this {
    return this.add('file', file);
  }

  /** Adds a directory. */
  addDirectory(directory: ButaneDirectory): this {
    return this.add('directory', directory);
  }

  /**
   * Adds a file whose inline contents are Kubernetes objects (plain objects or anything with
   * `toJson()`, such as cdk8s ApiObjects), serialized as multi-document YAML in the given
   * order. Defaults suit RKE2's auto-deploy manifests directory: 0644, root:root, overwrite.
   */
  addManifestFile(path: string, objects: object[], options: ManifestFileOptions = {}): this {
    const { yaml, objects: plains, findings } = manifestYaml(objects, 'objects');
    if (yaml === undefined) throw ValidationError.fromFindings(this.describe('file', path, this.files.length), findings);
    this.inlineObjects.set(yaml, plains ?? []);
    return this.addFile({
      path,
      overwrite: options.overwrite ?? true,
      contents: { inline: yaml },
      mode: options.mode ?? 0o644,
      user: options.user ?? { name: 'root' },
      group: options.group ?? { name: 'root' },
    });
  }

  /** Every finding about the config as it stands, warnings included (field paths as in the YAML). */
  validate(): Finding[] {
    return validateButane(this.view());
  }

  /**
   * The config as a model without copying it, for the rules (they only read): every add checks
   * the whole config, and copying it each time made building a config quadratic in its size.
   */
  private view(): ButaneModel {
    return { variant: BUTANE_VARIANT, version: BUTANE_VERSION, units: this.units, files: this.files, directories: this.directories, links: [] };
  }

  /** A plain-data copy of the config. */
  toModel(): ButaneModel {
    const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x));
    return {
      variant: BUTANE_VARIANT,
      version: BUTANE_VERSION,
      units: copy(this.units),
      files: copy(this.files),
      directories: copy(this.directories),
      links: [],
    };
  }

  /** The Butane YAML, for `agentConfig.additionalUserData.config` (modes as `0644`). */
  toYaml(): string {
    if (this.yaml !== undefined) return this.yaml;
    const text = butaneYaml(this.view()); // butaneYaml only reads
    this.yaml = text;
    return text;
  }

  /**
   * The rendered text with the model it came from, for validation of objects that carry it
   * (`validateObjects(…, { renderedConfigs })`): a strict config passed every Butane rule when it
   * was built, so the validator need not parse its text again. Undefined for a non-strict config
   * (it may carry warnings the validator must report).
   */
  _rendered(): RenderedButane | undefined {
    if (!this.strict) return undefined;
    return { text: this.toYaml(), model: this.toModel(), inline: this.inlineObjects };
  }

  /** The Ignition 3.3.0 config Butane translates this to (modes in decimal, inline text as data URLs). */
  toIgnition(): IgnitionConfig {
    return ignitionConfig(this.toModel());
  }

  private add(kind: Kind, input: unknown): this {
    const list = kind === 'unit' ? this.units : kind === 'file' ? this.files : this.directories;
    const id = kind === 'unit' ? (input as ButaneUnit)?.name : (input as ButaneFile)?.path;
    const where = this.describe(kind, id, list.length);

    const propFindings = checkProps(input, PROP_SHAPES[kind], '');
    if (input === undefined) propFindings.push(error('butane/type', 'props', 'expected an object, found undefined'));
    this.throwIfBlocking(where, propFindings);

    const item = kind === 'unit' ? unitOf(input as ButaneUnit) : kind === 'file' ? fileOf(input as ButaneFile) : directoryOf(input as ButaneDirectory);
    this.yaml = undefined;
    list.push(item as any);
    const prefix = kind === 'unit' ? `systemd.units[${list.length - 1}]` : kind === 'file' ? `storage.files[${list.length - 1}]` : `storage.directories[${list.length - 1}]`;
    const after = this.validate();
    const fresh = after.filter(f => !this.accepted.has(findingKey(f))).map(f => ({
      ...f,
      // Relative to the entry being added; clashes reported on another entry name both sides.
      field: f.field === prefix ? '' : f.field.startsWith(`${prefix}.`) ? f.field.slice(prefix.length + 1) : kind === 'unit' ? 'name' : 'path',
    }));
    try {
      this.throwIfBlocking(where, fresh);
    } catch (e) {
      list.pop();
      throw e;
    }
    this.accepted = new Set(after.map(findingKey));
    return this;
  }

  /** `ButaneConfig file /etc/x`, or `ButaneConfig file #3` when the entry has no usable path. */
  private describe(kind: Kind, id: unknown, count: number): string {
    return `${this.where} ${kind} ${typeof id === 'string' && id !== '' ? id : `#${count + 1}`}`;
  }

  private throwIfBlocking(where: string, findings: Finding[]) {
    const blocking = findings
      .filter(f => f.severity === Severity.ERROR || this.strict)
      .map(f => ({ ...f, severity: Severity.ERROR }));
    if (blocking.length > 0) throw ValidationError.fromFindings(where, blocking);
  }
}
