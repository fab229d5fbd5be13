// Rule cases for the API server's checks and cdk8s-capi's own (src/validate/catalog/generic.ts).
import { App, Chart } from 'cdk8s';
import { RuleCase } from './case';
import { RKE2_CONTROL_PLANE, kubeadmControlPlane } from './fixtures-capi';
import { REFERENCE, one, reference, widget, yamlFindings } from './fixtures-generic';
import { CONTROL_PLANE_TEMPLATE } from './fixtures-rke2';
import { KubeClient } from '../../../src/apply/engine/kube-client';
import { KubeApiError, MissingKindError } from '../../../src/apply/engine/kube-errors';
import { readLive, serverPreflights } from '../../../src/apply/upgrade-live';
import { upgradePreflights } from '../../../src/apply/upgrade-preflights';
import { BareMetalHostEnrollment } from '../../../src/baremetal/bare-metal-host-enrollment';
import { BmcCredentials } from '../../../src/baremetal/bmc-credentials';
import { validatePaths } from '../../../src/cli/validate';
import { contentHashGuard } from '../../../src/core/content-hash-guard';
import { ValidationError } from '../../../src/core/errors';
import { Finding } from '../../../src/core/finding';
import { KubeObject } from '../../../src/core/kube-object';
import { hardwareFromHosts } from '../../../src/eksa/hardware-from-hosts';
import { otherFileFindings } from '../../../src/validate/input-files';

const K8S = (path: string, test: string) => `kubernetes/kubernetes ${path} ${test}`;
const W = 'warning' as const;
const secret = (extra: Record<string, unknown>): KubeObject => ({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'default' }, ...extra });
const ns = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });

/** The upgrade preflights' findings. */
const preflights = (input: Parameters<typeof upgradePreflights>[0]): Finding[] => upgradePreflights(input).flatMap(r => r.items.map(i => i.finding));

/** A cluster that serves nothing but namespaces and refuses (or accepts) every dry run. */
function fakeKube(opts: { serves: boolean; refuse: boolean }): KubeClient {
  return {
    defaultNamespace: 'default',
    resource: async (apiVersion: string, kind: string) => {
      if (!opts.serves) throw new MissingKindError(apiVersion, kind);
      return { namespaced: true } as any;
    },
    get: async () => undefined,
    apply: async (o: KubeObject) => {
      if (opts.refuse) throw new KubeApiError(422, 'admission webhook denied the request', 'Invalid', [{ field: 'spec.x', message: 'bad' }]);
      return o;
    },
    list: async () => ({ items: [] }),
  } as unknown as KubeClient;
}
const live = async (opts: { serves: boolean; refuse: boolean }) => serverPreflights(await readLive(fakeKube(opts), [one('Metal3Cluster')])).flatMap(r => r.items.map(i => i.finding));

function enrollFindings(hosts: Array<Record<string, unknown>>, context: Record<string, unknown> = {}): Finding[] {
  try {
    const chart = new Chart(new App({ context } as any), 'c');
    new BareMetalHostEnrollment(chart, 'hosts', { hosts: hosts as any });
    return [];
  } catch (e) {
    if (e instanceof ValidationError) return [...e.findings];
    throw e;
  }
}
const HOST = { name: 'node1', bmcAddress: 'redfish://10.0.0.1/redfish/v1/Systems/1', bootMacAddress: '0c:c4:7a:00:00:01', credentials: BmcCredentials.fromEnv('U', 'P') };

const guard = contentHashGuard({ name: 'workers-1a2b3c4d', props: 'image', spec: () => ({ image: 'a' }) });
const template = (image: string): KubeObject => ({ apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta2', kind: 'Metal3MachineTemplate', metadata: { name: 'workers-1a2b3c4d' }, spec: { image } });

const withVersion = (set: KubeObject[], v: string) => set.map(o => (o.kind === 'RKE2ControlPlane' ? { ...o, spec: { ...o.spec, version: v } } : o.kind === 'MachineDeployment'
  ? { ...o, spec: { ...o.spec, template: { ...o.spec.template, spec: { ...o.spec.template.spec, version: v } } } } : o));

const tplWith = (registrationMethod: string): KubeObject => {
  const t = structuredClone(CONTROL_PLANE_TEMPLATE) as any;
  t.spec.template.spec.registrationMethod = registrationMethod;
  return t;
};

export const GENERIC_CASES: RuleCase[] = [
  // Schema
  { rule: 'schema/required', expect: 'reject', title: 'MachineDeployment without spec.clusterName', objects: [one('MachineDeployment', o => { delete o.spec.clusterName; })] },
  { rule: 'schema/required', expect: 'accept', title: 'the reference MachineDeployment', objects: [one('MachineDeployment')] },
  { rule: 'schema/type', expect: 'reject', title: 'replicas as a string', objects: [one('MachineDeployment', o => { o.spec.replicas = 'two'; })], message: /must be of type integer/ },
  { rule: 'schema/type', expect: 'reject', title: 'int-or-string given a boolean', objects: [one('MachineDeployment', o => { o.spec.rollout.strategy.rollingUpdate.maxSurge = true; })], message: /integer or a string/ },
  { rule: 'schema/type', expect: 'accept', title: 'int-or-string given a percentage', objects: [one('MachineDeployment', o => { o.spec.rollout.strategy.rollingUpdate.maxSurge = '10%'; })] },
  { rule: 'schema/enum', expect: 'reject', title: 'rollout strategy type "Recreate"', objects: [one('MachineDeployment', o => { o.spec.rollout.strategy.type = 'Recreate'; })] },
  { rule: 'schema/enum', expect: 'accept', title: 'rollout strategy type "OnDelete"', objects: [one('MachineDeployment', o => { o.spec.rollout.strategy = { type: 'OnDelete' }; })] },
  { rule: 'schema/pattern', expect: 'reject', title: 'templateRef name with capitals', objects: [one('MachineDeployment', o => { o.spec.template.spec.infrastructureRef.name = 'Bad_Name'; })] },
  { rule: 'schema/pattern', expect: 'accept', title: 'a DNS name', objects: [one('MachineDeployment', o => { o.spec.template.spec.infrastructureRef.name = 'good-name'; })] },
  { rule: 'schema/format', expect: 'reject', title: 'replicas beyond int32', objects: [one('MachineDeployment', o => { o.spec.replicas = 2 ** 31; })], message: /within int32/ },
  { rule: 'schema/format', expect: 'reject', title: 'Secret data that is not base64', objects: [secret({ data: { password: 'not base64!' } })] },
  { rule: 'schema/format', expect: 'accept', title: 'base64 Secret data', objects: [secret({ data: { password: 'cGFzcw==' } })] },
  { rule: 'schema/unknown-field', expect: 'reject', title: 'a field of another layout', objects: [one('MachineDeployment', o => { o.spec.strategy = { type: 'RollingUpdate' }; })], message: /unknown field "spec.strategy"/ },
  { rule: 'schema/unknown-field', expect: 'accept', title: 'the reference MachineDeployment', objects: [one('MachineDeployment')] },
  { rule: 'schema/duplicate', expect: 'reject', title: 'two topology MachineDeployments named alike', objects: [{ apiVersion: 'cluster.x-k8s.io/v1beta2', kind: 'Cluster', metadata: { name: 't' }, spec: { topology: { classRef: { name: 'cc' }, version: 'v1.36.3', workers: { machineDeployments: [{ class: 'a', name: 'md' }, { class: 'b', name: 'md' }] } } } }], message: /Duplicate value/, source: 'kubernetes-sigs/cluster-api internal/webhooks/cluster_test.go TestClusterTopologyValidation "should return error when duplicated MachineDeployments names exists in a Topology"' },
  { rule: 'schema/duplicate', expect: 'accept', title: 'distinct names', objects: [{ apiVersion: 'cluster.x-k8s.io/v1beta2', kind: 'Cluster', metadata: { name: 't' }, spec: { topology: { classRef: { name: 'cc' }, version: 'v1.36.3', workers: { machineDeployments: [{ class: 'a', name: 'md-a' }, { class: 'b', name: 'md-b' }] } } } }] },
  { rule: 'schema/unserved-version', expect: 'reject', title: 'cluster.x-k8s.io/v1alpha4', objects: [one('MachineDeployment', o => { o.apiVersion = 'cluster.x-k8s.io/v1alpha4'; })] },
  { rule: 'schema/unserved-version', expect: 'accept', title: 'cluster.x-k8s.io/v1beta2', objects: [one('MachineDeployment')] },
  { rule: 'schema/unknown-kind', expect: 'reject', severity: W, title: 'another provider\'s kind in the shared CAPI infrastructure group (DockerCluster: not checked, not wrong)', objects: [{ apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta2', kind: 'DockerCluster', metadata: { name: 'x' }, spec: {} }], message: /not checked/ },
  { rule: 'schema/unknown-kind', expect: 'reject', severity: W, title: 'a kind no pinned CRD of the CAPI group defines (MachineFleet: not checked)', objects: [{ apiVersion: 'cluster.x-k8s.io/v1beta2', kind: 'MachineFleet', metadata: { name: 'x' } }] },
  { rule: 'schema/unknown-kind', expect: 'reject', severity: W, title: 'a kind of an unpinned group (not checked)', objects: [{ apiVersion: 'example.org/v1', kind: 'Thing', metadata: { name: 'x' } }] },
  { rule: 'schema/unknown-kind', expect: 'reject', severity: W, title: 'a version of a built-in kind the pinned v1.28 OpenAPI lacks (autoscaling/v1 is served: not checked)', objects: [{ apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: { name: 'x', namespace: 'default' }, spec: { maxReplicas: 2, scaleTargetRef: { kind: 'Deployment', name: 'web' } } }] },
  { rule: 'schema/unknown-kind', expect: 'accept', title: 'a built-in kind', objects: [ns('edge')] },
  { rule: 'schema/unknown-kind', expect: 'accept', title: 'a kind the pinned CAPI release ships beyond the typed ones (KubeadmControlPlane)', objects: [kubeadmControlPlane({})] },
  ...([
    ['minLength', { name: 'a' }, { name: 'ab' }], ['maxLength', { name: 'abcdef' }, { name: 'abcde' }],
    ['minimum', { count: 0 }, { count: 1 }], ['maximum', { count: 10 }, { count: 9 }],
    ['exclusiveMinimum', { ratio: 0 }, { ratio: 0.5 }], ['exclusiveMaximum', { ratio: 1 }, { ratio: 0.5 }],
    ['minItems', { list: [] }, { list: ['a'] }], ['maxItems', { list: ['a', 'b', 'c'] }, { list: ['a', 'b'] }],
    ['minProperties', { map: {} }, { map: { a: 'x' } }], ['maxProperties', { map: { a: 'x', b: 'y', c: 'z' } }, { map: { a: 'x' } }],
    ['oneOf', { choice: { a: 'x', b: 'y' } }, { choice: { a: 'x' } }], ['not', { notEmpty: '' }, { notEmpty: 'x' }],
  ] as const).flatMap(([k, bad, good]): RuleCase[] => [
    { rule: `schema/${k}`, expect: 'reject', title: `${JSON.stringify(bad)} against ${k}`, run: () => widget(bad), source: K8S('staging/src/k8s.io/apiextensions-apiserver/pkg/apiserver/validation/validation_test.go', 'TestValidateCustomResource') },
    { rule: `schema/${k}`, expect: 'accept', title: `${JSON.stringify(good)} against ${k}`, run: () => widget(good) },
  ]),
  // ObjectMeta
  { rule: 'meta/name', expect: 'reject', title: 'name with capitals', objects: [one('Metal3Cluster', o => { o.metadata.name = 'Bad'; })], source: K8S('staging/src/k8s.io/apimachinery/pkg/api/validation/objectmeta_test.go', 'TestValidateObjectMetaNamespaces') },
  { rule: 'meta/name', expect: 'reject', title: 'Namespace name with a dot', objects: [ns('a.b')] },
  { rule: 'meta/name', expect: 'accept', title: 'a DNS subdomain with dots', objects: [one('Metal3Cluster', o => { o.metadata.name = 'a.b-c'; })] },
  { rule: 'meta/namespace', expect: 'reject', title: 'namespace with a dot', objects: [one('Metal3Cluster', o => { o.metadata.namespace = 'a.b'; })] },
  { rule: 'meta/namespace', expect: 'accept', title: 'a DNS label', objects: [one('Metal3Cluster', o => { o.metadata.namespace = 'edge-1'; })] },
  { rule: 'meta/label-key', expect: 'reject', title: 'label key with two slashes', objects: [one('Metal3Cluster', o => { o.metadata.labels = { 'a/b/c': 'x' }; })], source: K8S('staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/validation/validation_test.go', 'TestValidateLabels') },
  { rule: 'meta/label-key', expect: 'accept', title: 'prefixed label key', objects: [one('Metal3Cluster', o => { o.metadata.labels = { 'example.com/role': 'x' }; })] },
  { rule: 'meta/label-value', expect: 'reject', title: 'label value with a space', objects: [one('Metal3Cluster', o => { o.metadata.labels = { a: 'b c' }; })], source: K8S('staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/validation/validation_test.go', 'TestValidateLabels') },
  { rule: 'meta/label-value', expect: 'accept', title: 'empty label value', objects: [one('Metal3Cluster', o => { o.metadata.labels = { a: '' }; })] },
  { rule: 'meta/annotation-key', expect: 'reject', title: 'annotation key with a space', objects: [one('Metal3Cluster', o => { o.metadata.annotations = { 'a b': 'x' }; })], source: K8S('staging/src/k8s.io/apimachinery/pkg/api/validation/objectmeta_test.go', 'TestValidateAnnotations') },
  { rule: 'meta/annotation-key', expect: 'accept', title: 'prefixed annotation key', objects: [one('Metal3Cluster', o => { o.metadata.annotations = { 'example.com/note': 'x y' }; })] },
  { rule: 'meta/annotations-size', expect: 'reject', title: '300 KiB of annotations', objects: [one('Metal3Cluster', o => { o.metadata.annotations = { big: 'x'.repeat(300 * 1024) }; })] },
  { rule: 'meta/annotations-size', expect: 'accept', title: '100 KiB of annotations', objects: [one('Metal3Cluster', o => { o.metadata.annotations = { big: 'x'.repeat(100 * 1024) }; })] },
  // Placeholders
  { rule: 'placeholder/unresolved', expect: 'reject', severity: W, title: '${BMC_PASSWORD} in stringData', objects: [secret({ stringData: { password: '${BMC_PASSWORD}' } })], message: /\$\{BMC_PASSWORD\}/, source: 'ours' },
  { rule: 'placeholder/unresolved', expect: 'accept', title: 'an escaped $${VAR}', objects: [secret({ stringData: { password: '$${NOT_A_PLACEHOLDER}' } })], source: 'ours' },
  { rule: 'placeholder/base64', expect: 'reject', title: 'a placeholder encoded into data', objects: [secret({ data: { password: Buffer.from('${BMC_PASSWORD}').toString('base64') } })], source: 'ours' },
  { rule: 'placeholder/base64', expect: 'accept', title: 'encoded plain text', objects: [secret({ data: { password: Buffer.from('secret').toString('base64') } })], source: 'ours' },
  // Sets
  { rule: 'set/duplicate-object', expect: 'reject', title: 'one object twice with different content', objects: [one('Metal3Cluster'), one('Metal3Cluster', o => { o.spec.controlPlaneEndpoint.port = 6444; })], source: 'ours' },
  { rule: 'set/duplicate-object', expect: 'reject', severity: W, title: 'one object twice, identically', objects: [one('Metal3Cluster'), one('Metal3Cluster')], source: 'ours' },
  { rule: 'set/duplicate-object', expect: 'accept', title: 'the same name in two namespaces', objects: [one('Metal3Cluster'), one('Metal3Cluster', o => { o.metadata.namespace = 'other'; })], source: 'ours' },
  { rule: 'set/duplicate-object', expect: 'accept', title: 'the same Namespace in every site folder, identically (synth writes it so each folder applies alone)', objects: [ns('edge-sites'), ns('edge-sites')], source: 'ours' },
  { rule: 'set/duplicate-object', expect: 'reject', title: 'one Namespace twice with different labels', objects: [ns('edge-sites'), { ...ns('edge-sites'), metadata: { name: 'edge-sites', labels: { a: 'b' } } }], message: /with different content/, source: 'ours' },
  { rule: 'set/duplicate-mac', expect: 'reject', title: 'two hosts with one boot MAC', objects: reference('BareMetalHost', o => { o.spec.bootMACAddress = '0c:c4:7a:6b:00:02'; }, 'node1-example'), source: 'ours' },
  { rule: 'set/duplicate-mac', expect: 'accept', title: 'the reference hosts', objects: [...REFERENCE], source: 'ours' },
  { rule: 'set/duplicate-bmc', expect: 'reject', title: 'two hosts with one BMC address', objects: reference('BareMetalHost', o => { o.spec.bmc.address = 'redfish-virtualmedia://192.168.200.76/redfish/v1/Systems/1/'; }, 'node1-example'), source: 'ours' },
  { rule: 'set/duplicate-bmc', expect: 'accept', title: 'the reference hosts', objects: [...REFERENCE], source: 'ours' },
  // Cross-object
  { rule: 'cross/hosts', expect: 'reject', title: 'four control-plane replicas, three hosts', objects: reference('RKE2ControlPlane', o => { o.spec.replicas = 4; }), message: /only 3 BareMetalHost/, source: 'ours' },
  { rule: 'cross/hosts', expect: 'accept', title: 'the reference cluster', objects: [...REFERENCE], source: 'ours' },
  { rule: 'cross/hosts-spare', expect: 'reject', severity: W, title: 'maxSurge 1 without a spare host', objects: reference('RKE2ControlPlane', o => { o.spec.rolloutStrategy.rollingUpdate.maxSurge = 1; }), source: 'ours' },
  { rule: 'cross/hosts-spare', expect: 'accept', title: 'maxSurge 0', objects: [...REFERENCE], source: 'ours' },
  { rule: 'cross/cidr', expect: 'reject', title: 'pods inside the service range', objects: reference('Cluster', o => { o.spec.clusterNetwork.pods.cidrBlocks = ['10.96.0.0/16', 'fd00:1234:4321::/48']; }), source: 'ours' },
  { rule: 'cross/cidr', expect: 'accept', title: 'the reference networks', objects: [...REFERENCE], source: 'ours' },
  { rule: 'cross/dual-stack', expect: 'reject', title: 'IPv4 pods, dual-stack services', objects: reference('Cluster', o => { o.spec.clusterNetwork.pods.cidrBlocks = ['192.168.0.0/18']; }), source: 'ours' },
  { rule: 'cross/dual-stack', expect: 'accept', title: 'dual-stack both', objects: [...REFERENCE], source: 'ours' },
  { rule: 'cross/vip', expect: 'reject', title: 'API endpoint inside the pod range', objects: reference('Metal3Cluster', o => { o.spec.controlPlaneEndpoint.host = '192.168.0.10'; }), source: 'ours' },
  { rule: 'cross/vip', expect: 'accept', title: 'the reference endpoint', objects: [...REFERENCE], source: 'ours' },
  // Update-time (validate --against)
  { rule: 'upgrade/version', expect: 'reject', title: 'RKE2ControlPlane two minors up', objects: [RKE2_CONTROL_PLANE('v1.36.1+rke2r1')], against: [RKE2_CONTROL_PLANE('v1.34.2+rke2r1')], message: /one minor version at a time/, source: 'kubernetes-sigs/cluster-api controlplane/kubeadm/internal/webhooks/kubeadmcontrolplane_test.go TestKubeadmControlPlaneValidateUpdate' },
  { rule: 'upgrade/version', expect: 'reject', severity: W, title: 'RKE2ControlPlane downgrade (accepted by CAPRKE2)', objects: [RKE2_CONTROL_PLANE('v1.35.1+rke2r1')], against: [RKE2_CONTROL_PLANE('v1.36.1+rke2r1')] },
  { rule: 'upgrade/version', expect: 'reject', title: 'topology version decreased', objects: [clusterAt('v1.35.0')], against: [clusterAt('v1.36.0')], message: /cannot be decreased/, source: 'kubernetes-sigs/cluster-api internal/webhooks/cluster_test.go TestClusterTopologyValidation "should return error when downgrading topology version - minor"' },
  { rule: 'upgrade/version', expect: 'reject', title: 'topology two minors up', objects: [clusterAt('v1.36.0')], against: [clusterAt('v1.34.5')], message: /cannot be increased/, source: 'kubernetes-sigs/cluster-api internal/webhooks/cluster_test.go TestClusterTopologyValidation "should return error when upgrading +2 minor version"' },
  { rule: 'upgrade/version', expect: 'accept', title: 'topology one minor up; a build-tag change', objects: [clusterAt('v1.36.0'), clusterAt('v1.35.0+build2', 'u')], against: [clusterAt('v1.35.9'), clusterAt('v1.35.0+build1', 'u')], source: 'kubernetes-sigs/cluster-api internal/webhooks/cluster_test.go TestClusterTopologyValidation "should pass when changing build tag - not sortable"' },
  { rule: 'upgrade/version', expect: 'accept', title: 'RKE2ControlPlane one minor up', objects: [RKE2_CONTROL_PLANE('v1.36.1+rke2r1')], against: [RKE2_CONTROL_PLANE('v1.35.2+rke2r1')] },
  { rule: 'upgrade/immutable', expect: 'reject', title: 'MachineDeployment clusterName changed', objects: [one('MachineDeployment', o => { o.spec.clusterName = 'other'; o.spec.template.spec.clusterName = 'other'; })], against: [one('MachineDeployment')], message: /field is immutable/, source: 'kubernetes-sigs/cluster-api internal/webhooks/machinedeployment_test.go TestMachineDeploymentClusterNameImmutable' },
  { rule: 'upgrade/immutable', expect: 'reject', title: 'Cluster infrastructureRef removed', objects: [one('Cluster', o => { delete o.spec.infrastructureRef; })], against: [one('Cluster')], source: 'kubernetes-sigs/cluster-api internal/webhooks/cluster_test.go TestClusterValidation "error when infrastructureRef gets unset"' },
  { rule: 'upgrade/immutable', expect: 'reject', title: 'classRef set on an existing Cluster', objects: [one('Cluster', o => { o.spec.topology = { classRef: { name: 'cc' }, version: 'v1.36.3' }; })], against: [one('Cluster')], message: /cannot be set on an existing Cluster/, source: 'kubernetes-sigs/cluster-api internal/webhooks/cluster_test.go TestMovingBetweenManagedAndUnmanaged "Reject cluster moving from Unmanaged to Managed"' },
  { rule: 'upgrade/immutable', expect: 'reject', title: 'ClusterClass infrastructure template kind changed', objects: [classWith('OtherClusterTemplate')], against: [classWith('Metal3ClusterTemplate')], message: /kind cannot be changed/, source: 'kubernetes-sigs/cluster-api internal/webhooks/clusterclass_test.go TestClusterClassValidation "update fails if infrastructureCluster changes in an incompatible way"' },
  { rule: 'upgrade/immutable', expect: 'reject', title: 'BareMetalHost boot MAC changed', objects: [one('BareMetalHost', o => { o.spec.bootMACAddress = '0c:c4:7a:6b:00:99'; })], against: [one('BareMetalHost')], source: 'metal3-io/baremetal-operator internal/webhooks/metal3.io/v1alpha1/baremetalhost_validation_test.go TestValidateUpdate "updateBootMAC"' },
  { rule: 'upgrade/immutable', expect: 'accept', title: 'unchanged objects; a compatible class change', objects: [one('MachineDeployment'), classWith('Metal3ClusterTemplate', 'cc-cluster-2')], against: [one('MachineDeployment'), classWith('Metal3ClusterTemplate')], source: 'kubernetes-sigs/cluster-api internal/webhooks/clusterclass_test.go TestClusterClassValidation "update pass if infrastructureCluster changes in a compatible way"' },
  { rule: 'upgrade/immutable', expect: 'reject', title: 'RKE2ControlPlaneTemplate registrationMethod changed', objects: [tplWith('internal-first')], against: [tplWith('address')], message: /immutable once set \(was "address"\)/, source: 'rancher/cluster-api-provider-rke2 controlplane/api/v1beta2/rke2controlplanetemplate_webhook.go ValidateUpdate' },
  { rule: 'upgrade/skew', expect: 'reject', title: 'workers a minor ahead of the control plane', objects: withVersion([...REFERENCE], 'v1.36.3+rke2r1').map(o => (o.kind === 'RKE2ControlPlane' ? { ...o, spec: { ...o.spec, version: 'v1.35.2+rke2r1' } } : o)), against: withVersion([...REFERENCE], 'v1.35.2+rke2r1'), message: /newer minor than the control plane/, source: 'kubernetes-sigs/cluster-api internal/controllers/machineset/machineset_preflight_test.go TestMachineSetReconciler_runPreflightChecks' },
  { rule: 'upgrade/skew', expect: 'accept', title: 'skew skipped by annotation', objects: withVersion([...REFERENCE], 'v1.36.3+rke2r1').map(o => (o.kind === 'RKE2ControlPlane' ? { ...o, spec: { ...o.spec, version: 'v1.35.2+rke2r1' } } : o.kind === 'MachineDeployment' ? { ...o, metadata: { ...o.metadata, annotations: { 'machineset.cluster.x-k8s.io/skip-preflight-checks': 'KubernetesVersionSkew' } } } : o)), against: [...REFERENCE] },
  { rule: 'upgrade/class-in-use', expect: 'reject', title: 'a MachineDeployment class a Cluster uses is removed', objects: [classWith('Metal3ClusterTemplate', 'cc-cluster', []), clusterAt('v1.36.0')], against: [classWith('Metal3ClusterTemplate'), clusterAt('v1.36.0')], message: /cannot be deleted because it is used by Cluster "t"/, source: 'kubernetes-sigs/cluster-api internal/webhooks/clusterclass_test.go TestClusterClassValidationWithClusterAwareChecks "error if a MachineDeploymentClass in use gets removed"' },
  { rule: 'upgrade/class-in-use', expect: 'reject', title: 'kubernetesVersions drop a version a Cluster runs', objects: [{ ...classWith('Metal3ClusterTemplate'), spec: { ...classWith('Metal3ClusterTemplate').spec, kubernetesVersions: ['v1.35.0'] } }, clusterAt('v1.36.0')], against: [classWith('Metal3ClusterTemplate'), clusterAt('v1.36.0')], source: 'kubernetes-sigs/cluster-api internal/webhooks/clusterclass_test.go TestClusterClassValidationWithClusterAwareChecks "fail if ClusterClass does not contains all of cluster\'s kubernetes version"' },
  { rule: 'upgrade/class-in-use', expect: 'accept', title: 'a class no Cluster uses is removed', objects: [classWith('Metal3ClusterTemplate', 'cc-cluster', []), clusterAt('v1.36.0', 't', [])], against: [classWith('Metal3ClusterTemplate'), clusterAt('v1.36.0', 't', [])], source: 'kubernetes-sigs/cluster-api internal/webhooks/clusterclass_test.go TestClusterClassValidationWithClusterAwareChecks "pass if a MachineDeploymentClass not in use gets removed"' },
  { rule: 'upgrade/template-rotation', expect: 'reject', severity: W, title: 'machine template edited under its name', objects: reference('Metal3MachineTemplate', o => { o.spec.template.spec.image.url = 'http://x/new.raw'; }), against: [...REFERENCE], source: 'ours' },
  { rule: 'upgrade/template-rotation', expect: 'accept', title: 'new content under a new name', objects: reference('Metal3MachineTemplate', o => { o.metadata.name = 'renamed'; o.spec.template.spec.image.url = 'http://x/new.raw'; }), against: [...REFERENCE], source: 'ours' },
  { rule: 'upgrade/hosts', expect: 'reject', title: 'maxSurge 1 without a fourth host', run: () => preflights({ old: [...REFERENCE], new: withVersion(reference('RKE2ControlPlane', o => { o.spec.rolloutStrategy.rollingUpdate.maxSurge = 1; }), 'v1.36.4+rke2r1') }), message: /need 4 BareMetalHosts/, source: 'ours' },
  { rule: 'upgrade/hosts', expect: 'accept', title: 'maxSurge 0', run: () => preflights({ old: [...REFERENCE], new: withVersion([...REFERENCE], 'v1.36.4+rke2r1') }), source: 'ours' },
  { rule: 'upgrade/readiness', expect: 'reject', title: 'a live control plane that is not ready', run: () => preflights({ old: [...REFERENCE], new: withVersion([...REFERENCE], 'v1.36.4+rke2r1'), live: [{ ...one('RKE2ControlPlane'), status: { readyReplicas: 1, replicas: 3 } }] }), source: 'ours' },
  { rule: 'upgrade/readiness', expect: 'accept', title: 'no live view', run: () => preflights({ old: [...REFERENCE], new: withVersion([...REFERENCE], 'v1.36.4+rke2r1') }), source: 'ours' },
  { rule: 'upgrade/kinds', expect: 'reject', title: 'the cluster does not serve Metal3Cluster', run: () => live({ serves: false, refuse: false }), message: /does not serve Metal3Cluster/ },
  { rule: 'upgrade/kinds', expect: 'accept', title: 'served', run: () => live({ serves: true, refuse: false }) },
  { rule: 'upgrade/server-dry-run', expect: 'reject', title: 'the server refuses the dry run', run: () => live({ serves: true, refuse: true }), message: /refused it \(422 Invalid\): spec.x: bad/ },
  { rule: 'upgrade/server-dry-run', expect: 'accept', title: 'the server accepts the dry run', run: () => live({ serves: true, refuse: false }) },
  // Inputs and YAML
  { rule: 'input/empty', expect: 'reject', title: 'only a comment', run: () => validatePaths(['-'], {}, { stdin: () => '# nothing here\n', cwd: process.cwd() } as any).findings, source: 'ours' },
  { rule: 'input/empty', expect: 'accept', title: 'one object', run: () => validatePaths(['-'], {}, { stdin: () => 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n', cwd: process.cwd() } as any).findings, source: 'ours' },
  { rule: 'input/not-an-object', expect: 'reject', title: 'a document that is a list', run: () => yamlFindings('- a\n- b\n'), source: 'ours' },
  { rule: 'input/not-an-object', expect: 'accept', title: 'a mapping with apiVersion and kind', run: () => yamlFindings('apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n'), source: 'ours' },
  { rule: 'input/unsupported', expect: 'reject', title: 'a .txt file', run: () => otherFileFindings(['notes.txt']).findings, source: 'ours' },
  { rule: 'input/unsupported', expect: 'accept', title: 'no other files', run: () => otherFileFindings([]).findings, source: 'ours' },
  { rule: 'yaml/syntax', expect: 'reject', title: 'an unclosed flow mapping', run: () => yamlFindings('apiVersion: v1\nkind: {\n'), source: 'ours' },
  { rule: 'yaml/syntax', expect: 'accept', title: 'valid YAML', run: () => yamlFindings('apiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n'), source: 'ours' },
  { rule: 'yaml/alias', expect: 'reject', title: 'an alias without an anchor', run: () => yamlFindings('apiVersion: v1\nkind: Namespace\nmetadata: *nope\n'), source: 'ours' },
  { rule: 'yaml/alias', expect: 'accept', title: 'an anchored alias', run: () => yamlFindings('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata: {x: &v "1", y: *v}\n'), source: 'ours' },
  { rule: 'yaml/limits', expect: 'reject', title: 'nested 300 levels', run: () => yamlFindings(`a: ${'['.repeat(300)}${']'.repeat(300)}\n`), source: 'ours' },
  { rule: 'yaml/limits', expect: 'accept', title: 'nested 10 levels', run: () => yamlFindings(`apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\nx: ${'['.repeat(10)}${']'.repeat(10)}\n`), source: 'ours' },
  // Constructs
  { rule: 'credentials/plaintext', expect: 'reject', title: 'plaintext credentials into hardware.csv', run: () => hardwareFromHosts([{ ...HOST, bmcAddress: 'redfish://10.0.0.1/redfish/v1/Systems/1', credentials: BmcCredentials.plaintext('u', 'p') }] as any).problems.map(p => p.finding), source: 'ours' },
  { rule: 'credentials/plaintext', expect: 'reject', title: 'plaintext credentials without the opt-in', run: () => enrollFindings([{ ...HOST, credentials: BmcCredentials.plaintext('u', 'p') }]), source: 'ours' },
  { rule: 'credentials/plaintext', expect: 'accept', title: 'credentials from the environment', run: () => enrollFindings([HOST]), source: 'ours' },
  { rule: 'enroll/duplicate', expect: 'reject', title: 'one MAC on two hosts', run: () => enrollFindings([HOST, { ...HOST, name: 'node2', bmcAddress: 'redfish://10.0.0.2/redfish/v1/Systems/1' }]), message: /already used by host node1/, source: 'ours' },
  { rule: 'enroll/duplicate', expect: 'accept', title: 'distinct hosts', run: () => enrollFindings([HOST, { ...HOST, name: 'node2', bmcAddress: 'redfish://10.0.0.2/redfish/v1/Systems/1', bootMacAddress: '0c:c4:7a:00:00:02' }]), source: 'ours' },
  { rule: 'lifecycle/content-hash', expect: 'reject', title: 'spec changed under the hashed name', run: () => guard(template('b')), source: 'ours' },
  { rule: 'lifecycle/content-hash', expect: 'accept', title: 'spec as hashed', run: () => guard(template('a')), source: 'ours' },
];

function clusterAt(version: string, name = 't', mds: unknown[] = [{ class: 'default-worker', name: 'md-0' }]): KubeObject {
  return { apiVersion: 'cluster.x-k8s.io/v1beta2', kind: 'Cluster', metadata: { name, namespace: 'default' }, spec: { topology: { classRef: { name: 'cc' }, version, workers: { machineDeployments: mds } } } };
}

function classWith(infraKind: string, infraName = 'cc-cluster', mdClasses?: unknown[]): KubeObject {
  const ref = (kind: string, name: string, group = 'infrastructure.cluster.x-k8s.io') => ({ apiVersion: `${group}/v1beta2`, kind, name });
  return {
    apiVersion: 'cluster.x-k8s.io/v1beta2',
    kind: 'ClusterClass',
    metadata: { name: 'cc', namespace: 'default' },
    spec: {
      infrastructure: { templateRef: ref(infraKind, infraName) },
      controlPlane: { templateRef: ref('RKE2ControlPlaneTemplate', 'cc-cp', 'controlplane.cluster.x-k8s.io') },
      workers: {
        machineDeployments: mdClasses ?? [{
          class: 'default-worker',
          bootstrap: { templateRef: ref('RKE2ConfigTemplate', 'b', 'bootstrap.cluster.x-k8s.io') },
          infrastructure: { templateRef: ref('Metal3MachineTemplate', 'w') },
        }],
      },
    },
  };
}
