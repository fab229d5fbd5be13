// hardware.csv: written from the host model shared with the Metal3 path, parsed back with
// eksctl's rules (upstream-rules.md §5.4), errors at file:line and column.
import { ALLOW_PLAINTEXT_CREDENTIALS_CONTEXT, BmcCredentials } from '../../src/baremetal/bmc-credentials';
import { BareMetalHostProps, HostRole } from '../../src/baremetal/host';
import { ValidationError } from '../../src/core/errors';
import { hardwareFromHosts, hardwareMachineFromHost } from '../../src/eksa/hardware-from-hosts';
import { describeHardwareCsvFinding, loadHardwareCsv, parseHardwareCsv, renderHardwareCsv } from '../../src/validate/eksa/hardware-csv';

const HEADER = 'hostname,bmc_ip,bmc_username,bmc_password,mac,ip_address,netmask,gateway,nameservers,labels,disk';

function host(n: number, over: Partial<BareMetalHostProps> = {}): BareMetalHostProps {
  return {
    name: `node${n}`,
    role: n <= 3 ? HostRole.CONTROL_PLANE : HostRole.WORKER,
    bmcAddress: `redfish-virtualmedia://192.168.200.${74 + n}/redfish/v1/Systems/1`,
    bootMacAddress: `0C-C4-7A-6B-00-0${n}`,
    rootDeviceHints: { deviceName: '/dev/sda' },
    network: { ipv4: { address: `192.168.125.${200 + n}/24`, gateway: '192.168.125.1' }, nameservers: ['192.168.125.2', '192.168.125.3'] },
    ...over,
  };
}

function parseErrors(text: string): string[] {
  return parseHardwareCsv(text).findings.filter(f => f.severity === 'error').map(describeHardwareCsvFinding);
}

describe('hardware.csv from hosts', () => {
  test('maps the host model field by field (role → type label, BMC address → bmc_ip, env placeholders)', () => {
    const { machines, problems } = hardwareFromHosts([host(1, { labels: { rack: 'r1' } }), host(4)]);
    expect(problems).toEqual([]);
    expect(renderHardwareCsv(machines)).toBe([
      HEADER,
      'node1,192.168.200.75,${BMC_NODE1_USERNAME},${BMC_NODE1_PASSWORD},0c:c4:7a:6b:00:01,192.168.125.201,255.255.255.0,192.168.125.1,192.168.125.2|192.168.125.3,rack=r1|type=cp,/dev/sda',
      'node4,192.168.200.78,${BMC_NODE4_USERNAME},${BMC_NODE4_PASSWORD},0c:c4:7a:6b:00:04,192.168.125.204,255.255.255.0,192.168.125.1,192.168.125.2|192.168.125.3,type=worker,/dev/sda',
      '',
    ].join('\n'));
  });

  test('an explicit type label wins over the role; no role means no type label', () => {
    const { machines } = hardwareFromHosts([host(4, { labels: { type: 'worker-gpu' } }), host(5, { role: undefined })]);
    expect(machines.map(m => m.labels)).toEqual([{ type: 'worker-gpu' }, {}]);
  });

  test('vlan_id is appended when a host has a VLAN; includeBmc: false drops the bmc columns', () => {
    const { machines } = hardwareFromHosts([host(1, { network: { ...host(1).network!, vlanId: 120 } }), host(2)], { includeBmc: false });
    const text = renderHardwareCsv(machines, { includeBmc: false });
    expect(text.split('\n')[0]).toBe('hostname,mac,ip_address,netmask,gateway,nameservers,labels,disk,vlan_id');
    expect(text.split('\n')[1]).toBe('node1,0c:c4:7a:6b:00:01,192.168.125.201,255.255.255.0,192.168.125.1,192.168.125.2|192.168.125.3,type=cp,/dev/sda,120');
    expect(text.split('\n')[2]).toMatch(/,\/dev\/sda,$/);
  });

  test('fails for credentials from an existing Secret (the file cannot reference one)', () => {
    const r = hardwareMachineFromHost(host(1, { credentials: BmcCredentials.fromExistingSecret('node1-bmc') }));
    expect(r.machine).toBeUndefined();
    expect(r.problems.map(p => `${p.field}: ${p.message}`)).toEqual([
      'credentials: hardware.csv cannot reference an existing Secret: eksctl reads the BMC username and password from the file',
    ]);
  });

  test('fails for plaintext credentials without the opt-in, writes them with it', () => {
    const h = host(1, { credentials: BmcCredentials.plaintext('admin', 'p@ss,word') });
    expect(hardwareMachineFromHost(h).problems.map(p => p.rule)).toEqual(['credentials/plaintext']);
    const { machine } = hardwareMachineFromHost(h, { allowPlaintextCredentials: true });
    expect(machine).toMatchObject({ bmcUsername: 'admin', bmcPassword: 'p@ss,word' });
    expect(renderHardwareCsv([machine!])).toContain(',admin,"p@ss,word",');
    expect(ALLOW_PLAINTEXT_CREDENTIALS_CONTEXT).toBe('cdk8s-capi/allowPlaintextBmcCredentials');
  });

  test.each([
    ['no static IPv4', { network: { nameservers: ['1.1.1.1'] } }, 'network.ipv4: hardware.csv needs a static IPv4 address per host'],
    ['no gateway', { network: { ipv4: { address: '10.0.0.5/24' }, nameservers: ['1.1.1.1'] } }, 'network.ipv4.gateway: hardware.csv needs the gateway of every host'],
    ['no nameservers', { network: { ipv4: { address: '10.0.0.5/24', gateway: '10.0.0.1' } } }, 'network.nameservers: hardware.csv needs at least one nameserver per host'],
    ['no install disk', { rootDeviceHints: { serialNumber: 'S1' } }, 'rootDeviceHints.deviceName: hardware.csv needs the install disk of every host'],
    ['a BMC host name instead of an IP', { bmcAddress: 'redfish://bmc1.example.com/redfish/v1/Systems/1' }, 'bmcAddress: hardware.csv needs the BMC\'s IP; "bmc1.example.com" is a host name'],
    ['an unparsable BMC address', { bmcAddress: 'foo://10.0.0.1' }, 'bmcAddress: Unknown BMC type \'foo\' for address foo://10.0.0.1'],
  ])('fails with %s', (_, over, expected) => {
    expect(hardwareMachineFromHost(host(1, over as Partial<BareMetalHostProps>)).problems.map(p => `${p.field}: ${p.message}`)).toEqual([expected]);
  });

  test('fails for a host without a name, or hosts that are not a list', () => {
    expect(hardwareMachineFromHost({ ...host(1), name: '' }).problems.map(p => `${p.field}: ${p.message}`)).toEqual(['name: every host needs a name']);
    expect(hardwareFromHosts(null as any).problems.map(p => p.finding.message)).toEqual(['hosts must be a list of BareMetalHostProps']);
  });

  test('fails when two hosts share an IP (inventory rules run on the mapped rows)', () => {
    const { problems } = hardwareFromHosts([host(1), host(2, { network: host(1).network })]);
    expect(problems.map(p => `${p.host} ${p.finding.field}: ${p.finding.message}`)).toEqual(['node2 ip_address: duplicate ip_address 192.168.125.201: already used by node1']);
  });
});

describe('parseHardwareCsv', () => {
  const row = (over: Record<string, string> = {}) => {
    const v: Record<string, string> = {
      hostname: 'node1',
      bmc_ip: '10.1.0.1',
      bmc_username: 'admin',
      bmc_password: 'secret',
      mac: '00:00:00:00:00:01',
      ip_address: '10.0.0.1',
      netmask: '255.255.255.0',
      gateway: '10.0.0.254',
      nameservers: '8.8.8.8',
      labels: 'type=cp',
      disk: '/dev/sda',
      ...over,
    };
    return HEADER.split(',').map(c => v[c]).join(',');
  };

  test('round-trips what renderHardwareCsv writes', () => {
    const { machines } = hardwareFromHosts([1, 2, 4].map(n => host(n, n === 2 ? { network: { ...host(2).network!, vlanId: 7 } } : {})));
    const parsed = parseHardwareCsv(renderHardwareCsv(machines), 'inv.csv');
    expect(parsed.findings).toEqual([]);
    expect(parsed.machines.map(({ source, ...m }) => m)).toEqual(machines.map(m => ({ ...m, vlanId: m.vlanId })));
    expect(parsed.machines.map(m => m.source)).toEqual(['inv.csv:2', 'inv.csv:3', 'inv.csv:4']);
  });

  test('reads eksctl\'s testdata shape: | separated nameservers and labels, optional vlan_id', () => {
    const text = `${HEADER},vlan_id\n${row({ nameservers: '1.1.1.1|8.8.8.8', labels: 'type=cp|rack=r1' })},42\n`;
    const { machines, findings } = parseHardwareCsv(text);
    expect(findings).toEqual([]);
    expect(machines[0]).toMatchObject({ nameservers: ['1.1.1.1', '8.8.8.8'], labels: { type: 'cp', rack: 'r1' }, vlanId: 42, bmcIp: '10.1.0.1' });
  });

  test('accepts a file without bmc columns (hardware_no_bmc_headers.csv)', () => {
    const text = 'hostname,mac,ip_address,netmask,gateway,nameservers,labels,disk\nnode1,00:00:00:00:00:01,10.0.0.1,255.255.255.0,10.0.0.254,8.8.8.8,type=cp,/dev/nvme0n1\n';
    expect(parseHardwareCsv(text)).toMatchObject({ findings: [], machines: [{ hostname: 'node1', disk: '/dev/nvme0n1', bmcIp: undefined }] });
  });

  test.each([
    ['an invalid MAC', { mac: '00:00:00:00:00' }, 'hardware.csv:2: column mac: mac "00:00:00:00:00" is not a valid MAC address'],
    ['a by-id disk', { disk: '/dev/disk/by-id/wwn-0x5000' }, 'hardware.csv:2: column disk: disk "/dev/disk/by-id/wwn-0x5000" is invalid: must be a block device path such as /dev/sda or /dev/nvme0n1 (/dev/disk/by-id/… links are not accepted)'],
    ['a bare disk name', { disk: 'sda' }, 'hardware.csv:2: column disk: disk "sda" is invalid: must be a block device path such as /dev/sda or /dev/nvme0n1 (/dev/disk/by-id/… links are not accepted)'],
    ['a missing IP', { ip_address: '' }, 'hardware.csv:2: column ip_address: ip_address is required'],
    ['an invalid gateway', { gateway: '10.0.0' }, 'hardware.csv:2: column gateway: gateway "10.0.0" is not a valid IP'],
    ['a missing netmask', { netmask: '' }, 'hardware.csv:2: column netmask: netmask is required'],
    ['an empty nameserver entry', { nameservers: '8.8.8.8|' }, 'hardware.csv:2: column nameservers: nameservers must not contain an empty entry (check for a stray "|")'],
    ['a label without =', { labels: 'type=cp|rack' }, 'hardware.csv:2: column labels: badly formatted key-value pair: rack (labels are key=value pairs separated by |, each with one =, e.g. type=cp|rack=r1)'],
    ['a label with two = (machine.go Labels.UnmarshalCSV)', { labels: 'type=cp|rack=r1=a' }, 'hardware.csv:2: column labels: badly formatted key-value pair: rack=r1=a (labels are key=value pairs separated by |, each with one =, e.g. type=cp|rack=r1)'],
    ['an invalid hostname', { hostname: 'Node_1' }, expect.stringMatching(/^hardware\.csv:2: column hostname: hostname "Node_1" is invalid: /)],
    ['a BMC IP without credentials', { bmc_username: '', bmc_password: '' }, 'hardware.csv:2: column bmc_username: bmc_username is required when any bmc column is set'],
    ['credentials without a BMC IP', { bmc_ip: '' }, 'hardware.csv:2: column bmc_ip: bmc_ip is required when any bmc column is set'],
    ['an invalid BMC IP', { bmc_ip: 'bmc.example.com' }, 'hardware.csv:2: column bmc_ip: bmc_ip "bmc.example.com" is not a valid IP'],
  ])('fails on %s', (_, over, expected) => {
    const errs = parseErrors(`${HEADER}\n${row(over)}\n`);
    expect(errs[0]).toEqual(expected);
  });

  test('fails on a BMC IP with only a password missing (every bmc value is required once one is set)', () => {
    expect(parseErrors(`${HEADER}\n${row({ bmc_password: '' })}\n`)).toEqual(['hardware.csv:2: column bmc_password: bmc_password is required when any bmc column is set']);
  });

  test.each([['0'], ['4095'], ['ten']])('fails on vlan_id %s', v => {
    expect(parseErrors(`${HEADER},vlan_id\n${row()},${v}\n`)).toEqual([`hardware.csv:2: column vlan_id: vlan_id ${v === 'ten' ? '"ten"' : v} is invalid: must be a whole number from 1 to 4094`]);
  });

  test('fails on duplicate hostname, IP, MAC (any case) and BMC IP, naming the first row', () => {
    const text = [HEADER, row(), row({ mac: '00-00-00-00-00-01' })].join('\n');
    expect(parseErrors(text)).toEqual([
      'hardware.csv:3: column hostname: duplicate hostname node1: already used by node1 (hardware.csv:2)',
      'hardware.csv:3: column ip_address: duplicate ip_address 10.0.0.1: already used by node1 (hardware.csv:2)',
      'hardware.csv:3: column mac: duplicate mac 00:00:00:00:00:01: already used by node1 (hardware.csv:2)',
      'hardware.csv:3: column bmc_ip: duplicate bmc_ip 10.1.0.1: already used by node1 (hardware.csv:2)',
    ]);
  });

  test('fails on a missing header column and warns about unknown ones', () => {
    const { findings } = parseHardwareCsv('hostname,mac,ip_address,netmask,gateway,nameservers,labels,extra\nn,00:00:00:00:00:01,10.0.0.1,255.255.255.0,10.0.0.254,8.8.8.8,,x\n');
    expect(findings.map(describeHardwareCsvFinding)).toEqual([
      expect.stringMatching(/^hardware\.csv:1: column disk: missing column disk/),
      expect.stringMatching(/^hardware\.csv:1: column extra: unknown column "extra" is ignored/),
    ]);
  });

  test('fails on a row with too many fields, naming its line', () => {
    expect(parseErrors(`${HEADER}\n${row()}\n${row()},extra\n`)).toEqual([
      expect.stringMatching(/^hardware\.csv:3: not valid CSV: Invalid Record Length: columns length is 11, got 12/),
    ]);
  });

  test('fails on an empty file', () => {
    expect(parseErrors('')).toEqual([expect.stringMatching(/^hardware\.csv:1: the file is empty/)]);
  });

  test('loadHardwareCsv throws a ValidationError at file:line', () => {
    try {
      loadHardwareCsv(`${HEADER}\n${row()}\n${row({ hostname: 'node2', ip_address: '10.0.0.2', mac: '00:00:00:00:00:02', bmc_ip: '10.1.0.2', disk: 'sdb' })}\n`, 'site/hardware.csv');
      throw new Error('expected a ValidationError');
    } catch (e) {
      expect(e).toBeInstanceOf(ValidationError);
      expect((e as ValidationError).where).toBe('site/hardware.csv:3');
      expect((e as ValidationError).field).toBe('disk');
      expect((e as ValidationError).message).toContain('site/hardware.csv:3: column disk: disk "sdb" is invalid');
    }
    expect(loadHardwareCsv(`${HEADER}\n${row()}\n`)).toHaveLength(1);
  });
});
