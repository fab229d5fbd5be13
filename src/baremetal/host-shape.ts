// The shapes of BareMetalHostProps and BareMetalHostEnrollmentProps (see core/prop-shape.ts): what
// a plain-JS or JSON-fed caller must pass, checked before any object is built.
import { BmcCredentials } from './bmc-credentials';
import { Architecture, AutomatedCleaningMode, BootMode, HostRole } from './host';
import { PropShape, any, bool, instance, int, list, obj, oneOf, record, str } from '../core/prop-shape';

const credentials = instance(BmcCredentials.isBmcCredentials, 'BmcCredentials.fromEnv(…), fromExistingSecret(…) or plaintext(…)');
const staticAddress = obj({ address: str, gateway: str });

export const HOST_SHAPE: PropShape = obj({
  name: str,
  bmcAddress: str,
  bootMacAddress: str,
  credentials,
  role: oneOf(HostRole),
  labels: record(str),
  architecture: oneOf(Architecture),
  online: bool,
  bootMode: oneOf(BootMode),
  disableCertificateVerification: bool,
  rootDeviceHints: obj({
    deviceName: str,
    hctl: str,
    model: str,
    vendor: str,
    serialNumber: str,
    minSizeGigabytes: int,
    wwn: str,
    wwnWithExtension: str,
    wwnVendorExtension: str,
    rotational: bool,
  }),
  automatedCleaningMode: oneOf(AutomatedCleaningMode),
  network: obj({ interfaceName: str, ipv4: staticAddress, ipv6: staticAddress, nameservers: list(str), vlanId: int }),
  image: obj({ url: str, checksum: str, checksumType: str, format: str }),
  userDataSecretName: str,
  description: str,
});

/** The enrollment's own props; each host is checked by addHost at its own path. */
export const ENROLLMENT_SHAPE: PropShape = obj({
  hosts: list(any),
  namespace: str,
  credentials,
  architecture: oneOf(Architecture),
  bootMode: oneOf(BootMode),
  disableCertificateVerification: bool,
  automatedCleaningMode: oneOf(AutomatedCleaningMode),
  roleLabelKey: str,
  labels: record(str),
});
