// The API server's own checks (structural schemas, ObjectMeta, CRD CEL rules through the generic
// evaluator, served kinds, server-side dry runs) and cdk8s-capi's own (placeholders, duplicates
// and capacity across a set, input files and YAML, upgrade preflights, construct lifecycle), plus
// the update-time rules that run under `validate --against`, each citing the project its check
// comes from. Kubernetes is cited at v1.36.0, the API server version we emulate.
import { CatalogEntry, CheckKind, CheckWhen, NotPorted, ProjectCatalog, UpstreamRef } from './entry';

const k8s = (path: string, symbol: string): UpstreamRef => ({ repo: 'kubernetes/kubernetes', tag: 'v1.36.0', path, symbol });
/** The release of the pinned OpenAPI documents and of the envtest API server (imports/crds.lock.json `openapi`). */
const k8s128 = (path: string, symbol: string): UpstreamRef => ({ repo: 'kubernetes/kubernetes', tag: 'v1.28.4', path, symbol });
const capi = (path: string, symbol: string): UpstreamRef => ({ repo: 'kubernetes-sigs/cluster-api', tag: 'v1.13.5', path, symbol });
const APIEXT = 'staging/src/k8s.io/apiextensions-apiserver/pkg/apiserver';
const VALIDATION = k8s(`${APIEXT}/validation/validation.go`, 'ValidateCustomResource');
const OBJECT_META = k8s('staging/src/k8s.io/apimachinery/pkg/api/validation/objectmeta.go', 'ValidateObjectMetaAccessor');
const ALL = ['*'];
const S = CheckKind.API_SERVER;

/** One schema keyword: what the API server refuses with it. */
const keyword = (id: string, what: string): CatalogEntry => ({ id: `schema/${id}`, kinds: ALL, kind: S, what, upstream: [VALIDATION] });

const entries: CatalogEntry[] = [
  // Structural schema (validate/schema.ts, structural.ts)
  keyword('required', 'a required field (or apiVersion/kind) is missing'),
  keyword('type', 'a value of the wrong JSON type (int-or-string: an integer or a string)'),
  keyword('enum', 'a value outside the enum'),
  keyword('pattern', 'a string that does not match the pattern'),
  {
    id: 'schema/format',
    kinds: ALL,
    kind: S,
    what: 'int32/int64/double out of range, date-time, byte (base64) and uri formats',
    upstream: [VALIDATION, k8s(`${APIEXT}/validation/formats.go`, 'StripUnsupportedFormatsPostProcess')],
  },
  keyword('minLength', 'a string shorter than minLength'),
  keyword('maxLength', 'a string longer than maxLength'),
  keyword('minimum', 'a number below minimum'),
  keyword('maximum', 'a number above maximum'),
  keyword('exclusiveMinimum', 'a number not above an exclusive minimum'),
  keyword('exclusiveMaximum', 'a number not below an exclusive maximum'),
  keyword('minItems', 'a list shorter than minItems'),
  keyword('maxItems', 'a list longer than maxItems'),
  keyword('minProperties', 'an object with fewer than minProperties fields'),
  keyword('maxProperties', 'an object with more than maxProperties fields'),
  keyword('oneOf', 'a value matching none or several of the oneOf schemas'),
  keyword('not', 'a value matching a "not" schema'),
  {
    id: 'schema/unknown-field',
    kinds: ALL,
    kind: S,
    what: 'a field the schema does not declare (refused under strict field validation, pruned otherwise)',
    upstream: [k8s(`${APIEXT}/schema/pruning/algorithm.go`, 'PruneWithOptions')],
  },
  {
    id: 'schema/duplicate',
    kinds: ALL,
    kind: S,
    what: 'duplicate items of an x-kubernetes-list-type set, or duplicate keys of a list-type map',
    upstream: [k8s(`${APIEXT}/schema/listtype/validation.go`, 'ValidateListSetsAndMaps')],
  },
  {
    id: 'schema/unserved-version',
    kinds: ALL,
    kind: S,
    what: 'an apiVersion that the pinned CRD does not serve',
    upstream: [k8s('staging/src/k8s.io/apimachinery/pkg/api/meta/restmapper.go', 'DefaultRESTMapper.RESTMapping')],
  },
  {
    id: 'schema/unknown-kind',
    kinds: ALL,
    kind: S,
    what: 'a kind (or a built-in kind\'s version) without a pinned schema: not checked, a warning in every group (kubectl refuses a kind the cluster does not serve, "no matches for kind", but which kinds a cluster serves we cannot know: the Cluster API groups are shared by every provider, and a built-in version the pinned documents lack may be served); an error under `validate --strict`',
    upstream: [
      k8s128('staging/src/k8s.io/apimachinery/pkg/api/meta/restmapper.go', 'DefaultRESTMapper.RESTMapping'),
      k8s128('staging/src/k8s.io/apimachinery/pkg/api/meta/errors.go', 'NoKindMatchError.Error'),
    ],
  },
  // ObjectMeta (rules/metadata.ts)
  {
    id: 'meta/name',
    kinds: ALL,
    kind: S,
    what: 'metadata.name missing, or not a DNS-1123 subdomain (Namespace: label; Service: DNS-1035 label)',
    upstream: [OBJECT_META, k8s('pkg/apis/core/validation/validation.go', 'ValidateServiceName')],
  },
  { id: 'meta/namespace', kinds: ALL, kind: S, what: 'metadata.namespace not a DNS-1123 label', upstream: [OBJECT_META] },
  { id: 'meta/label-key', kinds: ALL, kind: S, what: 'a label key that is not a qualified name', upstream: [k8s('staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/validation/validation.go', 'ValidateLabels')] },
  { id: 'meta/label-value', kinds: ALL, kind: S, what: 'a label value that is not a valid label value', upstream: [k8s('staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/validation/validation.go', 'ValidateLabels')] },
  { id: 'meta/annotation-key', kinds: ALL, kind: S, what: 'an annotation key that is not a qualified name', upstream: [k8s('staging/src/k8s.io/apimachinery/pkg/api/validation/objectmeta.go', 'ValidateAnnotations')] },
  { id: 'meta/annotations-size', kinds: ALL, kind: S, what: 'annotations larger than 256 KiB in total', upstream: [k8s('staging/src/k8s.io/apimachinery/pkg/api/validation/objectmeta.go', 'ValidateAnnotationsSize')] },
  // Placeholders
  {
    id: 'placeholder/unresolved',
    kinds: ALL,
    kind: CheckKind.TOOL,
    what: '${VAR} placeholders not substituted yet (a warning naming them)',
    ours: 'applied as is, the literal "${VAR}" reaches the cluster (a BMC password of "${BMC_PASSWORD}"); the API server cannot tell',
  },
  {
    id: 'placeholder/base64',
    kinds: ['/Secret'],
    kind: CheckKind.TOOL,
    what: 'a placeholder inside base64 Secret data, which no substitution tool replaces',
    ours: 'envsubst, Flux postBuild and cdk8s-capi apply substitute plain text only; a placeholder in data (or encoded into it) stays literal',
  },
  // Sets
  {
    id: 'set/duplicate-object',
    kinds: ALL,
    kind: CheckKind.TOOL,
    what: 'the same object twice in the input (an error when the copies differ, a warning when identical; identical Namespaces, which every site folder carries, are fine)',
    ours: 'applied in order, the later copy silently replaces the earlier; the API server sees one at a time',
  },
  {
    id: 'set/duplicate-mac',
    kinds: ['metal3.io/BareMetalHost'],
    kind: CheckKind.TOOL,
    what: 'two BareMetalHosts of a namespace with the same boot MAC',
    ours: 'Ironic refuses a second port with the same MAC; the BareMetalHost webhook checks one host at a time',
  },
  {
    id: 'set/duplicate-bmc',
    kinds: ['metal3.io/BareMetalHost'],
    kind: CheckKind.TOOL,
    what: 'two BareMetalHosts of a namespace with the same BMC address',
    ours: 'two hosts would fight over one machine\'s power; the webhook checks one host at a time',
  },
  // Cross-object
  {
    id: 'cross/hosts',
    kinds: ['controlplane.cluster.x-k8s.io/RKE2ControlPlane', 'cluster.x-k8s.io/MachineDeployment'],
    kind: CheckKind.TOOL,
    what: 'more replicas than BareMetalHosts matching the machine template\'s hostSelector (selectors sharing hosts counted together)',
    ours: 'machines without a host stay Provisioning forever; only the whole input shows it',
  },
  {
    id: 'cross/hosts-spare',
    kinds: ['controlplane.cluster.x-k8s.io/RKE2ControlPlane', 'cluster.x-k8s.io/MachineDeployment'],
    kind: CheckKind.TOOL,
    what: 'a rolling update with maxSurge needs spare matching hosts (a warning)',
    ours: 'a surge machine without a free host blocks the rollout',
  },
  { id: 'cross/cidr', kinds: ['cluster.x-k8s.io/Cluster'], kind: CheckKind.TOOL, what: 'pod and service CIDRs overlap', ours: 'overlapping ranges break service routing; no webhook compares them' },
  { id: 'cross/dual-stack', kinds: ['cluster.x-k8s.io/Cluster'], kind: CheckKind.TOOL, what: 'pods and services of different IP families', ours: 'RKE2 refuses mismatched families at start-up, after the machines are provisioned' },
  {
    id: 'cross/vip',
    kinds: ['cluster.x-k8s.io/Cluster', 'infrastructure.cluster.x-k8s.io/Metal3Cluster'],
    kind: CheckKind.TOOL,
    what: 'the API endpoint and MetalLB pools inside cluster CIDRs, of another family, or the endpoint outside every pool the control plane installs',
    ours: 'MetalLB never announces an endpoint outside its pools; VIPs inside pod/service ranges are unroutable',
  },
  // Update-time rules (validate --against, upgrade.ts)
  {
    id: 'upgrade/version',
    kinds: ['cluster.x-k8s.io/Cluster', 'controlplane.cluster.x-k8s.io/RKE2ControlPlane', 'cluster.x-k8s.io/MachineDeployment'],
    kind: CheckKind.WEBHOOK,
    when: CheckWhen.UPDATE,
    what: 'topology version decreased or raised by two minors or more; RKE2ControlPlane raised by two minors or more (CAPI\'s control-plane rule; CAPRKE2 has none); downgrades of RKE2ControlPlane / MachineDeployment versions (a warning)',
    upstream: [capi('internal/webhooks/cluster.go', 'Cluster.validateTopologyVersionUpdate'), capi('controlplane/kubeadm/internal/webhooks/kubeadmcontrolplane.go', 'KubeadmControlPlane.validateVersion')],
    stricterThanUpstream: 'CAPRKE2 v0.25.0 and the CAPI MachineDeployment webhook accept a downgrade: it is a warning; an RKE2ControlPlane skipping a minor stays an error, as CAPI refuses it for its own control plane',
  },
  {
    id: 'upgrade/immutable',
    kinds: ALL,
    kind: CheckKind.WEBHOOK,
    when: CheckWhen.UPDATE,
    what: 'fields a webhook refuses to change: CAPI clusterName, Cluster refs/topology removal and classRef on an existing Cluster, ClusterClass template group/kind; RKE2ControlPlane and RKE2ControlPlaneTemplate registrationMethod; Metal3DataTemplate metaData/networkData; BareMetalHost bootMACAddress (BMC address: a warning)',
    upstream: [
      capi('internal/webhooks/cluster.go', 'Cluster.validate'), capi('internal/webhooks/cluster.go', 'Cluster.validateTopology'),
      capi('internal/webhooks/machinedeployment.go', 'MachineDeployment.validate'), capi('internal/webhooks/machineset.go', 'MachineSet.validate'),
      capi('internal/webhooks/machine.go', 'Machine.validate'), capi('internal/webhooks/machinehealthcheck.go', 'MachineHealthCheck.validate'),
      capi('internal/topology/check/compatibility.go', 'ClusterClassTemplateAreCompatible'),
      { repo: 'rancher/cluster-api-provider-rke2', tag: 'v0.25.0', path: 'controlplane/api/v1beta2/rke2controlplane_webhook.go', symbol: 'ValidateUpdate' },
      { repo: 'rancher/cluster-api-provider-rke2', tag: 'v0.25.0', path: 'controlplane/api/v1beta2/rke2controlplanetemplate_webhook.go', symbol: 'ValidateUpdate' },
      { repo: 'metal3-io/cluster-api-provider-metal3', tag: 'v1.13.2', path: 'internal/webhooks/v1beta2/metal3datatemplate_webhook.go', symbol: 'ValidateUpdate' },
      { repo: 'metal3-io/baremetal-operator', tag: 'v0.13.2', path: 'internal/webhooks/metal3.io/v1alpha1/baremetalhost_validation.go', symbol: 'validateChanges' },
    ],
  },
  {
    id: 'upgrade/skew',
    kinds: ['cluster.x-k8s.io/MachineDeployment', 'cluster.x-k8s.io/MachineSet'],
    kind: CheckKind.CONTROLLER,
    when: CheckWhen.UPDATE,
    what: 'workers a minor ahead of the control plane, or more than three behind (found through Cluster.spec.controlPlaneRef): CAPI holds machine creation',
    upstream: [capi('internal/controllers/machineset/machineset_preflight.go', 'kubernetesVersionPreflightCheck')],
  },
  {
    id: 'upgrade/class-in-use',
    kinds: ['cluster.x-k8s.io/ClusterClass'],
    kind: CheckKind.WEBHOOK,
    when: CheckWhen.UPDATE,
    what: 'a ClusterClass update drops a MachineDeployment class, a health check or a Kubernetes version that a Cluster of the input uses',
    upstream: [capi('internal/webhooks/clusterclass.go', 'ClusterClass.validateRemovedMachineDeploymentClassesAreNotUsed'),
      capi('internal/webhooks/clusterclass.go', 'validateUpdatesToMachineHealthCheckClasses'), capi('internal/webhooks/clusterclass.go', 'ClusterClass.validateKubernetesVersionsOfClusters')],
  },
  {
    id: 'upgrade/template-rotation',
    kinds: ['infrastructure.cluster.x-k8s.io/Metal3MachineTemplate', 'bootstrap.cluster.x-k8s.io/RKE2ConfigTemplate', 'controlplane.cluster.x-k8s.io/RKE2ControlPlaneTemplate'],
    kind: CheckKind.TOOL,
    when: CheckWhen.UPDATE,
    what: 'a template whose content changed under the same name (a warning)',
    ours: 'CAPI rolls machines only when the referenced template name changes: existing machines never get the edit',
    stricterThanUpstream: 'the CAPM3 and CAPRKE2 webhooks accept an edited template',
  },
  {
    id: 'upgrade/hosts',
    kinds: ['controlplane.cluster.x-k8s.io/RKE2ControlPlane', 'cluster.x-k8s.io/MachineDeployment'],
    kind: CheckKind.TOOL,
    when: CheckWhen.UPDATE,
    what: 'a rollout with maxSurge needs available spare BareMetalHosts (declared, or live and unclaimed); one control-plane replica without surge (a warning)',
    ours: 'a surge machine without a free host blocks the rollout; CAPM3 just waits for a host',
  },
  {
    id: 'upgrade/readiness',
    kinds: ['cluster.x-k8s.io/Cluster', 'controlplane.cluster.x-k8s.io/RKE2ControlPlane', 'cluster.x-k8s.io/MachineDeployment'],
    kind: CheckKind.TOOL,
    when: CheckWhen.UPDATE,
    what: 'the upgrade starts from a ready control plane, ready workers and an available Cluster (live)',
    ours: 'eksctl-style upgrade preflight: a rollout started on an unhealthy cluster compounds the problem',
  },
  {
    id: 'upgrade/kinds',
    kinds: ALL,
    kind: S,
    when: CheckWhen.UPDATE,
    what: 'a kind the target cluster does not serve (its provider is not installed)',
    upstream: [k8s('staging/src/k8s.io/apimachinery/pkg/api/meta/restmapper.go', 'DefaultRESTMapper.RESTMapping')],
  },
  {
    id: 'upgrade/server-dry-run',
    kinds: ALL,
    kind: S,
    when: CheckWhen.UPDATE,
    what: 'the API server refuses a server-side dry-run apply of the object (webhooks included)',
    upstream: [k8s('staging/src/k8s.io/apiserver/pkg/endpoints/handlers/patch.go', 'PatchResource')],
  },
  // Inputs
  { id: 'input/empty', kinds: ALL, kind: CheckKind.TOOL, what: 'an input without any Kubernetes object', ours: 'an empty input must not pass as valid (a wrong path or a failed generator)' },
  { id: 'input/not-an-object', kinds: ALL, kind: CheckKind.TOOL, what: 'a YAML document (or List item) that is not a mapping with apiVersion and kind', ours: 'kubectl refuses it before any validation' },
  { id: 'input/unsupported', kinds: ALL, kind: CheckKind.TOOL, what: 'a file that is neither a YAML manifest nor a hardware.csv', ours: 'nothing would check it; naming it beats ignoring it' },
  { id: 'yaml/syntax', kinds: ALL, kind: CheckKind.TOOL, what: 'YAML that does not parse', ours: 'kubectl refuses it; we report every error with its line' },
  { id: 'yaml/alias', kinds: ALL, kind: CheckKind.TOOL, what: 'an alias without an anchor, a cycle, or an alias bomb', ours: 'kubectl refuses or expands them unboundedly' },
  { id: 'yaml/limits', kinds: ALL, kind: CheckKind.TOOL, what: 'YAML nested more than 256 levels or with more than 1,000 aliases', ours: 'bounds the parser on hostile input' },
  // Constructs
  {
    id: 'credentials/plaintext',
    kinds: ['metal3.io/BareMetalHost', 'Hardware'],
    kind: CheckKind.TOOL,
    what: 'plaintext BMC credentials without the explicit opt-in',
    ours: 'plaintext passwords in synthesized manifests or hardware.csv end up in git; the opt-in is an app context key',
  },
  { id: 'enroll/duplicate', kinds: ['metal3.io/BareMetalHost'], kind: CheckKind.TOOL, what: 'a host enrolled twice (name, boot MAC or BMC address)', ours: 'one machine, two BareMetalHosts: they fight over it' },
  {
    id: 'lifecycle/content-hash',
    kinds: ['infrastructure.cluster.x-k8s.io/Metal3MachineTemplate', 'bootstrap.cluster.x-k8s.io/RKE2ConfigTemplate'],
    kind: CheckKind.TOOL,
    what: 'a content-hashed template changed (escape hatch) after construction while keeping its name',
    ours: 'CAPI rolls machines only on a new template name: the change would never reach running machines',
  },
];

const notPorted: NotPorted[] = [
  {
    kinds: ALL,
    kind: S,
    what: 'CRD validation ratcheting: on an update, errors of unchanged fields are downgraded to warnings',
    upstream: k8s(`${APIEXT}/validation/ratcheting.go`, 'NewRatchetingSchemaValidator'),
    why: 'validate reports every error of the new manifests (a create); --against adds the update-only checks but does not ratchet',
  },
  {
    kinds: ALL,
    kind: CheckKind.CEL,
    what: 'CEL cost limits and the Kubernetes CEL libraries no pinned CRD uses (quantity, ip/cidr, url, semver, authz)',
    upstream: k8s(`${APIEXT}/schema/cel/compilation.go`, 'Compile'),
    why: 'the pinned rules use none of them; a rule calling a function our evaluator lacks is reported as not evaluated (a warning) instead of guessed',
  },
  {
    kinds: ALL,
    kind: CheckKind.CEL,
    what: 'transition rules between different apiVersions of the same object',
    upstream: k8s(`${APIEXT}/schema/cel/validation.go`, 'Validator.Validate'),
    why: 'the API server converts the old object to the new version first; we cannot run conversion webhooks, so such pairs are not compared',
  },
];

export const GENERIC_CATALOG: ProjectCatalog = {
  project: 'Kubernetes API server and cdk8s-capi\'s own checks',
  families: ['schema', 'meta', 'placeholder', 'set', 'cross', 'upgrade', 'input', 'yaml', 'credentials', 'enroll', 'lifecycle', 'cel'],
  entries,
  notPorted,
};
