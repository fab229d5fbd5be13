// `${VAR}` placeholders (envsubst, Flux post-build substitution, `cdk8s-capi apply`) in any
// string of a manifest. Applied as is, the literal text reaches the cluster — a BMC password of
// "${BMC_NODE1_PASSWORD}" — so each is a warning naming the variable; inside base64 `data` no
// tool substitutes, so there it is an error.
import { Finding, error, warning } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';

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
  // The path is kept as segments and joined only on a hit: most strings hold no placeholder.
  const path: Array<string | number> = [];
  const fieldOf = () => path.reduce<string>((f, seg) => (typeof seg === 'number' ? `${f}[${seg}]` : f ? `${f}.${seg}` : seg), '');
  const walk = (v: unknown, depth: number): void => {
    if (typeof v === 'string') {
      if (!v.includes('${')) return;
      const names = placeholdersIn(v);
      if (!names.length) return;
      const field = fieldOf();
      if (isSecret && path[0] === 'data') {
        out.push(error('placeholder/base64', field, `placeholder ${names.map(n => `\${${n}}`).join(', ')} in base64 data is never substituted`,
          'put the placeholder in stringData (plain text), which substitution tools do replace'));
      } else {
        pending.set(field, names);
      }
      return;
    }
    if (!v || typeof v !== 'object' || depth > MAX_DEPTH) return;
    if (seen.has(v)) return; // shared or cyclic (plain-JS callers): each node once
    seen.add(v);
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        path.push(i);
        walk(v[i], depth + 1);
        path.pop();
      }
    } else {
      for (const k in v as Record<string, unknown>) {
        path.push(k);
        walk((v as Record<string, unknown>)[k], depth + 1);
        path.pop();
      }
    }
  };
  walk(obj, 0);
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
