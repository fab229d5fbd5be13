// Rule cases for Butane v0.28.0 / Ignition v2.26.0 (src/validate/catalog/ignition-butane.ts): each a
// Butane text read as CAPRKE2's `additionalUserData.config` is, modelled on the upstream test
// tables where they exist (`source`), else ours.
import { RuleCase } from './case';
import { CONTROL_PLANE, edit } from './fixtures-rke2';
import { manifestYaml } from '../../../src/ignition/manifest';
import { parseButane } from '../../../src/validate/butane/parse';

const HEADER = 'variant: fcos\nversion: 1.4.0\n';
const W = 'warning' as const;
const IGN = (file: string, test: string) => `coreos/ignition config/v3_3/types/${file}_test.go ${test}`;
const BUT = (file: string, test: string) => `coreos/butane ${file}_test.go ${test}`;

interface Opts { readonly strict?: boolean; readonly severity?: 'error' | 'warning'; readonly message?: RegExp; readonly source?: string; readonly header?: string }

/** A case over a Butane text (the header is added unless given). */
function b(rule: string, expect: 'reject' | 'accept', title: string, body: string, o: Opts = {}): RuleCase {
  const text = (o.header ?? HEADER) + body;
  const run = () => parseButane(text, { strict: o.strict }).findings;
  return { rule, expect, title, run, severity: o.severity, message: o.message, source: o.source };
}

const file = (path: string, extra = '') => `storage:\n  files:\n    - path: ${path}\n${extra}`;
const contents = (lines: string) => file('/etc/a', `      contents:\n${lines}`);
const unit = (lines: string) => `systemd:\n  units:\n${lines}`;
const UNIT_OK = '"[Unit]\\nDescription=x\\n[Service]\\nExecStart=/bin/true\\n[Install]\\nWantedBy=multi-user.target\\n"';
const SHA256 = `sha256-${'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'}`;

/** The control plane with this Butane config (format ignition). */
const carrying = (config: string) => [edit(CONTROL_PLANE, o => { o.spec.agentConfig = { format: 'ignition', additionalUserData: { config } }; })];
const manifestFile = (inline: string) => `${HEADER}${file('/var/lib/rancher/rke2/server/manifests/x.yaml', `      contents:\n        inline: |\n${inline.split('\n').map(l => `          ${l}`).join('\n')}\n`)}`;

export const IGNITION_BUTANE_CASES: RuleCase[] = [
  // Paths, owners, modes
  b('butane/path-required', 'reject', 'a file without path', 'storage:\n  files:\n    - mode: 0644\n', { message: /path is not specified/, source: IGN('path', 'TestPathValidate') }),
  b('butane/path-required', 'reject', 'a filesystem without device', 'storage:\n  filesystems:\n    - format: ext4\n      path: /var/x\n', { source: IGN('filesystem', 'TestFilesystemValidatePath') }),
  b('butane/path-required', 'accept', 'an absolute path', file('/etc/a')),
  b('butane/path-not-absolute', 'reject', 'a relative path', file('etc/a'), { message: /not absolute/, source: IGN('path', 'TestPathValidate') }),
  b('butane/path-not-absolute', 'accept', 'an absolute path', file('/etc/a')),
  b('butane/path-not-simplified', 'reject', 'a path with ".."', file('/etc/../a'), { message: /not fully simplified/, source: IGN('path', 'TestPathValidate') }),
  b('butane/path-not-simplified', 'accept', 'a clean path', file('/etc/a')),
  b('butane/owner-id-and-name', 'reject', 'user with id and name', file('/etc/a', '      user:\n        id: 0\n        name: root\n'), { source: IGN('node', 'TestNodeValidateUser') }),
  b('butane/owner-id-and-name', 'accept', 'user by name', file('/etc/a', '      user:\n        name: root\n'), { source: IGN('node', 'TestNodeValidateUser') }),
  b('butane/mode-range', 'reject', 'mode 010000', file('/etc/a', '      mode: 010000\n'), { source: IGN('mode', 'TestModeValidate') }),
  b('butane/mode-range', 'accept', 'mode 07777', file('/etc/a', '      mode: 07777\n'), { source: IGN('mode', 'TestModeValidate') }),
  b('butane/mode-special-bits', 'reject', 'setuid (a warning)', file('/etc/a', '      mode: 04755\n'), { severity: W, source: IGN('mode', 'TestPermissionBitsValidate') }),
  b('butane/mode-special-bits', 'reject', 'setuid under strict (an error)', file('/etc/a', '      mode: 04755\n'), { strict: true }),
  b('butane/mode-special-bits', 'accept', 'mode 0755', file('/etc/a', '      mode: 0755\n')),
  b('butane/mode-decimal', 'reject', 'mode 644 (decimal)', file('/etc/a', '      mode: 644\n'), { severity: W, message: /would be reasonable if specified in octal/, source: BUT('base/v0_4/validate', 'TestValidateFileMode') }),
  b('butane/mode-decimal', 'accept', 'mode 0644', file('/etc/a', '      mode: 0644\n'), { source: BUT('base/v0_4/validate', 'TestValidateFileMode') }),
  b('butane/overwrite-without-contents', 'reject', 'overwrite without contents', file('/etc/a', '      overwrite: true\n'), { source: IGN('file', 'TestFileValidateOverwrite') }),
  b('butane/overwrite-without-contents', 'accept', 'overwrite with inline contents', file('/etc/a', '      overwrite: true\n      contents:\n        inline: x\n'), { source: IGN('file', 'TestFileValidateOverwrite') }),
  // Resources
  b('butane/contents-multiple-sources', 'reject', 'inline and source', contents('        inline: x\n        source: https://example.com/a\n'), { source: BUT('base/v0_4/validate', 'TestValidateResource') }),
  b('butane/contents-multiple-sources', 'accept', 'inline only', contents('        inline: x\n'), { source: BUT('base/v0_4/validate', 'TestValidateResource') }),
  b('butane/contents-local-unsupported', 'reject', 'local contents (no --files-dir)', contents('        local: a.txt\n'), { message: /cannot be used with CAPRKE2/, source: BUT('base/v0_4/translate', 'TestTranslateFile') }),
  b('butane/contents-local-unsupported', 'reject', 'unit contents_local (unused key in fcos 1.4.0: a warning)', unit('    - name: a.service\n      contents_local: a.service\n'), { severity: W }),
  b('butane/contents-local-unsupported', 'accept', 'inline contents', contents('        inline: x\n')),
  b('butane/contents-source-invalid', 'reject', 'scheme ftp', contents('        source: ftp://example.com/a\n'), { message: /invalid url scheme/, source: IGN('url', 'TestURLValidate') }),
  b('butane/contents-source-invalid', 'reject', 's3 with an empty versionId', contents('        source: "s3://bucket/key?versionId="\n'), { message: /VersionId/, source: IGN('url', 'TestURLValidate') }),
  b('butane/contents-source-invalid', 'accept', 'https and s3 with a versionId', `${contents('        source: https://example.com/a\n')}    - path: /etc/b\n      contents:\n        source: "s3://bucket/key?versionId=abc"\n`, { source: IGN('url', 'TestURLValidate') }),
  b('butane/source-required', 'reject', 'a merge config without source', 'ignition:\n  config:\n    merge:\n      - verification:\n          hash: ' + SHA256 + '\n', { source: IGN('ignition', 'TestIgnitionConfigValidate') }),
  b('butane/source-required', 'reject', 'a CA without source', 'ignition:\n  security:\n    tls:\n      certificate_authorities:\n        - compression: gzip\n', { source: IGN('tls', 'TestTLSValidate') }),
  b('butane/source-required', 'accept', 'a merge config and a CA with sources', 'ignition:\n  config:\n    merge:\n      - source: https://example.com/a.ign\n  security:\n    tls:\n      certificate_authorities:\n        - inline: "-----BEGIN CERTIFICATE-----"\n', { source: IGN('ignition', 'TestIgnitionConfigValidate') }),
  b('butane/compression-invalid', 'reject', 'compression bzip2', contents('        source: https://example.com/a.bz2\n        compression: bzip2\n'), { message: /invalid compression method/ }),
  b('butane/compression-invalid', 'accept', 'compression gzip with a source', contents('        source: https://example.com/a.gz\n        compression: gzip\n')),
  b('butane/compression-uncompressed', 'reject', 'compression gzip with plain inline text', contents('        inline: hello\n        compression: gzip\n'), { message: /already compressed/, source: BUT('base/v0_4/translate', 'TestTranslateFile') }),
  b('butane/compression-uncompressed', 'accept', 'compression gzip with !!binary gzip data', contents('        inline: !!binary H4sIAAAAAAAAA8tIzcnJBwCGphA2BQAAAA==\n        compression: gzip\n')),
  b('butane/verification-hash', 'reject', 'xor-… (unrecognized function)', contents('        source: https://example.com/a\n        verification:\n          hash: xor-abcdef\n'), { message: /unrecognized hash function/, source: IGN('verification', 'TestHashValidate') }),
  b('butane/verification-hash', 'reject', 'sha512-123 (wrong size)', contents('        source: https://example.com/a\n        verification:\n          hash: sha512-123\n'), { message: /incorrect size/, source: IGN('verification', 'TestHashValidate') }),
  b('butane/verification-hash', 'reject', 'no "-" (malformed)', contents('        source: https://example.com/a\n        verification:\n          hash: sha256\n'), { message: /malformed hash specifier/, source: IGN('verification', 'TestHashParts') }),
  b('butane/verification-hash', 'accept', 'sha256 of the right size', contents(`        source: https://example.com/a\n        verification:\n          hash: ${SHA256}\n`), { source: IGN('verification', 'TestHashValidate') }),
  b('butane/verification-no-source', 'reject', 'verification without any source', file('/etc/a', `      append:\n        - verification:\n            hash: ${SHA256}\n`), { source: IGN('file', 'TestFileContentsValidate') }),
  b('butane/verification-no-source', 'accept', 'verification of inline contents (Butane makes it a data: source)', contents(`        inline: x\n        verification:\n          hash: ${SHA256}\n`)),
  b('butane/http-headers-scheme', 'reject', 'headers with inline contents (a data: URL)', contents('        inline: x\n        http_headers:\n          - name: Authorization\n            value: Bearer x\n'), { message: /cannot use HTTP headers with this source scheme/ }),
  b('butane/http-headers-scheme', 'accept', 'headers with an https source', contents('        source: https://example.com/a\n        http_headers:\n          - name: Authorization\n            value: Bearer x\n')),
  b('butane/http-header-invalid', 'reject', 'a header without name', contents('        source: https://example.com/a\n        http_headers:\n          - value: emptyheadervalue\n'), { message: /name can't be empty/, source: IGN('headers', 'TestHeadersParse') }),
  b('butane/http-header-invalid', 'reject', 'a header with an empty value', contents('        source: https://example.com/a\n        http_headers:\n          - name: emptyheadername\n            value: ""\n'), { source: IGN('headers', 'TestHeadersParse') }),
  b('butane/http-header-invalid', 'accept', 'two headers', contents('        source: https://example.com/a\n        http_headers:\n          - name: header1\n            value: header1value\n          - name: header2\n            value: header2value\n'), { source: IGN('headers', 'TestValidHeadersParse') }),
  b('butane/proxy', 'reject', 'a socks proxy', 'ignition:\n  proxy:\n    http_proxy: socks5://proxy:1080\n', { message: /proxies must be http\(s\)/, source: IGN('proxy', 'TestValidateProxyURL') }),
  b('butane/proxy', 'reject', 'an http:// https_proxy (a warning)', 'ignition:\n  proxy:\n    https_proxy: http://proxy:3128\n', { severity: W, source: IGN('proxy', 'TestValidateProxyURL') }),
  b('butane/proxy', 'accept', 'http and https proxies', 'ignition:\n  proxy:\n    http_proxy: http://proxy:3128\n    https_proxy: https://proxy:3129\n'),
  // Links and units
  b('butane/link-target-required', 'reject', 'a link without target', 'storage:\n  links:\n    - path: /etc/l\n', { source: IGN('storage', 'TestStorageValidateErrors') }),
  b('butane/link-target-required', 'accept', 'a link with a target', 'storage:\n  links:\n    - path: /etc/l\n      target: /etc/a\n'),
  b('butane/path-through-link', 'reject', 'a file below a declared link', 'storage:\n  links:\n    - path: /etc/l\n      target: /tmp\n  files:\n    - path: /etc/l/a\n', { source: IGN('storage', 'TestStorageValidateErrors') }),
  b('butane/path-through-link', 'accept', 'a file next to a link', 'storage:\n  links:\n    - path: /etc/l\n      target: /tmp\n  files:\n    - path: /etc/la\n'),
  b('butane/hard-link', 'reject', 'a hard link to a declared directory', 'storage:\n  directories:\n    - path: /opt/d\n  links:\n    - path: /opt/l\n      target: /opt/d\n      hard: true\n', { message: /is a directory/, source: IGN('storage', 'TestStorageValidateErrors') }),
  b('butane/hard-link', 'reject', 'a hard link with a user (a warning)', 'storage:\n  links:\n    - path: /opt/l\n      target: /opt/f\n      hard: true\n      user:\n        name: core\n', { severity: W, source: IGN('storage', 'TestStorageValidateWarnings') }),
  b('butane/hard-link', 'accept', 'a symbolic link to a directory', 'storage:\n  directories:\n    - path: /opt/d\n  links:\n    - path: /opt/l\n      target: /opt/d\n'),
  b('butane/path-conflicts-unit', 'reject', 'a file at a unit\'s path', `${unit(`    - name: a.service\n      contents: ${UNIT_OK}\n`)}${file('/etc/systemd/system/a.service')}`, { source: IGN('config', 'TestConfigValidation') }),
  b('butane/path-conflicts-unit', 'accept', 'a file elsewhere', `${unit(`    - name: a.service\n      contents: ${UNIT_OK}\n`)}${file('/etc/a.service')}`),
  b('butane/unit-extension', 'reject', 'a unit named "foo"', unit('    - name: foo\n'), { source: IGN('unit', 'TestSystemdUnitValidateName') }),
  b('butane/unit-extension', 'accept', 'a .timer unit', unit('    - name: foo.timer\n'), { source: IGN('unit', 'TestSystemdUnitValidateName') }),
  b('butane/unit-contents-invalid', 'reject', 'contents that are not a unit file', unit('    - name: a.service\n      contents: "[Unit\\n"\n'), { source: IGN('unit', 'TestSystemdUnitValidateContents') }),
  b('butane/unit-contents-invalid', 'accept', 'a unit file', unit(`    - name: a.service\n      contents: ${UNIT_OK}\n`)),
  b('butane/unit-no-install', 'reject', 'enabled without [Install] (a warning)', unit('    - name: a.service\n      enabled: true\n      contents: "[Service]\\nExecStart=/bin/true\\n"\n'), { severity: W, source: IGN('unit', 'TestSystemdUnitValidateContents') }),
  b('butane/unit-no-install', 'accept', 'enabled with [Install]', unit(`    - name: a.service\n      enabled: true\n      contents: ${UNIT_OK}\n`)),
  b('butane/template-unit-no-install', 'reject', 'an enabled instance of a template without [Install] (a warning)', unit('    - name: echo@.service\n      contents: "[Service]\\nExecStart=/bin/echo %i\\n"\n    - name: echo@foo.service\n      enabled: true\n'), { severity: W, source: IGN('systemd', 'TestSystemdValidate') }),
  b('butane/template-unit-no-install', 'accept', 'the template has [Install]', unit(`    - name: echo@.service\n      contents: ${UNIT_OK}\n    - name: echo@foo.service\n      enabled: true\n`), { source: IGN('systemd', 'TestSystemdValidate') }),
  b('butane/dropin-extension', 'reject', 'a drop-in named "x"', unit('    - name: a.service\n      dropins:\n        - name: x\n'), { source: IGN('unit', 'TestSystemdUnitDropInValidate') }),
  b('butane/dropin-extension', 'accept', 'a .conf drop-in', unit('    - name: a.service\n      dropins:\n        - name: x.conf\n')),
  // Duplicates
  b('butane/duplicate-path', 'reject', 'a file and a directory at one path', 'storage:\n  directories:\n    - path: /etc/a\n  files:\n    - path: /etc/a\n', { message: /duplicate entry defined/, source: 'coreos/ignition config/validate/validate_test.go TestValidateWithContext' }),
  b('butane/duplicate-path', 'accept', 'distinct paths', 'storage:\n  directories:\n    - path: /etc/a\n  files:\n    - path: /etc/b\n'),
  b('butane/duplicate-unit', 'reject', 'a unit twice', unit('    - name: a.service\n    - name: a.service\n')),
  b('butane/duplicate-unit', 'accept', 'two units', unit('    - name: a.service\n    - name: b.service\n')),
  b('butane/duplicate-dropin', 'reject', 'a drop-in twice', unit('    - name: a.service\n      dropins:\n        - name: x.conf\n        - name: x.conf\n')),
  b('butane/duplicate-dropin', 'accept', 'the same drop-in name on two units', unit('    - name: a.service\n      dropins:\n        - name: x.conf\n    - name: b.service\n      dropins:\n        - name: x.conf\n')),
  b('butane/duplicate-entry', 'reject', 'a kernel argument to keep and to drop', 'kernel_arguments:\n  should_exist: [foo]\n  should_not_exist: [foo]\n', { source: IGN('kargs', 'TestKernelArgumentsValidate') }),
  b('butane/duplicate-entry', 'reject', 'an HTTP header twice', contents('        source: https://example.com/a\n        http_headers:\n          - name: header1\n            value: header1value\n          - name: header1\n            value: header2value\n'), { source: IGN('headers', 'TestDuplicateHeadersParse') }),
  b('butane/duplicate-entry', 'reject', 'a user twice; an SSH key twice', 'passwd:\n  users:\n    - name: core\n    - name: core\n', { message: /"core" is also passwd.users\[0\]/ }),
  b('butane/duplicate-entry', 'accept', 'two users, two filesystems on two devices', 'passwd:\n  users:\n    - name: core\n    - name: admin\nstorage:\n  filesystems:\n    - device: /dev/sdb\n      format: ext4\n    - device: /dev/sdc\n      format: xfs\n'),
  // Storage
  b('butane/filesystem-format', 'reject', 'format zfs', 'storage:\n  filesystems:\n    - device: /dev/sdb\n      format: zfs\n', { message: /invalid filesystem format/, source: IGN('filesystem', 'TestFilesystemValidateFormat') }),
  b('butane/filesystem-format', 'reject', 'a path without format', 'storage:\n  filesystems:\n    - device: /dev/sdb\n      path: /var/data\n', { source: IGN('filesystem', 'TestFilesystemValidateFormat') }),
  b('butane/filesystem-format', 'accept', 'btrfs with a path', 'storage:\n  filesystems:\n    - device: /dev/sdb\n      format: btrfs\n      path: /var/data\n', { source: IGN('filesystem', 'TestFilesystemValidateFormat') }),
  b('butane/filesystem-label', 'reject', 'an xfs label of 13 characters', 'storage:\n  filesystems:\n    - device: /dev/sdb\n      format: xfs\n      label: abcdefghijklm\n', { message: /longer than 12/, source: IGN('filesystem', 'TestLabelValidate') }),
  b('butane/filesystem-label', 'accept', 'an ext4 label of 16 characters', 'storage:\n  filesystems:\n    - device: /dev/sdb\n      format: ext4\n      label: abcdefghijklmnop\n', { source: IGN('filesystem', 'TestLabelValidate') }),
  b('butane/filesystem-mount-unit', 'reject', 'with_mount_unit without path', 'storage:\n  filesystems:\n    - device: /dev/sdb\n      format: ext4\n      with_mount_unit: true\n', { source: BUT('base/v0_4/validate', 'TestValidateFilesystem') }),
  b('butane/filesystem-mount-unit', 'accept', 'swap with_mount_unit without path', 'storage:\n  filesystems:\n    - device: /dev/sdb\n      format: swap\n      with_mount_unit: true\n', { source: BUT('base/v0_4/validate', 'TestValidateFilesystem') }),
  b('butane/filesystem-disk', 'reject', 'a filesystem on a partitioned disk (a warning)', 'storage:\n  disks:\n    - device: /dev/sdb\n      partitions:\n        - number: 1\n  filesystems:\n    - device: /dev/sdb\n      format: ext4\n', { severity: W, message: /overwrites partitioned device/, source: IGN('storage', 'TestStorageValidateWarnings') }),
  b('butane/filesystem-disk', 'accept', 'a filesystem on the partition', 'storage:\n  disks:\n    - device: /dev/sdb\n      partitions:\n        - number: 1\n          label: data\n  filesystems:\n    - device: /dev/disk/by-partlabel/data\n      format: ext4\n'),
  b('butane/device-required', 'reject', 'a disk without device', 'storage:\n  disks:\n    - wipe_table: true\n'),
  b('butane/device-required', 'reject', 'a LUKS volume without device', 'storage:\n  luks:\n    - name: data\n'),
  b('butane/device-required', 'accept', 'a disk and a LUKS volume with devices', 'storage:\n  disks:\n    - device: /dev/sdb\n  luks:\n    - name: data\n      device: /dev/sdc\n'),
  b('butane/partitions', 'reject', 'two partitions numbered 1', 'storage:\n  disks:\n    - device: /dev/sdb\n      partitions:\n        - number: 1\n        - number: 1\n', { message: /partition numbers collide/ }),
  b('butane/partitions', 'reject', 'overlapping partitions', 'storage:\n  disks:\n    - device: /dev/sdb\n      partitions:\n        - number: 1\n          start_mib: 10\n          size_mib: 100\n        - number: 2\n          start_mib: 50\n          size_mib: 100\n', { message: /partitions overlap/ }),
  b('butane/partitions', 'accept', 'adjacent partitions', 'storage:\n  disks:\n    - device: /dev/sdb\n      partitions:\n        - number: 1\n          start_mib: 10\n          size_mib: 100\n        - number: 2\n          start_mib: 110\n          size_mib: 100\n'),
  b('butane/partition', 'reject', 'a label of 37 characters', 'storage:\n  disks:\n    - device: /dev/sdb\n      partitions:\n        - label: abcdefghijklmnopqrstuvwxyzabcdefghijk\n', { message: /may not exceed 36/, source: IGN('partition', 'TestValidateLabel') }),
  b('butane/partition', 'reject', 'a malformed type_guid', 'storage:\n  disks:\n    - device: /dev/sdb\n      partitions:\n        - number: 1\n          type_guid: not-a-guid\n', { source: IGN('partition', 'TestValidateGUID') }),
  b('butane/partition', 'accept', 'a label and a GUID', 'storage:\n  disks:\n    - device: /dev/sdb\n      partitions:\n        - label: data\n          type_guid: 0FC63DAF-8483-4772-8E79-3D69D8477DE4\n', { source: IGN('partition', 'TestValidateGUID') }),
  b('butane/raid', 'reject', 'raid0 with a spare', 'storage:\n  raid:\n    - name: md0\n      level: "0"\n      devices: [/dev/fd0]\n      spares: 1\n', { message: /spares unsupported/, source: IGN('raid', 'TestRaidValidate') }),
  b('butane/raid', 'reject', 'level zzz', 'storage:\n  raid:\n    - name: md0\n      level: zzz\n      devices: [/dev/fd0]\n', { source: IGN('raid', 'TestRaidValidate') }),
  b('butane/raid', 'accept', 'raid0 without spares', 'storage:\n  raid:\n    - name: md0\n      level: "0"\n      devices: [/dev/fd0]\n      spares: 0\n', { source: IGN('raid', 'TestRaidValidate') }),
  b('butane/luks', 'reject', 'a name with "/"', 'storage:\n  luks:\n    - name: a/b\n      device: /dev/sdb\n', { message: /cannot contain slashes/ }),
  b('butane/luks', 'reject', 'custom clevis with tpm2', 'storage:\n  luks:\n    - name: data\n      device: /dev/sdb\n      clevis:\n        tpm2: true\n        custom:\n          pin: sss\n          config: "{}"\n', { message: /cannot use custom clevis config/ }),
  b('butane/luks', 'accept', 'tpm2 only', 'storage:\n  luks:\n    - name: data\n      device: /dev/sdb\n      clevis:\n        tpm2: true\n'),
  b('butane/clevis-custom', 'reject', 'pin z', 'storage:\n  luks:\n    - name: data\n      device: /dev/sdb\n      clevis:\n        custom:\n          pin: z\n          config: z\n', { message: /unsupported clevis pin/, source: IGN('clevis', 'TestClevisCustomValidate') }),
  b('butane/clevis-custom', 'reject', 'tpm2 pin without config', 'storage:\n  luks:\n    - name: data\n      device: /dev/sdb\n      clevis:\n        custom:\n          pin: tpm2\n', { message: /missing required custom clevis config/, source: IGN('clevis', 'TestClevisCustomValidate') }),
  b('butane/clevis-custom', 'accept', 'sss with a config', 'storage:\n  luks:\n    - name: data\n      device: /dev/sdb\n      clevis:\n        custom:\n          pin: sss\n          config: z\n', { source: IGN('clevis', 'TestClevisCustomValidate') }),
  b('butane/tang', 'reject', 'a Tang URL without scheme and without thumbprint', 'storage:\n  luks:\n    - name: data\n      device: /dev/sdb\n      clevis:\n        tang:\n          - url: tang.example.com\n'),
  b('butane/tang', 'accept', 'an http Tang server with thumbprint', 'storage:\n  luks:\n    - name: data\n      device: /dev/sdb\n      clevis:\n        tang:\n          - url: http://tang.example.com\n            thumbprint: abc\n'),
  b('butane/boot-device', 'reject', 'layout s390x (not in fcos 1.4.0)', 'boot_device:\n  layout: s390x-virt\n', { message: /layout must be one of/, source: BUT('config/fcos/v1_4/validate', 'TestValidateBootDevice') }),
  b('butane/boot-device', 'reject', 'a mirror of one device', 'boot_device:\n  layout: x86_64\n  mirror:\n    devices: [/dev/sda]\n', { message: /at least two devices/, source: BUT('config/fcos/v1_4/validate', 'TestValidateBootDevice') }),
  b('butane/boot-device', 'accept', 'a mirror of two devices', 'boot_device:\n  layout: x86_64\n  mirror:\n    devices: [/dev/sda, /dev/sdb]\n', { source: BUT('config/fcos/v1_4/validate', 'TestValidateBootDevice') }),
  // Reading the text
  b('butane/yaml-syntax', 'reject', 'bad indentation', 'storage:\n  files:\n    - path: /a\n   mode: 0644\n'),
  b('butane/yaml-syntax', 'reject', '!!binary that is not base64', contents('        inline: !!binary "not base64"\n'), { message: /invalid base64/ }),
  b('butane/yaml-syntax', 'accept', 'valid YAML with !!binary', contents('        inline: !!binary aGVsbG8=\n')),
  b('butane/type', 'reject', 'a string for a list', 'storage:\n  files: /etc/a\n', { source: BUT('base/v0_4/translate', 'TestToIgn3_3') }),
  b('butane/type', 'accept', 'a list', file('/etc/a')),
  b('butane/unknown-key', 'reject', 'a misspelt key (a warning)', file('/etc/a', '      moed: 0644\n'), { severity: W, message: /unused key moed/, source: BUT('config/fcos/v1_4/validate', 'TestReportCorrelation') }),
  b('butane/unknown-key', 'accept', 'known keys', file('/etc/a', '      mode: 0644\n')),
  b('butane/variant-version', 'reject', 'variant flatcar (a warning)', '', { header: 'variant: flatcar\nversion: 1.0.0\n', severity: W, message: /drops its base filesystems/, source: 'rancher/cluster-api-provider-rke2 bootstrap/internal/ignition/butane/butane_test.go Describe("Render") "handles flatcar specifics"' }),
  b('butane/variant-version', 'accept', 'fcos 1.4.0', file('/etc/a')),
  // Ours
  b('butane/ssh-key', 'reject', 'a YAML number as SSH key (a warning, also under strict)', 'passwd:\n  users:\n    - name: core\n      ssh_authorized_keys: [1]\n', { strict: true, severity: W, source: 'ours' }),
  b('butane/ssh-key', 'accept', 'an ed25519 key', 'passwd:\n  users:\n    - name: core\n      ssh_authorized_keys: ["ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl user@host"]\n', { source: 'ours' }),
  b('butane/overrides-caprke2-base', 'reject', 'replacing CAPRKE2\'s RKE2 config file (a warning)', file('/etc/rancher/rke2/config.yaml', '      contents:\n        inline: "token: x"\n'), { severity: W, source: 'ours' }),
  b('butane/overrides-caprke2-base', 'reject', 'replacing chronyd.service (a warning)', unit('    - name: chronyd.service\n      enabled: false\n'), { severity: W, source: 'ours' }),
  b('butane/overrides-caprke2-base', 'accept', 'the pre-v0.25.0 paths are no longer CAPRKE2\'s', `${file('/etc/ntp.conf')}    - path: /etc/ssh/sshd_config\n`, { source: 'ours' }),
  {
    rule: 'butane/manifest-object',
    expect: 'reject',
    title: 'a string where an object is expected',
    source: 'ours',
    run: () => manifestYaml(['not an object'], 'objects').findings,
  },
  {
    rule: 'butane/manifest-object',
    expect: 'accept',
    title: 'a ConfigMap',
    source: 'ours',
    run: () => manifestYaml([{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', namespace: 'default' } }], 'objects').findings,
  },
  { rule: 'embedded/yaml/syntax', expect: 'reject', title: 'an inline manifest that is not YAML', objects: carrying(manifestFile('a: [b')), source: 'ours' },
  {
    rule: 'embedded/yaml/syntax',
    expect: 'reject',
    title: 'metallb-cr.yaml with a stray "\\" before a flow mapping',
    objects: carrying(manifestFile('apiVersion: metallb.io/v1beta1\nkind: IPAddressPool\nmetadata:\n  name: kubernetes-vip-ip-pool\n  namespace: metallb-system\nspec:\n  addresses:\n    - 192.168.125.100/32\n  serviceAllocation:\n    priority: 100\n    namespaces:\n      - default\n    serviceSelectors:\n      - matchExpressions:\n        - \\{key: "serviceType", operator: In, values: [kubernetes-vip]}\n')),
    source: 'suse-edge/suse-edge.github.io#581',
  },
  { rule: 'embedded/content', expect: 'reject', title: 'a gzip data: URL whose data is not gzip', objects: carrying(`${HEADER}${file('/var/lib/rancher/rke2/server/manifests/x.yaml', '      contents:\n        source: "data:;base64,aGVsbG8="\n        compression: gzip\n')}`), message: /cannot be decompressed/, source: 'ours' },
  { rule: 'embedded/content', expect: 'accept', title: 'a base64 data: URL of a ConfigMap', objects: carrying(`${HEADER}${file('/var/lib/rancher/rke2/server/manifests/x.yaml', `      contents:\n        source: "data:;base64,${Buffer.from('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  namespace: default\n').toString('base64')}"\n`)}`), source: 'ours' },
  { rule: 'embedded/yaml/syntax', expect: 'accept', title: 'an inline ConfigMap', objects: carrying(manifestFile('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  namespace: default\n')), source: 'ours' },
  { rule: 'embedded/input/not-an-object', expect: 'reject', title: 'an inline manifest that is a list of words', objects: carrying(manifestFile('- a\n- b\n')), source: 'ours' },
  { rule: 'embedded/input/not-an-object', expect: 'accept', title: 'an inline ConfigMap', objects: carrying(manifestFile('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  namespace: default\n')), source: 'ours' },
];
