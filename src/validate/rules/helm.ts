// helm.cattle.io HelmChart and HelmChartConfig (k3s-io/helm-controller v0.17.7, the controller RKE2
// embeds). It has no admission webhook: the API server enforces the CRD schema (and the CEL rule
// on spec.driver, an update rule); everything else happens in the controller
// (pkg/controllers/chart/chart.go) or in the helm Job it creates, where these fail or are ignored.
import { chartRepoRules } from './helm-chart-repo';
import { dottedValuesKeyRules } from './helm-values-keys';
import { RuleContext, RuleTable, get } from './rule';
import { Finding, error, warning } from '../../core/finding';
import { isKind } from '../../core/gvk';
import { KubeObject } from '../../core/kube-object';
import { parseYamlDocument, yamlToJs } from '../../core/safe-yaml';
import { parseGoDuration } from '../go-duration';
import { KIND_NS_NAME, kindNsName, lookup } from '../object-index';

/** Answers by text: a fleet repeats the same chart values on every site (bounded, cleared when full). */
const valuesMemo = new Map<string, string | undefined>();
const VALUES_MEMO_SIZE = 256;

/** Why a values text is not a Helm values file (a YAML mapping), if it is not. */
function valuesProblem(text: string): string | undefined {
  if (valuesMemo.has(text)) return valuesMemo.get(text);
  const problem = readValues(text);
  if (valuesMemo.size >= VALUES_MEMO_SIZE) valuesMemo.clear();
  valuesMemo.set(text, problem);
  return problem;
}

function readValues(text: string): string | undefined {
  const parsed = parseYamlDocument(text, { merge: true });
  if (parsed.tooBig) return 'too large to read';
  const doc = parsed.docs[0];
  if (!doc) return undefined;
  if (doc.errors.length) return `not valid YAML (${doc.errors[0].message.split('\n')[0]})`;
  // An alias without its anchor or an alias bomb is a problem of the text, never a crash.
  const read = yamlToJs(doc, parsed.lineCounter);
  if (read.problem) return `not valid YAML (${read.problem.message.replace(/^YAML: /, '')})`;
  const v = read.value;
  if (v === null || v === undefined) return undefined;
  return typeof v === 'object' && !Array.isArray(v) ? undefined : `a YAML ${Array.isArray(v) ? 'list' : 'scalar'}, not a mapping`;
}

function valuesContentRule(obj: KubeObject): Finding[] {
  const text = get(obj, 'spec', 'valuesContent');
  if (typeof text !== 'string') return [];
  const problem = valuesProblem(text);
  return problem ? [error('helm/values-content', 'spec.valuesContent', `${problem}: the helm Job cannot read it as a values file and fails (retried per backOffLimit)`,
    'write the chart values as a YAML mapping')] : [];
}

function helmChartRules(obj: KubeObject): Finding[] {
  const spec = obj.spec ?? {};
  const out: Finding[] = [];
  if (!spec.chart && !spec.chartContent) {
    out.push(warning('helm/chart-source', 'spec.chart', 'neither chart nor chartContent is set: helm-controller ignores this HelmChart', 'name the chart (with repo and version), or give chartContent'));
  }
  if (spec.helmVersion !== undefined && spec.helmVersion !== '' && spec.helmVersion !== 'v3') {
    out.push(error('helm/helm-version', 'spec.helmVersion', `Unsupported Helm version ${spec.helmVersion}: only v3 charts are supported (the chart is marked Failed)`, 'drop helmVersion or set v3'));
  }
  if (spec.timeout !== undefined && (typeof spec.timeout !== 'string' || parseGoDuration(spec.timeout) === undefined)) {
    out.push(error('helm/timeout', 'spec.timeout', `${JSON.stringify(spec.timeout)} is not a duration: the API server stores it, but helm-controller cannot decode the HelmChart`, 'a Go duration such as 300s or 10m'));
  }
  out.push(...valuesContentRule(obj));
  return out;
}

/** The charts RKE2 installs itself (kube-system/rke2-*): configured by name, not in the manifests. */
const isRke2Packaged = (o: KubeObject) => (o.metadata?.namespace ?? 'default') === 'kube-system' && /^rke2-/.test(o.metadata?.name ?? '');

function helmChartConfigRules(obj: KubeObject, ctx: RuleContext): Finding[] {
  const out = valuesContentRule(obj);
  const ns = obj.metadata?.namespace ?? 'default';
  const name = obj.metadata?.name;
  const candidates = typeof name === 'string' && typeof ns === 'string' ? lookup(ctx.objects, KIND_NS_NAME, kindNsName('HelmChart', ns, name)) : ctx.objects;
  const chart = candidates.find(o => isKind(o, 'helm.cattle.io', 'HelmChart') && o.metadata?.name === obj.metadata?.name && (o.metadata?.namespace ?? 'default') === ns);
  if (!chart && !isRke2Packaged(obj)) {
    out.push(warning('helm/chart-config-target', 'metadata.name', `no HelmChart ${ns}/${obj.metadata?.name} in these manifests: a HelmChartConfig only applies to the HelmChart of the same name and namespace`,
      'name it after its HelmChart, in the HelmChart\'s namespace'));
  }
  return out;
}

export const HELM_RULES: RuleTable = {
  'helm.cattle.io/HelmChart': [helmChartRules, chartRepoRules, dottedValuesKeyRules],
  'helm.cattle.io/HelmChartConfig': [helmChartConfigRules, dottedValuesKeyRules],
};
