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
  entries,
  notPorted,
};
