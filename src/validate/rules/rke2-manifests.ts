// What RKE2's deploy controller does with the files a CAPRKE2 object writes below a manifests
// directory (rke2-deploy.ts): files it never reads, files that share an Addon (each apply
// prunes what the other applied) or collide with a packaged component, and HelmCharts that
// RKE2's own packaged chart of the same name overwrites.
import { RuleContext } from './rule';
import { Finding, error, warning } from '../../core/finding';
import { KubeObject } from '../../core/kube-object';
import { checkDns1123Subdomain } from '../../core/names';
import { ManifestFile, embeddedManifestsOf, manifestFilesOf, rke2ConfigSpec } from '../embedded-manifests';
import { addonName } from '../rke2-deploy';
import { PACKAGED_NAMES, packagedEnabled } from '../rke2-packaged';

const located = (f: ManifestFile, finding: Finding): Finding => {
  const at = f.at();
  return { ...finding, field: at.field === finding.field ? at.field : `${at.field}: ${f.path}`, embeddedLine: at.embeddedLine };
};

/** Whether a file RKE2 skips looks like it was meant as manifests (its text holds Kubernetes objects). */
function looksLikeManifests(f: ManifestFile, ctx: RuleContext): boolean {
  if (f.text === undefined) return false;
  const parsed = ctx.texts.parseInline(f.text);
  return parsed.objects.length > 0 && parsed.problems.length === 0;
}

/** rke2/manifest-skipped: a manifest file RKE2 never reads (agent node, other data dir, name, .skip marker). */
export function manifestSkippedRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  const out: Finding[] = [];
  for (const f of manifestFilesOf(obj, ctx.objects, ctx.texts)) {
    if (!f.skipped || f.skipped.disabled) continue;
    // A .skip marker, or a README, is there on purpose: only manifests that are never applied are reported.
    if (/\.skip$/.test(f.path) || f.skipped.why.endsWith('.skip exists beside it') || !looksLikeManifests(f, ctx)) continue;
    out.push(located(f, warning('rke2/manifest-skipped', '', `${f.path} holds Kubernetes objects, but RKE2 never applies it: ${f.skipped.why}`,
      'ship manifests to a server node (the control plane), below its <data-dir>/server/manifests, in a file named *.yaml, *.yml or *.json')));
  }
  return out;
}

/** rke2/manifest-addon: files whose Addon collides with another file, with a packaged component, or is not a valid name. */
export function manifestAddonRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  const out: Finding[] = [];
  const files = manifestFilesOf(obj, ctx.objects, ctx.texts);
  const first = new Map<string, ManifestFile>();
  for (const f of files) {
    if (f.skipped?.disabled) {
      out.push(located(f, error('rke2/manifest-addon', '', `${f.path} is deleted by RKE2 when it starts: ${f.skipped.why}`,
        `name the file after your own component (the Addon is the part of the file name before its first "."), or enable ${f.skipped.disabled}`)));
      continue;
    }
    if (f.skipped) continue;
    const addon = addonName(f.path);
    const bad = checkDns1123Subdomain(addon);
    if (bad) {
      out.push(located(f, error('rke2/manifest-addon', '', `RKE2 tracks ${f.path} as the Addon kube-system/${addon}, an invalid object name (${bad}): the Addon cannot be created and the file is never applied`,
        'name the file in lower case letters, digits and "-", e.g. my-app.yaml')));
      continue;
    }
    if (PACKAGED_NAMES.has(addon)) {
      const own = f.path.endsWith(`/${addon}.yaml`) && f.path.split('/').length === f.dir.split('/').length + 1;
      out.push(located(f, error('rke2/manifest-addon', '', own
        ? `RKE2 writes its packaged ${addon}.yaml over ${f.path} at every start: the file's content is lost`
        : `${f.path} is tracked as the Addon kube-system/${addon}, the Addon of RKE2's packaged ${addon}.yaml: each apply prunes what the other applied`,
      `to configure ${addon}, ship a HelmChartConfig named ${addon} in a file of another name (e.g. ${addon}-config.yaml); for your own chart pick another name`)));
      continue;
    }
    const earlier = first.get(addon);
    if (earlier) {
      out.push(located(f, error('rke2/manifest-addon', '', `${f.path} and ${earlier.path} are both tracked as the Addon kube-system/${addon} (the file name up to its first "."): applying one prunes the objects the other applied`,
        `give each file its own name before the first "." (e.g. ${addon}-2.yaml)`)));
    } else {
      first.set(addon, f);
    }
  }
  return out;
}

/** rke2/manifest-packaged-chart: a HelmChart that RKE2's packaged chart of the same name overwrites. */
export function manifestPackagedChartRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  const spec = rke2ConfigSpec(obj);
  const out: Finding[] = [];
  for (const e of embeddedManifestsOf(obj, ctx.objects, ctx.texts)) {
    const o = e.object;
    const name = o.metadata?.name;
    if (o.kind !== 'HelmChart' || o.apiVersion !== 'helm.cattle.io/v1' || typeof name !== 'string' || (o.metadata?.namespace ?? 'default') !== 'kube-system') continue;
    if (packagedEnabled(spec, name) !== true || addonName(e.path) === name) continue;
    const at = e.at('');
    out.push({
      ...error('rke2/manifest-packaged-chart', '', `HelmChart kube-system/${name} in ${e.path}: RKE2 applies its own packaged HelmChart ${name} from ${name}.yaml, and the two overwrite each other, so your chart settings do not hold`,
        `configure the packaged chart with a HelmChartConfig kube-system/${name} (its valuesContent is merged), or disable ${name} and ship your chart under another name`),
      field: `${at.field}: ${e.path} HelmChart/${name}`,
      embeddedLine: at.embeddedLine,
    });
  }
  return out;
}
