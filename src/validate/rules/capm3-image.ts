// The image of a Metal3Machine (`spec`) or Metal3MachineTemplate (`spec.template.spec`), as
// CAPM3 v1.13.2 checks it (`api/v1beta2/common_types.go` Image.Validate, run by both webhooks
// unless customDeploy.method is set). v1beta1 objects are converted first (`format` becomes
// `diskFormat`). There is no oci:// exemption at this tag: that came with v1.14.
import { get } from './rule';
import { Finding, error } from '../../core/finding';
import { parseRequestUriProblem } from '../go-url';

export function imageRules(spec: any, base: string, version: string): Finding[] {
  if (!spec || typeof spec !== 'object' || get(spec, 'customDeploy', 'method')) return [];
  const image = spec.image;
  const field = `${base}.image`;
  const url = typeof image?.url === 'string' ? image.url : '';
  const checksum = typeof image?.checksum === 'string' ? image.checksum : undefined;
  if (!url && checksum === undefined) {
    return [error('capm3/image', field, 'either image or customDeploy is required', 'set image.url and image.checksum, or customDeploy.method')];
  }
  const out: Finding[] = [];
  if (!url) {
    out.push(error('capm3/image', `${field}.url`, 'cannot be empty', 'the URL of the OS image, e.g. http://imagecache.local:8080/os.raw'));
  } else {
    const p = parseRequestUriProblem(url);
    if (p) out.push(error('capm3/image', `${field}.url`, `${JSON.stringify(url)} is not a valid URL (${p})`, 'an absolute URL such as http://host/os.raw or file:///images/os.raw'));
  }
  const diskFormat = version === 'v1beta1' ? image?.format : image?.diskFormat;
  if (diskFormat !== 'live-iso') {
    if (!checksum) {
      out.push(error('capm3/image-checksum', `${field}.checksum`, 'cannot be empty',
        `the checksum, or the URL of a checksum file (e.g. ${url || '<image>'}.sha256)${url.toLowerCase().startsWith('oci://') ? '; CAPM3 v1.13 requires one for oci:// images too (v1.14 drops it)' : ''}`));
    } else if (/^https?:\/\//.test(checksum)) {
      const p = parseRequestUriProblem(checksum);
      if (p) out.push(error('capm3/image-checksum', `${field}.checksum`, `${JSON.stringify(checksum)} is not a valid URL (${p})`, 'a checksum URL such as http://host/os.raw.sha256, or the checksum itself'));
    }
  }
  return out;
}
