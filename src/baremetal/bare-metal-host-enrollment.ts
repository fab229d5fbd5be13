// BareMetalHostEnrollment: the BMC credentials Secret (by strategy), the optional nmstate
// network-data Secret and the BareMetalHost for each host of a group — what the reference
// chapter writes by hand per node, with every baremetal-operator admission rule checked first.
import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { stringify } from 'yaml';
import { ALLOW_PLAINTEXT_CREDENTIALS_CONTEXT, BmcCredentials, BmcCredentialsStrategy } from './bmc-credentials';
import { Architecture, AutomatedCleaningMode, BareMetalHostProps, BootMode, HostRole, envVarStem } from './host';
import { ENROLLMENT_SHAPE, HOST_SHAPE } from './host-shape';
import { networkProblems, nmstateFor } from './network-data';
import {
  BareMetalHost,
  BareMetalHostSpecAutomatedCleaningMode,
  BareMetalHostSpecBootMode,
  BareMetalHostSpecImageChecksumType,
  BareMetalHostSpecImageFormat,
} from '../../imports/metal3.io';
import { deepFreeze } from '../core/deep-freeze';
import { ValidationError } from '../core/errors';
import { Finding, error } from '../core/finding';
import { secret } from '../core/k8s-objects';
import { KubeObject } from '../core/kube-object';
import { normalizeMac } from '../core/mac';
import { checkLabelValue, checkQualifiedName } from '../core/names';
import { propShapeProblems } from '../core/prop-shape';
import { RenderedObjects } from '../core/rendered-objects';
import { validateObject } from '../validate/validate';

export const DEFAULT_ROLE_LABEL = 'cluster-role';

export interface BareMetalHostEnrollmentProps {
  /** Hosts to enroll (more can be added with `addHost`). @default - none */
  readonly hosts?: BareMetalHostProps[];
  /** Namespace of the hosts and their Secrets; Metal3 machines must live in the same one. @default 'default' */
  readonly namespace?: string;
  /** Credentials of every host that sets none. @default - per host `BmcCredentials.fromEnv('BMC_<NAME>_USERNAME', 'BMC_<NAME>_PASSWORD')` */
  readonly credentials?: BmcCredentials;
  /** Architecture of every host that sets none. @default Architecture.X86_64 */
  readonly architecture?: Architecture;
  /** Boot mode of every host that sets none. @default - not set (baremetal-operator uses UEFI) */
  readonly bootMode?: BootMode;
  /** Skip BMC TLS verification for every host that sets none. @default false */
  readonly disableCertificateVerification?: boolean;
  /** Cleaning mode of every host that sets none. @default - not set (metadata) */
  readonly automatedCleaningMode?: AutomatedCleaningMode;
  /** Label key carrying the host role. @default 'cluster-role' */
  readonly roleLabelKey?: string;
  /** Labels added to every host. @default - none */
  readonly labels?: Record<string, string>;
}

/**
 * One host as enrolled: its props after defaults and the objects made for it. The record, its
 * props and labels are frozen (they are what the host was built from); the L1 objects are escape
 * hatches whose final JSON is validated at synth.
 */
export interface EnrolledHost {
  readonly name: string;
  readonly namespace: string;
  readonly props: BareMetalHostProps;
  /** Labels the BareMetalHost was built with, including the role label (escape-hatch label edits are not seen here; synth validation reads the final labels). */
  readonly labels: Readonly<Record<string, string>>;
  readonly role?: HostRole;
  readonly architecture: Architecture;
  readonly credentialsStrategy: BmcCredentialsStrategy;
  /** Secret the BareMetalHost references (emitted here unless it already exists). */
  readonly credentialsSecretName: string;
  readonly bareMetalHost: ApiObject;
  readonly credentialsSecret?: ApiObject;
  readonly networkDataSecret?: ApiObject;
  /**
   * The host's objects as they synthesize now (Secrets first, then the BareMetalHost), escape-hatch
   * edits included. Rendered on each read: the result is the caller's own copy, and changing it
   * changes nothing.
   */
  readonly objects: readonly KubeObject[];
}

/** An EnrolledHost whose objects render on read (a class: a getter in an object literal would make every record a slow dictionary object). */
class Enrolled implements EnrolledHost {
  readonly name: string;
  readonly namespace: string;
  readonly props: BareMetalHostProps;
  readonly labels: Readonly<Record<string, string>>;
  readonly role?: HostRole;
  readonly architecture: Architecture;
  readonly credentialsStrategy: BmcCredentialsStrategy;
  readonly credentialsSecretName: string;
  readonly bareMetalHost: ApiObject;
  readonly credentialsSecret?: ApiObject;
  readonly networkDataSecret?: ApiObject;

  constructor(fields: Omit<EnrolledHost, 'objects'>, private readonly rendered: RenderedObjects) {
    this.name = fields.name;
    this.namespace = fields.namespace;
    this.props = fields.props;
    this.labels = fields.labels;
    this.role = fields.role;
    this.architecture = fields.architecture;
    this.credentialsStrategy = fields.credentialsStrategy;
    this.credentialsSecretName = fields.credentialsSecretName;
    this.bareMetalHost = fields.bareMetalHost;
    this.credentialsSecret = fields.credentialsSecret;
    this.networkDataSecret = fields.networkDataSecret;
  }

  get objects(): KubeObject[] {
    return this.rendered.render();
  }

  /** @internal */
  _validated(): readonly KubeObject[] {
    return this.rendered._validated();
  }
}

/** Prop names for the fields a rule may report, so errors speak the user's vocabulary. */
const FIELD_TO_PROP: ReadonlyArray<[string, string]> = [
  ['metadata.name', 'name'],
  ['metadata.labels', 'labels'],
  ['spec.bmc.address', 'bmcAddress'],
  ['spec.bmc.credentialsName', 'credentials'],
  ['spec.bootMACAddress', 'bootMacAddress'],
  ['spec.bootMode', 'bootMode'],
  ['spec.rootDeviceHints', 'rootDeviceHints'],
  ['spec.image.url', 'image.url'],
  ['spec.image.checksum', 'image.checksum'],
  ['spec.image', 'image'],
  ['spec.architecture', 'architecture'],
  ['spec.online', 'online'],
];

function propFor(field: string): string {
  const hit = FIELD_TO_PROP.find(([f]) => field === f || field.startsWith(`${f}.`) || field.startsWith(`${f}[`));
  return hit ? `${hit[1]} (${field})` : field;
}

/**
 * Enrolls bare-metal hosts with Metal3: per host a BMC credentials Secret (unless it already
 * exists), an nmstate network-data Secret when static networking is given, and the
 * BareMetalHost. Every baremetal-operator admission rule is checked when a host is added
 * (ValidationError naming the prop), and again on the final JSON at synth, so escape-hatch edits
 * of a host's objects are checked too (`[<path>/<host>] BareMetalHost/<host> field: message`).
 */
export class BareMetalHostEnrollment extends Construct {
  readonly namespace: string;
  readonly roleLabelKey: string;
  private readonly props: BareMetalHostEnrollmentProps;
  private readonly enrolled: Enrolled[] = [];
  private readonly byName = new Set<string>();
  private readonly byMac = new Map<string, string>();
  private readonly byBmc = new Map<string, string>();

  constructor(scope: Construct, id: string, props: BareMetalHostEnrollmentProps = {}) {
    super(scope, id);
    this.props = props;
    this.namespace = props.namespace ?? 'default';
    const shape = propShapeProblems(props, ENROLLMENT_SHAPE, '');
    if (shape.length) throw ValidationError.fromFindings(this.node.path, shape);
    this.roleLabelKey = props.roleLabelKey ?? DEFAULT_ROLE_LABEL;
    const keyProblem = checkQualifiedName(this.roleLabelKey);
    if (keyProblem) throw new ValidationError(this.node.path, 'roleLabelKey', `${JSON.stringify(this.roleLabelKey)}: ${keyProblem}`);
    for (const h of props.hosts ?? []) this.addHost(h);
  }

  /** The hosts enrolled so far, in order. */
  get hosts(): readonly EnrolledHost[] {
    return [...this.enrolled];
  }

  /** Hosts whose labels match every given label (like a hostSelector's matchLabels). */
  hostsMatching(matchLabels: Record<string, string>): EnrolledHost[] {
    return this.enrolled.filter(h => Object.entries(matchLabels).every(([k, v]) => h.labels[k] === v));
  }

  /** Enrolls one more host. Throws ValidationError naming the host and prop when it is invalid. */
  addHost(input: BareMetalHostProps): EnrolledHost {
    const where = `${this.node.path}/${(typeof input?.name === 'string' && input.name) || '<unnamed>'}`;
    const shape = input === null || typeof input !== 'object' || Array.isArray(input)
      ? [error('props', 'host', `must be an object of BareMetalHostProps (got ${input === null ? 'null' : Array.isArray(input) ? 'a list' : typeof input})`)]
      : propShapeProblems(input, HOST_SHAPE, '');
    if (shape.length) throw ValidationError.fromFindings(where, shape);
    const host = ownCopy(input);
    this.checkBeforeRender(host, where);

    const scope = new Construct(this, host.name);
    const credentials = host.credentials ?? this.props.credentials
      ?? BmcCredentials.fromEnv(`BMC_${envVarStem(host.name)}_USERNAME`, `BMC_${envVarStem(host.name)}_PASSWORD`);
    const credentialsSecretName = credentials.secretName(`${host.name}-credentials`);
    const labels = this.labelsFor(host);
    const architecture = host.architecture ?? this.props.architecture ?? Architecture.X86_64;
    const mac = normalizeMac(host.bootMacAddress);

    const payload = credentials._payload();
    const credentialsSecret = payload
      ? secret(scope, 'credentials', { name: credentialsSecretName, namespace: this.namespace, ...payload })
      : undefined;
    const networkDataName = host.network ? `${host.name}-networkdata` : undefined;
    const networkDataSecret = host.network
      ? secret(scope, 'network-data', {
        name: networkDataName!,
        namespace: this.namespace,
        stringData: { nmstate: toYamlBlock(nmstateFor(host.network, mac)) },
      })
      : undefined;

    const cleaning = host.automatedCleaningMode ?? this.props.automatedCleaningMode;
    const bootMode = host.bootMode ?? this.props.bootMode;
    const bmhProps = {
      metadata: { name: host.name, namespace: this.namespace, labels: Object.keys(labels).length ? labels : undefined },
      spec: {
        architecture,
        online: host.online ?? true,
        bootMacAddress: mac,
        bootMode: bootMode as unknown as BareMetalHostSpecBootMode | undefined,
        automatedCleaningMode: cleaning as unknown as BareMetalHostSpecAutomatedCleaningMode | undefined,
        bmc: {
          address: host.bmcAddress,
          credentialsName: credentialsSecretName,
          disableCertificateVerification: host.disableCertificateVerification ?? this.props.disableCertificateVerification,
        },
        rootDeviceHints: host.rootDeviceHints,
        preprovisioningNetworkDataName: networkDataName,
        image: host.image ? {
          url: host.image.url,
          checksum: host.image.checksum,
          checksumType: host.image.checksumType as BareMetalHostSpecImageChecksumType | undefined,
          format: host.image.format as BareMetalHostSpecImageFormat | undefined,
        } : undefined,
        userData: host.userDataSecretName ? { name: host.userDataSecretName, namespace: this.namespace } : undefined,
        description: host.description,
      },
    };
    // Sealed: built from this host's own copies (frozen with the enrolled record below).
    const bareMetalHost = RenderedObjects.seal(new BareMetalHost(scope, 'host', bmhProps), bmhProps);

    // The rendered objects must pass the CRD schema and every upstream rule, now (errors named
    // after the props that produced the field) and on the final JSON at synth.
    const apiObjects = [credentialsSecret, networkDataSecret, bareMetalHost].filter((o): o is ApiObject => Boolean(o));
    const rendered = new RenderedObjects(scope, {
      objects: () => apiObjects,
      check: objects => objects.flatMap(object => validateObject(object, objects).map(finding => ({ object, finding }))),
    });
    try {
      rendered.checkNow(({ finding }) => ({ ...finding, field: propFor(finding.field) }));
    } catch (e) {
      // A refused host leaves nothing behind: a caller that catches the error and goes on must
      // not synthesize (or re-validate) its half-built objects.
      this.node.tryRemoveChild(scope.node.id);
      throw e;
    }

    const enrolled = new Enrolled({
      name: host.name,
      namespace: this.namespace,
      props: deepFreeze(host),
      labels: deepFreeze(labels),
      role: host.role,
      architecture,
      credentialsStrategy: credentials.strategy,
      credentialsSecretName,
      bareMetalHost,
      credentialsSecret,
      networkDataSecret,
    }, rendered);
    Object.freeze(enrolled);
    this.enrolled.push(enrolled);
    this.byName.add(enrolled.name);
    this.byMac.set(mac, enrolled.name);
    this.byBmc.set(bmcKey(host.bmcAddress), enrolled.name);
    return enrolled;
  }

  /**
   * Every host's objects as the last passing validation rendered them (after `node.validate()` on
   * the hosts found nothing, the final JSON without rendering it again). Shared: do not mutate.
   * @internal
   */
  _validatedObjects(): readonly KubeObject[] {
    return this.enrolled.flatMap(h => h._validated());
  }

  private labelsFor(host: BareMetalHostProps): Record<string, string> {
    const labels: Record<string, string> = { ...(this.props.labels ?? {}), ...(host.labels ?? {}) };
    if (host.role) labels[this.roleLabelKey] = host.role;
    return labels;
  }

  /** Checks that need the props themselves (the rest is checked on the rendered objects). */
  private checkBeforeRender(host: BareMetalHostProps, where: string): void {
    const problems: Finding[] = [];
    if (!host || typeof host.name !== 'string' || !host.name) {
      throw new ValidationError(where, 'name', 'every host needs a name', 'a lowercase DNS-1123 name such as node1');
    }
    for (const f of ['bmcAddress', 'bootMacAddress'] as const) {
      const example = f === 'bmcAddress' ? 'e.g. redfish-virtualmedia://192.168.200.75/redfish/v1/Systems/1' : 'the MAC of the boot NIC, aa:bb:cc:dd:ee:ff';
      if (typeof host[f] !== 'string' || !host[f]) problems.push(error('props', f, 'Required value', example));
    }
    if (problems.length) throw ValidationError.fromFindings(where, problems);
    if (!/^[0-9a-fA-F]{2}([:.-]?[0-9a-fA-F]{2}){5}$/.test(host.bootMacAddress)) {
      problems.push(error('bmo/boot-mac-format', 'bootMacAddress', `address ${host.bootMacAddress}: invalid MAC address`, 'six hex octets, e.g. 0c:c4:7a:12:34:56'));
    }
    // Indexed, not scanned: an edge fleet enrolls thousands of hosts.
    if (this.byName.has(host.name)) {
      problems.push(error('enroll/duplicate', 'name', `host ${host.name} is enrolled twice`));
    } else {
      const macOwner = this.byMac.get(safeMac(host.bootMacAddress) ?? '');
      if (macOwner) problems.push(error('enroll/duplicate', 'bootMacAddress', `MAC ${host.bootMacAddress} is already used by host ${macOwner}`));
      const bmcOwner = this.byBmc.get(bmcKey(host.bmcAddress));
      if (bmcOwner) {
        problems.push(error('enroll/duplicate', 'bmcAddress', `${host.bmcAddress} is already the BMC address of host ${bmcOwner}`,
          'each host has its own BMC (or its own system path on a shared one)'));
      }
    }
    const credentials = host.credentials ?? this.props.credentials;
    for (const p of credentials?._problems() ?? []) problems.push(error('credentials', 'credentials', p));
    if (credentials?.strategy === BmcCredentialsStrategy.PLAINTEXT && this.node.tryGetContext(ALLOW_PLAINTEXT_CREDENTIALS_CONTEXT) !== true) {
      problems.push(error('credentials/plaintext', 'credentials',
        'plaintext BMC credentials would be written into the synthesized manifests',
        `use BmcCredentials.fromEnv() or fromExistingSecret(), or opt in with the app context "${ALLOW_PLAINTEXT_CREDENTIALS_CONTEXT}": true`));
    }
    for (const [k, v] of Object.entries({ ...(this.props.labels ?? {}), ...(host.labels ?? {}) })) {
      const pk = checkQualifiedName(k);
      if (pk) problems.push(error('meta/label-key', `labels[${k}]`, `invalid label key: ${pk}`));
      const pv = typeof v === 'string' ? checkLabelValue(v) : 'must be a string';
      if (pv) problems.push(error('meta/label-value', `labels[${k}]`, `invalid label value ${JSON.stringify(v)}: ${pv}`));
    }
    if (host.role !== undefined && !Object.values(HostRole).includes(host.role)) {
      problems.push(error('props', 'role', `unknown role ${JSON.stringify(host.role)}`, `one of ${Object.values(HostRole).join(', ')}`));
    }
    const arch = host.architecture ?? this.props.architecture;
    if (arch !== undefined && !Object.values(Architecture).includes(arch)) {
      problems.push(error('props', 'architecture', `unsupported architecture ${JSON.stringify(arch)}`, 'x86_64 or aarch64'));
    }
    const hints = host.rootDeviceHints;
    if (hints?.minSizeGigabytes !== undefined && (!Number.isInteger(hints.minSizeGigabytes) || hints.minSizeGigabytes < 0)) {
      problems.push(error('bmo/root-device-hints', 'rootDeviceHints.minSizeGigabytes', `${hints.minSizeGigabytes} is not a whole number ≥ 0`));
    }
    for (const [field, message] of host.network ? networkProblems(host.network) : []) problems.push(error('network', field, message));
    if (problems.length) throw ValidationError.fromFindings(where, problems);
  }
}

/** Plain copies of the nested props (cdk8s cannot serialize prototype-less objects; the copy is frozen once enrolled). */
function ownCopy(h: BareMetalHostProps): BareMetalHostProps {
  if (!h || typeof h !== 'object') return h;
  const copy = <T>(o: T): T => (o && typeof o === 'object' && !Array.isArray(o) ? { ...o } : o);
  return {
    ...h,
    labels: copy(h.labels),
    rootDeviceHints: copy(h.rootDeviceHints),
    image: copy(h.image),
    network: h.network && {
      ...h.network,
      ipv4: copy(h.network.ipv4),
      ipv6: copy(h.network.ipv6),
      ...(Array.isArray(h.network.nameservers) ? { nameservers: [...h.network.nameservers] } : {}),
    },
  };
}

/** BMC addresses compare case-insensitively, without a trailing slash. */
function bmcKey(address: string): string {
  return address.toLowerCase().replace(/\/+$/, '');
}

function safeMac(mac: string): string | undefined {
  try {
    return normalizeMac(mac);
  } catch {
    return undefined;
  }
}

function toYamlBlock(doc: object): string {
  return stringify(doc, { lineWidth: 0 });
}
