// Update-time rules for the CAPRKE2 kinds (`validate --against`, upgrade preflights): the
// webhooks' registrationMethod immutability (RKE2ControlPlane and its template), and our own
// version-step and template-rotation checks.
import { get } from './rule';
import { Finding, error, warning } from '../../core/finding';
import { groupKindOf } from '../../core/gvk';
import { stableStringify } from '../../core/hash';
import { KubeObject } from '../../core/kube-object';

const CP = 'controlplane.cluster.x-k8s.io/RKE2ControlPlane';
const CP_TEMPLATE = 'controlplane.cluster.x-k8s.io/RKE2ControlPlaneTemplate';
const CONFIG_TEMPLATE = 'bootstrap.cluster.x-k8s.io/RKE2ConfigTemplate';

/** `version` as major.minor, from an RKE2 version such as v1.33.6+rke2r1. */
function minorOf(v: unknown): { major: number; minor: number; patch: number } | undefined {
  const m = typeof v === 'string' ? /^v?(\d+)\.(\d+)(?:\.(\d+))?/.exec(v) : null;
  return m ? { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3] ?? 0) } : undefined;
}

/**
 * A control plane moves forward one minor version at a time, and never back. CAPRKE2 checks
 * neither; CAPI's KubeadmControlPlane webhook refuses the same skip, and Kubernetes supports
 * neither skipping a minor nor downgrading.
 */
export function versionStepProblem(oldV: unknown, newV: unknown): string | undefined {
  const o = minorOf(oldV);
  const n = minorOf(newV);
  if (!o || !n) return undefined;
  const cmp = n.major - o.major || n.minor - o.minor || n.patch - o.patch;
  if (cmp < 0) return `downgrade from ${oldV} to ${newV} is not supported`;
  if (n.major !== o.major || n.minor - o.minor > 1) {
    return `cannot upgrade from ${oldV} to ${newV}: the control plane moves one minor version at a time (next: v${o.major}.${o.minor + 1}.x)`;
  }
  return undefined;
}

/** Findings of the CAPRKE2 kinds for one object against its previous version. */
export function caprke2UpdateRules(oldO: KubeObject, newO: KubeObject): Finding[] {
  const gk = groupKindOf(newO);
  const out: Finding[] = [];
  if (gk === CP) {
    const p = versionStepProblem(get(oldO, 'spec', 'version'), get(newO, 'spec', 'version'));
    if (p) out.push(error('upgrade/version', 'spec.version', p));
  }
  if (gk === CP || gk === CP_TEMPLATE) {
    const path = gk === CP ? ['spec'] : ['spec', 'template', 'spec'];
    const om = get(oldO, ...path, 'registrationMethod');
    const nm = get(newO, ...path, 'registrationMethod');
    if (om && nm !== om) {
      out.push(error('upgrade/immutable', `${path.join('.')}.registrationMethod`, `field value is immutable once set (was ${JSON.stringify(om)})`,
        'create a new control plane (template) to change how nodes register'));
    }
  }
  if ((gk === CP_TEMPLATE || gk === CONFIG_TEMPLATE) && stableStringify(oldO.spec) !== stableStringify(newO.spec)) {
    out.push(warning('upgrade/template-rotation', 'spec', `${newO.kind} ${newO.metadata?.name} changed content but kept its name`,
      'CAPRKE2 accepts the edit, but machines made from the old content do not roll; give the new content a new name (cdk8s-capi templates carry a content hash)'));
  }
  return out;
}
