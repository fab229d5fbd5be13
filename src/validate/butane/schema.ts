// The key tree of Butane `fcos` 1.4.0 (Butane's base v0_4 plus the fcos additions), used by
// the parser to type-check every value and to warn about unused keys the way Butane does.
import { checkDuplicateEntries } from './duplicate-entries';
import { NO_READ_INFO, ReadInfo, checkProxy, checkRequiredSource, checkResourceFields } from './resource-rules';
import { checkContents } from './rules';
import {
  checkBootDevice, checkClevisCustom, checkDisk, checkFilesystem, checkFilesystemsAgainstDisks, checkLuks, checkRaid, checkTang,
} from './storage-rules';
import { Finding, error, warning } from '../../core/finding';

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
  readonly check?: (value: Plain, field: string, info: ReadInfo) => Finding[];
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
/** A resource other than a file's `contents` (its sources are checked with the file). */
const resource = map(resourceKeys, (v, field, info) => [...checkContents(v as any, field), ...checkResourceFields(v, field, info)]);
/** A resource Ignition requires a source for (`ignition.config.merge[]`, TLS certificate authorities). */
const sourcedResource = map(resourceKeys, (v, field, info) => [
  ...checkContents(v as any, field), ...checkResourceFields(v, field, info), ...checkRequiredSource(v, field),
]);
const fileContents = map(resourceKeys, (v, field, info) => checkResourceFields(v, field, info ?? NO_READ_INFO));
const owner = map({ id: int, name: str });

/**
 * `contents_local` only exists from fcos 1.5.0 on: in 1.4.0 Butane ignores it with an
 * "unused key" warning (an error under strict), and it would need --files-dir anyway. Either
 * way the unit or drop-in does not get the intended contents.
 */
function contentsLocal(v: Plain, field: string): Finding[] {
  if (v.contents_local === undefined) return [];
  return [warning('butane/contents-local-unsupported', `${field}.contents_local`,
    `unused key contents_local: it is not part of Butane fcos 1.4.0, which ignores it${v.contents === undefined ? ', so the unit gets no contents' : ' and uses contents'} (and ${FILES_DIR_WHY})`,
    'put the unit text in contents')];
}

const tang = map({ url: str, thumbprint: str }, (v, field) => checkTang(v, field));

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
    ? [warning('butane/ssh-key', `${field}.ssh_authorized_keys[${i}]`, `${JSON.stringify(k)} is not an SSH public key; Ignition writes it as given and sshd ignores it`,
      'a line of authorized_keys: the key type, its base64 data and an optional comment, e.g. ssh-ed25519 AAAAC3Nza… user@host')]
    : []));
}
const clevis = map({
  custom: map({ config: str, needs_network: bool, pin: str }, (v, field) => checkClevisCustom(v, field)),
  tang: list(tang),
  threshold: int,
  tpm2: bool,
});

export const BUTANE_FCOS_1_4: MapShape = map({
  variant: str,
  version: str,
  ignition: map({
    config: map({ merge: list(sourcedResource), replace: resource }),
    proxy: map({ http_proxy: str, https_proxy: str, no_proxy: list(str) }, (v, field) => checkProxy(v, field)),
    security: map({ tls: map({ certificate_authorities: list(sourcedResource) }) }),
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
    }, (v, field) => checkDisk(v, field))),
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
    }, (v, field) => checkFilesystem(v, field))),
    links: list(map({ group: owner, overwrite: bool, path: str, user: owner, hard: bool, target: str })),
    luks: list(map({
      clevis, device: str, key_file: resource, label: str, name: str, options: list(str), uuid: str, wipe_volume: bool,
    }, (v, field) => checkLuks(v, field))),
    raid: list(map({ devices: list(str), level: str, name: str, options: list(str), spares: int }, (v, field) => checkRaid(v, field))),
    trees: list(map({ local: str, path: str }, (v, field) => (v.local === undefined ? [] : [
      error('butane/contents-local-unsupported', `${field}.local`, `trees cannot be used with CAPRKE2: ${FILES_DIR_WHY}`,
        'list the files under storage.files with inline contents'),
    ]))),
  }, (v, field) => checkFilesystemsAgainstDisks(v, field)),
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
  }, (v, field) => checkBootDevice(v, field)),
}, root => checkDuplicateEntries(root));
