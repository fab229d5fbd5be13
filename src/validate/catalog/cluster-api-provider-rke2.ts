// cluster-api-provider-rke2 v0.25.0 (rancher/cluster-api-provider-rke2): the webhooks of
// RKE2ControlPlane, RKE2ControlPlaneTemplate, RKE2Config and RKE2ConfigTemplate (registered for
// v1beta2; a v1beta1 request is converted first), the defaulting that changes a verdict, the CRDs'
// CEL rules, and what the bootstrap and control-plane controllers fail on deterministically.
// Research: docs/upstream-coverage/caprke2.md.
import { CatalogEntry, CheckKind, CheckWhen, NotPorted, ProjectCatalog, UpstreamRef } from './entry';

const at = (path: string, symbol: string): UpstreamRef => ({ repo: 'rancher/cluster-api-provider-rke2', tag: 'v0.25.0', path, symbol });
const ign = (path: string, symbol: string): UpstreamRef => ({ repo: 'coreos/ignition', tag: 'v2.26.0', path, symbol });
const but = (path: string, symbol: string): UpstreamRef => ({ repo: 'coreos/butane', tag: 'v0.28.0', path, symbol });

const CP = 'controlplane.cluster.x-k8s.io/RKE2ControlPlane';
const CPT = 'controlplane.cluster.x-k8s.io/RKE2ControlPlaneTemplate';
const CFG = 'bootstrap.cluster.x-k8s.io/RKE2Config';
const CFGT = 'bootstrap.cluster.x-k8s.io/RKE2ConfigTemplate';
const ALL = [CP, CPT, CFG, CFGT];
const W = CheckKind.WEBHOOK;
const C = CheckKind.CONTROLLER;
const B = CheckWhen.BOTH;

const CP_WEBHOOK = 'controlplane/api/v1beta2/rke2controlplane_webhook.go';
const CPT_WEBHOOK = 'controlplane/api/v1beta2/rke2controlplanetemplate_webhook.go';
const CFG_WEBHOOK = 'bootstrap/api/v1beta2/rke2config_webhook.go';
const BUTANE_TEMPLATE = at('bootstrap/internal/ignition/butane/butane.go', 'butaneTemplate');
const STRICT_RENDER = at('bootstrap/internal/ignition/butane/butane.go', 'Render');
const CLOUDINIT = 'bootstrap/internal/cloudinit/cloudinit.go';
const REGISTRIES = at('pkg/rke2/registries.go', 'GenerateRegistries');

const entries: CatalogEntry[] = [
  // RKE2ControlPlane / RKE2ControlPlaneTemplate
  {
    id: 'caprke2/replicas',
    kinds: [CP],
    kind: W,
    when: B,
    what: 'replicas ≤ 0: "cannot be less than or equal to 0"; an even number of replicas is a warning',
    upstream: [at(CP_WEBHOOK, 'RKE2ControlPlane.validateSpec')],
    stricterThanUpstream: 'even replica counts are accepted upstream; our warning says etcd gains no fault tolerance from them',
  },
  {
    id: 'caprke2/registration',
    kinds: [CP, CPT],
    kind: W,
    when: B,
    what: 'registrationMethod address without registrationAddress; control-plane-endpoint (or no method) while the Cluster\'s Metal3Cluster has no controlPlaneEndpoint host',
    upstream: [at(CP_WEBHOOK, 'RKE2ControlPlane.validateRegistrationMethod'), at(CPT_WEBHOOK, 'RKE2ControlPlaneTemplate.validateRegistrationMethod'),
      at('pkg/registration/registration.go', 'registrationMethodControlPlaneEndpoint')],
  },
  {
    id: 'caprke2/machine-template',
    kinds: [CP],
    kind: W,
    when: B,
    what: 'no machine template infrastructureRef (v1beta1: spec.machineTemplate.infrastructureRef; the deprecated spec.infrastructureRef is dropped by the conversion): "machineTemplate is required"',
    upstream: [at(CP_WEBHOOK, 'RKE2ControlPlane.validateMachineTemplate'), at('controlplane/api/v1beta1/conversion.go', 'RKE2ControlPlane.ConvertTo')],
  },
  {
    id: 'caprke2/deletion',
    kinds: [CP],
    kind: W,
    when: B,
    what: 'negative node drain / volume detach / deletion timeouts (v1beta1 durations converted to seconds)',
    upstream: [at(CP_WEBHOOK, 'RKE2ControlPlane.validateMachineTemplate'), at('controlplane/api/v1beta1/conversion.go', 'Convert_v1beta1_RKE2ControlPlaneMachineTemplate_To_v1beta2_RKE2ControlPlaneMachineTemplate')],
  },
  {
    id: 'caprke2/rollout',
    kinds: [CP, CPT],
    kind: C,
    when: B,
    what: 'rolloutStrategy.type other than RollingUpdate, or not set (nothing defaults it): the control plane never rolls; maxSurge as a string (read with IntValue: "50%" is 0) or negative is a warning',
    upstream: [at('controlplane/internal/controllers/rke2controlplane_controller.go', 'RKE2ControlPlaneReconciler.upgradeControlPlane')],
    stricterThanUpstream: 'CAPRKE2 accepts any int-or-string maxSurge and honours every integer; strings and negative numbers are warnings',
  },
  {
    id: 'caprke2/cni',
    kinds: [CP, CPT],
    kind: W,
    when: B,
    what: 'serverConfig.cniMultusEnable without cni: "must be specified when cniMultusEnable is true"',
    upstream: [at(CP_WEBHOOK, 'RKE2ControlPlane.validateCNI'), at(CPT_WEBHOOK, 'RKE2ControlPlaneTemplate.validateCNI')],
  },
  {
    id: 'caprke2/cni-none',
    kinds: [CP],
    kind: C,
    when: B,
    what: 'serverConfig.cni: none with more than one replica and nothing in the manifests that installs a CNI (a HelmChart or DaemonSet shipped to the node, a ClusterResourceSet or HelmChartProxy): the first Node stays NotReady and the control plane stops at one machine (a warning)',
    upstream: [at('controlplane/internal/controllers/scale.go', 'RKE2ControlPlaneReconciler.preflightChecks'), at('pkg/rke2/workload_cluster_conditions.go', 'Workload.UpdateAgentConditions')],
    stricterThanUpstream: 'CAPRKE2 accepts cni: none; a CNI installed by hand after the first node unblocks it, hence a warning',
    fieldReports: ['rancher/cluster-api-provider-rke2#703'],
  },
  {
    id: 'caprke2/machine-template-ref',
    kinds: [CP],
    kind: C,
    when: B,
    what: 'machineTemplate infrastructureRef naming a template the manifests do not hold, while they hold others of that kind in the namespace (a typo): no control-plane machine can be created (a warning)',
    upstream: [at('controlplane/internal/controllers/scale.go', 'RKE2ControlPlaneReconciler.cloneConfigsAndGenerateMachine')],
    stricterThanUpstream: 'CAPRKE2 accepts any name; the template may be applied from another input, hence a warning',
    fieldReports: ['suse-edge/suse-edge.github.io#551'],
  },
  {
    id: 'caprke2/tls-san',
    kinds: [CP],
    kind: CheckKind.TOOL,
    what: 'a serverConfig.tlsSan entry written as a URL (https://…)',
    ours: 'RKE2 puts each tlsSan into the serving certificate as a DNS or IP SAN; a URL matches no host name a client connects to (and RKE2\'s certificate generator drops names with "/"), so the entry is certainly useless and the intended name is missing',
  },
  {
    id: 'caprke2/tls-san-name',
    kinds: [CP],
    kind: CheckKind.TOOL,
    what: 'a serverConfig.tlsSan entry that is neither a DNS name nor an IP address (a warning)',
    ours: 'clients only match certificate names they resolve and connect to; an odd string is most likely a typo',
    stricterThanUpstream: 'RKE2 accepts any string; it may still be a name someone resolves',
  },
  // The embedded RKE2ConfigSpec
  {
    id: 'caprke2/user-data-yaml',
    kinds: ALL,
    kind: C,
    when: B,
    what: 'format cloud-config: additionalUserData.config that is not a YAML mapping, or a data entry that does not render as "key: value" YAML',
    upstream: [at(CLOUDINIT, 'cleanupAdditionalCloudInit'), at(CLOUDINIT, 'cleanupArbitraryData')],
  },
  {
    id: 'caprke2/user-data-dropped',
    kinds: ALL,
    kind: CheckKind.DEFAULTING,
    when: B,
    what: 'runcmd, write_files or ntp in additionalUserData data (dropped on admission) or in a cloud-config config (dropped before the merge) (a warning)',
    upstream: [at(CFG_WEBHOOK, 'CorrectArbitraryData'), at(CLOUDINIT, 'cleanupAdditionalCloudInit')],
  },
  {
    id: 'caprke2/user-data-unused',
    kinds: ALL,
    kind: C,
    when: B,
    what: 'additionalUserData.data with format ignition (only config is rendered); a Butane config (with variant) given with format cloud-config, merged as cloud-init keys (warnings)',
    upstream: [at('bootstrap/internal/ignition/ignition.go', 'render'), at(CLOUDINIT, 'cleanupAdditionalCloudInit')],
  },
  {
    id: 'caprke2/files',
    kinds: ALL,
    kind: W,
    when: B,
    what: 'files[].encoding gzip or gzip+base64 with format ignition: "not supported when spec.format is set to \\"ignition\\""',
    upstream: [at(CFG_WEBHOOK, 'RKE2ConfigSpec.validateIgnition')],
  },
  {
    id: 'caprke2/files-permissions',
    kinds: ALL,
    kind: C,
    when: B,
    what: 'format ignition: permissions pasted unquoted as the Butane mode of CAPRKE2\'s strict base config must be an integer mode without decimal-looking digits (644) or special bits; format cloud-config: a value cloud-init cannot decode as octal (a warning)',
    upstream: [BUTANE_TEMPLATE, STRICT_RENDER, but('base/util/file.go', 'CheckForDecimalMode'), ign('config/v3_3/types/mode.go', 'validateModeSpecialBits')],
    stricterThanUpstream: 'for cloud-config, cloud-init falls back to 0644 with a log line: a warning',
  },
  {
    id: 'caprke2/files-path',
    kinds: ALL,
    kind: C,
    when: B,
    what: 'format ignition: a files[].path that is relative or not fully simplified (rendered verbatim into the strict base config)',
    upstream: [BUTANE_TEMPLATE, ign('config/v3_3/types/path.go', 'validatePath')],
  },
  {
    id: 'caprke2/files-base64',
    kinds: ALL,
    kind: C,
    when: B,
    what: 'format ignition: encoding base64 with content that is not padded standard base64 (rendered as inline: !!binary)',
    upstream: [BUTANE_TEMPLATE, but('config/fcos/v1_4/translate.go', 'ToIgn3_3Bytes')],
  },
  {
    id: 'caprke2/files-collision',
    kinds: ALL,
    kind: C,
    when: B,
    what: 'format ignition: a files[].path CAPRKE2 writes itself in the same config (install script, sshd drop-in, RKE2 config and registries, chrony with NTP, CIS script, server-config files, the control plane\'s CA files; registry TLS files: a warning) or listed twice: "duplicate entry defined"',
    upstream: [at('bootstrap/internal/controllers/rke2config_controller.go', 'RKE2ConfigReconciler.generateFileListIncludingRegistries'), BUTANE_TEMPLATE,
      at('pkg/rke2/config.go', 'newRKE2AgentConfig'), at('pkg/secret/certificates.go', 'Certificates.AsFiles'), ign('config/validate/validate.go', 'ValidateDups')],
  },
  {
    id: 'caprke2/files-content',
    kinds: ALL,
    kind: C,
    when: B,
    what: 'files[].content whose first line is indented more than a later line: pasted into a YAML literal block, it ends the block early',
    upstream: [BUTANE_TEMPLATE, at(CLOUDINIT, 'filesTemplate')],
  },
  {
    id: 'caprke2/registries',
    kinds: ALL,
    kind: W,
    when: B,
    what: 'a privateRegistriesConfig.configs entry whose authSecret and tls both equal the Go zero value ({} counts): "need either credentials, tls settings or both for registry: …"',
    upstream: [at(CFG_WEBHOOK, 'RKE2ConfigSpec.validateRegistries')],
  },
  {
    id: 'caprke2/registry-tls-secret',
    kinds: ALL,
    kind: C,
    when: B,
    what: 'registry tls set (e.g. only insecureSkipVerify) without tlsConfigSecret.name: the Secret lookup fails every reconcile',
    upstream: [REGISTRIES],
  },
  {
    id: 'caprke2/registry-configs',
    kinds: ALL,
    kind: C,
    when: B,
    what: 'more than one privateRegistriesConfig.configs entry: registries.yaml keeps only one (a warning)',
    upstream: [REGISTRIES],
  },
  {
    id: 'caprke2/registry-auth-secret',
    kinds: ALL,
    kind: C,
    when: B,
    what: 'an auth Secret in the manifests with neither username+password nor identity-token: registries.yaml is written empty',
    upstream: [REGISTRIES],
  },
  {
    id: 'caprke2/cis-profile',
    kinds: ALL,
    kind: C,
    when: B,
    what: 'agentConfig.cisProfile against the RKE2 version (the control plane\'s, or a MachineDeployment/Machine of the set): cis/cis-1.23 need v1.25+, cis-1.5/cis-1.6 an older one; cis-1.5/cis-1.6 with no version known is a warning',
    upstream: [at('pkg/util/util.go', 'ProfileCompliant'), at('pkg/rke2/config.go', 'newRKE2AgentConfig')],
  },
];

/**
 * The CRDs' CEL rules, reported by the generic CEL evaluator (validate/cel/, rules-capi branch) as
 * cel/<group>/<Kind>. They are part of the entries below.
 */
export const CAPRKE2_CEL_ENTRIES: CatalogEntry[] = ([
  [CFG, 'bootstrap/config/crd/bases/bootstrap.cluster.x-k8s.io_rke2configs.yaml', '.spec'],
  [CFGT, 'bootstrap/config/crd/bases/bootstrap.cluster.x-k8s.io_rke2configtemplates.yaml', '.spec.template.spec'],
  [CP, 'controlplane/config/crd/bases/controlplane.cluster.x-k8s.io_rke2controlplanes.yaml', '.spec'],
  [CPT, 'controlplane/config/crd/bases/controlplane.cluster.x-k8s.io_rke2controlplanetemplates.yaml', '.spec.template.spec'],
] as const).map(([kind, crd, spec]): CatalogEntry => ({
  id: `cel/${kind}`,
  kinds: [kind],
  kind: CheckKind.CEL,
  when: B,
  what: 'x-kubernetes-validations (v1beta1 and v1beta2): additionalUserData with both config and data ("Only config or data could be populated at once"); a files[].contentFrom with both secret and configMap ("Only configMap or secret can be populated at once")',
  upstream: [at(crd, `${spec}.agentConfig.additionalUserData`), at(crd, `${spec}.files[].contentFrom`)],
}));

const np = (kinds: string[], what: string, kind: CheckKind, upstream: UpstreamRef, why: string): NotPorted => ({ kinds, what, kind, upstream, why });
const LIVE = 'needs live cluster state the validator does not have';

const notPorted: NotPorted[] = [
  np([CP, CPT], 'CorrectArbitraryData failing to re-encode a value is fatal for the control-plane kinds (only logged for RKE2Config)', CheckKind.DEFAULTING, at(CP_WEBHOOK, 'RKE2ControlPlaneCustomDefaulter.Default'),
    'unreachable: a value that parsed as YAML always re-encodes'),
  np([CP], 'defaults for the machine template deletion timeouts and replicas', CheckKind.DEFAULTING, at(CP_WEBHOOK, 'RKE2ControlPlaneCustomDefaulter.Default'),
    'no verdict depends on them (an absent replicas is treated as the default 1)'),
  np(ALL, 'registry TLS and auth Secrets must exist', C, REGISTRIES, `${LIVE} (Secrets applied separately); the auth Secret\'s keys are checked when it is in the manifests`),
  np(ALL, 'files[].contentFrom Secret/ConfigMap must exist with a non-empty key', C, at('bootstrap/internal/controllers/rke2config_controller.go', 'RKE2ConfigReconciler.generateFileListIncludingRegistries'),
    `${LIVE} (the content usually comes from a Secret created elsewhere)`),
  np([CP], 'server-config Secrets and ConfigMaps (audit policy, cloud provider, etcd S3, encryption key, external datastore) must exist with their keys', C, at('pkg/rke2/config.go', 'newRKE2ServerConfig'), LIVE),
  np(ALL, 'agent ConfigMaps (image credential provider, resolv.conf) must exist with their keys', C, at('pkg/rke2/config.go', 'newRKE2AgentConfig'), LIVE),
  np(ALL, 'files[].owner "user:group" becomes Butane user/group names (a numeric owner becomes a name)', C, at('bootstrap/internal/ignition/butane/butane.go', 'parseOwner'),
    'whether the name exists depends on the node image\'s users'),
  np([CFG, CFGT], 'cisProfile against the version of Machines created later from a template (no MachineDeployment in the manifests)', C, at('pkg/util/util.go', 'ProfileCompliant'),
    'the version is not in the manifests; cis-1.5/cis-1.6 are a warning then'),
  np(ALL, 'the bootstrap data needs an RKE2 version ("rke2 version can\'t be empty")', C, at('bootstrap/internal/ignition/ignition.go', 'getRKE2Commands'),
    'covered by schema/required on RKE2ControlPlane v1beta2 and CAPI\'s version rules on MachineDeployments'),
];

export const CAPRKE2_CATALOG: ProjectCatalog = {
  project: 'cluster-api-provider-rke2 v0.25.0',
  families: ['caprke2'],
  entries: [...entries, ...CAPRKE2_CEL_ENTRIES],
  notPorted,
};
