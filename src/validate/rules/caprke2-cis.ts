// CAPRKE2 `agentConfig.cisProfile` against the RKE2 version (pkg/util/util.go `ProfileCompliant`,
// called from pkg/rke2/config.go `newRKE2AgentConfig`): `cis` and `cis-1.23` need RKE2 v1.25 or
// later, `cis-1.5` and `cis-1.6` need an older one; otherwise the controller fails with
// "profile %q is not supported for version %q" and generates no bootstrap data.
import { RuleContext, get } from './rule';
import { Finding, error, warning } from '../../core/finding';
import { isKind } from '../../core/gvk';
import { KubeObject } from '../../core/kube-object';
import { IndexKey, lookup } from '../object-index';

const MODERN = ['cis', 'cis-1.23'];
const LEGACY = ['cis-1.5', 'cis-1.6'];

/** Kubernetes minor of an RKE2 version (v1.31.4+rke2r1 → [1, 31]). */
function minorOf(version: unknown): [number, number] | undefined {
  const m = typeof version === 'string' ? /^v?(\d+)\.(\d+)\./.exec(version) : null;
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

const atLeast125 = (v: [number, number]) => v[0] > 1 || (v[0] === 1 && v[1] >= 25);

/** Versions the spec will run with, where the set says: (version, where it comes from). */
export type VersionSource = { readonly version: string; readonly from: string };

/** MachineDeployments and Machines by `namespace|configRef kind|configRef name` of their bootstrap. */
const BOOTSTRAP_REF: IndexKey = o => {
  const ref = isKind(o, 'cluster.x-k8s.io', 'MachineDeployment') ? get(o, 'spec', 'template', 'spec', 'bootstrap', 'configRef')
    : isKind(o, 'cluster.x-k8s.io', 'Machine') ? get(o, 'spec', 'bootstrap', 'configRef') : undefined;
  return ref && typeof ref.kind === 'string' && typeof ref.name === 'string' ? `${o.metadata?.namespace ?? 'default'}|${ref.kind}|${ref.name}` : undefined;
};

/** MachineDeployments/Machines in the set whose bootstrap configRef names this RKE2Config(Template). */
export function versionsOf(obj: KubeObject, ctx: RuleContext): VersionSource[] {
  const ns = obj.metadata?.namespace ?? 'default';
  const name = obj.metadata?.name;
  const out: VersionSource[] = [];
  const candidates = typeof name === 'string' ? lookup(ctx.objects, BOOTSTRAP_REF, `${ns}|${obj.kind}|${name}`) : ctx.objects;
  for (const o of candidates) {
    if ((o.metadata?.namespace ?? 'default') !== ns) continue;
    if (obj.kind === 'RKE2ConfigTemplate' && isKind(o, 'cluster.x-k8s.io', 'MachineDeployment')) {
      const ref = get(o, 'spec', 'template', 'spec', 'bootstrap', 'configRef');
      const version = get(o, 'spec', 'template', 'spec', 'version');
      if (ref?.kind === 'RKE2ConfigTemplate' && ref?.name === name && typeof version === 'string') out.push({ version, from: `MachineDeployment ${o.metadata?.name}` });
    }
    if (obj.kind === 'RKE2Config' && isKind(o, 'cluster.x-k8s.io', 'Machine')) {
      const ref = get(o, 'spec', 'bootstrap', 'configRef');
      const version = get(o, 'spec', 'version');
      if (ref?.kind === 'RKE2Config' && ref?.name === name && typeof version === 'string') out.push({ version, from: `Machine ${o.metadata?.name}` });
    }
  }
  return out;
}

export function cisProfileRules(spec: any, base: string, versions: readonly VersionSource[]): Finding[] {
  const profile = get(spec, 'agentConfig', 'cisProfile');
  if (typeof profile !== 'string' || (!MODERN.includes(profile) && !LEGACY.includes(profile))) return [];
  const field = `${base}.agentConfig.cisProfile`;
  const hint = 'use cis (or cis-1.23) for RKE2 v1.25 and later, cis-1.5/cis-1.6 only before v1.25';
  if (versions.length === 0) {
    return LEGACY.includes(profile)
      ? [warning('caprke2/cis-profile', field, `profile ${JSON.stringify(profile)} is only supported before RKE2 v1.25 (the version is not in these manifests); with a later version CAPRKE2 generates no bootstrap data`, hint)]
      : [];
  }
  const out: Finding[] = [];
  for (const v of versions) {
    const minor = minorOf(v.version);
    if (!minor) continue;
    const ok = MODERN.includes(profile) ? atLeast125(minor) : !atLeast125(minor);
    if (!ok) {
      out.push(error('caprke2/cis-profile', field, `profile ${JSON.stringify(profile)} is not supported for version ${JSON.stringify(v.version)} (${v.from}): CAPRKE2 generates no bootstrap data`, hint));
    }
  }
  return out;
}
