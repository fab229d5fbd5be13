// The RKE2ConfigSpec embedded in every CAPRKE2 kind (spec, or spec.template.spec): the webhook's
// `ValidateRKE2ConfigSpec` (Butane for ignition, gzip encodings, registries) plus what the
// bootstrap controller fails on when it renders the spec (files, user data, registries, CIS).
import { VersionSource, cisProfileRules, versionsOf } from './caprke2-cis';
import { filesRules } from './caprke2-files';
import { registriesRules } from './caprke2-registries';
import { userDataRules } from './caprke2-user-data';
import { RuleContext } from './rule';
import { Finding } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';

export type CisVersions = readonly VersionSource[];

export interface SpecOwner {
  readonly obj: KubeObject;
  /** The spec is a control plane's: CAPRKE2 also writes the cluster CA files. */
  readonly controlPlane: boolean;
  /** The RKE2 versions it runs with; undefined: look for Machines/MachineDeployments in the set. */
  readonly versions?: CisVersions;
}

export function configSpecRules(spec: any, base: string, ctx: RuleContext, owner: SpecOwner): Finding[] {
  if (!spec || typeof spec !== 'object') return [];
  const ns = owner.obj.metadata?.namespace ?? 'default';
  return [
    ...userDataRules(spec, base, ctx),
    ...filesRules(spec, base, { controlPlane: owner.controlPlane }),
    ...registriesRules(spec, base, ctx, ns),
    ...cisProfileRules(spec, base, owner.versions ?? versionsOf(owner.obj, ctx)),
  ];
}
