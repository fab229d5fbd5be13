// Rule cases for helm-controller v0.17.7 (src/validate/catalog/helm-controller.ts), from its e2e
// suite where it has the case (test/suite/helm_test.go), else ours.
import { RuleCase } from './case';
import { KubeObject } from '../../../src/core/kube-object';

const W = 'warning' as const;
const chart = (spec: Record<string, unknown>, name = 'podinfo', namespace = 'kube-system'): KubeObject => ({
  apiVersion: 'helm.cattle.io/v1', kind: 'HelmChart', metadata: { name, namespace }, spec: { chart: 'podinfo', repo: 'https://stefanprodan.github.io/podinfo', ...spec },
});
const config = (spec: Record<string, unknown>, name = 'podinfo', namespace = 'kube-system'): KubeObject => ({
  apiVersion: 'helm.cattle.io/v1', kind: 'HelmChartConfig', metadata: { name, namespace }, spec,
});
/** SUSE Edge's MetalLB chart, from its OCI registry (no repo). */
const ociChart: KubeObject = { apiVersion: 'helm.cattle.io/v1', kind: 'HelmChart', metadata: { name: 'metallb', namespace: 'kube-system' }, spec: { chart: 'oci://registry.suse.com/edge/charts/metallb', targetNamespace: 'metallb-system' } };
const SUITE = (when: string) => `k3s-io/helm-controller test/suite/helm_test.go "${when}"`;

export const HELM_CONTROLLER_CASES: RuleCase[] = [
  { rule: 'helm/chart-source', expect: 'reject', severity: W, title: 'neither chart nor chartContent', objects: [chart({ chart: undefined, repo: undefined, targetNamespace: 'x' })], message: /ignores this HelmChart/ },
  { rule: 'helm/chart-source', expect: 'accept', title: 'a chart from a repo', objects: [chart({})], source: SUITE('When a HelmChart is created') },
  { rule: 'helm/helm-version', expect: 'reject', title: 'helmVersion v2', objects: [chart({ helmVersion: 'v2' })], message: /only v3 charts are supported/, source: SUITE('When a HelmChart V2 is created') },
  { rule: 'helm/helm-version', expect: 'accept', title: 'helmVersion v3', objects: [chart({ helmVersion: 'v3' })] },
  { rule: 'helm/timeout', expect: 'reject', title: 'timeout "10 minutes"', objects: [chart({ timeout: '10 minutes' })], message: /is not a duration/ },
  { rule: 'helm/timeout', expect: 'accept', title: 'timeout 10m', objects: [chart({ timeout: '10m' })], source: SUITE('When a HelmChart specifies a timeout') },
  { rule: 'helm/values-content', expect: 'reject', title: 'valuesContent that is a YAML list', objects: [chart({ valuesContent: '- a\n- b\n' })], message: /not a mapping/ },
  { rule: 'helm/values-content', expect: 'reject', title: 'HelmChartConfig valuesContent that is not YAML', objects: [config({ valuesContent: 'a: [b\n' }, 'rke2-cilium')], message: /not valid YAML/ },
  { rule: 'helm/values-content', expect: 'reject', title: 'valuesContent with an alias whose anchor is not in it (a finding, not a crash)', objects: [chart({ valuesContent: 'a: *fz\n' })], message: /not valid YAML \(alias \*fz has no anchor/ },
  { rule: 'helm/values-content', expect: 'accept', title: 'values as a mapping', objects: [chart({ valuesContent: 'replicaCount: 2\n' })], source: SUITE('When a HelmChart has values') },
  { rule: 'helm/chart-repo', expect: 'reject', title: 'chart jetstack/cert-manager with repo https://charts.jetstack.io', objects: [chart({ chart: 'jetstack/cert-manager', repo: 'https://charts.jetstack.io', version: 'v1.12.2', targetNamespace: 'cert-manager' }, 'cert-manager')], message: /installs "cert-manager\/jetstack\/cert-manager"/, source: 'k3s-io/k3s#7810' },
  { rule: 'helm/chart-repo', expect: 'reject', title: 'an oci:// chart with a repo', objects: [chart({ chart: 'oci://registry.suse.com/edge/charts/metallb', repo: 'https://charts.example.com' }, 'metallb')], message: /not a chart reference/ },
  { rule: 'helm/chart-repo', expect: 'accept', title: 'chart cert-manager with its repo; an oci:// chart without repo', objects: [chart({ chart: 'cert-manager', repo: 'https://charts.jetstack.io' }, 'cert-manager'), ociChart], source: SUITE('When a HelmChart is created') },
  {
    rule: 'helm/values-dotted-key',
    expect: 'reject',
    severity: W,
    title: 'HelmChartConfig rke2-ingress-nginx with controller.replicaCount as one key',
    objects: [config({ valuesContent: 'controller.nodeSelector:\n  node-role.kubernetes.io/master: "true"\ncontroller.replicaCount: 3\n' }, 'rke2-ingress-nginx')],
    message: /"controller.nodeSelector", "controller.replicaCount"/,
    source: 'rancher/rke2#663',
  },
  {
    rule: 'helm/values-dotted-key',
    expect: 'reject',
    severity: W,
    title: 'HelmChart rke2-cilium values ipam.mode and hubble.relay.enabled',
    objects: [chart({ chart: 'cilium', repo: 'https://helm.cilium.io/', valuesContent: 'ipam.mode: "kubernetes"\nhubble.relay.enabled: true\nl7Proxy: false\n' }, 'rke2-cilium')],
    source: 'rancher/rke2#1734',
  },
  {
    rule: 'helm/values-dotted-key',
    expect: 'accept',
    title: 'nested values; annotation-like keys with "/" in nested maps; spec.set paths',
    objects: [config({ valuesContent: 'controller:\n  replicaCount: 3\n  nodeSelector:\n    node-role.kubernetes.io/master: "true"\n' }, 'rke2-ingress-nginx'), chart({ set: { 'controller.replicaCount': '3' } })],
  },
  { rule: 'helm/chart-config-target', expect: 'reject', severity: W, title: 'a HelmChartConfig whose name matches no HelmChart', objects: [chart({}), config({ valuesContent: 'a: b\n' }, 'podinfo-typo')], message: /no HelmChart kube-system\/podinfo-typo/ },
  { rule: 'helm/chart-config-target', expect: 'accept', title: 'the HelmChart of the same name; RKE2\'s own rke2-cilium', objects: [chart({}), config({ valuesContent: 'a: b\n' }), config({ valuesContent: 'a: b\n' }, 'rke2-cilium')], source: SUITE('When a HelmChart has HelmChartConfig') },
];

/**
 * Cases of the CRD's CEL rule (HELM_CEL_ENTRIES). Run by the generic CEL evaluator (validate/cel/).
 */
export const HELM_CEL_CASES: RuleCase[] = [
  { rule: 'cel/helm.cattle.io/HelmChart', expect: 'reject', title: 'driver changed from secret to configmap', against: [chart({ driver: 'secret' })], objects: [chart({ driver: 'configmap' })], message: /driver is immutable after creation/ },
  { rule: 'cel/helm.cattle.io/HelmChart', expect: 'accept', title: 'driver unchanged; a new chart with configmap', against: [chart({ driver: 'configmap' })], objects: [chart({ driver: 'configmap' }), chart({ driver: 'configmap' }, 'other')], source: 'k3s-io/helm-controller pkg/controllers/chart/chart_test.go TestDriverField "configmap driver"' },
];
