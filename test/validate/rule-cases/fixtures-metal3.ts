// Small objects for the Metal3 rule cases (baremetal-operator, CAPM3, IPAM): each starts valid
// and takes overrides of its spec (or metadata).
import { KubeObject } from '../../../src/core/kube-object';

export const NS = 'test-namespace';
const INFRA = 'infrastructure.cluster.x-k8s.io';

/** A BareMetalHost that passes every rule: redfish virtual media, boot MAC, credentials Secret name. */
export function bmh(spec: Record<string, any> = {}, metadata: Record<string, any> = {}): KubeObject {
  return {
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'BareMetalHost',
    metadata: { name: 'test', namespace: NS, ...metadata },
    spec: {
      online: true,
      bootMACAddress: '01:02:03:04:05:06',
      bmc: { address: 'redfish-virtualmedia://192.168.1.1/redfish/v1/Systems/1', credentialsName: 'test1' },
      ...spec,
    },
  };
}

/** bmh() with its BMC address replaced (credentials kept). */
export function bmhAt(address: string, spec: Record<string, any> = {}, metadata: Record<string, any> = {}): KubeObject {
  return bmh({ bmc: { address, credentialsName: 'test1' }, ...spec }, metadata);
}

export function secret(name: string, stringData: Record<string, string>): KubeObject {
  return { apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace: NS }, stringData };
}

/** The hardware details of baremetal-operator's own webhook tests. */
export const HARDWARE_DETAILS = '{"systemVendor":{"manufacturer":"QEMU","productName":"Standard PC (Q35 + ICH9, 2009)","serialNumber":""},"firmware":{"bios":{"date":"","vendor":"","version":""}},"ramMebibytes":4096,"nics":[{"name":"eth0","model":"0x1af4 0x0001","mac":"00:b7:8b:bb:3d:f6","ip":"172.22.0.64","speedGbps":0,"vlanId":0,"pxe":true}],"storage":[{"name":"/dev/sda","rotational":true,"sizeBytes":53687091200,"vendor":"QEMU","model":"QEMU HARDDISK","serialNumber":"drive-scsi0-0-0-0","hctl":"6:0:0:0"}],"cpu":{"arch":"x86_64","model":"Intel Xeon E3-12xx v2 (IvyBridge)","clockMegahertz":2494.224,"flags":["foo"],"count":4},"hostname":"hwdAnnotation-0"}';

export const IMAGE = { url: 'http://172.22.0.1/images/rhcos-ootpa-latest.qcow2', checksum: 'http://172.22.0.1/images/rhcos-ootpa-latest.qcow2.sha256sum', checksumType: 'sha256', diskFormat: 'qcow2' };

export function m3mt(spec: Record<string, any> = {}, version = 'v1beta2'): KubeObject {
  return { apiVersion: `${INFRA}/${version}`, kind: 'Metal3MachineTemplate', metadata: { name: 'mt', namespace: NS }, spec: { template: { spec: { image: IMAGE, ...spec } } } };
}

export function m3m(spec: Record<string, any> = {}): KubeObject {
  return { apiVersion: `${INFRA}/v1beta2`, kind: 'Metal3Machine', metadata: { name: 'm', namespace: NS }, spec: { image: IMAGE, ...spec } };
}

export function m3c(spec: Record<string, any>, version = 'v1beta2'): KubeObject {
  return { apiVersion: `${INFRA}/${version}`, kind: 'Metal3Cluster', metadata: { name: 'c', namespace: NS }, spec };
}

export function m3ct(endpoint: Record<string, any> | undefined): KubeObject {
  return { apiVersion: `${INFRA}/v1beta2`, kind: 'Metal3ClusterTemplate', metadata: { name: 'ct', namespace: NS }, spec: { template: { spec: endpoint ? { controlPlaneEndpoint: endpoint } : {} } } };
}

export function m3dt(spec: Record<string, any> = {}, version = 'v1beta2'): KubeObject {
  return { apiVersion: `${INFRA}/${version}`, kind: 'Metal3DataTemplate', metadata: { name: 'dt', namespace: NS }, spec: { clusterName: 'c', ...spec } };
}

export function m3d(name: string, spec: Record<string, any>, version = 'v1beta2'): KubeObject {
  return { apiVersion: `${INFRA}/${version}`, kind: 'Metal3Data', metadata: { name, namespace: NS }, spec };
}

export function m3dc(spec: Record<string, any>, namespace = NS): KubeObject {
  return { apiVersion: `${INFRA}/v1beta2`, kind: 'Metal3DataClaim', metadata: { name: 'dc', namespace }, spec };
}

/** An IPPool with a prefix, namePrefix and the given pool entries. */
export function ippool(spec: Record<string, any> = {}, status?: Record<string, any>): KubeObject {
  return {
    apiVersion: 'ipam.metal3.io/v1alpha1',
    kind: 'IPPool',
    metadata: { name: 'pool', namespace: NS },
    spec: { namePrefix: 'abcd', prefix: 24, ...spec },
    ...(status ? { status } : {}),
  };
}

export function hfs(settings: Record<string, string | number>): KubeObject {
  return { apiVersion: 'metal3.io/v1alpha1', kind: 'HostFirmwareSettings', metadata: { name: 'test', namespace: NS }, spec: { settings } };
}

export function ppi(spec: Record<string, any>): KubeObject {
  return { apiVersion: 'metal3.io/v1alpha1', kind: 'PreprovisioningImage', metadata: { name: 'test', namespace: NS }, spec };
}
