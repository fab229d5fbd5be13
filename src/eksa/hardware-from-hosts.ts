// Host props (the model the Metal3 path enrolls) → hardware.csv machines: one row per host,
// every problem named by host and prop.
import { ALLOW_PLAINTEXT_CREDENTIALS_CONTEXT, BmcCredentials, BmcCredentialsStrategy } from '../baremetal/bmc-credentials';
import { BareMetalHostProps, HostRole, envVarStem } from '../baremetal/host';
import { HOST_SHAPE } from '../baremetal/host-shape';
import { ParsedStaticAddress, networkProblems, parseStaticAddress } from '../baremetal/network-data';
import { Finding, error } from '../core/finding';
import { checkMac, normalizeMac } from '../core/mac';
import { propShapeProblems } from '../core/prop-shape';
import { BmcAddressError, parseBmcAddress } from '../validate/bmc-address';
import { ipv4Netmask, isIp } from '../validate/eksa/cidr';
import {
  HARDWARE_CONTROL_PLANE_LABEL, HARDWARE_ROLE_LABEL, HARDWARE_WORKER_LABEL, HardwareMachine, validateHardwareMachines,
} from '../validate/eksa/hardware';

/** How host props become hardware.csv rows. */
export interface HardwareFromHostsOptions {
  /** Write the bmc_ip / bmc_username / bmc_password columns. @default true */
  readonly includeBmc?: boolean;
  /** Credentials of hosts that set none. @default - per host `BmcCredentials.fromEnv('BMC_<NAME>_USERNAME', 'BMC_<NAME>_PASSWORD')` */
  readonly credentials?: BmcCredentials;
  /** Allow `BmcCredentials.plaintext()` values in the file (the app context opt-in). @default false */
  readonly allowPlaintextCredentials?: boolean;
  /** Labels added to every host's row. @default - none */
  readonly labels?: Record<string, string>;
}

/** One host mapped to a row: the machine, or the problems that prevented it. */
export interface HostMapping {
  readonly machine?: HardwareMachine;
  readonly problems: Finding[];
}

/** Hosts mapped to rows, with every problem named by host. */
export interface HardwareFromHostsResult {
  readonly machines: HardwareMachine[];
  readonly problems: HostMappingProblem[];
}

/** A problem with one host while mapping it to a hardware.csv row. */
export interface HostMappingProblem {
  readonly host: string;
  readonly finding: Finding;
}

/**
 * One host → one hardware.csv row. The mapping:
 * hostname = name; mac = bootMacAddress (lowercase, colons); ip_address/netmask/gateway from
 * network.ipv4 (`address` with prefix → IP + dotted netmask); nameservers = network.nameservers;
 * vlan_id = network.vlanId; disk = rootDeviceHints.deviceName; bmc_ip = the host of bmcAddress
 * (an IP); bmc_username/password by credentials strategy (`${VAR}` placeholders for fromEnv,
 * literals only for plaintext with the opt-in, existing-secret is an error); labels = the
 * host's labels plus `type=cp` (control plane) or `type=worker` (worker) from its role, unless
 * the host sets a `type` label itself.
 */
export function hardwareMachineFromHost(host: BareMetalHostProps, opts: HardwareFromHostsOptions = {}): HostMapping {
  if (!host || typeof host !== 'object' || typeof host.name !== 'string' || !host.name) {
    return { problems: [error('hardware', 'name', 'every host needs a name', 'a lowercase DNS-1123 name such as node1')] };
  }
  const problems: Finding[] = [];
  const net = host.network;
  for (const [field, message] of net ? networkProblems(net) : []) problems.push(error('hardware', field, message));
  const v4 = net?.ipv4 ? parseStaticAddress(net.ipv4, 'ipv4') : undefined;
  if (!net?.ipv4) problems.push(error('hardware', 'network.ipv4', 'hardware.csv needs a static IPv4 address per host', 'network: {ipv4: {address: "10.0.0.11/24", gateway: "10.0.0.1"}, nameservers: ["10.0.0.2"]}'));
  else if (typeof v4 !== 'string' && !v4?.gateway) problems.push(error('hardware', 'network.ipv4.gateway', 'hardware.csv needs the gateway of every host'));
  if (!net?.nameservers?.length) problems.push(error('hardware', 'network.nameservers', 'hardware.csv needs at least one nameserver per host'));
  const disk = host.rootDeviceHints?.deviceName;
  if (!disk) problems.push(error('hardware', 'rootDeviceHints.deviceName', 'hardware.csv needs the install disk of every host', 'e.g. rootDeviceHints: {deviceName: "/dev/sda"}'));
  const macProblem = typeof host.bootMacAddress === 'string' ? checkMac(host.bootMacAddress) : 'bootMacAddress is required';
  if (macProblem && !(typeof host.bootMacAddress === 'string' && /^[0-9a-fA-F]{2}([:.-]?[0-9a-fA-F]{2}){5}$/.test(host.bootMacAddress))) {
    problems.push(error('hardware', 'bootMacAddress', macProblem));
  }
  if (host.role !== undefined && !Object.values(HostRole).includes(host.role)) {
    problems.push(error('hardware', 'role', `unknown role ${JSON.stringify(host.role)}`, Object.values(HostRole).join(', ')));
  }

  const includeBmc = opts.includeBmc ?? true;
  let bmc: Pick<HardwareMachine, 'bmcIp' | 'bmcUsername' | 'bmcPassword'> = {};
  if (includeBmc) {
    let bmcIp: string | undefined;
    try {
      const parsed = parseBmcAddress(host.bmcAddress);
      if (isIp(parsed.host)) bmcIp = parsed.host;
      else problems.push(error('hardware', 'bmcAddress', `hardware.csv needs the BMC's IP; ${JSON.stringify(parsed.host)} is a host name`, 'use an IP in bmcAddress, or includeBmc: false'));
    } catch (e) {
      if (!(e instanceof BmcAddressError)) throw e;
      problems.push(error('hardware', 'bmcAddress', e.message, e.hint));
    }
    const credentials = host.credentials ?? opts.credentials
      ?? BmcCredentials.fromEnv(`BMC_${envVarStem(host.name)}_USERNAME`, `BMC_${envVarStem(host.name)}_PASSWORD`);
    for (const p of credentials._problems()) problems.push(error('credentials', 'credentials', p));
    if (credentials.strategy === BmcCredentialsStrategy.EXISTING_SECRET) {
      problems.push(error('credentials', 'credentials', 'hardware.csv cannot reference an existing Secret: eksctl reads the BMC username and password from the file',
        'use BmcCredentials.fromEnv() (the file then holds ${VAR} placeholders for envsubst), or includeBmc: false'));
    } else if (credentials.strategy === BmcCredentialsStrategy.PLAINTEXT && !opts.allowPlaintextCredentials) {
      problems.push(error('credentials/plaintext', 'credentials', 'plaintext BMC credentials would be written into hardware.csv',
        `use BmcCredentials.fromEnv(), or opt in with the app context "${ALLOW_PLAINTEXT_CREDENTIALS_CONTEXT}": true`));
    } else {
      const payload = credentials._payload();
      const decode = (key: string) => payload?.stringData?.[key] ?? (payload?.data?.[key] !== undefined ? Buffer.from(payload.data[key], 'base64').toString('utf8') : undefined);
      bmc = { bmcIp, bmcUsername: decode('username'), bmcPassword: decode('password') };
    }
  }
  if (problems.length) return { problems };

  const addr = v4 as ParsedStaticAddress;
  const labels: Record<string, string> = { ...(opts.labels ?? {}), ...(host.labels ?? {}) };
  // An explicit `type` label wins over the role (e.g. type=worker-gpu for a group's own selector).
  if (labels[HARDWARE_ROLE_LABEL] === undefined && host.role === HostRole.CONTROL_PLANE) labels[HARDWARE_ROLE_LABEL] = HARDWARE_CONTROL_PLANE_LABEL;
  if (labels[HARDWARE_ROLE_LABEL] === undefined && host.role === HostRole.WORKER) labels[HARDWARE_ROLE_LABEL] = HARDWARE_WORKER_LABEL;
  return {
    problems,
    machine: {
      hostname: host.name,
      mac: normalizeMac(host.bootMacAddress),
      ipAddress: addr.ip,
      netmask: ipv4Netmask(addr.prefixLength),
      gateway: addr.gateway!,
      nameservers: [...net!.nameservers!],
      labels,
      disk: disk!,
      vlanId: net!.vlanId,
      ...bmc,
    },
  };
}

/** Hosts → machines; every mapping and inventory problem is returned, named by host. */
export function hardwareFromHosts(hosts: readonly BareMetalHostProps[], opts: HardwareFromHostsOptions = {}): HardwareFromHostsResult {
  const machines: HardwareMachine[] = [];
  const problems: HostMappingProblem[] = [];
  if (!Array.isArray(hosts)) return { machines, problems: [{ host: '<hosts>', finding: error('hardware', 'hosts', 'hosts must be a list of BareMetalHostProps') }] };
  for (const h of hosts) {
    const shape = h === null || typeof h !== 'object' || Array.isArray(h)
      ? [error('props', 'host', `must be an object of BareMetalHostProps (got ${h === null ? 'null' : Array.isArray(h) ? 'a list' : typeof h})`)]
      : propShapeProblems(h, HOST_SHAPE, '');
    if (shape.length) {
      for (const f of shape) problems.push({ host: (h as any)?.name || '<unnamed>', finding: f });
      continue;
    }
    const r = hardwareMachineFromHost(h, opts);
    for (const f of r.problems) problems.push({ host: h?.name || '<unnamed>', finding: f });
    if (r.machine) machines.push(r.machine);
  }
  if (!problems.length) {
    for (const p of validateHardwareMachines(machines)) {
      problems.push({ host: machines[p.index].hostname || '<unnamed>', finding: error('hardware', p.column, p.message) });
    }
  }
  return { machines, problems };
}
