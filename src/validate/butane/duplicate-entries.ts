// Ignition's ValidateDups beyond files/directories/links, units and drop-ins (those are in
// rules.ts): every list whose entries have a key may not repeat it ("duplicate entry defined").
// Lists of strings are keyed by the string itself. Field paths use Butane's YAML names.
import { Finding, error } from '../../core/finding';

type Plain = Record<string, unknown>;

const isObj = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A list and how its entries are keyed (undefined: the entry has no key and is skipped). */
interface KeyedList {
  readonly field: string;
  readonly list: unknown;
  readonly key: (entry: unknown) => string | undefined;
  /** Lists sharing a key space (kernel arguments to keep and to drop). */
  readonly space?: string;
}

const str = (e: unknown) => (typeof e === 'string' ? e : undefined);
const by = (k: string) => (e: unknown) => (isObj(e) && e[k] !== undefined ? String(e[k]) : isObj(e) ? '' : undefined);
/** A resource's key in Ignition is its source; Butane turns inline text into a data: source. */
const resourceKey = (e: unknown) => (isObj(e) ? String(e.source ?? (e.inline !== undefined ? `inline:${e.inline}` : '')) : undefined);
const partitionKey = (e: unknown) => {
  if (!isObj(e)) return undefined;
  if (typeof e.number === 'number' && e.number !== 0) return `number:${e.number}`;
  return e.label !== undefined ? `label:${e.label}` : '';
};

function keyedLists(root: Plain): KeyedList[] {
  const get = (o: unknown, k: string): unknown => (isObj(o) ? o[k] : undefined);
  const out: KeyedList[] = [];
  const passwd = get(root, 'passwd');
  out.push({ field: 'passwd.users', list: get(passwd, 'users'), key: by('name') });
  out.push({ field: 'passwd.groups', list: get(passwd, 'groups'), key: by('name') });
  const users = get(passwd, 'users');
  if (Array.isArray(users)) {
    users.forEach((u, i) => {
      out.push({ field: `passwd.users[${i}].ssh_authorized_keys`, list: get(u, 'ssh_authorized_keys'), key: str });
      out.push({ field: `passwd.users[${i}].groups`, list: get(u, 'groups'), key: str });
    });
  }
  const storage = get(root, 'storage');
  out.push({ field: 'storage.disks', list: get(storage, 'disks'), key: by('device') });
  out.push({ field: 'storage.filesystems', list: get(storage, 'filesystems'), key: by('device') });
  out.push({ field: 'storage.raid', list: get(storage, 'raid'), key: by('name') });
  out.push({ field: 'storage.luks', list: get(storage, 'luks'), key: by('name') });
  const disks = get(storage, 'disks');
  if (Array.isArray(disks)) disks.forEach((d, i) => out.push({ field: `storage.disks[${i}].partitions`, list: get(d, 'partitions'), key: partitionKey }));
  const raid = get(storage, 'raid');
  if (Array.isArray(raid)) raid.forEach((r, i) => out.push({ field: `storage.raid[${i}].devices`, list: get(r, 'devices'), key: str }));
  const luks = get(storage, 'luks');
  if (Array.isArray(luks)) luks.forEach((l, i) => out.push({ field: `storage.luks[${i}].clevis.tang`, list: get(get(l, 'clevis'), 'tang'), key: by('url') }));
  const resources: Array<[string, unknown]> = [];
  const files = get(storage, 'files');
  if (Array.isArray(files)) {
    files.forEach((f, i) => {
      resources.push([`storage.files[${i}].contents`, get(f, 'contents')]);
      // append[] itself may repeat a source (Ignition ignores duplicates there).
      const append = get(f, 'append');
      if (Array.isArray(append)) append.forEach((a, j) => resources.push([`storage.files[${i}].append[${j}]`, a]));
    });
  }
  if (Array.isArray(luks)) luks.forEach((l, i) => resources.push([`storage.luks[${i}].key_file`, get(l, 'key_file')]));
  const ignition = get(root, 'ignition');
  const config = get(ignition, 'config');
  out.push({ field: 'ignition.config.merge', list: get(config, 'merge'), key: resourceKey });
  resources.push(['ignition.config.replace', get(config, 'replace')]);
  const cas = get(get(get(ignition, 'security'), 'tls'), 'certificate_authorities');
  out.push({ field: 'ignition.security.tls.certificate_authorities', list: cas, key: resourceKey });
  if (Array.isArray(get(config, 'merge'))) (get(config, 'merge') as unknown[]).forEach((m, i) => resources.push([`ignition.config.merge[${i}]`, m]));
  if (Array.isArray(cas)) cas.forEach((c, i) => resources.push([`ignition.security.tls.certificate_authorities[${i}]`, c]));
  for (const [field, r] of resources) out.push({ field: `${field}.http_headers`, list: get(r, 'http_headers'), key: by('name') });
  out.push({ field: 'ignition.proxy.no_proxy', list: get(get(ignition, 'proxy'), 'no_proxy'), key: str });
  const kargs = get(root, 'kernel_arguments');
  out.push({ field: 'kernel_arguments.should_exist', list: get(kargs, 'should_exist'), key: str, space: 'kernel_arguments' });
  out.push({ field: 'kernel_arguments.should_not_exist', list: get(kargs, 'should_not_exist'), key: str, space: 'kernel_arguments' });
  return out;
}

/** "duplicate entry defined" for every keyed list of a config (the tree the parser read). */
export function checkDuplicateEntries(root: Plain): Finding[] {
  const out: Finding[] = [];
  const spaces = new Map<string, Map<string, string>>();
  for (const l of keyedLists(root)) {
    if (!Array.isArray(l.list)) continue;
    const seen = l.space ? (spaces.get(l.space) ?? new Map<string, string>()) : new Map<string, string>();
    if (l.space) spaces.set(l.space, seen);
    l.list.forEach((entry, i) => {
      const key = l.key(entry);
      if (key === undefined) return;
      const field = `${l.field}[${i}]`;
      const first = seen.get(key);
      if (first !== undefined) {
        out.push(error('butane/duplicate-entry', field, `duplicate entry defined: ${key === '' ? 'an entry without a key' : JSON.stringify(key)} is also ${first}`,
          'Ignition refuses repeated entries; keep one'));
      } else {
        seen.set(key, field);
      }
    });
  }
  return out;
}
