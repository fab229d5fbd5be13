// ObjectMeta rules the API server enforces on every write: name syntax per kind, label and
// annotation syntax, owner references, and the finalizer rule for objects being deleted.
import { StatusCause } from './errors';
import { checkDns1035Label, checkDns1123Label, checkDns1123Subdomain, checkLabelValue, checkQualifiedName } from '../core/names';

const GENERATE_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** generateName + 5 characters from the server's alphabet. */
export function generatedName(prefix: string, random: () => number): string {
  let s = '';
  for (let i = 0; i < 5; i++) s += GENERATE_ALPHABET[Math.floor(random() * GENERATE_ALPHABET.length)];
  const max = 63 - 5;
  return (prefix.length > max ? prefix.slice(0, max) : prefix) + s;
}

function nameCheck(kind: string, group: string): (v: string) => string | undefined {
  if (group === '' && kind === 'Namespace') return checkDns1123Label;
  if (group === '' && kind === 'Service') return checkDns1035Label;
  return checkDns1123Subdomain;
}

/** Field errors in metadata (empty when valid). `oldMeta` is the stored metadata on update. */
export function validateMetadata(kind: string, group: string, meta: any, oldMeta?: any): StatusCause[] {
  const out: StatusCause[] = [];
  const name = meta?.name;
  if (!name) {
    out.push({ reason: 'FieldValueRequired', message: 'Required value: name or generateName is required', field: 'metadata.name' });
  } else {
    const p = nameCheck(kind, group)(name);
    if (p) out.push({ reason: 'FieldValueInvalid', message: `Invalid value: "${name}": ${p}`, field: 'metadata.name' });
  }
  for (const [k, v] of Object.entries<any>(meta?.labels ?? {})) {
    const pk = checkQualifiedName(k);
    if (pk) out.push({ reason: 'FieldValueInvalid', message: `Invalid value: "${k}": ${pk}`, field: 'metadata.labels' });
    const pv = typeof v === 'string' ? checkLabelValue(v) : 'must be a string';
    if (pv) out.push({ reason: 'FieldValueInvalid', message: `Invalid value: "${v}": ${pv}`, field: 'metadata.labels' });
  }
  let annotationBytes = 0;
  for (const [k, v] of Object.entries<any>(meta?.annotations ?? {})) {
    const pk = checkQualifiedName(k.toLowerCase());
    if (pk) out.push({ reason: 'FieldValueInvalid', message: `Invalid value: "${k}": ${pk}`, field: 'metadata.annotations' });
    annotationBytes += k.length + String(v).length;
  }
  if (annotationBytes > 256 * 1024) {
    out.push({ reason: 'FieldValueTooLong', message: `Too long: must have at most ${256 * 1024} bytes`, field: 'metadata.annotations' });
  }
  (meta?.ownerReferences ?? []).forEach((r: any, i: number) => {
    for (const f of ['apiVersion', 'kind', 'name', 'uid']) {
      if (!r?.[f]) out.push({ reason: 'FieldValueRequired', message: 'Required value', field: `metadata.ownerReferences[${i}].${f}` });
    }
  });
  const controllers = (meta?.ownerReferences ?? []).filter((r: any) => r?.controller === true);
  if (controllers.length > 1) {
    out.push({ reason: 'FieldValueInvalid', message: 'Invalid value: "": Only one reference can have Controller set to true', field: 'metadata.ownerReferences' });
  }
  if (oldMeta?.deletionTimestamp) {
    const before = new Set<string>(oldMeta.finalizers ?? []);
    const added = (meta?.finalizers ?? []).filter((f: string) => !before.has(f));
    if (added.length > 0) {
      out.push({
        reason: 'FieldValueForbidden',
        message: `Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{${added.map((f: string) => JSON.stringify(f)).join(', ')}}`,
        field: 'metadata.finalizers',
      });
    }
  }
  return out;
}
