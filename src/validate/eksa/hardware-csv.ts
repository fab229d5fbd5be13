// Tinkerbell hardware.csv (the `--hardware-csv` file of `eksctl anywhere create cluster`), both
// ways: machines written as the file, and the file parsed back with every eksctl rule,
// reporting file:line and column.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { HardwareMachine, parseHardwareLabels, validateHardwareMachines } from './hardware';
import { ValidationError } from '../../core/errors';
import { Finding, Severity, error, warning } from '../../core/finding';

/** Columns in the order eksctl's testdata writes them; `vlan_id` is appended when used. */
export const HARDWARE_CSV_COLUMNS = ['hostname', 'bmc_ip', 'bmc_username', 'bmc_password', 'mac', 'ip_address', 'netmask', 'gateway', 'nameservers', 'labels', 'disk'];
const BMC_COLUMNS = ['bmc_ip', 'bmc_username', 'bmc_password'];
const REQUIRED_COLUMNS = HARDWARE_CSV_COLUMNS.filter(c => !BMC_COLUMNS.includes(c));
const KNOWN_COLUMNS = [...HARDWARE_CSV_COLUMNS, 'vlan_id'];

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
      findings.push(at(line, 'labels', error('hardware-csv/labels', 'labels', `badly formatted key-value pair: ${labels.bad}`, 'labels are key=value pairs separated by |, each with one =, e.g. type=cp|rack=r1')));
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
    findings.push(at(lines[p.index], p.column, (p.warning ? warning : error)('hardware-csv/row', p.column, msg)));
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
