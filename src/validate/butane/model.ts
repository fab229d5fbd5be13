// The typed subset of Butane `variant: fcos` / `version: 1.4.0` that this library builds,
// parses and validates: systemd units, storage files, directories and (parsed only) links.
// Field names are the Butane ones in camelCase (`contents_local` would be `contentsLocal`).

/** The Butane variant CAPRKE2 translates (it calls the fcos 1.4 translator directly). */
export const BUTANE_VARIANT = 'fcos';
/** The Butane spec version this library emits. */
export const BUTANE_VERSION = '1.4.0';
/** The Ignition spec version Butane fcos 1.4.0 produces. */
export const IGNITION_VERSION = '3.3.0';

/** Owner (user) or group of a file, directory or link: by numeric id or by name, never both. */
export interface ButaneNodeOwner {
  /**
   * Numeric user or group id.
   * @default - not set (use `name`, or leave both unset to keep Ignition's default, root)
   */
  readonly id?: number;
  /**
   * User or group name, resolved on the node (e.g. `root`).
   * @default - not set
   */
  readonly name?: string;
}

/**
 * Where the contents of a file come from. Set exactly one of `inline` or `source`.
 */
export interface ButaneFileContents {
  /**
   * The file contents as text. Butane turns it into a `data:` URL.
   * @default - not set
   */
  readonly inline?: string;
  /**
   * A URL to fetch the contents from: `http`, `https`, `tftp`, `s3`, `gs` or `data`.
   * @default - not set
   */
  readonly source?: string;
  /**
   * Not usable with CAPRKE2 and always rejected: Butane reads `local` paths relative to
   * `--files-dir`, which CAPRKE2 never passes, so translation fails. Present only so that
   * hand-written configs can be represented and reported. Use `inline` instead.
   * @default - not set
   */
  readonly local?: string;
}

/** A file written by Ignition (`storage.files[]`). */
export interface ButaneFile {
  /** Absolute, fully simplified path of the file (no `..`, `.`, `//` or trailing `/`). */
  readonly path: string;
  /**
   * Replace whatever exists at `path`. Requires `contents`. With overwrite false and a
   * pre-existing file, Ignition fails the boot, which is why CAPRKE2 writes its own files
   * with overwrite true.
   * @default false
   */
  readonly overwrite?: boolean;
  /**
   * Contents of the file.
   * @default - none: an existing file is left alone, otherwise an empty file is created
   */
  readonly contents?: ButaneFileContents;
  /**
   * Permission bits as a number; write it in octal in TypeScript (`0o644`). Range 0..0o7777;
   * setuid/setgid/sticky bits are not supported by Ignition 3.3 (warning).
   * @default - 0o644 (Ignition's default for files)
   */
  readonly mode?: number;
  /**
   * Owner of the file.
   * @default - root
   */
  readonly user?: ButaneNodeOwner;
  /**
   * Group of the file.
   * @default - root
   */
  readonly group?: ButaneNodeOwner;
}

/** A directory created by Ignition (`storage.directories[]`). */
export interface ButaneDirectory {
  /** Absolute, fully simplified path of the directory. */
  readonly path: string;
  /**
   * Delete whatever exists at `path` first.
   * @default false
   */
  readonly overwrite?: boolean;
  /**
   * Permission bits (`0o755`). Range 0..0o7777.
   * @default - 0o755 (Ignition's default for directories)
   */
  readonly mode?: number;
  /**
   * Owner of the directory.
   * @default - root
   */
  readonly user?: ButaneNodeOwner;
  /**
   * Group of the directory.
   * @default - root
   */
  readonly group?: ButaneNodeOwner;
}

/**
 * A link created by Ignition (`storage.links[]`). Only produced by the parser, so that
 * hand-written configs are checked for path clashes; the builder does not create links.
 */
export interface ButaneLink {
  /** Absolute, fully simplified path of the link. */
  readonly path: string;
  /**
   * What the link points to (required by Ignition).
   * @default - not set (an error)
   */
  readonly target?: string;
  /**
   * Hard link instead of a symbolic link.
   * @default false
   */
  readonly hard?: boolean;
  /**
   * Replace whatever exists at `path`.
   * @default false
   */
  readonly overwrite?: boolean;
  /**
   * Owner of a symbolic link.
   * @default - root
   */
  readonly user?: ButaneNodeOwner;
  /**
   * Group of a symbolic link.
   * @default - root
   */
  readonly group?: ButaneNodeOwner;
}

/** A systemd drop-in (`/etc/systemd/system/<unit>.d/<name>`). */
export interface ButaneDropin {
  /** File name of the drop-in; must end in `.conf`. */
  readonly name: string;
  /**
   * Contents of the drop-in, in unit-file syntax.
   * @default - none
   */
  readonly contents?: string;
}

/** A systemd unit (`systemd.units[]`). */
export interface ButaneUnit {
  /** Unit name with its type suffix, e.g. `rke2-preinstall.service`. */
  readonly name: string;
  /**
   * Enable (true) or disable (false) the unit. Enabling needs an `[Install]` section.
   * @default - enablement is left unchanged
   */
  readonly enabled?: boolean;
  /**
   * Mask the unit (symlink it to /dev/null).
   * @default false
   */
  readonly mask?: boolean;
  /**
   * Unit file contents, written to `/etc/systemd/system/<name>`.
   * @default - none (e.g. to only enable an existing unit or add drop-ins)
   */
  readonly contents?: string;
  /**
   * Drop-ins for this unit.
   * @default - none
   */
  readonly dropins?: ButaneDropin[];
}

/**
 * The plain-data form of a Butane config, as built by `ButaneConfig` or read by
 * `parseButane`. Lists are always present (possibly empty); unset fields are absent.
 */
export interface ButaneModel {
  /** The `variant` header as written (`fcos` for configs this library builds). */
  readonly variant?: string;
  /** The `version` header as written (`1.4.0` for configs this library builds). */
  readonly version?: string;
  /** `systemd.units`. */
  readonly units: ButaneUnit[];
  /** `storage.files`. */
  readonly files: ButaneFile[];
  /** `storage.directories`. */
  readonly directories: ButaneDirectory[];
  /** `storage.links`. */
  readonly links: ButaneLink[];
}
