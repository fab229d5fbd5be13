// Upgrade rules: the new manifests against the old ones (or the live objects). Version skew,
// immutable fields, and templates whose content changed without a new name (upstream-rules.md
// §1.4 update rules, §2, §3.1, §4.3).
import * as semver from 'semver';
import { updateRulesFor } from './rules';
import { ObjectFinding, Finding, error, warning } from '../core/finding';
import { groupKindOf } from '../core/gvk';
import { stableStringify } from '../core/hash';
import { objectKey } from '../core/object-key';
import { capiUpdateRules } from './rules/capi/updates';
import { get } from './rules/rule';
import { SchemaRegistry } from './schema';
import { KubeObject } from '../core/kube-object';
import { caprke2UpdateRules } from './rules/caprke2-update';

function minorSemver(v: unknown): semver.SemVer | undefined {
  if (typeof v !== 'string') return undefined;
  return semver.coerce(v) ?? undefined;
}

/** Kubernetes version change rules: no downgrade, at most one minor at a time. */
export function versionStepProblem(oldV: unknown, newV: unknown): string | undefined {
  const o = minorSemver(oldV);
  const n = minorSemver(newV);
  if (!o || !n) return undefined;
  if (semver.lt(n, o)) return `downgrade from ${oldV} to ${newV} is not supported`;
  if (n.major !== o.major || n.minor - o.minor > 1) {
    return `cannot upgrade from ${oldV} to ${newV}: the control plane moves one minor version at a time (next: v${o.major}.${o.minor + 1}.x)`;
  }
  return undefined;
}

const IMMUTABLE_TEMPLATES: Record<string, string> = {
  'infrastructure.cluster.x-k8s.io/Metal3MachineTemplate': 'spec',
  'bootstrap.cluster.x-k8s.io/RKE2ConfigTemplate': 'spec',
  'controlplane.cluster.x-k8s.io/RKE2ControlPlaneTemplate': 'spec',
};

function pairRules(oldO: KubeObject, newO: KubeObject, newSet: readonly KubeObject[], oldSet: readonly KubeObject[]): Finding[] {
  const gk = groupKindOf(newO);
  const out: Finding[] = [...caprke2UpdateRules(oldO, newO)];
  const changed = (path: string[]) => stableStringify(get(oldO, ...path)) !== stableStringify(get(newO, ...path));
  switch (gk) {
    case 'controlplane.cluster.x-k8s.io/RKE2ControlPlane': {
      const p = versionStepProblem(get(oldO, 'spec', 'version'), get(newO, 'spec', 'version'));
      // CAPRKE2 has no version-step check; a downgrade is only a warning, a skipped minor stays an
      // error as CAPI's own control plane (KubeadmControlPlane validateVersion) refuses it.
      if (p) out.push((p.startsWith('downgrade') ? warning : error)('upgrade/version', 'spec.version', p));
      const om = get(oldO, 'spec', 'registrationMethod');
      if (om && changed(['spec', 'registrationMethod'])) {
        out.push(error('upgrade/immutable', 'spec.registrationMethod', `field value is immutable once set (was ${JSON.stringify(om)})`));
      }
      break;
    }
    case 'cluster.x-k8s.io/MachineDeployment': {
      const ov = get(oldO, 'spec', 'template', 'spec', 'version');
      const nv = get(newO, 'spec', 'template', 'spec', 'version');
      const o = minorSemver(ov);
      const n = minorSemver(nv);
      // The CAPI webhook accepts a downgrade of a MachineDeployment: a warning.
      if (o && n && semver.lt(n, o)) out.push(warning('upgrade/version', 'spec.template.spec.version', `downgrade from ${ov} to ${nv} is not supported`));
      break;
    }
    case 'cluster.x-k8s.io/Cluster':
      for (const ref of ['controlPlaneRef', 'infrastructureRef', 'topology']) {
        if (get(oldO, 'spec', ref) && !get(newO, 'spec', ref)) out.push(error('upgrade/immutable', `spec.${ref}`, `${ref} cannot be removed`));
      }
      break;
    case 'infrastructure.cluster.x-k8s.io/Metal3DataTemplate':
      for (const f of ['metaData', 'networkData']) {
        if (changed(['spec', f])) {
          out.push(error('upgrade/immutable', `spec.${f}`, 'cannot be modified', 'create a data template with a new name and point the machine template at it'));
        }
      }
      break;
    case 'metal3.io/BareMetalHost': {
      const om = get(oldO, 'spec', 'bootMACAddress');
      const nm = get(newO, 'spec', 'bootMACAddress');
      if (om && String(om).toLowerCase() !== String(nm ?? '').toLowerCase()) {
        out.push(error('upgrade/immutable', 'spec.bootMACAddress', `bootMACAddress can not be changed once it is set (was ${om})`));
      }
      if (changed(['spec', 'bmc', 'address'])) {
        out.push(warning('upgrade/immutable', 'spec.bmc.address', 'the BMC address can only change while the host is registering or detached'));
      }
      break;
    }
  }
  out.push(...capiUpdateRules(oldO, newO, newSet, oldSet));
  // CRD transition rules (x-kubernetes-validations reading oldSelf), as the API server runs them on an update.
  out.push(...SchemaRegistry.default().transitionFindings(oldO, newO));
  const immutablePart = IMMUTABLE_TEMPLATES[gk];
  if (immutablePart && changed([immutablePart])) {
    // Upstream's webhooks accept an edited template (CAPM3 ValidateUpdate checks only the new object;
    // CAPRKE2 has no template webhook): the edit is legal, it just rolls no machine.
    out.push(warning('upgrade/template-rotation', immutablePart, `${newO.kind} ${newO.metadata?.name} changed content but kept its name`,
      'accepted, but Cluster API rolls no machine for an edited template: only new machines get the new content; give it a new name to roll them (cdk8s-capi templates carry a content hash)'));
  }
  for (const rule of updateRulesFor(gk)) out.push(...rule(oldO, newO));
  return out;
}

const SKIP_PREFLIGHT = 'machineset.cluster.x-k8s.io/skip-preflight-checks';

/** The control plane of a MachineDeployment/MachineSet: through its Cluster's controlPlaneRef, else an RKE2ControlPlane named like the cluster. */
function controlPlaneOf(md: KubeObject, set: readonly KubeObject[]): KubeObject | undefined {
  const ns = md.metadata?.namespace ?? 'default';
  const inNs = (o: KubeObject) => (o.metadata?.namespace ?? 'default') === ns;
  const clusterName = get(md, 'spec', 'clusterName');
  const cluster = set.find(o => o.kind === 'Cluster' && groupKindOf(o) === 'cluster.x-k8s.io/Cluster' && o.metadata?.name === clusterName && inNs(o));
  const ref = get(cluster, 'spec', 'controlPlaneRef');
  if (ref?.kind && ref?.name) return set.find(o => o.kind === ref.kind && o.metadata?.name === ref.name && inNs(o));
  return set.find(o => o.kind === 'RKE2ControlPlane' && o.metadata?.name === clusterName && inNs(o));
}

/**
 * Control plane vs workers in the new set: the MachineSet preflight KubernetesVersionSkew
 * (cluster-api internal/controllers/machineset/machineset_preflight.go): workers may lag by up
 * to three minors, never lead; skipped with the skip-preflight-checks annotation.
 */
function skewRules(newSet: readonly KubeObject[]): ObjectFinding[] {
  const out: ObjectFinding[] = [];
  for (const md of newSet.filter(o => o.kind === 'MachineDeployment' || o.kind === 'MachineSet')) {
    const skip = String(md.metadata?.annotations?.[SKIP_PREFLIGHT] ?? '').split(',').map(s => s.trim());
    if (skip.includes('All') || skip.includes('KubernetesVersionSkew')) continue;
    const cp = controlPlaneOf(md, newSet);
    const w = minorSemver(get(md, 'spec', 'template', 'spec', 'version'));
    const c = minorSemver(get(cp, 'spec', 'version'));
    if (!w || !c) continue;
    if (w.major === c.major && w.minor > c.minor) {
      out.push({ object: md, finding: error('upgrade/skew', 'spec.template.spec.version', `workers (${w.version}) would run a newer minor than the control plane (${c.version})`, 'upgrade the control plane first; CAPI holds machine creation until then') });
    } else if (w.major === c.major && c.minor - w.minor > 3) {
      out.push({ object: md, finding: error('upgrade/skew', 'spec.template.spec.version', `workers (${w.version}) are more than 3 minors behind the control plane (${c.version})`, 'kubelets support at most three minors of skew; CAPI holds machine creation') });
    }
  }
  return out;
}

/** Findings for each object of `newSet` compared with `oldSet`. */
export function upgradeRules(oldSet: readonly KubeObject[], newSet: readonly KubeObject[]): ObjectFinding[] {
  const old = new Map(oldSet.filter(o => o?.kind).map(o => [objectKey(o), o]));
  const out: ObjectFinding[] = [];
  for (const n of newSet) {
    const o = old.get(objectKey(n));
    if (o) for (const finding of pairRules(o, n, newSet, oldSet)) out.push({ object: n, finding });
  }
  out.push(...skewRules(newSet));
  return out;
}
