// Ignition 3.3 storage rules beyond files, directories and links: filesystems (and Butane's
// `with_mount_unit`), disks and partitions, RAID, LUKS with Clevis/Tang; and the fcos
// `boot_device` sugar. Pure functions over the values the parser read, Butane field names.
import { checkPath } from './rules';
import { Finding, error, warning } from '../../core/finding';

type Plain = Record<string, unknown>;

const isObj = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);
const items = (v: unknown): [Plain, number][] =>
  (Array.isArray(v) ? v.map((x, i) => [x, i] as [unknown, number]).filter((e): e is [Plain, number] => isObj(e[0])) : []);
const nonEmpty = (v: unknown) => typeof v === 'string' && v !== '';

export const FILESYSTEM_FORMATS: readonly string[] = ['ext4', 'btrfs', 'xfs', 'swap', 'vfat', 'none'];

/** Longest label mkfs accepts per format. */
const LABEL_LIMITS: Readonly<Record<string, number>> = { ext4: 16, btrfs: 256, xfs: 12, swap: 15, vfat: 11 };

/** One `storage.filesystems[]` entry. */
export function checkFilesystem(fs: Plain, field: string): Finding[] {
  const out: Finding[] = [];
  out.push(...checkPath(fs.device as string | undefined, `${field}.device`));
  if (nonEmpty(fs.path)) out.push(...checkPath(fs.path as string, `${field}.path`));
  const format = fs.format;
  if (!nonEmpty(format)) {
    const others = ['path', 'label', 'uuid'].filter(k => nonEmpty(fs[k]));
    if (fs.wipe_filesystem === true) others.push('wipe_filesystem');
    for (const k of ['mount_options', 'options']) if (Array.isArray(fs[k]) && (fs[k] as unknown[]).length > 0) others.push(k);
    if (others.length) {
      out.push(error('butane/filesystem-format', `${field}.format`,
        `format cannot be empty when path, label, uuid, wipe_filesystem, options, or mount_options is specified (found ${others.join(', ')})`,
        `set format to one of ${FILESYSTEM_FORMATS.join(', ')}`));
    }
  } else if (!FILESYSTEM_FORMATS.includes(format as string)) {
    out.push(error('butane/filesystem-format', `${field}.format`, `format ${JSON.stringify(format)}: invalid filesystem format`, `use one of ${FILESYSTEM_FORMATS.join(', ')}`));
  }
  if (nonEmpty(fs.label)) {
    const label = fs.label as string;
    if (!nonEmpty(format)) {
      out.push(error('butane/filesystem-format', `${field}.label`, 'filesystem must specify format if label is specified', 'set format'));
    } else {
      const limit = LABEL_LIMITS[format as string];
      // Go's len() counts bytes.
      if (limit !== undefined && Buffer.byteLength(label, 'utf8') > limit) {
        out.push(error('butane/filesystem-label', `${field}.label`,
          `label ${JSON.stringify(label)}: filesystem labels cannot be longer than ${limit} characters when using ${format}`, `shorten it to ${limit} bytes`));
      }
    }
  }
  // Butane generates a mount unit from these two.
  if (fs.with_mount_unit === true) {
    if (!nonEmpty(format)) {
      out.push(error('butane/filesystem-mount-unit', `${field}.format`, 'format is required if with_mount_unit is true', 'set format'));
    } else if (format !== 'swap' && !nonEmpty(fs.path)) {
      out.push(error('butane/filesystem-mount-unit', `${field}.path`, 'path is required if with_mount_unit is true and format is not swap', 'set the mount point as path'));
    }
  }
  return out;
}

/** Filesystems on disks the same config partitions or wipes (Ignition warnings). */
export function checkFilesystemsAgainstDisks(storage: Plain, field: string): Finding[] {
  const disks = new Map(items(storage.disks).map(([d]) => [d.device, d] as const));
  const out: Finding[] = [];
  for (const [fs, i] of items(storage.filesystems)) {
    const disk = disks.get(fs.device);
    if (!disk) continue;
    const f = `${field}.filesystems[${i}].device`;
    if (Array.isArray(disk.partitions) && disk.partitions.length > 0) {
      out.push(warning('butane/filesystem-disk', f, `${fs.device}: filesystem overwrites partitioned device`, 'put the filesystem on one of the partitions (e.g. /dev/disk/by-partlabel/<label>)'));
    } else if (fs.wipe_filesystem !== true && disk.wipe_table === true) {
      out.push(warning('butane/filesystem-disk', f, `${fs.device}: device matches disk with wipe_table enabled; filesystem will be wiped`, 'set wipe_filesystem: true to say so, or stop wiping the table'));
    }
  }
  return out;
}

const GUID = /^(|[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})$/;

/** One `partitions[]` entry. */
function checkPartition(p: Plain, field: string): Finding[] {
  const out: Finding[] = [];
  const others = p.label !== undefined || nonEmpty(p.type_guid) || nonEmpty(p.guid) || p.start_mib !== undefined || p.size_mib !== undefined;
  if (p.should_exist === false && others) {
    out.push(error('butane/partition', field, 'should_exist specified false with other options also specified', 'a partition to delete needs only its number'));
  }
  if ((p.number === undefined || p.number === 0) && p.label === undefined) {
    out.push(error('butane/partition', field, 'a partition number >= 1 or a label must be specified', 'set number or label'));
  }
  if (typeof p.label === 'string') {
    if (p.label.length > 36) out.push(error('butane/partition', `${field}.label`, `label ${JSON.stringify(p.label)}: partition labels may not exceed 36 characters`, 'shorten it'));
    else if (p.label.includes(':')) out.push(error('butane/partition', `${field}.label`, `label ${JSON.stringify(p.label)}: partition label will be truncated to text before the colon`, 'sgdisk cannot escape ":"; remove it'));
  }
  for (const k of ['guid', 'type_guid']) {
    if (typeof p[k] === 'string' && !GUID.test(p[k] as string)) {
      out.push(error('butane/partition', `${field}.${k}`, `${JSON.stringify(p[k])} doesn't match the form "01234567-89AB-CDEF-EDCB-A98765432101"`, 'write the GUID in its canonical form'));
    }
  }
  return out;
}

/** One `storage.disks[]` entry and its partitions. */
export function checkDisk(d: Plain, field: string): Finding[] {
  if (!nonEmpty(d.device)) return [error('butane/device-required', `${field}.device`, 'disk device is required', 'e.g. /dev/disk/by-id/…')];
  const out = checkPath(d.device as string, `${field}.device`);
  const parts = items(d.partitions);
  parts.forEach(([p, i]) => out.push(...checkPartition(p, `${field}.partitions[${i}]`)));
  const pf = (i: number) => `${field}.partitions[${i}]`;
  const byNumber = new Map<number, number>();
  for (const [p, i] of parts) {
    if (typeof p.number !== 'number' || p.number === 0) continue;
    if (byNumber.has(p.number)) {
      out.push(error('butane/partitions', pf(i), `partition numbers collide: ${p.number} is also ${pf(byNumber.get(p.number)!)}`, 'give each partition its own number'));
    } else {byNumber.set(p.number, i);}
  }
  const placed = parts.filter(([p]) => typeof p.start_mib === 'number' && typeof p.size_mib === 'number' && p.start_mib !== 0);
  const end = (p: Plain) => ((p.size_mib as number) === 0 ? p.start_mib as number : (p.start_mib as number) + (p.size_mib as number) - 1);
  const same = (a: Plain, b: Plain) => JSON.stringify(a) === JSON.stringify(b);
  overlap: for (const [p] of placed) {
    for (const [o, i] of placed) {
      if (same(p, o)) continue;
      const ps = p.start_mib as number;
      const os = o.start_mib as number;
      if ((ps >= os && ps <= end(o)) || (end(p) >= os && end(p) <= end(o)) || (ps < os && end(p) > end(o))) {
        out.push(error('butane/partitions', pf(i), 'partitions overlap', 'move start_mib/size_mib so that the partitions are disjoint'));
        break overlap;
      }
    }
  }
  if (parts.some(([p]) => p.should_exist === false) && parts.some(([p]) => p.number === undefined || p.number === 0)) {
    out.push(error('butane/partitions', `${field}.partitions`, 'should_exist is false for a partition and other partition(s) has start or size 0', 'number every partition when one of them is deleted'));
  }
  const labels = new Set<unknown>();
  for (const [p, i] of parts) {
    if (p.label === undefined) continue;
    if (labels.has(p.label)) out.push(error('butane/partitions', pf(i), `cannot use the same partition label twice (${JSON.stringify(p.label)})`, 'give each partition its own label'));
    labels.add(p.label);
  }
  return out;
}

const RAID_LEVELS = ['linear', 'raid0', '0', 'stripe', 'raid1', '1', 'mirror', 'raid4', '4', 'raid5', '5', 'raid6', '6', 'raid10', '10'];

/** One `storage.raid[]` entry. */
export function checkRaid(r: Plain, field: string): Finding[] {
  const out: Finding[] = [];
  if (!nonEmpty(r.level)) {
    out.push(error('butane/raid', `${field}.level`, 'raid level is required', 'e.g. raid1'));
  } else if (!RAID_LEVELS.includes(r.level as string)) {
    out.push(error('butane/raid', `${field}.level`, `level ${JSON.stringify(r.level)}: unrecognized raid level`, 'use linear, raid0, raid1, raid4, raid5, raid6 or raid10'));
  } else if (['linear', 'raid0', '0', 'stripe'].includes(r.level as string) && typeof r.spares === 'number' && r.spares !== 0) {
    out.push(error('butane/raid', `${field}.level`, 'spares unsupported for linear and raid0 arrays', 'drop spares, or use a redundant level'));
  }
  if (!Array.isArray(r.devices) || r.devices.length === 0) out.push(error('butane/raid', `${field}.devices`, 'raid devices required', 'list the member devices'));
  return out;
}

/** A Tang server (`clevis.tang[]`). */
export function checkTang(t: Plain, field: string): Finding[] {
  const out: Finding[] = [];
  const scheme = typeof t.url === 'string' ? /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(t.url)?.[1]?.toLowerCase() : undefined;
  if (scheme !== 'http' && scheme !== 'https') out.push(error('butane/tang', `${field}.url`, `url ${JSON.stringify(t.url ?? '')}: invalid url scheme`, 'Tang servers are reached over http or https'));
  if (!nonEmpty(t.thumbprint)) out.push(error('butane/tang', `${field}.thumbprint`, 'thumbprint is required', 'run `tang-show-keys` on the server'));
  return out;
}

/** `clevis.custom`: a known pin and a config, or nothing. */
export function checkClevisCustom(c: Plain, field: string): Finding[] {
  if (!nonEmpty(c.pin) && !nonEmpty(c.config) && c.needs_network !== true) return [];
  const out: Finding[] = [];
  if (!nonEmpty(c.pin)) out.push(error('butane/clevis-custom', `${field}.pin`, 'missing required custom clevis pin', 'set pin to tpm2, tang or sss'));
  else if (!['tpm2', 'tang', 'sss'].includes(c.pin as string)) out.push(error('butane/clevis-custom', `${field}.pin`, `pin ${JSON.stringify(c.pin)}: unsupported clevis pin`, 'use tpm2, tang or sss'));
  if (!nonEmpty(c.config)) out.push(error('butane/clevis-custom', `${field}.config`, 'missing required custom clevis config', 'give the pin\'s JSON config'));
  return out;
}

/** One `storage.luks[]` entry. */
export function checkLuks(l: Plain, field: string): Finding[] {
  const out: Finding[] = [];
  if (typeof l.name === 'string' && l.name.includes('/')) out.push(error('butane/luks', `${field}.name`, `name ${JSON.stringify(l.name)}: device names cannot contain slashes`, 'use a plain name; the device appears as /dev/mapper/<name>'));
  if (typeof l.label === 'string' && Buffer.byteLength(l.label, 'utf8') > 47) out.push(error('butane/luks', `${field}.label`, 'luks device labels cannot be longer than 47 characters', 'shorten it'));
  if (!nonEmpty(l.device)) out.push(error('butane/device-required', `${field}.device`, 'disk device is required', 'name the block device to encrypt'));
  else out.push(...checkPath(l.device as string, `${field}.device`));
  const clevis = isObj(l.clevis) ? l.clevis : {};
  const custom = isObj(clevis.custom) ? clevis.custom : {};
  if (nonEmpty(custom.pin) && ((Array.isArray(clevis.tang) && clevis.tang.length > 0) || clevis.tpm2 === true || (typeof clevis.threshold === 'number' && clevis.threshold !== 0))) {
    out.push(error('butane/luks', `${field}.clevis`, 'cannot use custom clevis config with tpm2, tang, or threshold', 'use either clevis.custom or tpm2/tang/threshold'));
  }
  return out;
}

const BOOT_LAYOUTS = ['aarch64', 'ppc64le', 'x86_64'];

/** fcos `boot_device`: a known layout; a mirror needs two devices (and should name the layout). */
export function checkBootDevice(b: Plain, field: string): Finding[] {
  const out: Finding[] = [];
  if (b.layout !== undefined && !BOOT_LAYOUTS.includes(b.layout as string)) {
    out.push(error('butane/boot-device', `${field}.layout`, `layout ${JSON.stringify(b.layout)}: layout must be one of: ${BOOT_LAYOUTS.join(', ')}`, 'pick the machine\'s architecture'));
  }
  const mirror = isObj(b.mirror) ? b.mirror : undefined;
  if (mirror && Array.isArray(mirror.devices) && mirror.devices.length > 0) {
    if (mirror.devices.length < 2) out.push(error('butane/boot-device', `${field}.mirror.devices`, 'mirroring requires at least two devices', 'list two or more disks'));
    if (b.layout === undefined) out.push(warning('butane/boot-device', `${field}.mirror`, 'boot_device.layout should be specified when boot_device.mirror is specified', 'set layout (x86_64 is the default)'));
  }
  return out;
}
