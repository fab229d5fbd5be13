// The key tree of Butane `fcos` 1.4.0 (Butane's base v0_4 plus the fcos additions), used by
// the parser to type-check every value and to warn about unused keys the way Butane does.
import { checkContents } from './rules';
import { Finding, error } from '../../core/finding';

export type Plain = { [key: string]: unknown };

export interface ScalarShape {
  readonly kind: 'string' | 'int' | 'bool';
}
export interface ListShape {
  readonly kind: 'list';
  readonly item: Shape;
}
export interface MapShape {
  readonly kind: 'map';
  readonly keys: Readonly<Record<string, Shape>>;
  /** Extra rules for this mapping once it has been read. */
  readonly check?: (value: Plain, field: string) => Finding[];
}
export type Shape = ScalarShape | ListShape | MapShape;

const str: ScalarShape = { kind: 'string' };
const int: ScalarShape = { kind: 'int' };
const bool: ScalarShape = { kind: 'bool' };
const list = (item: Shape): ListShape => ({ kind: 'list', item });
const map = (keys: Record<string, Shape>, check?: MapShape['check']): MapShape => ({ kind: 'map', keys, check });

const FILES_DIR_WHY = 'it needs Butane\'s --files-dir, which CAPRKE2 never supplies';

const resourceKeys = {
  compression: str,
  http_headers: list(map({ name: str, value: str })),
  source: str,
  inline: str,
  local: str,
  verification: map({ hash: str }),
};
/** A resource other than a file's `contents` (those are checked with the file). */
const resource = map(resourceKeys, (v, field) => checkContents(v as any, field));
const fileContents = map(resourceKeys);
const owner = map({ id: int, name: str });

/**
 * `contents_local` only exists from fcos 1.5.0 on: in 1.4.0 Butane ignores it with an
 * "unused key" warning, and it would need --files-dir anyway. Either way the unit or drop-in
 * does not get the intended contents, so it is an error here.
 */
function contentsLocal(v: Plain, field: string): Finding[] {
  if (v.contents_local === undefined) return [];
  const out = [error('butane/contents-local-unsupported', `${field}.contents_local`,
    `contents_local is not part of Butane fcos 1.4.0 (Butane ignores it) and ${FILES_DIR_WHY}`, 'put the unit text in contents')];
  if (v.contents !== undefined) {
    out.push(error('butane/unit-contents-exclusive', `${field}.contents_local`,
      'only one of the following can be set: contents, contents_local', 'keep contents'));
  }
  return out;
}

const tang = map({ url: str, thumbprint: str });

/** An authorized_keys line: optional options, a key type, base64 key data, optional comment. */
const SSH_KEY = /(^|\s)(ssh-(rsa|dss|ed25519)|ecdsa-sha2-nistp(256|384|521)|sk-(ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com)\s+[A-Za-z0-9+/]{16,}={0,3}(\s|$)/;

/**
 * Ignition writes ssh_authorized_keys verbatim; sshd ignores a line that is not a key, so a
 * typo (or a number the YAML turned into "1") locks the user out without any error at boot.
 */
function sshKeys(v: Plain, field: string): Finding[] {
  const keys = v.ssh_authorized_keys;
  if (!Array.isArray(keys)) return [];
  return keys.flatMap((k, i) => (typeof k === 'string' && !SSH_KEY.test(k)
    ? [error('butane/ssh-key', `${field}.ssh_authorized_keys[${i}]`, `${JSON.stringify(k)} is not an SSH public key`,
      'a line of authorized_keys: the key type, its base64 data and an optional comment, e.g. ssh-ed25519 AAAAC3Nza… user@host')]
    : []));
}
const clevis = map({
  custom: map({ config: str, needs_network: bool, pin: str }),
  tang: list(tang),
  threshold: int,
  tpm2: bool,
});

export const BUTANE_FCOS_1_4: MapShape = map({
  variant: str,
  version: str,
  ignition: map({
    config: map({ merge: list(resource), replace: resource }),
    proxy: map({ http_proxy: str, https_proxy: str, no_proxy: list(str) }),
    security: map({ tls: map({ certificate_authorities: list(resource) }) }),
    timeouts: map({ http_response_headers: int, http_total: int }),
  }),
  kernel_arguments: map({ should_exist: list(str), should_not_exist: list(str) }),
  passwd: map({
    groups: list(map({ gid: int, name: str, password_hash: str, should_exist: bool, system: bool })),
    users: list(map({
      gecos: str,
      groups: list(str),
      home_dir: str,
      name: str,
      no_create_home: bool,
      no_log_init: bool,
      no_user_group: bool,
      password_hash: str,
      primary_group: str,
      should_exist: bool,
      ssh_authorized_keys: list(str),
      shell: str,
      system: bool,
      uid: int,
    }, sshKeys)),
  }),
  storage: map({
    directories: list(map({ group: owner, overwrite: bool, path: str, user: owner, mode: int })),
    disks: list(map({
      device: str,
      partitions: list(map({
        guid: str,
        label: str,
        number: int,
        resize: bool,
        should_exist: bool,
        size_mib: int,
        start_mib: int,
        type_guid: str,
        wipe_partition_entry: bool,
      })),
      wipe_table: bool,
    })),
    files: list(map({
      group: owner, overwrite: bool, path: str, user: owner, append: list(resource), contents: fileContents, mode: int,
    })),
    filesystems: list(map({
      device: str,
      format: str,
      label: str,
      mount_options: list(str),
      options: list(str),
      path: str,
      uuid: str,
      wipe_filesystem: bool,
      with_mount_unit: bool,
    })),
    links: list(map({ group: owner, overwrite: bool, path: str, user: owner, hard: bool, target: str })),
    luks: list(map({
      clevis, device: str, key_file: resource, label: str, name: str, options: list(str), uuid: str, wipe_volume: bool,
    })),
    raid: list(map({ devices: list(str), level: str, name: str, options: list(str), spares: int })),
    trees: list(map({ local: str, path: str }, (v, field) => (v.local === undefined ? [] : [
      error('butane/contents-local-unsupported', `${field}.local`, `trees cannot be used with CAPRKE2: ${FILES_DIR_WHY}`,
        'list the files under storage.files with inline contents'),
    ]))),
  }),
  systemd: map({
    units: list(map({
      contents: str,
      contents_local: str,
      dropins: list(map({ contents: str, contents_local: str, name: str }, contentsLocal)),
      enabled: bool,
      mask: bool,
      name: str,
    }, contentsLocal)),
  }),
  boot_device: map({
    layout: str,
    luks: map({ tang: list(tang), threshold: int, tpm2: bool }),
    mirror: map({ devices: list(str) }),
  }),
});
