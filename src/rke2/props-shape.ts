// The shapes of the RKE2 cluster props (see core/prop-shape.ts), checked before anything is built.
export { checkPropShape } from '../core/prop-shape';
import { Cni, RegistrationMethod } from './options';
import { BareMetalHostEnrollment } from '../baremetal/bare-metal-host-enrollment';
import { PropShape, bool, instance, int, list, obj, oneOf, record, str } from '../core/prop-shape';
import { ChecksumType, DiskFormat } from '../metal3/machine-template';
import { METALLB_OPTION_SHAPES } from '../metallb/metallb-vip';
import { VIP_SHAPE } from '../metallb/vip';

export const LABEL_SELECTOR_SHAPE: PropShape = obj({
  matchLabels: record(str),
  matchExpressions: list(obj({ key: str, operator: str, values: list(str) })),
});

const image = obj({ url: str, checksum: str, checksumType: oneOf(ChecksumType), diskFormat: oneOf(DiskFormat) });

export const WORKER_POOL_SHAPE: PropShape = obj({
  name: str,
  replicas: int,
  image,
  hostSelector: LABEL_SELECTOR_SHAPE,
  maxSurge: int,
  maxUnavailable: int,
  nodeDrainTimeoutSeconds: int,
  nodeName: str,
});

const common = {
  clusterName: str,
  namespace: str,
  version: str,
  controlPlane: obj({
    replicas: int, image, hostSelector: LABEL_SELECTOR_SHAPE, maxSurge: int, nodeName: str, loadBalancerExclusion: bool, nodeDrainTimeoutSeconds: int,
  }),
  ingressVip: VIP_SHAPE,
  metallb: obj(METALLB_OPTION_SHAPES),
  network: obj({ podCidrs: list(str), serviceCidrs: list(str) }),
  cni: oneOf(Cni),
  multus: bool,
  ciliumNonExclusive: bool,
  registrationMethod: oneOf(RegistrationMethod),
  rancherAutoImport: bool,
  additionalTlsSans: list(str),
  sslipTlsSans: bool,
  cloudProviderEnabled: bool,
  hosts: instance(v => v instanceof BareMetalHostEnrollment, 'a BareMetalHostEnrollment'),
};

export const MULTINODE_SHAPE: PropShape = obj({ ...common, apiVip: VIP_SHAPE, workers: WORKER_POOL_SHAPE });
export const SINGLE_NODE_SHAPE: PropShape = obj({ ...common, apiVip: VIP_SHAPE, endpoint: str });
