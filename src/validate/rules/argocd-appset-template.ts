// ApplicationSet template expressions in the wrong syntax. Argo CD v3.5.1 renders templates with
// applicationset/utils/utils.go Render.Replace: with goTemplate: true as Go text/template (with
// sprig), where a generator parameter is written {{.path.basename}} and {{path.basename}} does not
// parse ("function \"path\" not defined"); without it with fasttemplate, which replaces only known
// keys written {{path.basename}} and leaves any other tag, {{.path.basename}} included, as
// literal text — so the Application gets the name "{{.path.basename}}", which the API server refuses.
import { get } from './rule';
import { Finding, error } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';

/** Generator parameters (git, cluster, list, SCM and pull-request generators) that no sprig or text/template function shadows. */
const PARAM = '(?:path|name|nameNormalized|server|metadata|url|branch|number|cluster)';
// Each body excludes "{" and "}", so a match attempt stops at the next brace: linear on any text.
/** A fasttemplate-style reference to a generator parameter: {{path.basename}}, {{ name }}. */
const FAST_TAG = new RegExp(`\\{\\{-?[ \\t]*${PARAM}(?:[.\\[ \\t-][^{}]*)?\\}\\}`);
/** A Go-template field reference: {{.path.basename}}, {{ .name }}. */
const GO_TAG = /\{\{-?[ \t]*\.[A-Za-z_][^{}]*\}\}/;

/** Fields whose literal template text certainly breaks the generated Application. */
const PLAIN_FIELDS: ReadonlyArray<readonly string[]> = [
  ['metadata', 'name'], ['metadata', 'namespace'], ['spec', 'project'],
  ['spec', 'destination', 'server'], ['spec', 'destination', 'name'], ['spec', 'destination', 'namespace'],
  ['spec', 'source', 'repoURL'], ['spec', 'source', 'path'], ['spec', 'source', 'targetRevision'], ['spec', 'source', 'chart'],
];

/** Every string in a template, with its field path. */
function strings(v: unknown, path: string, out: Array<[string, string]>, depth = 0): Array<[string, string]> {
  if (depth > 64) return out;
  if (typeof v === 'string') out.push([path, v]);
  else if (Array.isArray(v)) v.forEach((x, i) => strings(x, `${path}[${i}]`, out, depth + 1));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) strings(x, path ? `${path}.${k}` : k, out, depth + 1);
  return out;
}

export function appSetTemplateRules(obj: KubeObject): Finding[] {
  const template = get(obj, 'spec', 'template');
  if (!template || typeof template !== 'object') return [];
  const out: Finding[] = [];
  if (get(obj, 'spec', 'goTemplate') === true) {
    for (const [field, text] of strings(template, 'spec.template', [])) {
      const m = FAST_TAG.exec(text);
      if (!m) continue;
      out.push(error('argocd/appset-template', field, `${JSON.stringify(m[0])} with goTemplate: true: Go templates read parameters as fields, so this does not parse ("function not defined") and the ApplicationSet generates nothing`,
        `write ${m[0].replace(/\{\{(-?\s*)/, '{{$1.')} (a leading "."), or drop goTemplate`));
    }
    return out;
  }
  for (const path of PLAIN_FIELDS) {
    const text = get(template, ...path);
    const m = typeof text === 'string' ? GO_TAG.exec(text) : null;
    if (!m) continue;
    out.push(error('argocd/appset-template', `spec.template.${path.join('.')}`, `${JSON.stringify(m[0])} without goTemplate: true: the default templating replaces only {{param}} tags and leaves this one as literal text, so the generated Application ${path[1] === 'name' && path[0] === 'metadata' ? 'gets an invalid name' : 'points at a literal "{{…}}"'}`,
      `set spec.goTemplate: true, or write ${m[0].replace(/\{\{(-?\s*)\./, '{{$1')}`));
  }
  return out;
}
