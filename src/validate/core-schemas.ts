// Structural schemas for the core (built-in) kinds cdk8s-capi emits or meets in manifests,
// written from the Kubernetes v1 API field lists. Built-in kinds have no CRD to pin, so these
// are our own statement of the fields; same converter, same strictness as the CRDs.

const str = { type: 'string' };
const int = { type: 'integer', format: 'int32' };
const bool = { type: 'boolean' };
const strMap = { type: 'object', additionalProperties: str };
const strList = { type: 'array', items: str };
const intOrString = { 'x-kubernetes-int-or-string': true };

/** ObjectMeta: what a manifest may carry, including the fields the server sets (so `get -o yaml` output validates). */
export const OBJECT_META = {
  type: 'object',
  properties: {
    name: str,
    generateName: str,
    namespace: str,
    labels: strMap,
    annotations: strMap,
    finalizers: strList,
    ownerReferences: {
      type: 'array',
      items: {
        type: 'object',
        required: ['apiVersion', 'kind', 'name', 'uid'],
        properties: { apiVersion: str, kind: str, name: str, uid: str, controller: bool, blockOwnerDeletion: bool },
      },
    },
    uid: str,
    resourceVersion: str,
    generation: int,
    creationTimestamp: { type: 'string', nullable: true },
    deletionTimestamp: { type: 'string', nullable: true },
    deletionGracePeriodSeconds: int,
    selfLink: str,
    managedFields: { type: 'array', items: { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true } },
  },
};

const secret = {
  type: 'object',
  properties: {
    apiVersion: str,
    kind: str,
    metadata: OBJECT_META,
    data: { type: 'object', additionalProperties: { type: 'string', format: 'byte' } },
    stringData: strMap,
    type: str,
    immutable: bool,
  },
};

const configMap = {
  type: 'object',
  properties: {
    apiVersion: str,
    kind: str,
    metadata: OBJECT_META,
    data: strMap,
    binaryData: { type: 'object', additionalProperties: { type: 'string', format: 'byte' } },
    immutable: bool,
  },
};

const namespace = {
  type: 'object',
  properties: {
    apiVersion: str,
    kind: str,
    metadata: OBJECT_META,
    spec: { type: 'object', properties: { finalizers: strList } },
    status: { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true },
  },
};

const servicePort = {
  type: 'object',
  required: ['port'],
  properties: {
    name: str,
    protocol: { type: 'string', enum: ['TCP', 'UDP', 'SCTP'] },
    appProtocol: str,
    port: { type: 'integer', minimum: 1, maximum: 65535 },
    targetPort: intOrString,
    nodePort: int,
  },
};

const service = {
  type: 'object',
  properties: {
    apiVersion: str,
    kind: str,
    metadata: OBJECT_META,
    spec: {
      type: 'object',
      properties: {
        type: { type: 'string', enum: ['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName'] },
        ports: { type: 'array', items: servicePort },
        selector: strMap,
        clusterIP: str,
        clusterIPs: strList,
        externalIPs: strList,
        externalName: str,
        externalTrafficPolicy: { type: 'string', enum: ['Cluster', 'Local'] },
        internalTrafficPolicy: { type: 'string', enum: ['Cluster', 'Local'] },
        healthCheckNodePort: int,
        ipFamilies: { type: 'array', maxItems: 2, items: { type: 'string', enum: ['IPv4', 'IPv6'] } },
        ipFamilyPolicy: { type: 'string', enum: ['SingleStack', 'PreferDualStack', 'RequireDualStack'] },
        loadBalancerClass: str,
        loadBalancerIP: str,
        loadBalancerSourceRanges: strList,
        allocateLoadBalancerNodePorts: bool,
        publishNotReadyAddresses: bool,
        sessionAffinity: { type: 'string', enum: ['ClientIP', 'None'] },
        sessionAffinityConfig: {
          type: 'object',
          properties: { clientIP: { type: 'object', properties: { timeoutSeconds: int } } },
        },
        trafficDistribution: str,
      },
    },
    status: { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true },
  },
};

const crd = {
  type: 'object',
  properties: {
    apiVersion: str,
    kind: str,
    metadata: OBJECT_META,
    spec: { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true },
    status: { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true },
  },
};

export interface BuiltinKind {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  readonly plural: string;
  readonly namespaced: boolean;
  readonly schema: object;
  readonly statusSubresource: boolean;
}

export const BUILTIN_KINDS: readonly BuiltinKind[] = [
  { group: '', version: 'v1', kind: 'Secret', plural: 'secrets', namespaced: true, schema: secret, statusSubresource: false },
  { group: '', version: 'v1', kind: 'ConfigMap', plural: 'configmaps', namespaced: true, schema: configMap, statusSubresource: false },
  { group: '', version: 'v1', kind: 'Namespace', plural: 'namespaces', namespaced: false, schema: namespace, statusSubresource: true },
  { group: '', version: 'v1', kind: 'Service', plural: 'services', namespaced: true, schema: service, statusSubresource: true },
  { group: 'apiextensions.k8s.io', version: 'v1', kind: 'CustomResourceDefinition', plural: 'customresourcedefinitions', namespaced: false, schema: crd, statusSubresource: true },
];
