// Rule cases for Fleet v0.16.1 (src/validate/catalog/fleet.ts): Bundle targets, and fleet.yaml
// targetCustomizations read as a Bundle (validate/fleet-yaml.ts), built from field reports (`source`).
import { RuleCase } from './case';
import { KubeObject } from '../../../src/core/kube-object';
import { fleetYamlBundle } from '../../../src/validate/fleet-yaml';

const bundle = (targets: unknown[], extra: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: 'fleet.cattle.io/v1alpha1', kind: 'Bundle', metadata: { name: 'istio-cni', namespace: 'fleet-default' }, spec: { targets, ...extra },
});
/** fleet.yaml of the istio-cni chart (the report), with these targetCustomizations. */
const fleetYaml = (targetCustomizations: unknown[], extra: Record<string, unknown> = {}) => fleetYamlBundle({
  defaultNamespace: 'kube-system',
  helm: { releaseName: 'istio-cni', repo: 'https://istio-release.storage.googleapis.com/charts', chart: 'cni', valuesFiles: ['values.yaml'] },
  targetCustomizations,
  ...extra,
}, 'istio-cni');
const sel = (labels: Record<string, string>) => ({ matchLabels: labels });

export const FLEET_CASES: RuleCase[] = [
  {
    rule: 'fleet/target-unreachable',
    expect: 'reject',
    title: 'an edge customization after a catch-all override entry (first match wins)',
    objects: [fleetYaml([{ name: 'istio-cni-values-override', clusterSelector: {}, helm: { valuesFiles: ['values/override.yaml'] } }, { name: 'edge-values', clusterSelector: sel({ edge: 'true' }), helm: { valuesFiles: ['values/edge.yaml'] } }])],
    message: /targets\[0\] matches every cluster/,
    source: 'rancher/fleet#3512',
  },
  { rule: 'fleet/target-unreachable', expect: 'reject', title: 'a customization with a name only', objects: [fleetYaml([{ name: 'prod', helm: { values: { replicas: 3 } } }])], message: /matches it against no cluster/ },
  { rule: 'fleet/target-unreachable', expect: 'reject', title: 'two Bundle targets with the same selector', objects: [bundle([{ name: 'a', clusterSelector: sel({ env: 'dev' }) }, { name: 'b', clusterSelector: sel({ env: 'dev' }) }])], message: /same selectors/ },
  {
    rule: 'fleet/target-unreachable',
    expect: 'accept',
    title: 'specific entries first, the catch-all last; the same order problem under AllMatches',
    objects: [
      fleetYaml([{ name: 'edge-values', clusterSelector: sel({ edge: 'true' }) }, { name: 'default', clusterSelector: {} }]),
      fleetYaml([{ name: 'override', clusterSelector: {} }, { name: 'edge-values', clusterSelector: sel({ edge: 'true' }) }], { targetCustomizationMode: 'AllMatches' }),
    ],
  },
];

/** Cases of the CRDs' CEL rules (FLEET_CEL_ENTRIES), run by the generic CEL evaluator (validate/cel/). */
const fleetObject = (kind: string, spec: Record<string, unknown>): KubeObject => ({ apiVersion: 'fleet.cattle.io/v1alpha1', kind, metadata: { name: 'x', namespace: 'fleet-default' }, spec });
const DURATION_CASES: Array<[string, (d: string) => Record<string, unknown>]> = [
  ['ClusterRegistrationToken', d => ({ ttl: d })],
  ['GitRepo', d => ({ repo: 'https://github.com/rancher/fleet-examples', pollingInterval: d })],
  ['HelmOp', d => ({ helm: { chart: 'podinfo', repo: 'https://stefanprodan.github.io/podinfo' }, pollingInterval: d })],
  ['ImageScan', d => ({ image: 'ghcr.io/example/app', tagName: 'app', interval: d })],
  ['Schedule', d => ({ schedule: '0 0 * * *', duration: d })],
];
export const FLEET_CEL_CASES: RuleCase[] = DURATION_CASES.flatMap(([kind, spec]): RuleCase[] => [
  { rule: `cel/fleet.cattle.io/${kind}`, expect: 'reject', title: `${kind}: a duration of 1d`, objects: [fleetObject(kind, spec('1d'))], message: /units like d \(days\)/ },
  { rule: `cel/fleet.cattle.io/${kind}`, expect: 'accept', title: `${kind}: 1h30m; 0`, objects: [fleetObject(kind, spec('1h30m')), { ...fleetObject(kind, spec('0')), metadata: { name: 'y', namespace: 'fleet-default' } }] },
]);
