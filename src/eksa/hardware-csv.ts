// Tinkerbell hardware.csv (the `--hardware-csv` file of `eksctl anywhere create cluster`):
// written from the same host model as the Metal3 path (BareMetalHostProps), and parsed back with
// every eksctl rule, reporting file:line and column.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { ipv4Netmask, isIp } from './cidr';
import {
  HARDWARE_CONTROL_PLANE_LABEL, HARDWARE_ROLE_LABEL, HARDWARE_WORKER_LABEL, HardwareMachine, parseHardwareLabels, validateHardwareMachines,
} from './hardware';
import { BmcAddressError, parseBmcAddress } from '../baremetal/bmc-address';
import { ALLOW_PLAINTEXT_CREDENTIALS_CONTEXT, BmcCredentials, BmcCredentialsStrategy } from '../baremetal/bmc-credentials';
import { BareMetalHostProps, HostRole, envVarStem } from '../baremetal/host';
import { HOST_SHAPE } from '../baremetal/host-shape';
import { checkMac, normalizeMac } from '../baremetal/mac';
import { ParsedStaticAddress, networkProblems, parseStaticAddress } from '../baremetal/network-data';
import { ValidationError } from '../core/errors';
import { Finding, Severity, error, warning } from '../core/finding';
import { propShapeProblems } from '../core/prop-shape';

/** Columns in the order eksctl's testdata writes them; `vlan_id` is appended when used. */
export const HARDWARE_CSV_COLUMNS = ['hostname', 'bmc_ip', 'bmc_username', 'bmc_password', 'mac', 'ip_address', 'netmask', 'gateway', 'nameservers', 'labels', 'disk'];
const BMC_COLUMNS = ['bmc_ip', 'bmc_username', 'bmc_password'];
const REQUIRED_COLUMNS = HARDWARE_CSV_COLUMNS.filter(c => !BMC_COLUMNS.includes(c));
const KNOWN_COLUMNS = [...HARDWARE_CSV_COLUMNS, 'vlan_id'];

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

/** Writes machines as hardware.csv (header first, `|`-joined nameservers and labels). */
export function renderHardwareCsv(machines: readonly HardwareMachine[], opts: { readonly includeBmc?: boolean } = {}): string {
  const includeBmc = opts.includeBmc ?? machines.some(m => m.bmcIp || m.bmcUsername || m.bmcPassword);
  const columns = HARDWARE_CSV_COLUMNS.filter(c => includeBmc || !BMC_COLUMNS.includes(c));
  if (machines.some(m => m.vlanId !== undefined)) columns.push('vlan_id');
  const rows = machines.map(m => {
    const values: Record<string, string> = {
      hostname: m.hostname,
      bmc_ip: m.bmcIp ?? '',
      bmc_username: m.bmcUsername ?? '',
      bmc_password: m.bmcPassword ?? '',
      mac: m.mac,
      ip_address: m.ipAddress,
      netmask: m.netmask,
      gateway: m.gateway,
      nameservers: m.nameservers.join('|'),
      labels: Object.entries(m.labels).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k}=${v}`).join('|'),
      disk: m.disk,
      vlan_id: m.vlanId === undefined ? '' : String(m.vlanId),
    };
    return columns.map(c => values[c]);
  });
  return stringify([columns, ...rows], { eof: true, record_delimiter: 'unix' });
}

/** A hardware.csv problem at a position. */
export interface HardwareCsvFinding extends Finding {
  readonly file: string;
  /** 1-based line. */
  readonly line: number;
  /** The column name (empty for whole-line problems). */
  readonly column: string;
}

export interface HardwareCsvParseResult {
  readonly machines: HardwareMachine[];
  readonly findings: HardwareCsvFinding[];
}

/** `hardware.csv:4: column mac: …` */
export function describeHardwareCsvFinding(f: HardwareCsvFinding): string {
  return `${f.file}:${f.line}: ${f.column ? `column ${f.column}: ` : ''}${f.message}${f.hint ? ` (${f.hint})` : ''}`;
}

/**
 * Parses hardware.csv text with eksctl's rules. Never throws for bad content: every problem is
 * a finding with file, line and column; `machines` holds the rows that could be read.
 */
export function parseHardwareCsv(text: string, file = 'hardware.csv'): HardwareCsvParseResult {
  const findings: HardwareCsvFinding[] = [];
  const at = (line: number, column: string, f: Finding): HardwareCsvFinding => ({ ...f, file, line, column });
  let records: Array<{ record: Record<string, string>; info: { lines: number } }>;
  try {
    records = parse(text, { columns: (h: string[]) => h.map(c => c.trim()), info: true, skip_empty_lines: true, trim: true, bom: true }) as any;
  } catch (e: any) {
    const line = typeof e?.lines === 'number' ? e.lines : 1;
    return { machines: [], findings: [at(line, '', error('hardware-csv/syntax', '', `not valid CSV: ${String(e?.message ?? e).replace(/ on line \d+$/, '')}`))] };
  }
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/).find(l => l.trim() !== '') ?? '';
  const columns = header.split(',').map(c => c.trim());
  if (!header) return { machines: [], findings: [at(1, '', error('hardware-csv/header', '', 'the file is empty', `header: ${HARDWARE_CSV_COLUMNS.join(',')}`))] };
  for (const c of REQUIRED_COLUMNS.filter(r => !columns.includes(r))) {
    findings.push(at(1, c, error('hardware-csv/header', c, `missing column ${c}`, `header: ${HARDWARE_CSV_COLUMNS.join(',')}`)));
  }
  for (const c of columns.filter(x => !KNOWN_COLUMNS.includes(x))) {
    findings.push(at(1, c, warning('hardware-csv/header', c, `unknown column ${JSON.stringify(c)} is ignored`, `known: ${KNOWN_COLUMNS.join(', ')}`)));
  }
  const seen = new Set<string>();
  for (const c of columns) {
    if (seen.has(c)) findings.push(at(1, c, error('hardware-csv/header', c, `column ${c} appears twice`)));
    seen.add(c);
  }
  if (findings.some(f => f.severity === Severity.ERROR)) return { machines: [], findings };

  const machines: HardwareMachine[] = [];
  const lines: number[] = [];
  for (const { record, info } of records) {
    const line = info.lines;
    const get = (c: string) => (record[c] ?? '').trim();
    const labels = parseHardwareLabels(get('labels'));
    if ('bad' in labels) {
      findings.push(at(line, 'labels', error('hardware-csv/labels', 'labels', `label ${JSON.stringify(labels.bad)} is not a key=value pair`, 'labels are key=value pairs separated by |, e.g. type=cp|rack=r1')));
    }
    const vlanText = get('vlan_id');
    const vlanId = vlanText === '' ? undefined : (/^-?\d+$/.test(vlanText) ? Number(vlanText) : NaN);
    machines.push({
      hostname: get('hostname'),
      mac: get('mac'),
      ipAddress: get('ip_address'),
      netmask: get('netmask'),
      gateway: get('gateway'),
      nameservers: get('nameservers') === '' ? [] : get('nameservers').split('|').map(s => s.trim()),
      labels: 'bad' in labels ? {} : labels,
      disk: get('disk'),
      vlanId,
      bmcIp: get('bmc_ip') || undefined,
      bmcUsername: get('bmc_username') || undefined,
      bmcPassword: get('bmc_password') || undefined,
      source: `${file}:${line}`,
    });
    lines.push(line);
  }
  for (const p of validateHardwareMachines(machines)) {
    const msg = p.column === 'vlan_id' && Number.isNaN(machines[p.index].vlanId)
      ? `vlan_id ${JSON.stringify(records[p.index].record.vlan_id)} is invalid: must be a whole number from 1 to 4094`
      : p.message;
    findings.push(at(lines[p.index], p.column, error('hardware-csv/row', p.column, msg)));
  }
  findings.sort((a, b) => a.line - b.line);
  return { machines, findings };
}

/** Parses hardware.csv and throws a ValidationError naming file:line and column on the first error. */
export function loadHardwareCsv(text: string, file = 'hardware.csv'): HardwareMachine[] {
  const { machines, findings } = parseHardwareCsv(text, file);
  const errors = findings.filter(f => f.severity === Severity.ERROR);
  if (errors.length) {
    const first = errors[0];
    throw new ValidationError(`${first.file}:${first.line}`, first.column, errors.map(describeHardwareCsvFinding).join('\n  '), undefined,
      errors.map(f => ({ severity: f.severity, rule: f.rule, field: `${f.file}:${f.line} ${f.column}`.trim(), message: f.message, hint: f.hint })));
  }
  return machines;
}
