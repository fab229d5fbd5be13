// kubeletConfiguration of the control plane and worker groups (aws/eks-anywhere v0.26.1 cluster.go
// validateKubeletConfiguration): decoded strictly into k8s.io/kubelet config/v1beta1
// KubeletConfiguration (the k8s.io/kubelet v0.29.5 that v0.26.1's go.mod pins), so an unknown or
// ill-typed field fails; providerID is EKS Anywhere's. The field list below is that struct's JSON
// form (logging and tracing are component-base types, not checked inside).
import { Finding, error, warning } from '../../../core/finding';
import { SchemaRegistry } from '../../schema';

const str = { type: 'string' };
const bool = { type: 'boolean' };
const int32 = { type: 'integer', format: 'int32' };
const int64 = { type: 'integer', format: 'int64' };
/** metav1.Duration: a Go duration string (time.ParseDuration). */
const duration = { type: 'string', pattern: '^[-+]?(0|((\\d+(\\.\\d*)?|\\.\\d+)(ns|us|µs|μs|ms|s|m|h))+)$' };
const strMap = { type: 'object', additionalProperties: str };
const strList = { type: 'array', items: str };
const open = { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true };
const quantity = { 'x-kubernetes-int-or-string': true };
const obj = (properties: Record<string, unknown>) => ({ type: 'object', properties });

const KUBELET_CONFIGURATION = obj({
  enableServer: bool,
  staticPodPath: str,
  syncFrequency: duration,
  fileCheckFrequency: duration,
  httpCheckFrequency: duration,
  staticPodURL: str,
  staticPodURLHeader: { type: 'object', additionalProperties: strList },
  address: str,
  port: int32,
  readOnlyPort: int32,
  tlsCertFile: str,
  tlsPrivateKeyFile: str,
  tlsCipherSuites: strList,
  tlsMinVersion: str,
  rotateCertificates: bool,
  serverTLSBootstrap: bool,
  authentication: obj({ x509: obj({ clientCAFile: str }), webhook: obj({ enabled: bool, cacheTTL: duration }), anonymous: obj({ enabled: bool }) }),
  authorization: obj({ mode: str, webhook: obj({ cacheAuthorizedTTL: duration, cacheUnauthorizedTTL: duration }) }),
  registryPullQPS: int32,
  registryBurst: int32,
  eventRecordQPS: int32,
  eventBurst: int32,
  enableDebuggingHandlers: bool,
  enableContentionProfiling: bool,
  healthzPort: int32,
  healthzBindAddress: str,
  oomScoreAdj: int32,
  clusterDomain: str,
  clusterDNS: strList,
  streamingConnectionIdleTimeout: duration,
  nodeStatusUpdateFrequency: duration,
  nodeStatusReportFrequency: duration,
  nodeLeaseDurationSeconds: int32,
  imageMinimumGCAge: duration,
  imageMaximumGCAge: duration,
  imageGCHighThresholdPercent: int32,
  imageGCLowThresholdPercent: int32,
  volumeStatsAggPeriod: duration,
  kubeletCgroups: str,
  systemCgroups: str,
  cgroupRoot: str,
  cgroupsPerQOS: bool,
  cgroupDriver: str,
  cpuManagerPolicy: str,
  cpuManagerPolicyOptions: strMap,
  cpuManagerReconcilePeriod: duration,
  memoryManagerPolicy: str,
  topologyManagerPolicy: str,
  topologyManagerScope: str,
  topologyManagerPolicyOptions: strMap,
  qosReserved: strMap,
  runtimeRequestTimeout: duration,
  hairpinMode: str,
  maxPods: int32,
  podCIDR: str,
  podPidsLimit: int64,
  resolvConf: str,
  runOnce: bool,
  cpuCFSQuota: bool,
  cpuCFSQuotaPeriod: duration,
  nodeStatusMaxImages: int32,
  maxOpenFiles: int64,
  contentType: str,
  kubeAPIQPS: int32,
  kubeAPIBurst: int32,
  serializeImagePulls: bool,
  maxParallelImagePulls: int32,
  evictionHard: strMap,
  evictionSoft: strMap,
  evictionSoftGracePeriod: strMap,
  evictionPressureTransitionPeriod: duration,
  evictionMaxPodGracePeriod: int32,
  evictionMinimumReclaim: strMap,
  podsPerCore: int32,
  enableControllerAttachDetach: bool,
  protectKernelDefaults: bool,
  makeIPTablesUtilChains: bool,
  iptablesMasqueradeBit: int32,
  iptablesDropBit: int32,
  featureGates: { type: 'object', additionalProperties: bool },
  failSwapOn: bool,
  memorySwap: obj({ swapBehavior: str }),
  containerLogMaxSize: str,
  containerLogMaxFiles: int32,
  configMapAndSecretChangeDetectionStrategy: str,
  systemReserved: strMap,
  kubeReserved: strMap,
  reservedSystemCPUs: str,
  showHiddenMetricsForVersion: str,
  systemReservedCgroup: str,
  kubeReservedCgroup: str,
  enforceNodeAllocatable: strList,
  allowedUnsafeSysctls: strList,
  volumePluginDir: str,
  providerID: str,
  kernelMemcgNotification: bool,
  logging: open,
  enableSystemLogHandler: bool,
  enableSystemLogQuery: bool,
  shutdownGracePeriod: duration,
  shutdownGracePeriodCriticalPods: duration,
  shutdownGracePeriodByPodPriority: { type: 'array', items: obj({ priority: int32, shutdownGracePeriodSeconds: int64 }) },
  reservedMemory: { type: 'array', items: obj({ numaNode: int32, limits: { type: 'object', additionalProperties: quantity } }) },
  enableProfilingHandler: bool,
  enableDebugFlagsHandler: bool,
  seccompDefault: bool,
  memoryThrottlingFactor: { type: 'number' },
  registerWithTaints: { type: 'array', items: obj({ key: str, value: str, effect: str, timeAdded: str }) },
  registerNode: bool,
  tracing: open,
  localStorageCapacityIsolation: bool,
  containerRuntimeEndpoint: str,
  imageServiceEndpoint: str,
});

const GROUP = 'kubelet.config.k8s.io';
const API_VERSION = `${GROUP}/v1beta1`;
let registry: SchemaRegistry | undefined;

function kubeletRegistry(): SchemaRegistry {
  registry ??= new SchemaRegistry({
    crds: [{
      group: GROUP,
      kind: 'KubeletConfiguration',
      plural: 'kubeletconfigurations',
      scope: 'Cluster',
      source: 'k8s.io/kubelet@v0.29.5',
      versions: [{ name: 'v1beta1', storage: true, deprecated: false, schema: { ...KUBELET_CONFIGURATION, properties: { ...KUBELET_CONFIGURATION.properties, apiVersion: str, kind: str } } }],
    }],
  });
  return registry;
}

function get(v: unknown, path: string): unknown {
  return path.split('.').reduce<any>((cur, k) => (cur && typeof cur === 'object' ? cur[k] : undefined), v);
}

/** The schema's own spelling of a dotted field path whose last name differs only in case. */
function caseInsensitiveMatch(path: string): string | undefined {
  const parts = path.split('.');
  let schema: any = KUBELET_CONFIGURATION;
  for (const p of parts.slice(0, -1)) {
    schema = schema?.properties?.[p];
    if (!schema) return undefined;
  }
  const last = parts[parts.length - 1].toLowerCase();
  const known = Object.keys(schema?.properties ?? {}).find(k => k.toLowerCase() === last);
  return known ? [...parts.slice(0, -1), known].join('.') : undefined;
}

/** Problems of one kubeletConfiguration value at `field` (strict decoding, then providerID). */
export function kubeletConfigurationProblems(value: unknown, field: string): Finding[] {
  if (value === undefined || value === null) return [];
  if (typeof value !== 'object' || Array.isArray(value)) {
    return [error('eksa/kubelet', field, `unmarshaling KubeletConfiguration for ${field}: must be a mapping`)];
  }
  const v = value as Record<string, unknown>;
  const out: Finding[] = [];
  if (v.apiVersion !== undefined && v.apiVersion !== API_VERSION) {
    out.push(error('eksa/kubelet', `${field}.apiVersion`, `kubeletConfiguration apiVersion ${JSON.stringify(v.apiVersion)} is not ${API_VERSION}`, 'leave apiVersion and kind out'));
  }
  const findings = kubeletRegistry().validate({ ...v, apiVersion: API_VERSION, kind: 'KubeletConfiguration' });
  for (const f of findings.filter(x => x.severity === 'error' && x.field !== 'apiVersion' && x.field !== 'kind')) {
    const at = `${field}.${f.field}`;
    if (f.rule === 'schema/unknown-field') {
      const known = caseInsensitiveMatch(f.field);
      out.push(known
        // Go's encoding/json matches names case-insensitively; the kubelet's own decoder does not.
        ? warning('eksa/kubelet', at, `${f.field} is spelled ${known} in KubeletConfiguration: eksctl accepts it (Go matches JSON names case-insensitively), but the kubelet reads names case-sensitively and does not apply it`, `write ${known}`)
        : error('eksa/kubelet', at, `unmarshaling KubeletConfiguration: unknown field "${f.field}"`, 'a field of kubelet.config.k8s.io/v1beta1 KubeletConfiguration (check the spelling)'));
    } else if (f.rule === 'schema/pattern') {
      out.push(error('eksa/kubelet', at, `unmarshaling KubeletConfiguration: ${f.field}: ${JSON.stringify(get(v, f.field))} is not a duration`, 'a Go duration such as 30s, 2m or 1h30m'));
    } else {
      out.push(error('eksa/kubelet', at, `unmarshaling KubeletConfiguration: ${f.field}: ${f.message}`, f.hint));
    }
  }
  if ('providerID' in v) {
    out.push(error('eksa/kubelet', `${field}.providerID`, 'can not override providerID or cloudProvider (set by EKS Anywhere)', 'remove providerID: EKS Anywhere sets the provider ID of every machine'));
  }
  return out;
}
