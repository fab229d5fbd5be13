// Rule cases for Argo CD v3.5.1 (src/validate/catalog/argo-cd.ts), built from the field reports
// (`source`) where users met them.
import { RuleCase } from './case';
import { KubeObject } from '../../../src/core/kube-object';

const app = (destination: Record<string, unknown>, name = 'guestbook'): KubeObject => ({
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'Application',
  metadata: { name, namespace: 'argocd' },
  spec: { project: 'default', source: { repoURL: 'https://github.com/argoproj/argocd-example-apps.git', path: 'guestbook', targetRevision: 'HEAD' }, destination },
});
const appSet = (destination: Record<string, unknown>): KubeObject => ({
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'ApplicationSet',
  metadata: { name: 'appset', namespace: 'argocd' },
  spec: {
    generators: [{ git: { repoURL: 'https://github.com/example/apps.git', revision: 'main', directories: [{ path: './*' }] } }],
    template: {
      metadata: { name: '{{path.basename}}' },
      spec: { project: 'default', source: { repoURL: 'https://github.com/example/apps.git', targetRevision: 'HEAD', path: '{{path}}' }, destination },
    },
  },
});
const clusterSecret = (name: string, server: string): KubeObject => ({
  apiVersion: 'v1', kind: 'Secret', metadata: { name: `cluster-${name}`, namespace: 'argocd', labels: { 'argocd.argoproj.io/secret-type': 'cluster' } }, type: 'Opaque', stringData: { name, server },
});

/** The monitoring ApplicationSet of the report, with its goTemplate setting and metadata.name. */
const monitoring = (goTemplate: boolean | undefined, name: string, path: string): KubeObject => ({
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'ApplicationSet',
  metadata: { name: 'monitoring', namespace: 'argocd' },
  spec: {
    ...(goTemplate === undefined ? {} : { goTemplate }),
    generators: [{ git: { repoURL: 'https://github.com/my-org/my-repo.git', revision: 'master', directories: [{ path: 'cluster-resources/monitoring/*' }] } }],
    template: {
      metadata: { name },
      spec: {
        project: 'monitoring',
        source: { repoURL: 'https://github.com/my-org/my-repo.git', targetRevision: 'master', path },
        destination: { server: 'https://kubernetes.default.svc' },
        syncPolicy: { automated: { selfHeal: true }, syncOptions: ['Prune=false'] },
      },
    },
  },
});

export const ARGO_CD_CASES: RuleCase[] = [
  { rule: 'argocd/appset-template', expect: 'reject', title: '{{.path.basename}} as the name without goTemplate', objects: [monitoring(undefined, '{{.path.basename}}', '{{path}}')], message: /without goTemplate: true.*invalid name/, source: 'argoproj/argo-cd#20145' },
  { rule: 'argocd/appset-template', expect: 'reject', title: '{{path}} with goTemplate: true', objects: [monitoring(true, '{{.path.basename}}', '{{path}}')], message: /with goTemplate: true/ },
  { rule: 'argocd/appset-template', expect: 'accept', title: 'each syntax with its mode', objects: [monitoring(undefined, '{{path.basename}}', '{{path}}'), { ...monitoring(true, '{{.path.basename}}', '{{.path.path}}'), metadata: { name: 'm2', namespace: 'argocd' } }] },
  { rule: 'argocd/destination', expect: 'reject', title: 'both name and server', objects: [app({ name: 'in-cluster', server: 'https://kubernetes.default.svc', namespace: 'default' })], message: /can't have both name and server defined/, source: 'argoproj/argo-cd#21437' },
  { rule: 'argocd/destination', expect: 'reject', title: 'neither name nor server', objects: [app({ namespace: 'default' })], message: /Destination server missing/ },
  { rule: 'argocd/destination', expect: 'accept', title: 'server only; name only; a templated ApplicationSet destination', objects: [app({ server: 'https://kubernetes.default.svc', namespace: 'default' }), app({ name: 'in-cluster', namespace: 'default' }, 'b'), appSet({ name: '{{name}}', server: '{{server}}', namespace: 'x' })] },
  {
    rule: 'argocd/destination-server',
    expect: 'reject',
    title: 'an ApplicationSet template with the cluster name foo as server',
    objects: [clusterSecret('foo', 'https://foo:6443'), appSet({ server: 'foo', namespace: 'default' })],
    message: /"foo" is not a cluster API URL/,
    source: 'argoproj/applicationset#315',
  },
  { rule: 'argocd/destination-server', expect: 'reject', title: 'server in-cluster', objects: [app({ server: 'in-cluster', namespace: 'default' })], message: /not a cluster API URL/ },
  { rule: 'argocd/destination-server', expect: 'accept', title: 'destination.name foo; an https server', objects: [clusterSecret('foo', 'https://foo:6443'), appSet({ name: 'foo', namespace: 'default' }), app({ server: 'https://foo:6443', namespace: 'default' })] },
];
