// BareMetalHost spec.image as baremetal-operator v0.13.2 checks it (webhook `validateImage`):
// the URL must pass Go's url.ParseRequestURI — any scheme, `file:///…` and absolute paths
// included; BMO has no scheme allowlist — and `Image.GetChecksum` wants a checksum unless the
// format is live-iso or the URL is oci:// (an oci:// image may still carry one).
import { Finding, error } from '../../core/finding';
import { parseRequestUriProblem } from '../go-url';

export function bmhImageRules(image: any): Finding[] {
  if (!image || typeof image !== 'object') return [];
  const out: Finding[] = [];
  const url = typeof image.url === 'string' ? image.url : '';
  const p = parseRequestUriProblem(url);
  if (p) {
    out.push(error('bmo/image', 'spec.image.url', `image URL ${url} is invalid: parse ${JSON.stringify(url)}: ${p}`,
      'an absolute URL (http(s)://, file:///…, oci://…) or an absolute path'));
  }
  const liveIso = image.format === 'live-iso';
  const oci = url.toLowerCase().startsWith('oci://');
  if (!liveIso && !oci && !image.checksum) {
    out.push(error('bmo/image-checksum', 'spec.image.checksum', 'checksum is required for normal images',
      'set checksum (or the URL of a checksum file) and checksumType; only live-iso and oci:// images go without'));
  }
  return out;
}
