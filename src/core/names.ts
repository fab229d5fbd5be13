// Kubernetes name and label syntax (apimachinery validation), as plain checks returning
// a problem description or undefined.

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const QUALIFIED_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;

/** RFC 1123 label: lowercase alphanumerics and '-', at most 63 characters (Namespace names). */
export function checkDns1123Label(value: string): string | undefined {
  if (value.length === 0) return 'must not be empty';
  if (value.length > 63) return `must be no more than 63 characters (got ${value.length})`;
  if (!DNS1123_LABEL.test(value)) return 'must consist of lowercase alphanumeric characters or \'-\', and must start and end with an alphanumeric character';
  return undefined;
}

/** RFC 1123 subdomain: dot-separated labels, at most 253 characters (most object names). */
export function checkDns1123Subdomain(value: string): string | undefined {
  if (value.length === 0) return 'must not be empty';
  if (value.length > 253) return `must be no more than 253 characters (got ${value.length})`;
  if (!DNS1123_SUBDOMAIN.test(value)) return 'must consist of lowercase alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character';
  return undefined;
}

/** RFC 1035 label: like an RFC 1123 label but starting with a letter (Service names). */
export function checkDns1035Label(value: string): string | undefined {
  if (value.length === 0) return 'must not be empty';
  if (value.length > 63) return `must be no more than 63 characters (got ${value.length})`;
  if (!DNS1035_LABEL.test(value)) return 'must consist of lowercase alphanumeric characters or \'-\', start with a letter and end with an alphanumeric character';
  return undefined;
}

/** A label value: empty, or ≤ 63 alphanumerics with '-', '_' or '.' inside. */
export function checkLabelValue(value: string): string | undefined {
  if (value.length > 63) return `must be no more than 63 characters (got ${value.length})`;
  if (!LABEL_VALUE.test(value)) return 'must be empty or consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character';
  return undefined;
}

/** A label or annotation key: optional DNS-subdomain prefix and '/', then a ≤ 63-char name. */
export function checkQualifiedName(key: string): string | undefined {
  const parts = key.split('/');
  if (parts.length > 2) return 'a qualified name must have at most one \'/\'';
  const name = parts[parts.length - 1];
  if (parts.length === 2) {
    if (parts[0].length === 0) return 'prefix part must not be empty';
    const p = checkDns1123Subdomain(parts[0]);
    if (p) return `prefix part ${p}`;
  }
  if (name.length === 0) return 'name part must not be empty';
  if (name.length > 63) return `name part must be no more than 63 characters (got ${name.length})`;
  if (!QUALIFIED_NAME.test(name)) return 'name part must consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character';
  return undefined;
}
