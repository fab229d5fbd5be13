// PreprovisioningImage: no webhook at baremetal-operator v0.13.2 (baremetal-operator normally
// creates these itself, one per host). Its controller (`preprovisioningimage_controller.go`
// update, getImageFormat) picks the first accepted format its image provider supports: with no
// accepted format at all, it sets "No acceptable image format supported" whatever the provider.
import { get } from './rule';
import { Finding, error } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';

export function preprovisioningImageRules(obj: KubeObject): Finding[] {
  const formats = get(obj, 'spec', 'acceptFormats');
  if (Array.isArray(formats) && formats.length) return [];
  return [error('bmo/preprovisioning-image-format', 'spec.acceptFormats', 'No acceptable image format supported: acceptFormats is empty', 'list iso and/or initrd')];
}
