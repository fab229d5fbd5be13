// Value sets and ranges that Go validation enforces on built-in kinds but the Kubernetes v1.28
// OpenAPI documents do not state (they carry no `enum` at all; the values are in the prose we
// strip). Added to the derived definitions at import time, so a built-in field is checked as the
// API server checks it. Each was checked against the pinned kube-apiserver v1.28.4
// (../shared/envtest): `""` is listed where the server defaults an empty value, and left out where
// the field is a pointer and "" is refused (ipFamilyPolicy, internalTrafficPolicy).
// Citations: kubernetes/kubernetes v1.28.4.

const CORE = 'pkg/apis/core/validation/validation.go';
const K8S = 'io.k8s.api.';

export interface ValueSet {
  /** The definition, e.g. `io.k8s.api.core.v1.ServiceSpec`. */
  readonly definition: string;
  /** Property names from the definition; `[]` steps into a list's items. */
  readonly path: readonly string[];
  /** Schema keywords to add (enum, minimum/maximum, maxItems). */
  readonly schema: Record<string, unknown>;
  /** Where the API server decides: [file, function]. */
  readonly upstream: readonly [string, string];
}

const PROTOCOLS = ['', 'SCTP', 'TCP', 'UDP'];
const PORT = { minimum: 1, maximum: 65535 };

export const VALUE_SETS: readonly ValueSet[] = [
  { definition: `${K8S}core.v1.ServiceSpec`, path: ['type'], schema: { enum: ['', 'ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'] }, upstream: [CORE, 'ValidateService'] },
  { definition: `${K8S}core.v1.ServiceSpec`, path: ['sessionAffinity'], schema: { enum: ['', 'ClientIP', 'None'] }, upstream: [CORE, 'ValidateService'] },
  { definition: `${K8S}core.v1.ServiceSpec`, path: ['externalTrafficPolicy'], schema: { enum: ['', 'Cluster', 'Local'] }, upstream: [CORE, 'validateServiceExternalTrafficPolicy'] },
  { definition: `${K8S}core.v1.ServiceSpec`, path: ['internalTrafficPolicy'], schema: { enum: ['Cluster', 'Local'] }, upstream: [CORE, 'validateServiceInternalTrafficFieldsValue'] },
  { definition: `${K8S}core.v1.ServiceSpec`, path: ['ipFamilyPolicy'], schema: { enum: ['PreferDualStack', 'RequireDualStack', 'SingleStack'] }, upstream: [CORE, 'ValidateServiceClusterIPsRelatedFields'] },
  // Two families at most: a third entry repeats one, which the server refuses as a duplicate.
  { definition: `${K8S}core.v1.ServiceSpec`, path: ['ipFamilies'], schema: { maxItems: 2 }, upstream: [CORE, 'ValidateServiceClusterIPsRelatedFields'] },
  { definition: `${K8S}core.v1.ServiceSpec`, path: ['ipFamilies', '[]'], schema: { enum: ['IPv4', 'IPv6'] }, upstream: [CORE, 'ValidateServiceClusterIPsRelatedFields'] },
  { definition: `${K8S}core.v1.ServicePort`, path: ['protocol'], schema: { enum: PROTOCOLS }, upstream: [CORE, 'validateServicePort'] },
  { definition: `${K8S}core.v1.ServicePort`, path: ['port'], schema: PORT, upstream: [CORE, 'validateServicePort'] },
  { definition: `${K8S}core.v1.ContainerPort`, path: ['protocol'], schema: { enum: PROTOCOLS }, upstream: [CORE, 'validateContainerPorts'] },
  { definition: `${K8S}core.v1.ContainerPort`, path: ['containerPort'], schema: PORT, upstream: [CORE, 'validateContainerPorts'] },
  { definition: `${K8S}core.v1.Container`, path: ['imagePullPolicy'], schema: { enum: ['', 'Always', 'IfNotPresent', 'Never'] }, upstream: [CORE, 'validatePullPolicy'] },
  { definition: `${K8S}core.v1.EphemeralContainer`, path: ['imagePullPolicy'], schema: { enum: ['', 'Always', 'IfNotPresent', 'Never'] }, upstream: [CORE, 'validatePullPolicy'] },
  { definition: `${K8S}core.v1.PodSpec`, path: ['restartPolicy'], schema: { enum: ['', 'Always', 'OnFailure', 'Never'] }, upstream: [CORE, 'validateRestartPolicy'] },
  { definition: `${K8S}core.v1.PodSpec`, path: ['dnsPolicy'], schema: { enum: ['', 'ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'] }, upstream: [CORE, 'validateDNSPolicy'] },
  { definition: `${K8S}core.v1.Toleration`, path: ['operator'], schema: { enum: ['', 'Equal', 'Exists'] }, upstream: [CORE, 'ValidateTolerations'] },
  { definition: `${K8S}core.v1.Toleration`, path: ['effect'], schema: { enum: ['', 'NoSchedule', 'PreferNoSchedule', 'NoExecute'] }, upstream: [CORE, 'ValidateTolerations'] },
  { definition: `${K8S}apps.v1.DeploymentStrategy`, path: ['type'], schema: { enum: ['', 'Recreate', 'RollingUpdate'] }, upstream: ['pkg/apis/apps/validation/validation.go', 'ValidateDeploymentStrategy'] },
  { definition: `${K8S}rbac.v1.Subject`, path: ['kind'], schema: { enum: ['ServiceAccount', 'User', 'Group'] }, upstream: ['pkg/apis/rbac/validation/validation.go', 'ValidateRoleBindingSubject'] },
];

/** Adds the value sets to the derived definitions; a path the documents no longer have is an error. */
export function applyValueSets(definitions: Record<string, any>, sets: readonly ValueSet[] = VALUE_SETS): void {
  for (const s of sets) {
    let node = definitions[s.definition];
    for (const step of s.path) node = step === '[]' ? node?.items : node?.properties?.[step];
    if (!node || typeof node !== 'object') throw new Error(`value set for ${s.definition}.${s.path.join('.')}: no such field in the OpenAPI documents`);
    Object.assign(node, s.schema);
  }
}
