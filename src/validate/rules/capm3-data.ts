// Metal3Data and Metal3DataClaim (CAPM3 v1.13.2 `internal/webhooks/v1beta2/metal3data_webhook.go`,
// `metal3dataclaim_webhook.go`). Both are normally written by CAPM3's controllers; these are the
// checks a hand-written or restored object meets. v1beta1 objects are converted first: an index
// that is not written is 0, and a reference with neither name nor namespace becomes no reference.
import { get } from './rule';
import { Finding, error } from '../../core/finding';
import { versionOf } from '../../core/gvk';
import { KubeObject } from '../../core/kube-object';

interface Ref {
  readonly name: string;
  readonly namespace: string;
}

/** The v1beta2 view of a Metal3ObjectRef field: undefined when there is no reference. */
function refOf(obj: KubeObject, field: string): Ref | undefined {
  const r = get(obj, 'spec', field);
  if (r === undefined || r === null || typeof r !== 'object') return undefined;
  const ref = { name: typeof r.name === 'string' ? r.name : '', namespace: typeof r.namespace === 'string' ? r.namespace : '' };
  if (versionOf(obj) === 'v1beta1' && !ref.name && !ref.namespace) return undefined;
  return ref;
}

/** The v1beta2 view of `spec.index`: v1beta1 always has one (0 when not written). */
function indexOf(obj: KubeObject): number | undefined {
  const i = get(obj, 'spec', 'index');
  if (typeof i === 'number') return i;
  return versionOf(obj) === 'v1beta1' ? 0 : undefined;
}

export function metal3DataRules(obj: KubeObject): Finding[] {
  const out: Finding[] = [];
  const index = indexOf(obj);
  const template = refOf(obj, 'template');
  const name = obj.metadata?.name;
  if (index !== undefined && template && name !== `${template.name}-${index}`) {
    out.push(error('capm3/data-name', 'metadata.name', `${JSON.stringify(name)} should follow the convention <Metal3Template Name>-<index>`,
      `${template.name}-${index}: Metal3Data objects are named after their data template and index (CAPM3 creates them)`));
  }
  // v1beta2 has a CRD minimum; v1beta1 only the webhook.
  if (versionOf(obj) === 'v1beta1' && index !== undefined && index < 0) {
    out.push(error('capm3/data-index', 'spec.index', `${index}: must be positive value`, 'a whole number ≥ 0'));
  }
  return out;
}

export function metal3DataUpdateRules(oldObj: KubeObject, newObj: KubeObject): Finding[] {
  const out: Finding[] = [];
  if ((indexOf(newObj) ?? 0) !== (indexOf(oldObj) ?? 0)) {
    out.push(error('capm3/data-immutable', 'spec.index', `cannot be modified (was ${indexOf(oldObj) ?? 0}, now ${indexOf(newObj) ?? 0})`));
  }
  for (const f of ['template', 'claim']) {
    const o = refOf(oldObj, f);
    const n = refOf(newObj, f);
    if (!o && !n) continue;
    if ((o?.name ?? '') !== (n?.name ?? '') || (o?.namespace ?? '') !== (n?.namespace ?? '')) {
      out.push(error('capm3/data-immutable', `spec.${f}`, `cannot be modified (was ${describe(o)}, now ${describe(n)})`));
    }
  }
  return out;
}

function describe(r: Ref | undefined): string {
  if (!r) return 'unset';
  return r.namespace ? `${r.namespace}/${r.name}` : JSON.stringify(r.name);
}

function claimTemplateNamespaceProblem(obj: KubeObject): Finding | undefined {
  const t = refOf(obj, 'template');
  const ns = obj.metadata?.namespace ?? 'default';
  if (t?.namespace && t.namespace !== ns) {
    return error('capm3/data-claim-template', 'spec.template.namespace',
      `${JSON.stringify(t.namespace)}: must be empty or match the Metal3DataClaim namespace; cross-namespace template references are not allowed`,
      `leave it empty or write ${ns}`);
  }
  return undefined;
}

export function metal3DataClaimRules(obj: KubeObject): Finding[] {
  const out: Finding[] = [];
  if (!refOf(obj, 'template')?.name) {
    out.push(error('capm3/data-claim-template', 'spec.template.name', 'must be set', 'the name of the Metal3DataTemplate in the claim\'s namespace'));
  }
  const ns = claimTemplateNamespaceProblem(obj);
  if (ns) out.push(ns);
  return out;
}

export function metal3DataClaimUpdateRules(oldObj: KubeObject, newObj: KubeObject): Finding[] {
  const o = refOf(oldObj, 'template');
  const n = refOf(newObj, 'template');
  if ((o?.name ?? '') !== (n?.name ?? '') || (o?.namespace ?? '') !== (n?.namespace ?? '')) {
    return [error('capm3/data-claim-immutable', 'spec.template', `cannot be modified (was ${describe(o)}, now ${describe(n)})`)];
  }
  return [];
}
