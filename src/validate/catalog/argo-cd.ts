// Argo CD v3.5.1 (argoproj/argo-cd): what its application controller refuses in an Application,
// or an ApplicationSet's template, that the CRD accepts.
import { CatalogEntry, CheckKind, NotPorted, ProjectCatalog, UpstreamRef } from './entry';

const at = (path: string, symbol: string): UpstreamRef => ({ repo: 'argoproj/argo-cd', tag: 'v3.5.1', path, symbol });

const APP = 'argoproj.io/Application';
const APPSET = 'argoproj.io/ApplicationSet';
const C = CheckKind.CONTROLLER;

const entries: CatalogEntry[] = [
  {
    id: 'argocd/destination',
    kinds: [APP, APPSET],
    kind: C,
    what: 'a destination with both name and server ("application destination can\'t have both name and server defined"), or with neither ("Destination server missing from app spec")',
    upstream: [at('util/argo/argo.go', 'GetDestinationServer'), at('controller/appcontroller.go', 'ApplicationController.processAppRefreshQueueItem')],
    fieldReports: ['argoproj/argo-cd#21437'],
  },
  {
    id: 'argocd/destination-server',
    kinds: [APP, APPSET],
    kind: C,
    what: 'a destination.server that is not an http(s) URL (a cluster name written as server) and matches no cluster Secret of the set: no cluster has that URL',
    upstream: [at('util/argo/argo.go', 'GetDestinationCluster'), at('util/db/cluster.go', 'db.GetCluster')],
    fieldReports: ['argoproj/applicationset#315'],
  },
  {
    id: 'argocd/appset-template',
    kinds: [APPSET],
    kind: C,
    what: 'template expressions in the other syntax: {{path.basename}}-style parameters with goTemplate: true (Go templates do not parse them), or {{.path.basename}} in the name, namespace, project, destination or source of a template without goTemplate (left as literal text)',
    upstream: [at('applicationset/utils/utils.go', 'Render.Replace'), at('applicationset/utils/utils.go', 'Render.RenderTemplateParams')],
    fieldReports: ['argoproj/argo-cd#20145'],
  },
];

const notPorted: NotPorted[] = [
  {
    kinds: [APP],
    what: 'the destination cluster (by URL or name) must be registered with Argo CD, and the project must permit the destination',
    kind: C,
    upstream: at('util/argo/argo.go', 'ValidatePermissions'),
    why: 'clusters and AppProjects usually live in the Argo CD installation, not in the manifests',
  },
];

export const ARGO_CD_CATALOG: ProjectCatalog = {
  project: 'Argo CD v3.5.1',
  families: ['argocd'],
  entries,
  notPorted,
};
