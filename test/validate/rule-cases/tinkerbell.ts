// Rule cases of the hardware-csv/* rules (EKS Anywhere v0.26.1's hardware.csv reader), from its
// csv_test.go and validator_test.go tables where they exist.
import { RuleCase } from './case';
import { CSV_HEADER, csvFindings } from './fixtures-eksa';

const T = 'aws/eks-anywhere pkg/providers/tinkerbell/hardware';
const ROW = 'worker1,192.168.0.10,Admin,admin,00:00:00:00:00:01,10.10.10.10,255.255.255.0,10.10.10.1,1.1.1.1,type=cp,/dev/sda';
const NO_BMC = 'hostname,mac,ip_address,netmask,gateway,nameservers,labels,disk';
const file = (...rows: string[]) => `${CSV_HEADER}\n${rows.join('\n')}\n`;
/** The row with one column replaced (by header name). */
function row(over: Record<string, string>): string {
  const cols = CSV_HEADER.split(',');
  const values = ROW.split(',');
  return cols.map((c, i) => (c in over ? over[c] : values[i])).join(',');
}
const c = (rule: string, title: string, expect: RuleCase['expect'], text: string, extra: Partial<RuleCase> = {}): RuleCase => ({ rule, title, expect, run: csvFindings(text), ...extra });

export const TINKERBELL_CASES: readonly RuleCase[] = [
  c('hardware-csv/header', 'no disk column', 'reject', `${NO_BMC.replace(',disk', '')}\nworker1,00:00:00:00:00:01,10.10.10.10,255.255.255.0,10.10.10.1,1.1.1.1,type=cp\n`,
    { source: `${T}/csv_test.go TestCSVReaderWithMissingRequiredColumns "Missing_disk"`, message: /missing column disk/ }),
  c('hardware-csv/header', 'an unknown column (ignored by eksctl)', 'reject', `${NO_BMC},rack\nworker1,00:00:00:00:00:01,10.10.10.10,255.255.255.0,10.10.10.1,1.1.1.1,type=cp,/dev/sda,r1\n`,
    { source: `${T}/machine.go (gocsv ignores unknown columns)`, severity: 'warning' }),
  c('hardware-csv/header', 'every column, BMC included', 'accept', file(ROW), { source: `${T}/csv_test.go TestCSVReaderFromFile` }),
  c('hardware-csv/labels', 'a pair with two =', 'reject', file(row({ labels: 'type=cp=x' })), { source: `${T}/machine.go Labels.UnmarshalCSV`, message: /badly formatted key-value pair: type=cp=x/ }),
  c('hardware-csv/labels', 'a pair without =', 'reject', file(row({ labels: 'type=cp|rack' })), { source: `${T}/machine.go Labels.UnmarshalCSV` }),
  c('hardware-csv/labels', 'several labels, spaces trimmed', 'accept', file(row({ labels: 'type=cp| rack = r1' })), { source: `${T}/csv_test.go TestCSVReaderWithMultipleLabels` }),
  c('hardware-csv/row', 'an invalid IP address', 'reject', file(row({ ip_address: '10.10.10' })), { source: `${T}/validator_test.go TestStaticMachineAssertions_InvalidMachines "InvalidIPAddress"` }),
  c('hardware-csv/row', 'a disk that is not a /dev path', 'reject', file(row({ disk: '/dev' })), { source: `${T}/validator_test.go TestStaticMachineAssertions_InvalidMachines "InvalidWithJustDev"` }),
  c('hardware-csv/row', 'VLAN 4095', 'reject', `${CSV_HEADER},vlan_id\n${ROW},4095\n`, { source: `${T}/validator_test.go TestStaticMachineAssertions_InvalidMachines "InvalidVLANOver"` }),
  c('hardware-csv/row', 'a BMC IP without credentials', 'reject', file(row({ bmc_username: '', bmc_password: '' })), { source: `${T}/validator_test.go TestStaticMachineAssertions_InvalidMachines "EmptyBMCUsername"` }),
  c('hardware-csv/row', 'two machines with one MAC', 'reject', file(ROW, row({ hostname: 'worker2', ip_address: '10.10.10.11', bmc_ip: '192.168.0.11' })),
    { source: `${T}/validator_test.go TestUniquenessAssertionsWithDupes`, message: /duplicate mac/ }),
  c('hardware-csv/row', 'a netmask written as a prefix length (eksctl only requires one)', 'reject', file(row({ netmask: '24' })), { source: 'ours', severity: 'warning' }),
  c('hardware-csv/row', 'a valid machine', 'accept', file(ROW), { source: `${T}/validator_test.go TestStaticMachineAssertions_ValidMachine` }),
  c('hardware-csv/syntax', 'an unterminated quote', 'reject', `${CSV_HEADER}\n"worker1,${ROW.slice(8)}\n`, { source: `${T}/csv.go NewCSVReader (gocsv)` }),
  c('hardware-csv/syntax', 'quoted fields', 'accept', `${CSV_HEADER}\n"worker1",${ROW.slice(8)}\n`, { source: `${T}/csv_test.go TestCSVReaderReads` }),
];
