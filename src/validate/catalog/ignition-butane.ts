// Butane v0.28.0 (fcos 1.4.0) and Ignition v2.26.0 (config spec 3.3), the versions CAPRKE2
// v0.25.0's go.mod pins: CAPRKE2 translates `additionalUserData.config` (and its own base config)
// with fcos.ToIgn3_3Bytes, which runs Ignition's validation inside the translation. Errors always
// fail; warnings fail under `strict`. Research: docs/upstream-coverage/ignition-butane.md.
import { CatalogEntry, CheckKind, NotPorted, ProjectCatalog, UpstreamRef } from './entry';

const ign = (file: string, symbol: string): UpstreamRef => ({ repo: 'coreos/ignition', tag: 'v2.26.0', path: `config/v3_3/types/${file}`, symbol });
const ignAt = (path: string, symbol: string): UpstreamRef => ({ repo: 'coreos/ignition', tag: 'v2.26.0', path, symbol });
const but = (path: string, symbol: string): UpstreamRef => ({ repo: 'coreos/butane', tag: 'v0.28.0', path, symbol });
const rke2 = (path: string, symbol: string): UpstreamRef => ({ repo: 'rancher/cluster-api-provider-rke2', tag: 'v0.25.0', path, symbol });

/** The kinds that carry a Butane config (agentConfig.additionalUserData.config). */
const CARRIERS = [
  'bootstrap.cluster.x-k8s.io/RKE2Config', 'bootstrap.cluster.x-k8s.io/RKE2ConfigTemplate',
  'controlplane.cluster.x-k8s.io/RKE2ControlPlane', 'controlplane.cluster.x-k8s.io/RKE2ControlPlaneTemplate',
];
const T = CheckKind.TOOL;
const DUPS = ignAt('config/validate/validate.go', 'ValidateDups');
const e = (id: string, what: string, upstream: UpstreamRef[], extra: Partial<CatalogEntry> = {}): CatalogEntry =>
  ({ id, kinds: CARRIERS, kind: T, what, upstream, ...extra });

const entries: CatalogEntry[] = [
  // Paths, modes, owners, contents
  e('butane/path-required', 'a file, directory, link or filesystem device without a path: "path not specified"', [ign('path.go', 'validatePath'), ign('node.go', 'Node.Validate')]),
  e('butane/path-not-absolute', 'a relative path: "path not absolute"', [ign('path.go', 'validatePath')]),
  e('butane/path-not-simplified', 'a path with ".", "..", "//" or a trailing "/": "path is not fully simplified"', [ign('path.go', 'validatePath')]),
  e('butane/owner-id-and-name', 'user or group with both id and name: "cannot set both id and name"', [ign('node.go', 'validateIDorName')]),
  e('butane/mode-range', 'a mode below 0 or above 07777: "illegal file mode"', [ign('mode.go', 'validateMode')]),
  e('butane/mode-special-bits', 'setuid/setgid/sticky bits (an Ignition 3.3 warning; an error under strict)', [ign('mode.go', 'validateModeSpecialBits')]),
  e('butane/mode-decimal', 'a mode that reads as a decimal number meant in octal (644): "unreasonable mode would be reasonable if specified in octal" (a warning; an error under strict)', [but('base/util/file.go', 'CheckForDecimalMode'), but('base/v0_4/validate.go', 'File.Validate')]),
  e('butane/overwrite-without-contents', 'overwrite: true with no contents: "overwrite must be false if source is unspecified"', [ign('file.go', 'File.validateOverwrite')]),
  e('butane/contents-multiple-sources', 'more than one of inline, local, source: "only one of the following can be set: inline, local, source"', [but('base/v0_4/validate.go', 'Resource.Validate')]),
  e('butane/contents-local-unsupported', 'local / trees need --files-dir, which CAPRKE2 never passes (an error); contents_local of units and drop-ins is not fcos 1.4.0 (Butane\'s "unused key" warning)', [but('base/v0_4/translate.go', 'translateResource'), but('base/v0_4/translate.go', 'Config.processTrees'), but('config/util/util.go', 'TranslateBytes')],
    { stricterThanUpstream: 'for contents_local Butane fcos 1.4.0 only warns (unused key); it is a warning here too, an error under strict' }),
  e('butane/contents-source-invalid', 'a source URL that does not parse, has a scheme other than http(s)/tftp/s3/gs/data, a data URL that does not decode, or an s3 URL with an empty versionId', [ign('url.go', 'validateURL'), ign('resource.go', 'Resource.Validate')]),
  e('butane/source-required', 'ignition.config.merge[] entries and TLS certificate authorities without a source: "source is required"', [ign('ignition.go', 'IgnitionConfig.Validate'), ign('tls.go', 'TLS.Validate')]),
  e('butane/compression-invalid', 'compression other than "" or "gzip": "invalid compression method"', [ign('resource.go', 'Resource.validateCompression')]),
  e('butane/compression-uncompressed', 'compression: gzip with plain inline text', [but('base/util/url.go', 'MakeDataURL')],
    { ours: 'Butane takes inline data as already compressed when compression is set, so the plain text becomes a gzip-labelled data URL that Ignition fails to decompress at boot; Butane and Ignition validation accept it' }),
  e('butane/verification-hash', 'verification.hash not <function>-<hex>, a function other than sha256/sha512, or a sum of the wrong length', [ign('verification.go', 'Verification.Validate'), ign('verification.go', 'Verification.HashParts')]),
  e('butane/verification-no-source', 'verification without any source (Butane turns inline into one): "source must be specified if verification is specified"', [ign('resource.go', 'Resource.validateVerification')]),
  e('butane/http-headers-scheme', 'http_headers with a source that is not http(s) (inline text becomes a data: URL): "cannot use HTTP headers with this source scheme"', [ign('resource.go', 'Resource.validateSchemeForHTTPHeaders')]),
  e('butane/http-header-invalid', 'an HTTP header with an empty name or an empty value', [ign('headers.go', 'HTTPHeader.Validate')]),
  e('butane/proxy', 'proxies that are not http(s); an http:// https_proxy (a warning)', [ign('proxy.go', 'validateProxyURL')]),
  // Links, units
  e('butane/link-target-required', 'a link without target: "link target is required"', [ign('storage.go', 'Storage.validateLinks')]),
  e('butane/path-through-link', 'a file, directory or link below a declared link: "… path includes link in config"', [ign('storage.go', 'Storage.validateFiles'), ign('storage.go', 'Storage.validateDirectories'), ign('storage.go', 'Storage.validateLinks')]),
  e('butane/hard-link', 'a hard link to a declared directory; user/group on a hard link (a warning: "user/group ignored for hard link")', [ign('storage.go', 'Storage.validateLinks')]),
  e('butane/path-conflicts-unit', 'a node at the path of a unit or drop-in with contents: "path conflicts with systemd unit or dropin"', [ign('config.go', 'Config.Validate')]),
  e('butane/unit-extension', 'a unit name without a systemd unit suffix: "invalid systemd unit extension"', [ign('unit.go', 'validateName')]),
  e('butane/unit-contents-invalid', 'unit or drop-in contents that do not parse as a unit file', [ign('unit.go', 'Unit.Validate'), ign('unit.go', 'Dropin.Validate')]),
  e('butane/unit-no-install', 'an enabled unit with contents but no [Install] section (a warning)', [ignAt('config/shared/validations/unit.go', 'ValidateInstallSection')]),
  e('butane/template-unit-no-install', 'an enabled instance x@y.service whose template x@.service has no [Install] section (a warning)', [ign('systemd.go', 'Systemd.Validate')]),
  e('butane/dropin-extension', 'a drop-in name not ending in .conf: "invalid systemd drop-in extension"', [ign('unit.go', 'Dropin.Validate')]),
  // Duplicates
  e('butane/duplicate-path', 'two files, directories or links with one path: "duplicate entry defined"', [DUPS, ign('storage.go', 'Storage.MergedKeys')]),
  e('butane/duplicate-unit', 'two units with one name: "duplicate entry defined"', [DUPS, ign('unit.go', 'Unit.Key')]),
  e('butane/duplicate-dropin', 'two drop-ins of a unit with one name: "duplicate entry defined"', [DUPS, ign('unit.go', 'Dropin.Key')]),
  e('butane/duplicate-entry', 'any other keyed list repeating a key: users, groups, SSH keys, user groups, disks, filesystems (device), partitions (number/label), RAID (name) and its devices, LUKS (name), Tang servers, HTTP headers, merge/CA sources, no_proxy, kernel arguments (to keep and to drop share one key space)', [DUPS, ign('kargs.go', 'KernelArguments.MergedKeys')]),
  // Storage beyond files
  e('butane/filesystem-format', 'a filesystem format other than ext4, btrfs, xfs, swap, vfat, none; path/label/uuid/options/wipe without a format', [ign('filesystem.go', 'Filesystem.validateFormat'), ign('filesystem.go', 'Filesystem.validateLabel')]),
  e('butane/filesystem-label', 'a filesystem label longer than its format allows (ext4 16, btrfs 256, xfs 12, swap 15, vfat 11)', [ign('filesystem.go', 'Filesystem.validateLabel')]),
  e('butane/filesystem-mount-unit', 'with_mount_unit without format, or without path unless swap', [but('base/v0_4/validate.go', 'Filesystem.Validate')]),
  e('butane/filesystem-disk', 'a filesystem on a disk the config partitions, or on a wipe_table disk without wipe_filesystem (Ignition warnings)', [ign('storage.go', 'Storage.validateFilesystems')]),
  e('butane/device-required', 'a disk or LUKS volume without device: "disk device is required"', [ign('disk.go', 'Disk.Validate'), ign('luks.go', 'Luks.Validate')]),
  e('butane/partitions', 'partitions of a disk colliding in number or label, overlapping, or mixing should_exist: false with unnumbered partitions', [ign('disk.go', 'Disk.Validate')]),
  e('butane/partition', 'a partition: should_exist false with other fields, neither number nor label, label over 36 characters or with ":", malformed GUIDs', [ign('partition.go', 'Partition.Validate')]),
  e('butane/raid', 'RAID without level or devices, an unknown level, spares on linear/raid0', [ign('raid.go', 'Raid.Validate')]),
  e('butane/luks', 'LUKS name with "/", label over 47 characters, custom clevis with tpm2/tang/threshold', [ign('luks.go', 'Luks.Validate')]),
  e('butane/clevis-custom', 'custom clevis without pin or config, or a pin other than tpm2, tang, sss', [ign('clevis.go', 'ClevisCustom.Validate')]),
  e('butane/tang', 'a Tang server URL that is not http(s), or without thumbprint', [ign('tang.go', 'Tang.Validate')]),
  e('butane/boot-device', 'boot_device layout other than aarch64/ppc64le/x86_64, a mirror of one device; a mirror without layout (a warning)', [but('config/fcos/v1_4/validate.go', 'BootDevice.Validate'), but('config/fcos/v1_4/validate.go', 'BootDeviceMirror.Validate')]),
  // Reading the text
  e('butane/yaml-syntax', 'text that is not one YAML document (syntax, unknown anchors, cycles, !!binary that is not base64)', [but('config/util/util.go', 'unmarshal'), but('config/fcos/v1_4/translate.go', 'ToIgn3_3Bytes')]),
  e('butane/type', 'a value of the wrong type for its key (a string for a list, a word for a mode)', [but('config/util/util.go', 'TranslateBytes')]),
  e('butane/unknown-key', 'a key fcos 1.4.0 does not know: "unused key" (a warning; an error under strict)', [but('config/util/util.go', 'TranslateBytes'), ignAt('config/validate/validate.go', 'ValidateUnusedKeys')]),
  e('butane/variant-version', 'a header other than variant: fcos / version: 1.4.0 (a warning: CAPRKE2 translates as fcos 1.4.0 whatever it says; variant: flatcar drops its base filesystems)', [rke2('bootstrap/api/v1beta2/rke2config_webhook.go', 'RKE2ConfigSpec.validateIgnition'), rke2('bootstrap/internal/ignition/butane/butane.go', 'Render')],
    { stricterThanUpstream: 'the Butane CLI refuses a wrong header, CAPRKE2 never checks it: a warning' }),
  // Ours
  e('butane/ssh-key', 'an ssh_authorized_keys entry that is not an SSH public key (a warning, also under strict)', [], {
    upstream: undefined,
    ours: 'Ignition writes the lines verbatim and sshd ignores a line that is not a key: a typo or a YAML number locks the user out without an error',
    stricterThanUpstream: 'Ignition accepts any string',
  }),
  e('butane/overrides-caprke2-base', 'an entry replacing a file or unit of CAPRKE2 v0.25.0\'s base config when it merges the configs (install script, sshd drop-in, chrony, RKE2 config and registries files; rke2-install and chronyd units) (a warning)', [], {
    upstream: undefined,
    ours: 'Ignition merges the additional config over CAPRKE2\'s base by path and unit name, so the user\'s entry silently replaces CAPRKE2\'s (bootstrap/internal/ignition/butane/butane.go butaneTemplate)',
  }),
  {
    id: 'butane/manifest-object',
    kinds: ['ButaneConfig'],
    kind: T,
    what: 'ButaneConfig.addManifestFile given something that is not a Kubernetes object',
    ours: 'the construct serializes objects into RKE2\'s manifests directory; a non-object would be applied by RKE2\'s deploy controller and fail at runtime',
  },
  {
    id: 'embedded/yaml/syntax',
    kinds: CARRIERS,
    kind: T,
    what: 'a file RKE2 applies from its manifests directory (a Butane file, inline or a data: URL, or a CAPRKE2 files entry) that is not valid YAML',
    ours: 'RKE2\'s deploy controller applies every file of its manifests directory after the node boots and fails on it ("Parse manifest … failed"), retrying forever; nothing checks it before',
    fieldReports: ['suse-edge/suse-edge.github.io#581'],
  },
  {
    id: 'embedded/content',
    kinds: CARRIERS,
    kind: T,
    what: 'a manifest file whose contents cannot be decoded: base64 that is not, gzip data that does not decompress (or past 16 MiB), a data: URL that does not decode',
    ours: 'the node cannot write the file RKE2 is meant to apply (cloud-init or Ignition fails on it), so nothing of it is applied',
  },
  {
    id: 'embedded/input/not-an-object',
    kinds: CARRIERS,
    kind: T,
    what: 'a YAML document of such a file that is not a Kubernetes object (apiVersion, kind)',
    ours: 'RKE2\'s deploy controller cannot apply it',
  },
];

const np = (what: string, upstream: UpstreamRef, why: string, kind: CheckKind = T): NotPorted => ({ kinds: CARRIERS, what, kind, upstream, why });

const notPorted: NotPorted[] = [
  np('an inline ignition.config merge/replace config is parsed and validated as an Ignition config', but('base/v0_4/util.go', 'ValidateIgnitionConfig'),
    'needs an Ignition 3.x JSON validator for the nested config; CAPRKE2 configs embed none in practice'),
  np('root partition constraints of fcos (root that cannot grow, under 8 GiB, reserved labels with other numbers: warnings)', but('config/fcos/v1_4/translate.go', 'Config.ToIgn3_3Unvalidated'),
    'needs Butane\'s model of the Fedora CoreOS boot disk layout; CAPRKE2 nodes do not repartition the boot disk through additionalUserData'),
  np('a file that already exists on the node with overwrite false fails the boot', ignAt('internal/exec/stages/files/filesystemEntries.go', 'fileEntry.create'),
    'depends on the node image\'s files, not on the config'),
  np('Ignition config version must be 3.3.0', ignAt('config/v3_3/config.go', 'Parse'), 'not applicable: Butane fcos 1.4.0 always emits 3.3.0'),
];

export const IGNITION_BUTANE_CATALOG: ProjectCatalog = {
  project: 'Butane v0.28.0 (fcos 1.4.0) and Ignition v2.26.0 (config 3.3)',
  families: ['butane', 'embedded'],
  entries,
  notPorted,
};
