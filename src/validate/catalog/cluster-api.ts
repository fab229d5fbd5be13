// Cluster API v1.13.5 (kubernetes-sigs/cluster-api): the webhooks of Cluster, ClusterClass,
// MachineDeployment, MachineSet, Machine and MachineHealthCheck, their defaulting where a
// verdict depends on it, the CRDs' CEL rule, and the controller checks that fail
// deterministically. Research: docs/upstream-coverage/cluster-api.md.
import { CatalogEntry, CheckKind, NotPorted, ProjectCatalog, UpstreamRef } from './entry';

const REPO = 'kubernetes-sigs/cluster-api';
const TAG = 'v1.13.5';
const at = (path: string, symbol: string): UpstreamRef => ({ repo: REPO, tag: TAG, path, symbol });
const wh = (file: string, symbol: string) => at(`internal/webhooks/${file}`, symbol);
const CLUSTER = 'cluster.x-k8s.io/Cluster';
const CC = 'cluster.x-k8s.io/ClusterClass';
const MD = 'cluster.x-k8s.io/MachineDeployment';
const MS = 'cluster.x-k8s.io/MachineSet';
const M = 'cluster.x-k8s.io/Machine';
const MHC = 'cluster.x-k8s.io/MachineHealthCheck';
const W = CheckKind.WEBHOOK;

const entries: CatalogEntry[] = [
  // Cluster
  { id: 'capi/cluster-name', kinds: [CLUSTER], kind: W, what: 'metadata.name must be a valid label value (63 characters, alphanumerics, "-", "_", ".")', upstream: [wh('cluster.go', 'Cluster.validate')] },
  { id: 'capi/cluster-refs', kinds: [CLUSTER], kind: W, what: 'one of spec.controlPlaneRef, spec.infrastructureRef or spec.topology must be set', upstream: [wh('cluster.go', 'Cluster.validate')] },
  { id: 'capi/cidr', kinds: [CLUSTER], kind: W, what: 'clusterNetwork pods/services cidrBlocks must parse as CIDRs', upstream: [wh('cluster.go', 'validateCIDRBlocks')] },
  {
    id: 'capi/ref',
    kinds: [CLUSTER],
    kind: CheckKind.CONTROLLER,
    what: 'controlPlaneRef / infrastructureRef name an object that is not in the validated set (a warning)',
    ours: 'the Cluster controller waits for the referenced objects forever; upstream has no admission check for it (it cannot know the rest of the manifests), we warn when a multi-object input lacks them',
  },
  {
    id: 'capi/topology-gate',
    kinds: [CLUSTER, CC],
    kind: W,
    what: 'spec.topology and ClusterClass need the ClusterTopology feature gate, off by default: a warning naming the gate (the objects are validated anyway)',
    upstream: [wh('cluster.go', 'Cluster.validateTopology'), wh('clusterclass.go', 'ClusterClass.validate'), at('feature/feature.go', 'ClusterTopology')],
    stricterThanUpstream: 'upstream refuses any topology or ClusterClass while the gate is off (its default); we report a warning and validate them, as issue 15 asks',
  },
  {
    id: 'capi/version',
    kinds: [CLUSTER, MD, MS, M],
    kind: W,
    what: 'topology / machine version must match KubeSemver after the defaulting webhook adds a missing leading "v"',
    upstream: [at('util/version/version.go', 'KubeSemver'), wh('cluster.go', 'Cluster.Default'), wh('cluster.go', 'Cluster.validateTopology'),
      wh('machinedeployment.go', 'MachineDeployment.validate'), wh('machineset.go', 'MachineSet.validate'), wh('machine.go', 'Machine.validate')],
  },
  {
    id: 'capi/template-metadata',
    kinds: [CLUSTER, CC, MD, MS],
    kind: W,
    what: 'labels and annotations of template / topology / class metadata must be valid',
    upstream: [at('api/core/v1beta2/common_types.go', 'ObjectMeta.Validate'), wh('cluster.go', 'validateTopologyMetadata'), wh('clusterclass.go', 'validateClusterClassMetadata'),
      wh('machinedeployment.go', 'MachineDeployment.validate'), wh('machineset.go', 'MachineSet.validate')],
  },
  {
    id: 'capi/rollout',
    kinds: [MD, CC, CLUSTER],
    kind: W,
    what: 'maxSurge / maxUnavailable must be an int or a percentage; both integer 0 is refused ("0%"/"0%" is accepted)',
    upstream: [wh('machinedeployment.go', 'validateRolloutStrategy'), wh('machinedeployment.go', 'MachineDeployment.Default'), wh('clusterclass.go', 'validateClusterClassRollout'), wh('cluster.go', 'validateTopologyRollout')],
  },
  {
    id: 'capi/taints-gate',
    kinds: [MD, MS, M, CC, CLUSTER],
    kind: W,
    what: 'machine taints need the MachineTaintPropagation feature gate, off by default: a warning naming the gate',
    upstream: [at('internal/util/taints/validation.go', 'ValidateMachineTaints'), at('feature/feature.go', 'MachineTaintPropagation')],
    stricterThanUpstream: 'upstream refuses any taint while the gate is off (its default); we report a warning and check the keys as with the gate on',
  },
  {
    id: 'capi/taints',
    kinds: [MD, MS, M, CC, CLUSTER],
    kind: W,
    what: 'taint keys: not reserved by CAPI, node.kubernetes.io/ (but out-of-service), node.cloudprovider.kubernetes.io/ or node-role.kubernetes.io/master; a valid label key; no control-plane taint on workers',
    upstream: [at('internal/util/taints/validation.go', 'ValidateMachineTaints'), wh('machine.go', 'validateMachineTaintsForWorkers')],
  },
  { id: 'capi/topology-concurrency', kinds: [CLUSTER], kind: W, what: 'annotation topology.cluster.x-k8s.io/upgrade-concurrency must be an integer ≥ 1', upstream: [wh('cluster.go', 'Cluster.validateTopology')] },
  {
    id: 'capi/topology-replicas',
    kinds: [CLUSTER],
    kind: W,
    what: 'a topology MachineDeployment with replicas must not carry autoscaler min/max annotations (nor its class)',
    upstream: [wh('cluster.go', 'validateAutoscalerAnnotationsForCluster')],
  },
  {
    id: 'capi/topology-class',
    kinds: [CLUSTER],
    kind: W,
    what: 'the ClusterClass of a topology is not among the validated objects: the topology is not fully validated (a warning, as upstream warns on create)',
    upstream: [wh('cluster.go', 'Cluster.validateClusterClassExistsAndIsReconciled')],
  },
  { id: 'capi/topology-version', kinds: [CLUSTER], kind: W, what: 'the topology version must be one of the ClusterClass kubernetesVersions when it lists any', upstream: [wh('cluster.go', 'ValidateClusterForClusterClass')] },
  {
    id: 'capi/topology-md-class',
    kinds: [CLUSTER],
    kind: W,
    what: 'each topology MachineDeployment class must exist in the ClusterClass',
    upstream: [at('internal/topology/check/compatibility.go', 'MachineDeploymentTopologiesAreValidAndDefinedInClusterClass')],
  },
  {
    id: 'capi/topology-health-check',
    kinds: [CLUSTER],
    kind: W,
    what: 'a control-plane healthCheck needs the class machineInfrastructure; healthCheck.enabled needs a definition in the topology or the class',
    upstream: [wh('cluster.go', 'validateMachineHealthChecks')],
  },
  {
    id: 'capi/topology-variables',
    kinds: [CLUSTER],
    kind: CheckKind.DEFAULTING,
    what: 'topology variables: defined by the class, required ones set (or defaulted), values valid against the variable schema (types, patterns, unknown fields, CEL)',
    upstream: [wh('cluster.go', 'Cluster.Default'), at('internal/topology/variables/cluster_variable_validation.go', 'validateClusterVariables'),
      at('internal/topology/variables/cluster_variable_validation.go', 'ValidateClusterVariable'), at('internal/topology/variables/cluster_variable_defaulting.go', 'defaultClusterVariables')],
  },
  // ClusterClass
  { id: 'capi/cc-template-ref', kinds: [CC], kind: W, what: 'every templateRef kind must end in "Template"', upstream: [at('internal/topology/check/compatibility.go', 'ClusterClassTemplateIsValid')] },
  {
    id: 'capi/cc-template-exists',
    kinds: [CC],
    kind: CheckKind.CONTROLLER,
    what: 'a referenced template is not among the validated objects (a warning: the ClusterClass controller cannot reconcile it)',
    upstream: [at('internal/controllers/clusterclass/clusterclass_controller.go', 'Reconciler.reconcileExternal')],
  },
  {
    id: 'capi/cc-health-check',
    kinds: [CC],
    kind: W,
    what: 'a control-plane healthCheck needs spec.controlPlane.machineInfrastructure',
    upstream: [wh('clusterclass.go', 'validateMachineHealthCheckClasses')],
  },
  {
    id: 'capi/cc-naming',
    kinds: [CC],
    kind: W,
    what: 'infrastructure / controlPlane / MachineDeployment naming templates must render (known fields only) to DNS-1123 subdomains',
    upstream: [wh('clusterclass.go', 'validateNamingStrategies'), at('internal/topology/names/names.go', 'templateGenerator.GenerateName')],
  },
  {
    id: 'capi/cc-variables',
    kinds: [CC],
    kind: W,
    what: 'variable names (unique, defined, not "builtin", no "."), metadata, schema types, properties vs additionalProperties, default/example/enum valid against the schema, CEL rule message/reason/fieldPath',
    upstream: [at('internal/topology/variables/clusterclass_variable_validation.go', 'ValidateClusterClassVariables'),
      at('internal/topology/variables/clusterclass_variable_validation.go', 'validateSchema'), at('internal/topology/variables/clusterclass_variable_validation.go', 'validateRootSchema')],
  },
  {
    id: 'capi/cc-patches',
    kinds: [CC],
    kind: W,
    what: 'patches: names ("inline" reserved, unique), one of definitions/external (external needs RuntimeSDK: a warning), jsonPatch paths under /spec, array indexes, value xor valueFrom',
    upstream: [wh('patch_validation.go', 'validatePatchName'), wh('patch_validation.go', 'validatePatchDefinitions'), wh('patch_validation.go', 'validateJSONPatches'),
      wh('patch_validation.go', 'validateIndexAccess'), wh('patch_validation.go', 'validateJSONPatchValues')],
  },
  {
    id: 'capi/cc-patch-variable',
    kinds: [CC],
    kind: W,
    what: 'a patch valueFrom.variable must be a variable of the class or a defined builtin',
    upstream: [wh('patch_validation.go', 'validateJSONPatchValues'), wh('patch_validation.go', 'builtinVariables')],
  },
  {
    id: 'capi/cc-patch-selector',
    kinds: [CC],
    kind: W,
    what: 'a patch selector must enable a target and match a template reference of the class',
    upstream: [wh('patch_validation.go', 'validateSelectors'), wh('patch_validation.go', 'validateSelectorName')],
  },
  {
    id: 'capi/cc-kubernetes-versions',
    kinds: [CC],
    kind: W,
    what: 'kubernetesVersions: valid versions, ascending, no minor skipped',
    upstream: [wh('clusterclass.go', 'validateKubernetesVersions')],
  },
  // MachineDeployment / MachineSet / Machine
  { id: 'capi/md-name', kinds: [MD], kind: W, what: 'metadata.name must be a valid label value', upstream: [wh('machinedeployment.go', 'MachineDeployment.validate')] },
  { id: 'capi/md-bootstrap', kinds: [MD], kind: W, what: 'template bootstrap needs configRef or dataSecretName', upstream: [wh('machinedeployment.go', 'MachineDeployment.validate')] },
  { id: 'capi/md-cluster-name', kinds: [MD], kind: W, what: 'spec.clusterName and spec.template.spec.clusterName must be equal', upstream: [wh('machinedeployment.go', 'MachineDeployment.validate')] },
  {
    id: 'capi/md-selector',
    kinds: [MD],
    kind: W,
    what: 'selector must parse and select the template labels (after the defaulting webhook adds the cluster-name label)',
    upstream: [wh('machinedeployment.go', 'MachineDeployment.validate'), wh('machinedeployment.go', 'MachineDeployment.Default')],
  },
  {
    id: 'capi/md-replicas',
    kinds: [MD],
    kind: W,
    what: 'a negative replica count (a warning)',
    ours: 'a negative count asks for no machines at all; almost always a typo',
    stricterThanUpstream: 'the CRD (int32 without a minimum) and the webhook accept a negative count',
  },
  { id: 'capi/ms-bootstrap', kinds: [MS], kind: W, what: 'template bootstrap needs configRef or dataSecretName', upstream: [wh('machineset.go', 'MachineSet.validate')] },
  { id: 'capi/ms-cluster-name', kinds: [MS], kind: W, what: 'spec.clusterName and spec.template.spec.clusterName must be equal', upstream: [wh('machineset.go', 'MachineSet.validate')] },
  {
    id: 'capi/ms-selector',
    kinds: [MS],
    kind: W,
    what: 'selector must parse and select the template labels (after defaulting)',
    upstream: [wh('machineset.go', 'MachineSet.validate'), wh('machineset.go', 'MachineSet.Default')],
  },
  {
    id: 'capi/remediation-max-in-flight',
    kinds: [MD, CC, CLUSTER],
    kind: W,
    what: 'remediation maxInFlight must be an int or a percentage',
    upstream: [wh('machinedeployment.go', 'validateRemediationMaxInFlight')],
  },
  {
    id: 'capi/autoscaler-annotations',
    kinds: [MD],
    kind: CheckKind.DEFAULTING,
    what: 'autoscaler min/max size annotations must parse when replicas are defaulted from them',
    upstream: [wh('machinedeployment.go', 'calculateMachineDeploymentReplicas')],
  },
  {
    id: 'capi/skip-preflight-checks',
    kinds: [MD, MS],
    kind: W,
    what: 'machineset.cluster.x-k8s.io/skip-preflight-checks lists only known preflight checks',
    upstream: [wh('machineset.go', 'validateSkippedMachineSetPreflightChecks')],
  },
  {
    id: 'capi/machine-naming',
    kinds: [MD, MS],
    kind: W,
    what: 'machineNaming.template must contain {{ .random }} and render to a DNS-1123 subdomain',
    upstream: [wh('machinedeployment.go', 'validateMDMachineNaming'), wh('machineset.go', 'validateMSMachineNaming'), at('internal/topology/names/names.go', 'MachineSetMachineNameGenerator')],
  },
  {
    id: 'capi/machine-bootstrap',
    kinds: [M],
    kind: W,
    what: 'bootstrap needs configRef or dataSecretName unless the Machine belongs to a MachinePool',
    upstream: [wh('machine.go', 'Machine.validate'), at('util/labels/helpers.go', 'IsMachinePoolOwned')],
  },
  // MachineHealthCheck
  {
    id: 'capi/mhc-selector',
    kinds: [MHC],
    kind: W,
    what: 'selector must parse, not be empty, and not select another cluster than spec.clusterName',
    upstream: [wh('machinehealthcheck.go', 'MachineHealthCheck.validate')],
  },
  {
    id: 'capi/mhc-node-startup-timeout',
    kinds: [MHC, CC, CLUSTER],
    kind: W,
    what: 'nodeStartupTimeout must be 0 (disabled) or at least 30s',
    upstream: [wh('machinehealthcheck.go', 'validateMachineHealthCheckNodeStartupTimeoutSeconds')],
  },
  {
    id: 'capi/mhc-unhealthy-limit',
    kinds: [MHC, CC, CLUSTER],
    kind: W,
    what: 'unhealthyLessThanOrEqualTo (v1beta1 maxUnhealthy) must be an int or a percentage',
    upstream: [wh('machinehealthcheck.go', 'validateMachineHealthCheckUnhealthyLessThanOrEqualTo')],
  },
  {
    id: 'capi/mhc-unhealthy-range',
    kinds: [MHC, CC, CLUSTER],
    kind: CheckKind.CONTROLLER,
    what: 'unhealthyInRange [min-max] with max below min fails every reconcile',
    upstream: [at('internal/controllers/machinehealthcheck/machinehealthcheck_controller.go', 'getUnhealthyRange')],
  },
  // CRD CEL (the generic evaluator, validate/cel/, reports them under cel/<group>/<Kind>)
  ...[MHC, CLUSTER, CC].map((k): CatalogEntry => ({
    id: `cel/${k}`,
    kinds: [k],
    kind: CheckKind.CEL,
    what: 'x-kubernetes-validations: an unhealthy machine condition type must not be Ready, Available, HealthCheckSucceeded, OwnerRemediated or ExternallyRemediated',
    upstream: [at(`config/crd/bases/cluster.x-k8s.io_${k.split('/')[1].toLowerCase()}${k.endsWith('Class') ? 'es' : 's'}.yaml`,
      k === MHC ? 'v1beta2 .spec.checks.unhealthyMachineConditions[].type' : k === CC
        ? 'v1beta2 .spec.{controlPlane,workers.machineDeployments[]}.healthCheck.checks.unhealthyMachineConditions[].type'
        : 'v1beta2 .spec.topology.{controlPlane,workers.machineDeployments[]}.healthCheck.checks.unhealthyMachineConditions[].type')],
  })),
  {
    id: 'cel/cluster.x-k8s.io/MachineDrainRule',
    kinds: ['cluster.x-k8s.io/MachineDrainRule'],
    kind: CheckKind.CEL,
    what: 'x-kubernetes-validations: the entries of spec.machines and of spec.pods must be unique',
    upstream: [at('config/crd/bases/cluster.x-k8s.io_machinedrainrules.yaml', 'v1beta2 .spec.machines, .spec.pods')],
  },
  // The kubeadm bootstrap and control-plane providers ship in the same release (bootstrap/kubeadm, controlplane/kubeadm).
  ...([
    ['bootstrap', 'KubeadmConfig', 'kubeadmconfigs', '.spec'],
    ['bootstrap', 'KubeadmConfigTemplate', 'kubeadmconfigtemplates', '.spec.template.spec'],
    ['controlplane', 'KubeadmControlPlane', 'kubeadmcontrolplanes', '.spec.kubeadmConfigSpec'],
    ['controlplane', 'KubeadmControlPlaneTemplate', 'kubeadmcontrolplanetemplates', '.spec.template.spec.kubeadmConfigSpec'],
  ] as const).map(([provider, kind, plural, spec]): CatalogEntry => ({
    id: `cel/${provider}.cluster.x-k8s.io/${kind}`,
    kinds: [`${provider}.cluster.x-k8s.io/${kind}`],
    kind: CheckKind.CEL,
    what: 'x-kubernetes-validations: extraArgs and kubeletExtraArgs names unique, exactly one of layout / diskLayout per partition, a known partitionType',
    upstream: [at(`${provider}/kubeadm/config/crd/bases/${provider}.cluster.x-k8s.io_${plural}.yaml`,
      `v1beta2 ${spec}.{clusterConfiguration.*.extraArgs, *Configuration.nodeRegistration.kubeletExtraArgs, diskSetup.partitions[]}`)],
  })),
];

const np = (kinds: string[], what: string, kind: CheckKind, upstream: UpstreamRef, why: string): NotPorted => ({ kinds, what, kind, upstream, why });
const LIVE = 'needs live cluster state the validator does not have';

const notPorted: NotPorted[] = [
  np([CLUSTER], 'version change refused while the AfterClusterUpgrade hook is pending', W, wh('cluster.go', 'Cluster.validateTopologyVersionUpdate'), `${LIVE} (hook annotations the controller writes)`),
  np([CLUSTER], 'version change refused while the control plane / MachineDeployments / MachinePools are still upgrading', W, wh('cluster.go', 'validateTopologyControlPlaneVersion'), `${LIVE} (control plane status, MachineDeployments and MachinePools of the cluster)`),
  np([CLUSTER], 'the referenced ClusterClass must be reconciled (observedGeneration, VariablesReconciled)', W, wh('cluster.go', 'Cluster.validateClusterClassExistsAndIsReconciled'), `${LIVE} (ClusterClass status)`),
  np([CLUSTER], 'variable definitions of the class must not conflict', CheckKind.DEFAULTING, at('internal/topology/variables/utils.go', 'newDefinitionsIndex'), 'conflicts come from ClusterClass status.variables, filled by DiscoverVariables runtime extensions'),
  np([CLUSTER], 'topology variables against definitions discovered by a runtime extension', CheckKind.DEFAULTING, at('internal/topology/variables/cluster_variable_validation.go', 'validateClusterVariables'), 'with an external discoverVariablesExtension patch the definitions exist only in ClusterClass status; we check inline definitions and skip such classes'),
  np([CLUSTER], 'class rebase checked against the old ClusterClass read from the API server', W, at('internal/topology/check/compatibility.go', 'ClusterClassesAreCompatible'), 'ported when both classes are in the inputs of validate --against; otherwise the old class lives only on the server'),
  np([CC], 'patch enabledIf and valueFrom.template must parse as Go templates with sprig functions', W, wh('patch_validation.go', 'validateEnabledIf'), 'needs Go text/template with the sprig function map; a partial parser would refuse valid templates'),
  np([CC], 'variable schemas must be structural and CEL rules within the cost budget; oldSelf not under arrays', W, at('internal/topology/variables/clusterclass_variable_validation.go', 'validateRootSchema'), 'structural-schema validation and the CEL cost estimator of apiextensions are not reproduced; rule syntax and messages are checked'),
  np([CC], 'removing a class, health check or version still used by Clusters that are only on the server', W, wh('clusterclass.go', 'ClusterClass.validateRemovedMachineDeploymentClassesAreNotUsed'), `${LIVE} (an index of all Clusters of the class); Clusters in the input are checked (upgrade/class-in-use)`),
  np([CC], 'autoscaler annotations added to a class whose Clusters set replicas', W, wh('clusterclass.go', 'validateAutoscalerAnnotationsForClusterClass'), `${LIVE} (Clusters using the class)`),
  np([CC], 'deleting a ClusterClass still used by Clusters', W, wh('clusterclass.go', 'ClusterClass.ValidateDelete'), 'a delete-time check on live Clusters; validate does not delete'),
  np([CC], 'discovered variables with conflicting schemas', CheckKind.CONTROLLER, at('internal/controllers/clusterclass/clusterclass_controller.go', 'Reconciler.reconcileVariables'), 'needs the DiscoverVariables runtime extension'),
  np([MD, MS], 'preflights ControlPlaneIsStable / ControlPlaneVersionSkew', CheckKind.CONTROLLER, at('internal/controllers/machineset/machineset_preflight.go', 'controlPlaneStablePreflightCheck'), `${LIVE} (control plane status; transient by design)`),
  np([MD, MS], 'preflight KubeadmVersionSkew', CheckKind.CONTROLLER, at('internal/controllers/machineset/machineset_preflight.go', 'kubeadmVersionPreflightCheck'), 'applies to kubeadm bootstrap only; our clusters bootstrap with RKE2'),
  np([MHC], 'remediation.templateRef must exist (external remediation)', CheckKind.CONTROLLER, at('internal/controllers/machinehealthcheck/machinehealthcheck_controller.go', 'Reconciler.reconcile'), `${LIVE}; remediation templates are rarely in the same manifests`),
  np([CLUSTER, MD, MS, MHC, M], 'topology rules for v1beta1 Clusters and ClusterClasses', W, wh('cluster.go', 'Cluster.validateTopology'), 'the v1beta1 topology/ClusterClass layout differs throughout (class names, variables, patches); v1beta1 objects get the rules whose fields both layouts share'),
];

export const CLUSTER_API_CATALOG: ProjectCatalog = { project: 'Cluster API v1.13.5', families: ['capi'], entries, notPorted };
