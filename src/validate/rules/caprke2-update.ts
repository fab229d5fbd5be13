// Update-time rules of the CAPRKE2 kinds not in upgrade.ts (`validate --against`, upgrade
// preflights): RKE2ControlPlaneTemplate's registrationMethod is immutable once set
// (controlplane/api/v1beta2/rke2controlplanetemplate_webhook.go `ValidateUpdate`). The
// RKE2ControlPlane rules (registrationMethod, version steps) and template rotation are in upgrade.ts.
import { get } from './rule';
import { Finding, error } from '../../core/finding';
import { groupKindOf } from '../../core/gvk';
import { KubeObject } from '../../core/kube-object';

export function caprke2UpdateRules(oldO: KubeObject, newO: KubeObject): Finding[] {
  if (groupKindOf(newO) !== 'controlplane.cluster.x-k8s.io/RKE2ControlPlaneTemplate') return [];
  const om = get(oldO, 'spec', 'template', 'spec', 'registrationMethod');
  const nm = get(newO, 'spec', 'template', 'spec', 'registrationMethod');
  return om && nm !== om
    ? [error('upgrade/immutable', 'spec.template.spec.registrationMethod', `field value is immutable once set (was ${JSON.stringify(om)})`,
      'create a new RKE2ControlPlaneTemplate to change how nodes register')]
    : [];
}
