// Flux Kustomization post-build variable names. kustomize-controller v1.9.4 substitutes with
// fluxcd/pkg kustomize v1.35.4 (kustomize_varsub.go varSubstitution), which refuses the whole
// substitution when any variable name — an inline `substitute` key or a data key of a ConfigMap or
// Secret named in `substituteFrom` — does not match ^[_[:alpha:]][_[:alpha:][:digit:]]*$: every
// reconcile fails with "'<name>' var name is invalid".
import { RuleContext, get } from './rule';
import { Finding, error } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';

const VAR_NAME = /^[_A-Za-z][_A-Za-z0-9]*$/;
const HINT = 'variable names take letters, digits and "_" and do not start with a digit (e.g. cluster_name); rename the key';

export function substituteVarNameRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  const out: Finding[] = [];
  const fail = (field: string, where: string, key: string) => error('fluxcd/substitute-var-name', field,
    `${where}${JSON.stringify(key)} is not a valid variable name: kustomize-controller refuses the substitution ("var name is invalid") and the Kustomization never applies`, HINT);
  const inline = get(obj, 'spec', 'postBuild', 'substitute');
  if (inline && typeof inline === 'object' && !Array.isArray(inline)) {
    for (const key of Object.keys(inline)) if (!VAR_NAME.test(key)) out.push(fail(`spec.postBuild.substitute[${key}]`, 'substitute key ', key));
  }
  const from = get(obj, 'spec', 'postBuild', 'substituteFrom');
  if (!Array.isArray(from)) return out;
  const ns = obj.metadata?.namespace ?? 'default';
  from.forEach((ref, i) => {
    const kind = ref?.kind;
    if ((kind !== 'ConfigMap' && kind !== 'Secret') || typeof ref.name !== 'string') return;
    const src = ctx.objects.find(o => o?.kind === kind && o.apiVersion === 'v1' && o.metadata?.name === ref.name && (o.metadata?.namespace ?? 'default') === ns);
    if (!src) return;
    const keys = [...Object.keys(src.data ?? {}), ...(kind === 'Secret' ? Object.keys(src.stringData ?? {}) : [])];
    for (const key of new Set(keys)) if (!VAR_NAME.test(key)) out.push(fail(`spec.postBuild.substituteFrom[${i}]`, `${kind} ${ns}/${ref.name} key `, key));
  });
  return out;
}
