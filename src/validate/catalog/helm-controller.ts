// helm-controller v0.17.7 (k3s-io/helm-controller), embedded in RKE2: HelmChart and HelmChartConfig
// have no admission webhook. The API server enforces the CRD schema (the schema layer) and one CEL
// transition rule; the rest happens in the controller or the helm Job it creates.
// Research: docs/upstream-coverage/helm-controller.md.
import { CatalogEntry, CheckKind, CheckWhen, NotPorted, ProjectCatalog, UpstreamRef } from './entry';

const at = (path: string, symbol: string): UpstreamRef => ({ repo: 'k3s-io/helm-controller', tag: 'v0.17.7', path, symbol });
const chart = (symbol: string) => at('pkg/controllers/chart/chart.go', symbol);

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
