// BareMetalHost update checks of baremetal-operator v0.13.2 (webhook `validateChanges`) that
// need only the stored and the new spec. The bootMACAddress and BMC address changes are
// upgrade/immutable (upgrade.ts); enabling externallyProvisioned depends on the host's state.
import { get } from './rule';
import { Finding, error } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';

export function bareMetalHostUpdateRules(oldObj: KubeObject, newObj: KubeObject): Finding[] {
  if (get(oldObj, 'spec', 'externallyProvisioned') === true && get(newObj, 'spec', 'externallyProvisioned') !== true) {
    return [error('bmo/externally-provisioned', 'spec.externallyProvisioned', 'externallyProvisioned can not be changed from true to false',
      'keep it true; to let baremetal-operator provision the host, delete and re-create the BareMetalHost')];
  }
  return [];
}
