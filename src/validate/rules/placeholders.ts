// `${VAR}` placeholders (envsubst, Flux post-build substitution, `cdk8s-capi apply`) in any
// string of a manifest. Applied as is, the literal text reaches the cluster — a BMC password of
// "${BMC_NODE1_PASSWORD}" — so each is a warning naming the variable; inside base64 `data` no
// tool substitutes, so there it is an error.
import { Finding, error, warning } from '../../core/errors';
import { KubeObject } from '../schema';

/** `${NAME}`, `${NAME:=default}`, `${NAME:-default}`; `$${NAME}` is an escape, not a placeholder. */
const PLACEHOLDER = /(?<!\$)\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?[-=][^}]*)?\}/g;
const MAX_DEPTH = 64;

/** The variable names of the placeholders in a string. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map(m => m[1]))];
}

export function placeholderRules(obj: KubeObject): Finding[] {
  const out: Finding[] = [];
  const isSecret = obj.kind === 'Secret' && obj.apiVersion === 'v1';
  // Plain-text placeholders: one warning per object (a fleet has one per host), at the first field.
  const pending = new Map<string, string[]>();
  const seen = new WeakSet<object>();
  const walk = (v: unknown, field: string, depth: number) => {
    if (depth > MAX_DEPTH) return;
    if (typeof v === 'string') {
      if (!v.includes('${')) return;
      const names = placeholdersIn(v);
      if (!names.length) return;
      if (isSecret && field.startsWith('data.')) {
        out.push(error('placeholder/base64', field, `placeholder ${names.map(n => `\${${n}}`).join(', ')} in base64 data is never substituted`,
          'put the placeholder in stringData (plain text), which substitution tools do replace'));
      } else {
        pending.set(field, names);
      }
      return;
    }
    if (v && typeof v === 'object') {
      if (seen.has(v)) return; // shared or cyclic (plain-JS callers): each node once
      seen.add(v);
    }
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${field}[${i}]`, depth + 1));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, field ? `${field}.${k}` : k, depth + 1);
  };
  walk(obj, '', 0);
  if (pending.size) {
    const fields = [...pending.keys()];
    const names = [...new Set([...pending.values()].flat())];
    out.push(warning('placeholder/unresolved', fields[0],
      `${names.length === 1 ? 'placeholder' : 'placeholders'} ${names.map(n => `\${${n}}`).join(', ')} ${names.length === 1 ? 'is' : 'are'} not substituted yet${fields.length > 1 ? ` (${fields.join(', ')})` : ''}`,
      'cdk8s-capi apply, envsubst or Flux postBuild substitutes them; applied as is, the literal text reaches the cluster'));
  }
  if (isSecret && obj.data && typeof obj.data === 'object') {
    // A placeholder that was base64-encoded along with the text around it.
    for (const [k, v] of Object.entries(obj.data)) {
      if (typeof v !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(v)) continue;
      const names = placeholdersIn(Buffer.from(v, 'base64').toString('utf8'));
      if (names.length) {
        out.push(error('placeholder/base64', `data.${k}`, `decodes to a placeholder (${names.map(n => `\${${n}}`).join(', ')}) that nothing will substitute inside base64`,
          'put the placeholder in stringData (plain text) instead'));
      }
    }
  }
  return out;
}
