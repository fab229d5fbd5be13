// CAPI name templates (machineNaming.template of MachineDeployments/MachineSets, the naming
// templates of a ClusterClass): Go text/template with missingkey=error over a fixed set of
// fields, rendered, cut to 58 characters + a 5-character random suffix past 63, and the result
// must be a DNS-1123 subdomain (internal/topology/names/names.go at v1.13.5). We render the
// subset these templates use — text and {{ .field.path }} actions (with `-` trim markers);
// a template using anything else (functions, pipelines, if/range) is not checked rather than
// guessed at.
import { checkDns1123Subdomain } from '../../../core/names';

const MAX_NAME = 63;
const RANDOM = 'xxxxx'; // utilrand.String(5): lower-case letters and digits

export type NameTemplateResult =
  | { readonly status: 'ok'; readonly name: string }
  | { readonly status: 'error'; readonly message: string }
  | { readonly status: 'unsupported' };

/** Renders `template` with `data` (dotted paths → values; `random` is added). */
export function renderNameTemplate(template: string, data: Readonly<Record<string, string>>): NameTemplateResult {
  const values: Record<string, string> = { ...data, random: RANDOM };
  let out = '';
  let rest = template;
  while (rest.length) {
    const open = rest.indexOf('{{');
    if (open < 0) {
      out += rest;
      break;
    }
    let text = rest.slice(0, open);
    const close = rest.indexOf('}}', open);
    if (close < 0) return { status: 'error', message: 'unclosed action' };
    let action = rest.slice(open + 2, close);
    rest = rest.slice(close + 2);
    if (action.startsWith('-') && /^-\s/.test(action)) {
      text = text.replace(/\s+$/, '');
      action = action.slice(1);
    }
    if (/\s-$/.test(action)) {
      action = action.slice(0, -1);
      rest = rest.replace(/^\s+/, '');
    }
    out += text;
    const a = action.trim();
    if (/^\/\*[\s\S]*\*\/$/.test(a)) continue; // a comment
    const m = /^\.([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)$/.exec(a);
    if (!m) {
      if (a === '') return { status: 'error', message: 'missing value for command' };
      return { status: 'unsupported' };
    }
    if (!(m[1] in values)) {
      // Go names the first segment that is missing: `.cluster.nme` → "nme".
      const segs = m[1].split('.');
      const missing = segs.find((_, i) => {
        const prefix = segs.slice(0, i + 1).join('.');
        return !(prefix in values) && !Object.keys(values).some(k => k.startsWith(`${prefix}.`));
      }) ?? segs[segs.length - 1];
      return { status: 'error', message: `map has no entry for key ${JSON.stringify(missing)} (available: ${Object.keys(values).map(k => `.${k}`).join(', ')})` };
    }
    out += values[m[1]];
  }
  if (out.length > MAX_NAME) out = out.slice(0, MAX_NAME - RANDOM.length) + RANDOM;
  return { status: 'ok', name: out };
}

/** Upstream-shaped problems of a name template, or [] when it renders to a valid name (or cannot be checked). */
export function nameTemplateProblems(template: string, data: Readonly<Record<string, string>>, requireRandom: boolean): string[] {
  const out: string[] = [];
  if (requireRandom && !template.includes('{{ .random }}')) out.push('invalid template, {{ .random }} is missing');
  const r = renderNameTemplate(template, data);
  if (r.status === 'error') out.push(`invalid template: ${r.message}`);
  if (r.status === 'ok') {
    const p = checkDns1123Subdomain(r.name);
    if (p) out.push(`invalid template, generated names would not be valid Kubernetes object names: ${p} (renders as ${JSON.stringify(r.name)})`);
  }
  return out;
}
