// Fleet v0.16.1 (rancher/fleet): what its controller does with the targets of a Bundle (and the
// targetCustomizations of a fleet.yaml, which become the Bundle's first targets).
import { CatalogEntry, CheckKind, NotPorted, ProjectCatalog, UpstreamRef } from './entry';

const at = (path: string, symbol: string): UpstreamRef => ({ repo: 'rancher/fleet', tag: 'v0.16.1', path, symbol });

const BUNDLE = 'fleet.cattle.io/Bundle';
const C = CheckKind.CONTROLLER;

const entries: CatalogEntry[] = [
  {
    id: 'fleet/target-unreachable',
    kinds: [BUNDLE],
    kind: C,
    what: 'a target (fleet.yaml targetCustomizations entry) without clusterName, clusterGroup, clusterSelector or clusterGroupSelector (it matches no cluster), or, in FirstMatch mode, after an entry that matches every cluster (clusterSelector: {}) or has the same selectors: it never applies',
    upstream: [at('internal/cmd/controller/target/matcher/clustermatcher.go', 'ClusterMatcher.Match'), at('internal/cmd/controller/target/matcher/bundlematch.go', 'matcher.matchCustomization'),
      at('internal/cmd/controller/target/matcher/bundlematch.go', 'matcher.match')],
    fieldReports: ['rancher/fleet#3512'],
  },
];

/** The CRDs' CEL rules (durations), reported by the generic CEL evaluator as cel/<group>/<Kind>. */
const CRDS = 'charts/fleet-crd/templates/crds.yaml';
const DURATION = 'a duration that is not "0" or a Go duration of ns/us/µs/ms/s/m/h up to 2562047h ("units like d (days) or w (weeks) are not supported")';
export const FLEET_CEL_ENTRIES: CatalogEntry[] = ([
  ['ClusterRegistrationToken', '.spec.ttl'], ['GitRepo', '.spec.pollingInterval, .spec.imageScanInterval'], ['HelmOp', '.spec.pollingInterval'],
  ['ImageScan', '.spec.interval'], ['Schedule', '.spec.duration'],
] as const).map(([kind, fields]): CatalogEntry => ({
  id: `cel/fleet.cattle.io/${kind}`,
  kinds: [`fleet.cattle.io/${kind}`],
  kind: CheckKind.CEL,
  what: `x-kubernetes-validations on ${fields}: ${DURATION}`,
  upstream: [at(CRDS, `${kind} v1alpha1 ${fields}`)],
}));

const notPorted: NotPorted[] = [
  {
    kinds: [BUNDLE],
    what: 'entries shadowed by an earlier entry whose selector matches a superset of clusters other than everything (e.g. env In (dev, prod) before env=dev)',
    kind: C,
    upstream: at('internal/cmd/controller/target/matcher/bundlematch.go', 'matcher.matchCustomization'),
    why: 'which clusters carry which labels is not in the manifests; only certain shadowing is reported',
  },
];

export const FLEET_CATALOG: ProjectCatalog = {
  project: 'Fleet v0.16.1',
  families: ['fleet'],
  entries: [...entries, ...FLEET_CEL_ENTRIES],
  notPorted,
};
