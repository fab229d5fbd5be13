// Rule cases of cluster-api-provider-metal3 v1.13.2 (catalog/cluster-api-provider-metal3.ts),
// most from its webhook tests (internal/webhooks/v1beta2/*_test.go), api/v1beta2
// TestImageValidate and the data/machine manager tests.
import { RuleCase } from './case';
import { IMAGE, NS, m3c, m3ct, m3d, m3dc, m3dt, m3m, m3mt } from './fixtures-metal3';

const REPO = 'metal3-io/cluster-api-provider-metal3';
const webhookTest = (file: string, test: string, name: string) => `${REPO} internal/webhooks/v1beta2/${file}_webhook_test.go ${test}/${name}`;
const imageTest = (name: string) => `${REPO} api/v1beta2/common_types_test.go TestImageValidate/${name}`;
const m3mtTest = (name: string) => webhookTest('metal3machinetemplate', 'TestMetal3MachineTemplateValidation', name);
const m3mTest = (name: string) => webhookTest('metal3machine', 'TestMetal3MachineValidation', name);
const dtTest = (name: string) => webhookTest('metal3datatemplate', 'TestMetal3DataTemplateValidation', name);
const chooseHost = (name: string) => `${REPO} baremetal/metal3machine_manager_test.go Test ChooseHost/${name}`;
const dataManager = (table: string, name: string) => `${REPO} baremetal/metal3data_manager_test.go ${table}/${name}`;

const hostSelector = (matchExpressions: unknown[]) => ({ hostSelector: { matchExpressions } });
const network = (extra: Record<string, unknown>) => ({ networkData: { networks: { ipv4: [{ id: 'n', link: 'eth0', ...extra }] } } });
const bond = (parameters: unknown) => ({ networkData: { links: { bonds: [{ id: 'bond0', bondMode: '802.3ad', bondLinks: ['eth0', 'eth1'], macAddress: { string: '12:34:56:78:9A:BC' }, parameters }] } } });
const ethernet = (macAddress: unknown) => ({ networkData: { links: { ethernets: [{ type: 'phy', id: 'eth0', mtu: 1500, macAddress }] } } });

export const CLUSTER_API_PROVIDER_METAL3_CASES: RuleCase[] = [
  // Metal3Cluster
  { rule: 'capm3/endpoint', title: 'no endpoint host', expect: 'reject', objects: [m3c({ controlPlaneEndpoint: { port: 6443 } })], message: /is required/, source: webhookTest('metal3cluster', 'TestMetal3ClusterValidation', 'should return error when endpoint empty') },
  { rule: 'capm3/endpoint', title: 'a host; the port is defaulted', expect: 'accept', objects: [m3c({ controlPlaneEndpoint: { host: 'abc.com' } })], source: webhookTest('metal3cluster', 'TestMetal3ClusterValidation', 'should succeed when endpoint correct') },
  { rule: 'capm3/cloud-provider', title: 'v1beta1 noCloudProvider: false alone is dropped (cloudProviderEnabled defaults to false)', expect: 'reject', severity: 'warning', objects: [m3c({ controlPlaneEndpoint: { host: 'abc.com', port: 6443 }, noCloudProvider: false }, 'v1beta1')], message: /noCloudProvider: false is ignored by CAPM3 v1.13/, source: 'ours' },
  { rule: 'capm3/cloud-provider', title: 'v1beta1 noCloudProvider contradicting cloudProviderEnabled', expect: 'reject', severity: 'warning', objects: [m3c({ controlPlaneEndpoint: { host: 'abc.com', port: 6443 }, noCloudProvider: true, cloudProviderEnabled: true }, 'v1beta1')], message: /contradicts cloudProviderEnabled: true/, source: 'ours' },
  { rule: 'capm3/cloud-provider', title: 'v1beta1 noCloudProvider: true alone matches the default', expect: 'accept', objects: [m3c({ controlPlaneEndpoint: { host: 'abc.com', port: 6443 }, noCloudProvider: true }, 'v1beta1')], source: 'ours' },
  { rule: 'capm3/cloud-provider', title: 'cloudProviderEnabled set', expect: 'accept', objects: [m3c({ controlPlaneEndpoint: { host: 'abc.com' }, cloudProviderEnabled: true })], source: webhookTest('metal3cluster', 'TestMetal3ClusterValidation', 'should succeed when cloudProviderEnabled is set') },

  // Metal3ClusterTemplate
  { rule: 'capm3/cluster-template-endpoint', title: 'no host and no port', expect: 'reject', objects: [m3ct({})], message: /missing fields from Spec: \[ControlPlaneEndpoint.Host ControlPlaneEndpoint.Port\]/, source: webhookTest('metal3clustertemplate', 'TestMetal3ClusterTemplateValidation', 'should fail when values and templates are incorrect') },
  { rule: 'capm3/cluster-template-endpoint', title: 'a host without a port (no defaulting for templates)', expect: 'reject', objects: [m3ct({ host: '127.0.0.1' })], message: /\[ControlPlaneEndpoint.Port\]/, source: 'ours' },
  { rule: 'capm3/cluster-template-endpoint', title: 'an invalid stored template blocks the update', expect: 'reject', against: [m3ct(undefined)], objects: [m3ct({ host: '127.0.0.1', port: 8080 })], message: /the stored Metal3ClusterTemplate is invalid/, source: webhookTest('metal3clustertemplate', 'TestMetal3ClusterTemplateUpdateValidation', 'should fail if old template is invalid (e.g. missing host or port)') },
  { rule: 'capm3/cluster-template-endpoint', title: 'host and port', expect: 'accept', objects: [m3ct({ host: '127.0.0.1', port: 4242 })], source: webhookTest('metal3clustertemplate', 'TestMetal3ClusterTemplateValidation', 'should succeed when values and templates are correct') },
  { rule: 'capm3/cluster-template-endpoint', title: 'a port change of a valid template', expect: 'accept', against: [m3ct({ host: '127.0.0.1', port: 8080 })], objects: [m3ct({ host: '127.0.0.1', port: 4242 })], source: webhookTest('metal3clustertemplate', 'TestMetal3ClusterTemplateUpdateValidation', 'should succeed when values and templates correct') },

  // images
  { rule: 'capm3/image', title: 'an empty url', expect: 'reject', objects: [m3mt({ image: { ...IMAGE, url: '' } })], message: /cannot be empty/, source: m3mtTest('should return error when url empty') },
  { rule: 'capm3/image', title: 'a url with a space', expect: 'reject', objects: [m3mt({ image: { ...IMAGE, url: 'test url' } })], message: /is not a valid URL/, source: imageTest('Invalid URL Image.URL') },
  { rule: 'capm3/image', title: 'neither image nor customDeploy', expect: 'reject', objects: [m3m({ image: undefined })], message: /either image or customDeploy is required/, source: m3mTest('should return error when both image and customDeploy are missing') },
  { rule: 'capm3/image', title: 'a correct image', expect: 'accept', objects: [m3mt()], source: m3mtTest('should succeed when image correct') },
  { rule: 'capm3/image', title: 'customDeploy instead of an image', expect: 'accept', objects: [m3m({ image: undefined, customDeploy: { method: 'install_coreos' } })], source: m3mTest('should succeed with customDeploy') },
  { rule: 'capm3/image', title: 'a file:/// URL (Go\'s url.ParseRequestURI)', expect: 'accept', objects: [m3mt({ image: { ...IMAGE, url: 'file:///images/os.qcow2' } })], source: 'ours' },
  { rule: 'capm3/image-checksum', title: 'an empty checksum', expect: 'reject', objects: [m3mt({ image: { ...IMAGE, checksum: '' } })], message: /cannot be empty/, source: m3mtTest('should return error when checksum empty') },
  { rule: 'capm3/image-checksum', title: 'an invalid http checksum URL', expect: 'reject', objects: [m3mt({ image: { ...IMAGE, checksum: 'http://:invalid' } })], message: /"http:\/\/:invalid" is not a valid URL/, source: imageTest('Invalid Image.Checksum http url') },
  { rule: 'capm3/image-checksum', title: 'an oci:// image without checksum (v1.13.2 has no oci:// exemption)', expect: 'reject', objects: [m3mt({ image: { url: 'oci://registry.example.com/os:1', checksum: '' } })], message: /cannot be empty/, source: 'ours' },
  { rule: 'capm3/image-checksum', title: 'a live ISO without checksum', expect: 'accept', objects: [m3mt({ image: { url: 'http://172.22.0.1/images/rhcos.iso', checksum: '', diskFormat: 'live-iso' } })], source: m3mtTest('should succeed when disk format is \'live-iso\' even when checksum is empty') },
  { rule: 'capm3/image-checksum', title: 'a sha256 sum', expect: 'accept', objects: [m3mt({ image: { ...IMAGE, checksum: 'f7600f7a274d974a236c4da5161265859c32da93a7c8de6a77d560378a1384ef' } })], source: imageTest('Valid Image with Image.Checksum as sha256 sum') },
  { rule: 'capm3/image-checksum', title: 'an oci:// image with a checksum', expect: 'accept', objects: [m3mt({ image: { url: 'oci://registry.example.com/os:1', checksum: 'f7600f7a274d974a236c4da5161265859c32da93a7c8de6a77d560378a1384ef' } })], source: 'ours' },

  // Metal3Machine secrets
  { rule: 'capm3/namespace', title: 'userData in another namespace', expect: 'reject', objects: [m3m({ userData: { name: 'u', namespace: 'other' } })], message: /cross-namespace secret references are not allowed/, source: m3mTest('should return error when userData references a different namespace') },
  { rule: 'capm3/namespace', title: 'networkData in another namespace', expect: 'reject', objects: [m3m({ networkData: { name: 'n', namespace: 'other' } })], message: /cross-namespace/, source: m3mTest('should return error when networkData references a different namespace') },
  { rule: 'capm3/namespace', title: 'userData in the same namespace', expect: 'accept', objects: [m3m({ userData: { name: 'u', namespace: NS } })], source: m3mTest('should succeed when userData references the same namespace') },
  { rule: 'capm3/namespace', title: 'metaData without namespace', expect: 'accept', objects: [m3m({ metaData: { name: 'm' } })], source: m3mTest('should succeed when metaData has no namespace') },

  // hostSelector
  { rule: 'capm3/host-selector', title: 'operator pancakes', expect: 'reject', objects: [m3mt(hostSelector([{ key: 'size', operator: 'pancakes', values: ['small'] }]))], message: /Unsupported value: "pancakes"/, source: chooseHost('No host chosen, invalid match expression') },
  { rule: 'capm3/host-selector', title: 'DoesNotExist (lowercased to doesnotexist, no selection operator)', expect: 'reject', objects: [m3mt(hostSelector([{ key: 'gpu', operator: 'DoesNotExist', values: [] }]))], message: /Unsupported value: "doesnotexist"/, source: 'ours' },
  { rule: 'capm3/host-selector', title: 'Exists with values', expect: 'reject', objects: [m3m(hostSelector([{ key: 'gpu', operator: 'Exists', values: ['x'] }]))], message: /values set must be empty for exists and does not exist/, source: 'ours' },
  { rule: 'capm3/host-selector', title: 'Gt with a non-integer', expect: 'reject', objects: [m3mt(hostSelector([{ key: 'cores', operator: 'Gt', values: ['many'] }]))], message: /the value must be an integer/, source: 'ours' },
  { rule: 'capm3/host-selector', title: 'operator in', expect: 'accept', objects: [m3mt(hostSelector([{ key: 'size', operator: 'in', values: ['large', 'medium'] }]))], source: chooseHost('Host that matches a matchExpression') },
  { rule: 'capm3/host-selector', title: 'does-not-exist written "!", Exists, NotIn, Gt', expect: 'accept', objects: [m3mt(hostSelector([{ key: 'gpu', operator: '!', values: [] }, { key: 'rack', operator: 'Exists', values: [] }, { key: 'role', operator: 'NotIn', values: ['cp'] }, { key: 'cores', operator: 'Gt', values: ['8'] }]))], source: 'ours' },

  // Metal3DataTemplate webhook
  { rule: 'capm3/data-template', title: 'an IPv4 network without a pool', expect: 'reject', objects: [m3dt(network({}))], message: /fromPoolRef needs to contain a reference to an IPPool/, source: dtTest('should fail when IPv4 network has no pool reference') },
  { rule: 'capm3/data-template', title: 'fromBootMAC and an interface', expect: 'reject', objects: [m3dt({ metaData: { fromHostInterfaces: [{ key: 'mac', fromBootMAC: true, interface: 'eth0' }] } })], message: /interface must be empty when fromBootMAC is true/, source: dtTest('should fail when fromBootMAC is true and interface is provided') },
  { rule: 'capm3/data-template', title: 'neither fromBootMAC nor an interface', expect: 'reject', objects: [m3dt({ metaData: { fromHostInterfaces: [{ key: 'mac' }] } })], message: /interface must be specified when fromBootMAC is false/, source: dtTest('should fail when fromBootMAC is not set and interface is empty') },
  { rule: 'capm3/data-template', title: 'a pool from an annotation', expect: 'accept', objects: [m3dt(network({ fromPoolAnnotation: { object: 'baremetalhost', annotation: 'ippool' } }))], source: dtTest('should succeed with fromPoolAnnotation in IPv4') },
  { rule: 'capm3/data-template', title: 'fromBootMAC without an interface', expect: 'accept', objects: [m3dt({ metaData: { fromHostInterfaces: [{ key: 'mac', fromBootMAC: true }] } })], source: dtTest('should succeed when fromBootMAC is true and interface is empty') },

  // Metal3DataTemplate, data controller
  { rule: 'capm3/bond-parameters', title: 'a parameter named mode', expect: 'reject', objects: [m3dt(bond([{ name: 'mode', value: 'active-backup' }, { name: 'miimon', value: 100 }]))], message: /illegal params "mode" into bond params blob into link id=bond0/, source: 'ours' },
  { rule: 'capm3/bond-parameters', title: 'v1beta1 parameters map with xmit_hash_policy', expect: 'reject', objects: [m3dt(bond({ xmit_hash_policy: 'layer3+4' }), 'v1beta1')], message: /illegal params "xmit_hash_policy"/, source: 'ours' },
  { rule: 'capm3/bond-parameters', title: 'miimon and lacp_rate', expect: 'accept', objects: [m3dt(bond([{ name: 'miimon', value: 100 }, { name: 'lacp_rate', value: 'fast' }]))], source: dataManager('Test renderNetworkLinks', 'Bond, MAC from string') },
  { rule: 'capm3/link-mac', title: 'a literal MAC with five octets', expect: 'reject', objects: [m3dt(ethernet({ string: '12:34:56:78:9A' }))], message: /bad MAC address: 12:34:56:78:9A/, source: 'ours' },
  { rule: 'capm3/link-mac', title: 'a macAddress with no source', expect: 'reject', objects: [m3dt(ethernet({}))], message: /bad MAC address/, source: 'ours' },
  { rule: 'capm3/link-mac', title: 'a literal MAC', expect: 'accept', objects: [m3dt(ethernet({ string: '12:34:56:78:9A:BC' }))], source: dataManager('Test renderNetworkLinks', 'Ethernet, MAC from string') },
  { rule: 'capm3/link-mac', title: 'a MAC from a host interface (resolved per host)', expect: 'accept', objects: [m3dt(ethernet({ fromHostInterface: 'eth2' }))], source: 'ours' },
  { rule: 'capm3/pool-kind', title: 'one name as a Metal3 IPPool and as an InClusterIPPool', expect: 'reject', objects: [m3dt({ networkData: { networks: { ipv4: [{ id: 'n', link: 'eth0', fromPoolRef: { name: 'pool', apiGroup: 'ipam.cluster.x-k8s.io', kind: 'InClusterIPPool' } }], ipv6: [{ id: 'n6', link: 'eth0', ipAddressFromIPPool: 'pool' }] } } })], message: /multiple references with the same name but different resource types/, source: `${REPO} baremetal/metal3data_manager_test.go poolRefs map/rejects adding a ref with the same name but different kind` },
  { rule: 'capm3/pool-kind', title: 'the same pool referenced twice', expect: 'accept', objects: [m3dt({ metaData: { ipAddressesFromPool: [{ key: 'ip', name: 'pool' }] }, networkData: { networks: { ipv4: [{ id: 'n', link: 'eth0', fromPoolRef: { name: 'pool' } }] } } })], source: `${REPO} baremetal/metal3data_manager_test.go poolRefs map/accepts adding an identical ref again` },

  // Metal3Data
  { rule: 'capm3/data-name', title: 'a name not after the template', expect: 'reject', objects: [m3d('abcd-1', { template: { name: 'abc' }, index: 1 })], message: /should follow the convention <Metal3Template Name>-<index>/, source: webhookTest('metal3data', 'TestMetal3DataCreateValidation', 'should fail when Name does not match datatemplate') },
  { rule: 'capm3/data-name', title: 'a name not after the index', expect: 'reject', objects: [m3d('abc-0', { template: { name: 'abc' }, index: 1 })], message: /<Metal3Template Name>-<index>/, source: webhookTest('metal3data', 'TestMetal3DataCreateValidation', 'should fail when Name does not match index') },
  { rule: 'capm3/data-name', title: 'v1beta1: an index not written is 0', expect: 'reject', objects: [m3d('abc-1', { template: { name: 'abc' }, claim: { name: 'c' } }, 'v1beta1')], message: /"abc-1" should follow the convention/, source: 'ours' },
  { rule: 'capm3/data-name', title: '<template>-<index>', expect: 'accept', objects: [m3d('abc-1', { template: { name: 'abc' }, index: 1 })], source: webhookTest('metal3data', 'TestMetal3DataCreateValidation', 'should succeed when values and templates correct') },
  { rule: 'capm3/data-index', title: 'v1beta1 negative index', expect: 'reject', objects: [m3d('abc--1', { template: { name: 'abc' }, claim: { name: 'c' }, index: -1 }, 'v1beta1')], message: /must be positive value/, source: `${REPO} internal/webhooks/v1beta2/metal3data_webhook_test.go TestMetal3DataCreateValidation (index -1, after every case)` },
  { rule: 'capm3/data-index', title: 'v1beta1 index 0', expect: 'accept', objects: [m3d('abc-0', { template: { name: 'abc' }, claim: { name: 'c' }, index: 0 }, 'v1beta1')], source: 'ours' },
  { rule: 'capm3/data-immutable', title: 'the index changes', expect: 'reject', against: [m3d('abc-1', { template: { name: 'abc' }, index: 2 })], objects: [m3d('abc-1', { template: { name: 'abc' }, index: 1 })], message: /cannot be modified/, source: webhookTest('metal3data', 'TestMetal3DataUpdateValidation', 'should fail when index changes') },
  { rule: 'capm3/data-immutable', title: 'the claim namespace changes', expect: 'reject', against: [m3d('abc-1', { claim: { name: 'abc', namespace: 'abcd' }, index: 1 })], objects: [m3d('abc-1', { claim: { name: 'abc', namespace: 'abc' }, index: 1 })], message: /cannot be modified/, source: webhookTest('metal3data', 'TestMetal3DataUpdateValidation', 'should fail when Claim Namespace changes') },
  { rule: 'capm3/data-immutable', title: 'nothing changes', expect: 'accept', against: [m3d('abc-1', { template: { name: 'abc' }, index: 1 })], objects: [m3d('abc-1', { template: { name: 'abc' }, index: 1 })], source: webhookTest('metal3data', 'TestMetal3DataUpdateValidation', 'should succeed when values are the same') },

  // Metal3DataClaim
  { rule: 'capm3/data-claim-template', title: 'no template name', expect: 'reject', objects: [m3dc({ template: { namespace: 'foo' } }, 'foo')], message: /must be set/, source: webhookTest('metal3dataclaim', 'TestMetal3DataClaimValidation', 'should return error when template unset') },
  { rule: 'capm3/data-claim-template', title: 'a template in another namespace', expect: 'reject', objects: [m3dc({ template: { name: 'abc', namespace: 'other' } }, 'foo')], message: /cross-namespace template references are not allowed/, source: webhookTest('metal3dataclaim', 'TestMetal3DataClaimValidation', 'should fail when template namespace differs from claim namespace') },
  { rule: 'capm3/data-claim-template', title: 'a template in the claim\'s namespace', expect: 'accept', objects: [m3dc({ template: { name: 'abc', namespace: 'foo' } }, 'foo')], source: webhookTest('metal3dataclaim', 'TestMetal3DataClaimValidation', 'should succeed when endpoint correct') },
  { rule: 'capm3/data-claim-template', title: 'a template without namespace', expect: 'accept', objects: [m3dc({ template: { name: 'abc' } }, 'foo')], source: webhookTest('metal3dataclaim', 'TestMetal3DataClaimValidation', 'should succeed when template namespace is empty') },
  { rule: 'capm3/data-claim-immutable', title: 'the template name changes', expect: 'reject', against: [m3dc({ template: { name: 'abcd' } })], objects: [m3dc({ template: { name: 'abc' } })], message: /cannot be modified/, source: webhookTest('metal3dataclaim', 'TestMetal3DataClaimUpdateValidation', 'should fail when dataTemplate name changes') },
  { rule: 'capm3/data-claim-immutable', title: 'the template namespace changes', expect: 'reject', against: [m3dc({ template: { name: 'abc', namespace: 'abcd' } })], objects: [m3dc({ template: { name: 'abc', namespace: 'abc' } })], message: /cannot be modified/, source: webhookTest('metal3dataclaim', 'TestMetal3DataClaimUpdateValidation', 'should fail when datatemplate Namespace changes') },
  { rule: 'capm3/data-claim-immutable', title: 'the same template', expect: 'accept', against: [m3dc({ template: { name: 'abc' } })], objects: [m3dc({ template: { name: 'abc' } })], source: webhookTest('metal3dataclaim', 'TestMetal3DataClaimUpdateValidation', 'should succeed when values are the same') },
];
