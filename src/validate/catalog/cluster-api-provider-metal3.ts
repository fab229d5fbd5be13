// cluster-api-provider-metal3 v1.13.2 (the seven CAPM3 CRDs we pin): rules/capm3*.ts. Every
// webhook at this tag lives in internal/webhooks/v1beta2 and validates v1beta1 objects after
// conversion. Research: docs/upstream-coverage/capm3.md.
import { CatalogEntry, CheckKind, CheckWhen, NotPorted, ProjectCatalog, UpstreamRef } from './entry';

const REPO = 'metal3-io/cluster-api-provider-metal3';
const TAG = 'v1.13.2';
const at = (path: string, symbol: string): UpstreamRef => ({ repo: REPO, tag: TAG, path, symbol });
const WEBHOOKS = 'internal/webhooks/v1beta2';
const DATA_MANAGER = 'baremetal/metal3data_manager.go';
const G = 'infrastructure.cluster.x-k8s.io';
const M3M = [`${G}/Metal3MachineTemplate`, `${G}/Metal3Machine`];
const M3DT = [`${G}/Metal3DataTemplate`];

const entries: CatalogEntry[] = [
  {
    id: 'capm3/endpoint',
    kinds: [`${G}/Metal3Cluster`],
    what: 'controlPlaneEndpoint.host is required (the port is defaulted to 6443)',
    kind: CheckKind.WEBHOOK,
    when: CheckWhen.BOTH,
    upstream: [at(`${WEBHOOKS}/metal3cluster_webhook.go`, 'Metal3Cluster.validate')],
  },
  {
    id: 'capm3/cloud-provider',
    kinds: [`${G}/Metal3Cluster`],
    what: 'v1beta1 noCloudProvider asking for something else than what CAPM3 does: it is dropped on conversion, and cloudProviderEnabled (default false) decides (a warning)',
    kind: CheckKind.DEFAULTING,
    when: CheckWhen.BOTH,
    ours: 'v1.12 refused a contradicting noCloudProvider; v1.13.2 has no such check: api/v1beta1/conversion.go Convert_v1beta1_Metal3ClusterSpec_To_v1beta2_Metal3ClusterSpec drops noCloudProvider and Metal3Cluster.Default sets cloudProviderEnabled to false, so the field silently stops working',
    stricterThanUpstream: 'CAPM3 v1.13.2 accepts any noCloudProvider and ignores it',
  },
  {
    id: 'capm3/cluster-template-endpoint',
    kinds: [`${G}/Metal3ClusterTemplate`],
    what: 'template.spec.controlPlaneEndpoint needs host and port (no defaulting webhook for templates); on update the stored template must be valid too',
    kind: CheckKind.WEBHOOK,
    when: CheckWhen.BOTH,
    upstream: [at(`${WEBHOOKS}/metal3clustertemplate_webhook.go`, 'Metal3ClusterTemplate.ValidateUpdate'), at('api/v1beta2/metal3cluster_types.go', 'Metal3ClusterSpec.IsValid')],
  },
  {
    id: 'capm3/image',
    kinds: M3M,
    what: 'unless customDeploy.method is set: an image ("either image or customDeploy is required") whose url is not empty and passes Go\'s url.ParseRequestURI (file:///… and absolute paths pass)',
    kind: CheckKind.WEBHOOK,
    when: CheckWhen.BOTH,
    upstream: [at('api/v1beta2/common_types.go', 'Image.Validate'), at(`${WEBHOOKS}/metal3machinetemplate_webhook.go`, 'Metal3MachineTemplate.validate'), at(`${WEBHOOKS}/metal3machine_webhook.go`, 'Metal3Machine.validate')],
  },
  {
    id: 'capm3/image-checksum',
    kinds: M3M,
    what: 'a checksum unless diskFormat (v1beta1 format) is live-iso — oci:// images included at this tag; a checksum starting http(s):// must pass url.ParseRequestURI',
    kind: CheckKind.WEBHOOK,
    when: CheckWhen.BOTH,
    upstream: [at('api/v1beta2/common_types.go', 'Image.Validate')],
  },
  {
    id: 'capm3/namespace',
    kinds: [`${G}/Metal3Machine`],
    what: 'userData, metaData and networkData Secret references in the Metal3Machine\'s namespace',
    kind: CheckKind.WEBHOOK,
    when: CheckWhen.BOTH,
    upstream: [at(`${WEBHOOKS}/metal3machine_webhook.go`, 'validateSecretNamespace')],
  },
  {
    id: 'capm3/host-selector',
    kinds: M3M,
    what: 'a hostSelector CAPM3 cannot build, so it never selects a host: operators are lowercased into apimachinery selection operators (in, notin, exists, !, =, ==, !=, gt, lt — DoesNotExist is not one), with their value counts, label keys and values',
    kind: CheckKind.CONTROLLER,
    when: CheckWhen.BOTH,
    upstream: [at('baremetal/metal3machine_manager.go', 'hostLabelSelectorForMachine')],
  },
  {
    id: 'capm3/data-template',
    kinds: M3DT,
    what: 'ipv4/ipv6 networks need fromPoolRef.name, ipAddressFromIPPool or fromPoolAnnotation; fromHostInterfaces need an interface unless fromBootMAC, and none with it',
    kind: CheckKind.WEBHOOK,
    when: CheckWhen.BOTH,
    upstream: [at(`${WEBHOOKS}/metal3datatemplate_webhook.go`, 'Metal3DataTemplate.validate')],
  },
  {
    id: 'capm3/bond-parameters',
    kinds: M3DT,
    what: 'a bond parameter named mode, xmit_hash_policy or links (or twice): every Metal3Data render fails ("illegal params … into bond params blob")',
    kind: CheckKind.CONTROLLER,
    when: CheckWhen.BOTH,
    upstream: [at(DATA_MANAGER, 'renderNetworkLinks')],
  },
  {
    id: 'capm3/link-mac',
    kinds: M3DT,
    what: 'a link macAddress.string that is not six hex octets separated by : or -, or a macAddress with no source ("bad MAC address")',
    kind: CheckKind.CONTROLLER,
    when: CheckWhen.BOTH,
    upstream: [at(DATA_MANAGER, 'getLinkMacAddress')],
  },
  {
    id: 'capm3/pool-kind',
    kinds: M3DT,
    what: 'one pool name referenced as two resource types (apiGroup/kind): "multiple references with the same name but different resource types"',
    kind: CheckKind.CONTROLLER,
    when: CheckWhen.BOTH,
    upstream: [at(DATA_MANAGER, 'poolRefs.addRef'), at(DATA_MANAGER, 'getReferencedPools')],
  },
  {
    id: 'capm3/data-name',
    kinds: [`${G}/Metal3Data`],
    what: 'a Metal3Data with an index and a template is named <template name>-<index>',
    kind: CheckKind.WEBHOOK,
    when: CheckWhen.CREATE,
    upstream: [at(`${WEBHOOKS}/metal3data_webhook.go`, 'Metal3Data.ValidateCreate')],
  },
  {
    id: 'capm3/data-index',
    kinds: [`${G}/Metal3Data`],
    what: 'spec.index ≥ 0 ("must be positive value"); for v1beta2 the CRD minimum says it first (schema/minimum)',
    kind: CheckKind.WEBHOOK,
    when: CheckWhen.CREATE,
    upstream: [at(`${WEBHOOKS}/metal3data_webhook.go`, 'Metal3Data.ValidateCreate')],
  },
  {
    id: 'capm3/data-immutable',
    kinds: [`${G}/Metal3Data`],
    what: 'spec.index, spec.template and spec.claim (name and namespace) cannot be modified',
    kind: CheckKind.WEBHOOK,
    when: CheckWhen.UPDATE,
    upstream: [at(`${WEBHOOKS}/metal3data_webhook.go`, 'Metal3Data.ValidateUpdate')],
  },
  {
    id: 'capm3/data-claim-template',
    kinds: [`${G}/Metal3DataClaim`],
    what: 'spec.template.name must be set; spec.template.namespace empty or the claim\'s',
    kind: CheckKind.WEBHOOK,
    when: CheckWhen.BOTH,
    upstream: [at(`${WEBHOOKS}/metal3dataclaim_webhook.go`, 'Metal3DataClaim.ValidateCreate'), at(`${WEBHOOKS}/metal3dataclaim_webhook.go`, 'Metal3DataClaim.ValidateUpdate')],
  },
  {
    id: 'capm3/data-claim-immutable',
    kinds: [`${G}/Metal3DataClaim`],
    what: 'spec.template cannot be modified',
    kind: CheckKind.WEBHOOK,
    when: CheckWhen.UPDATE,
    upstream: [at(`${WEBHOOKS}/metal3dataclaim_webhook.go`, 'Metal3DataClaim.ValidateUpdate')],
  },
];

const notPorted: NotPorted[] = [
  {
    kinds: M3DT,
    what: 'spec.metaData and spec.networkData cannot be modified',
    kind: CheckKind.WEBHOOK,
    upstream: at(`${WEBHOOKS}/metal3datatemplate_webhook.go`, 'Metal3DataTemplate.ValidateUpdate'),
    why: 'checked under --against as upgrade/immutable (upgrade.ts), which the upgrade preflights report with the other immutable fields',
  },
  {
    kinds: M3DT,
    what: 'spec.clusterName required (minLength 1) in both versions at this tag, not merely deprecated',
    kind: CheckKind.API_SERVER,
    upstream: at('config/crd/bases/infrastructure.cluster.x-k8s.io_metal3datatemplates.yaml', 'spec.clusterName'),
    why: 'a CRD constraint: the schema layer reports it (schema/required, schema/minLength)',
  },
  {
    kinds: M3M,
    what: 'checksumType md5, sha256 or sha512 (no auto, unlike a BareMetalHost); diskFormat/format enum',
    kind: CheckKind.API_SERVER,
    upstream: at('config/crd/bases/infrastructure.cluster.x-k8s.io_metal3machinetemplates.yaml', 'spec.template.spec.image.checksumType'),
    why: 'a CRD enum: the schema layer reports it (schema/enum)',
  },
  {
    kinds: [`${G}/Metal3MachineTemplate`],
    what: 'an in-place update of a Metal3MachineTemplate is accepted (ValidateUpdate validates the new object only)',
    kind: CheckKind.WEBHOOK,
    upstream: at(`${WEBHOOKS}/metal3machinetemplate_webhook.go`, 'Metal3MachineTemplate.ValidateUpdate'),
    why: 'nothing to refuse; upgrade/template-rotation warns that Cluster API rolls no machine for it',
  },
  {
    kinds: [...M3M, 'metal3.io/BareMetalHost'],
    what: 'candidate hosts: no foreign consumerRef, not deleting, no status error, not paused or capm3.metal3.io/unhealthy, state available or ready',
    kind: CheckKind.CONTROLLER,
    upstream: at('baremetal/metal3machine_manager.go', 'chooseHost'),
    why: 'needs the live hosts\' status; cross/hosts counts hosts by labels and namespace (with CAPM3\'s selector semantics)',
  },
  {
    kinds: M3DT,
    what: 'MACs from a host interface or an annotation, values from annotations, the boot MAC for metadata',
    kind: CheckKind.CONTROLLER,
    upstream: at(DATA_MANAGER, 'getLinkMacAddress'),
    why: 'read from the BareMetalHost status and the Machine/Metal3Machine annotations of each machine',
  },
  {
    kinds: M3DT,
    what: 'referenced IP pools must exist and have addresses left',
    kind: CheckKind.CONTROLLER,
    upstream: at(DATA_MANAGER, 'getAddressesFromPool'),
    why: 'needs the pools and their allocations on the server',
  },
  {
    kinds: [`${G}/Metal3Machine`],
    what: 'the data template, data claim and rendered Secrets must exist; node providerID matching',
    kind: CheckKind.CONTROLLER,
    upstream: at('baremetal/metal3machine_manager.go', 'setHostSpec'),
    why: 'needs live objects',
  },
];

export const CLUSTER_API_PROVIDER_METAL3: ProjectCatalog = {
  project: `cluster-api-provider-metal3 ${TAG}`,
  families: ['capm3'],
  entries,
  notPorted,
};
