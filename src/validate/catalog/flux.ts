// Flux kustomize-controller v1.9.4 (fluxcd/kustomize-controller, its post-build substitution in
// fluxcd/pkg kustomize v1.35.4): what it fails on in a Kustomization the CRD accepts.
import { CatalogEntry, CheckKind, NotPorted, ProjectCatalog, UpstreamRef } from './entry';

const kc = (path: string, symbol: string): UpstreamRef => ({ repo: 'fluxcd/kustomize-controller', tag: 'v1.9.4', path, symbol });
const pkg = (path: string, symbol: string): UpstreamRef => ({ repo: 'fluxcd/pkg', tag: 'kustomize/v1.35.4', path, symbol });

const KS = 'kustomize.toolkit.fluxcd.io/Kustomization';
const C = CheckKind.CONTROLLER;

const entries: CatalogEntry[] = [
  {
    id: 'fluxcd/substitute-var-name',
    kinds: [KS],
    kind: C,
    what: 'a postBuild.substitute key, or a data key of a ConfigMap/Secret of the set named in postBuild.substituteFrom, that is not a variable name (^[_[:alpha:]][_[:alpha:][:digit:]]*$, so no "-" or "."): "var name is invalid", the Kustomization never applies',
    upstream: [pkg('kustomize/kustomize_varsub.go', 'varSubstitution'), pkg('kustomize/kustomize_varsub.go', 'LoadVariables')],
    fieldReports: ['fluxcd/flux2#3959', 'fluxcd/flux2#4885', 'fluxcd/kustomize-controller#395'],
  },
  {
    id: 'fluxcd/depends-on-cycle',
    kinds: [KS],
    kind: C,
    what: 'Kustomizations whose dependsOn form a cycle (a dependency\'s namespace defaults to the dependent\'s), itself included: each waits for the other to be Ready',
    upstream: [kc('internal/controller/kustomization_controller.go', 'KustomizationReconciler.checkDependencies'), kc('internal/controller/kustomization_indexers.go', 'sortAndEnqueue')],
    fieldReports: ['fluxcd/kustomize-controller#1712'],
  },
];

/** The CRD's CEL rules, reported by the generic CEL evaluator as cel/<group>/<Kind>. */
export const FLUX_CEL_ENTRIES: CatalogEntry[] = [{
  id: `cel/${KS}`,
  kinds: [KS],
  kind: CheckKind.CEL,
  what: 'x-kubernetes-validations: spec.kubeConfig needs exactly one of configMapRef and secretRef',
  upstream: [kc('config/crd/bases/kustomize.toolkit.fluxcd.io_kustomizations.yaml', 'v1 .spec.kubeConfig')],
}];

const notPorted: NotPorted[] = [
  {
    kinds: [KS],
    what: 'substituteFrom ConfigMaps and Secrets (not optional) must exist, and dependsOn Kustomizations must exist',
    kind: C,
    upstream: pkg('kustomize/kustomize_varsub.go', 'LoadVariables'),
    why: 'they are commonly created outside the manifests (flux bootstrap, cluster secrets); a missing one in the set is not proof',
  },
  {
    kinds: [KS],
    what: '${VAR} references left without a value in the built manifests (StrictPostBuildSubstitutions is on by default at v1.9.4)',
    kind: C,
    upstream: pkg('kustomize/kustomize_varsub.go', 'SubstituteVariables'),
    why: 'the manifests a Kustomization builds live in its source (Git/OCI), not in the input',
  },
];

export const FLUX_CATALOG: ProjectCatalog = {
  project: 'Flux kustomize-controller v1.9.4',
  families: ['fluxcd'],
  entries: [...entries, ...FLUX_CEL_ENTRIES],
  notPorted,
};
