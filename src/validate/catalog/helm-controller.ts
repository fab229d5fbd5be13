// helm-controller v0.17.7 (k3s-io/helm-controller), embedded in RKE2: HelmChart and HelmChartConfig
// have no admission webhook. The API server enforces the CRD schema (the schema layer) and one CEL
// transition rule; the rest happens in the controller or the helm Job it creates.
// Research: docs/upstream-coverage/helm-controller.md.
import { CatalogEntry, CheckKind, CheckWhen, NotPorted, ProjectCatalog, UpstreamRef } from './entry';

const at = (path: string, symbol: string): UpstreamRef => ({ repo: 'k3s-io/helm-controller', tag: 'v0.17.7', path, symbol });
const chart = (symbol: string) => at('pkg/controllers/chart/chart.go', symbol);
/** The helm job image helm-controller v0.17.7 deploys with (manifests/deployment.yaml). */
const klipper = (symbol: string): UpstreamRef => ({ repo: 'k3s-io/klipper-helm', tag: 'v0.9.10-build20251111', path: 'entry', symbol });

const HC = 'helm.cattle.io/HelmChart';
const HCC = 'helm.cattle.io/HelmChartConfig';
const C = CheckKind.CONTROLLER;
const B = CheckWhen.BOTH;

const entries: CatalogEntry[] = [
  {
    id: 'helm/chart-source',
    kinds: [HC],
    kind: C,
    when: B,
    what: 'neither spec.chart nor spec.chartContent: the controller ignores the HelmChart (a warning)',
    upstream: [chart('Controller.shouldManage')],
  },
  {
    id: 'helm/helm-version',
    kinds: [HC],
    kind: C,
    when: B,
    what: 'spec.helmVersion other than "" or v3: "Unsupported Helm version %s: only v3 charts are supported", the chart is marked Failed',
    upstream: [chart('Controller.OnChange')],
  },
  {
    id: 'helm/timeout',
    kinds: [HC],
    kind: C,
    when: B,
    what: 'spec.timeout that is not a Go duration: the CRD stores it as a plain string, the controller\'s typed client cannot decode the object',
    upstream: [at('pkg/apis/helm.cattle.io/v1/types.go', 'HelmChartSpec.Timeout')],
  },
  {
    id: 'helm/values-content',
    kinds: [HC, HCC],
    kind: C,
    when: B,
    what: 'spec.valuesContent that is not a YAML mapping: the helm Job cannot read the values file and fails, retried per backOffLimit',
    upstream: [chart('setValuesSecret'), chart('valuesSecretAddConfig')],
  },
  {
    id: 'helm/chart-repo',
    kinds: [HC],
    kind: C,
    when: B,
    what: 'spec.chart with a "/" (a repo alias prefix, a URL, an oci:// reference) while spec.repo is set: the repository is added as the HelmChart\'s name and "<name>/<chart>" is installed, which does not resolve',
    upstream: [chart('job'), klipper('helm_repo_init')],
    fieldReports: ['k3s-io/k3s#7810'],
  },
  {
    id: 'helm/values-dotted-key',
    kinds: [HC, HCC],
    kind: C,
    when: B,
    what: 'a top-level valuesContent key written as a dotted path (controller.replicaCount: 3): a values file key is literal, so the chart never receives the setting (a warning)',
    ours: 'valuesContent is written to the values file the helm job passes with --values (setValuesSecret); Helm reads its keys literally, unlike the --set paths of spec.set',
    upstream: [chart('setValuesSecret')],
    stricterThanUpstream: 'Helm accepts any key; a chart could define a literal dotted top-level key',
    fieldReports: ['rancher/rke2#663', 'rancher/rke2#1734'],
  },
  {
    id: 'helm/chart-config-target',
    kinds: [HCC],
    kind: C,
    when: B,
    what: 'a HelmChartConfig without a HelmChart of the same name and namespace in the manifests (RKE2\'s own kube-system/rke2-* charts excepted): it applies to nothing (a warning)',
    upstream: [chart('Controller.resolveHelmChartFromHelmChartConfig')],
  },
];

/**
 * The CRD's CEL rule, reported by the generic CEL evaluator (validate/cel/, rules-capi branch) as
 * cel/helm.cattle.io/HelmChart under --against. They are part of the entries below.
 */
export const HELM_CEL_ENTRIES: CatalogEntry[] = [{
  id: `cel/${HC}`,
  kinds: [HC],
  kind: CheckKind.CEL,
  when: CheckWhen.UPDATE,
  what: 'spec.driver is immutable after creation (a transition rule with optionalOldSelf; the CRD defaults driver to secret, so every stored chart has one)',
  upstream: [at('pkg/crds/yaml/generated/helm.cattle.io_helmcharts.yaml', 'v1 .spec.driver'), at('pkg/apis/helm.cattle.io/v1/types.go', 'HelmChartSpec.Driver')],
}];

const np = (kinds: string[], what: string, upstream: UpstreamRef, why: string): NotPorted => ({ kinds, what, kind: C, upstream, why });

const notPorted: NotPorted[] = [
  np([HC], 'charts annotated unmanaged, managed by another controller, or outside the embedding\'s system namespace are ignored', chart('Controller.shouldManage'),
    'depends on how the controller is embedded (managedBy, systemNamespace), not on the manifests'),
  np([HC], 'chartContent, repo, repoCA, authSecret, dockerRegistrySecret and valuesSecrets must resolve', chart('setAuthSecret'),
    'needs live Secrets/ConfigMaps and the chart repository'),
  np([HC, HCC], 'values the chart itself refuses (its values.schema.json, its templates)', chart('job'), 'needs the chart'),
];

export const HELM_CONTROLLER_CATALOG: ProjectCatalog = {
  project: 'helm-controller v0.17.7',
  families: ['helm'],
  entries: [...entries, ...HELM_CEL_ENTRIES],
  notPorted,
};
