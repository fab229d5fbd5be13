// RKE2 v1.34.2+rke2r1 (rancher/rke2), the release CAPRKE2 v0.25.0 is tested with
// (test/e2e/config/e2e_conf.yaml KUBERNETES_VERSION v1.34.2), and the k3s code it runs
// (go.mod: k3s v1.34.2-0.20251111224559-62dadb873cbe): what RKE2 does with the manifests a
// CAPRKE2 object ships to a node, and with node taints. Nothing admits these: they fail on the node.
import { CatalogEntry, CheckKind, NotPorted, ProjectCatalog, UpstreamRef } from './entry';

const rke2 = (path: string, symbol: string): UpstreamRef => ({ repo: 'rancher/rke2', tag: 'v1.34.2+rke2r1', path, symbol });
const k3s = (path: string, symbol: string): UpstreamRef => ({ repo: 'k3s-io/k3s', tag: 'v1.34.2-0.20251111224559-62dadb873cbe', path, symbol });
const deploy = (symbol: string) => k3s('pkg/deploy/controller.go', symbol);
const helm = (path: string, symbol: string): UpstreamRef => ({ repo: 'k3s-io/helm-controller', tag: 'v0.17.7', path, symbol });

const CARRIERS = [
  'controlplane.cluster.x-k8s.io/RKE2ControlPlane', 'controlplane.cluster.x-k8s.io/RKE2ControlPlaneTemplate',
  'bootstrap.cluster.x-k8s.io/RKE2Config', 'bootstrap.cluster.x-k8s.io/RKE2ConfigTemplate',
];
const C = CheckKind.CONTROLLER;

const entries: CatalogEntry[] = [
  {
    id: 'rke2/manifest-skipped',
    kinds: CARRIERS,
    kind: C,
    what: 'a file of Kubernetes objects written below a manifests directory that RKE2 never applies: on an agent node (RKE2ConfigTemplate, a worker RKE2Config), outside the data dir\'s manifests directory (agentConfig.dataDir), named other than *.yaml/*.yml/*.json or starting with "." (a warning; .skip markers and non-manifest files are not reported)',
    upstream: [k3s('pkg/server/server.go', 'stageFiles'), deploy('shouldSkipFile'), deploy('walkFiles')],
    stricterThanUpstream: 'RKE2 ignores such files silently; the objects in them are most likely meant to be applied',
  },
  {
    id: 'rke2/manifest-addon',
    kinds: CARRIERS,
    kind: C,
    what: 'manifest files whose Addon (kube-system/<file name up to its first ".">) is shared with another file or with a packaged component, is named after a disabled component (RKE2 deletes the file), or is not a valid object name (the Addon cannot be created)',
    upstream: [deploy('basename'), deploy('watcher.deploy'), deploy('shouldDisableFile'), rke2('pkg/bootstrap/bootstrap.go', 'UpdateManifests'), rke2('charts/chart_versions.yaml', 'charts')],
    ours: 'an Addon\'s apply prunes what the same Addon applied before, so two files of one Addon undo each other; RKE2 copies its packaged files over the manifests directory at every start and deletes files named after disabled components',
    fieldReports: ['timothystewart6/k3s-ansible#41', 'k3s-io/k3s#230'],
  },
  {
    id: 'rke2/manifest-packaged-chart',
    kinds: CARRIERS,
    kind: C,
    what: 'a shipped HelmChart kube-system/<name> of a packaged component that the server config leaves enabled (e.g. rke2-cilium with cni: cilium): RKE2\'s own HelmChart of that name overwrites it',
    upstream: [rke2('pkg/bootstrap/bootstrap.go', 'UpdateManifests'), rke2('pkg/cli/cmds/server.go', 'disableExceptSelected'), rke2('charts/chart_versions.yaml', 'charts')],
    ours: 'both Addons apply the same HelmChart object, and RKE2 re-applies its packaged file at every start, so the user\'s chart settings do not hold; a HelmChartConfig of the same name is the way to configure a packaged chart',
    fieldReports: ['rancher/rke2#1734'],
  },
  {
    id: 'rke2/no-schedulable-node',
    kinds: ['controlplane.cluster.x-k8s.io/RKE2ControlPlane'],
    kind: C,
    what: 'a control plane whose nodes are all tainted NoSchedule/NoExecute (agentConfig.nodeTaints, kubelet register-with-taints) while its Cluster in the set has no workers (MachineDeployment, MachineSet, MachinePool or worker Machine with replicas): RKE2\'s non-bootstrap chart jobs and every workload without a toleration stay Pending',
    upstream: [helm('pkg/controllers/chart/chart.go', 'job'), rke2('charts/chart_versions.yaml', 'charts')],
    ours: 'helm-controller gives only bootstrap charts tolerations, and rke2-runtimeclasses is a non-bootstrap chart RKE2 always deploys, so with no untainted node its install job never runs; a Cluster without its workers in the set (or with a topology) is not checked',
    fieldReports: ['rancher/rke2#1758', 'rancher/rke2#1826', 'rancher/rke2#7764'],
  },
];

const notPorted: NotPorted[] = [
  {
    kinds: CARRIERS,
    what: 'manifests fetched at boot (a Butane source other than data:, a files contentFrom Secret or ConfigMap not in the set) are not read',
    kind: C,
    upstream: deploy('watcher.deploy'),
    why: 'their contents are not in the manifests',
  },
  {
    kinds: CARRIERS,
    what: 'node-taint, cni or disable set in a config drop-in (/etc/rancher/rke2/config.yaml.d) shipped as a file',
    kind: C,
    upstream: rke2('pkg/cli/cmds/server.go', 'validateCNI'),
    why: 'only CAPRKE2\'s own server config fields are read; drop-ins shipped as files are rare',
  },
];

export const RKE2_CATALOG: ProjectCatalog = {
  project: 'RKE2 v1.34.2+rke2r1',
  families: ['rke2'],
  entries,
  notPorted,
};
