// Rule cases for Flux kustomize-controller v1.9.4 (src/validate/catalog/flux.ts), built from the
// field reports (`source`) where users met them.
import { RuleCase } from './case';
import { KubeObject } from '../../../src/core/kube-object';

/** A Kustomization of the flux-system GitRepository. */
const ks = (name: string, spec: Record<string, unknown> = {}, namespace = 'flux-system'): KubeObject => ({
  apiVersion: 'kustomize.toolkit.fluxcd.io/v1',
  kind: 'Kustomization',
  metadata: { name, namespace },
  spec: { interval: '10m', path: `./infrastructure/${name}`, prune: true, sourceRef: { kind: 'GitRepository', name: 'flux-system' }, ...spec },
});
const configMap = (name: string, data: Record<string, string>): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'flux-system' }, data });
const from = (name: string) => ({ postBuild: { substituteFrom: [{ kind: 'ConfigMap', name, optional: false }] } });

export const FLUX_CASES: RuleCase[] = [
  {
    rule: 'fluxcd/substitute-var-name',
    expect: 'reject',
    title: 'substituteFrom a ConfigMap with keys aks-resource-group and resource-group',
    objects: [ks('storage', from('cluster-type')), configMap('cluster-type', { 'aks-resource-group': '', 'nfs_host': '194.55.168.40', 'resource-group': '' })],
    message: /"aks-resource-group" is not a valid variable name/,
    source: 'fluxcd/flux2#4885',
  },
  {
    rule: 'fluxcd/substitute-var-name',
    expect: 'reject',
    title: 'substituteFrom a ConfigMap with a key tls.crt',
    objects: [ks('cluster-gitops', from('cluster-vars')), configMap('cluster-vars', { 'cluster_name': 'example-flux', 'tls.crt': 'PEM' })],
    message: /"tls\.crt"/,
    source: 'fluxcd/flux2#3959',
  },
  { rule: 'fluxcd/substitute-var-name', expect: 'reject', title: 'an inline substitute key mongodb-password', objects: [ks('db', { postBuild: { substitute: { 'mongodb-password': 'x' } } })], source: 'fluxcd/kustomize-controller#395' },
  {
    rule: 'fluxcd/substitute-var-name',
    expect: 'accept',
    title: 'variable names with "_"; a ConfigMap of another namespace is not read',
    objects: [ks('storage', { postBuild: { substitute: { CLUSTER_NAME: 'a', _x1: 'b' }, substituteFrom: [{ kind: 'ConfigMap', name: 'cluster-type' }] } }), configMap('cluster-type', { nfs_host: '194.55.168.40', resource_group: '' }),
      { ...configMap('cluster-type', { 'bad-key': 'x' }), metadata: { name: 'cluster-type', namespace: 'other' } }],
  },
  {
    rule: 'fluxcd/depends-on-cycle',
    expect: 'reject',
    title: 'flux-entry and flux-entry-repos depend on each other',
    objects: [ks('flux-entry', { dependsOn: [{ name: 'flux-entry-repos' }] }), ks('flux-entry-repos', { dependsOn: [{ name: 'flux-entry' }] }), ks('tuppr', { dependsOn: [{ name: 'flux-entry' }] })],
    message: /cycle flux-system\/flux-entry → flux-system\/flux-entry-repos → flux-system\/flux-entry/,
    source: 'fluxcd/kustomize-controller#1712',
  },
  { rule: 'fluxcd/depends-on-cycle', expect: 'reject', title: 'a Kustomization that depends on itself', objects: [ks('apps', { dependsOn: [{ name: 'apps' }] })] },
  { rule: 'fluxcd/depends-on-cycle', expect: 'reject', title: 'a cycle of three across namespaces', objects: [ks('a', { dependsOn: [{ name: 'b', namespace: 'apps' }] }), ks('b', { dependsOn: [{ name: 'c', namespace: 'flux-system' }] }, 'apps'), ks('c', { dependsOn: [{ name: 'a' }] })] },
  {
    rule: 'fluxcd/depends-on-cycle',
    expect: 'accept',
    title: 'a chain and a diamond; a same-named Kustomization in another namespace',
    objects: [ks('infra'), ks('apps', { dependsOn: [{ name: 'infra' }, { name: 'config' }] }), ks('config', { dependsOn: [{ name: 'infra' }] }), ks('infra', { dependsOn: [{ name: 'apps', namespace: 'flux-system' }] }, 'team')],
  },
];

/** Cases of the CRD's CEL rule (FLUX_CEL_ENTRIES), run by the generic CEL evaluator (validate/cel/). */
export const FLUX_CEL_CASES: RuleCase[] = [
  {
    rule: 'cel/kustomize.toolkit.fluxcd.io/Kustomization',
    expect: 'reject',
    title: 'kubeConfig with both configMapRef and secretRef',
    objects: [ks('remote', { kubeConfig: { configMapRef: { name: 'kc' }, secretRef: { name: 'kc' } } })],
    message: /exactly one of spec.kubeConfig.configMapRef or spec.kubeConfig.secretRef/,
  },
  { rule: 'cel/kustomize.toolkit.fluxcd.io/Kustomization', expect: 'reject', title: 'kubeConfig with neither', objects: [ks('remote', { kubeConfig: {} })] },
  { rule: 'cel/kustomize.toolkit.fluxcd.io/Kustomization', expect: 'accept', title: 'kubeConfig with a secretRef', objects: [ks('remote', { kubeConfig: { secretRef: { name: 'kc' } } })] },
];
