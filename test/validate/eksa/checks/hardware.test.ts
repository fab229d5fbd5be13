// Hardware preflight (Tinkerbell with a hardware inventory): enough machines per selector,
// disjoint selectors, valid rows.
import { HardwareMachine } from '../../../../src/validate/eksa/hardware';
import { PreflightMode } from '../../../../src/validate/eksa/preflights';
import { cluster, edit, errors, tinkerbell, warnings } from '../fixtures';

function machine(n: number, labels: Record<string, string>): HardwareMachine {
  return {
    hostname: `node${n}`,
    mac: `00:00:00:00:00:0${n}`,
    ipAddress: `10.0.0.${n}`,
    netmask: '255.255.255.0',
    gateway: '10.0.0.254',
    nameservers: ['8.8.8.8'],
    labels,
    disk: '/dev/sda',
    source: `hardware.csv:${n + 1}`,
  };
}

const fleet = (cp: number, workers: number) => [
  ...Array.from({ length: cp }, (_, i) => machine(i + 1, { type: 'cp' })),
  ...Array.from({ length: workers }, (_, i) => machine(cp + i + 1, { type: 'worker' })),
];

describe('Validate hardware', () => {
  test('passes with 3 control plane and 2 worker machines for 3 + 2 nodes', () => {
    expect(errors(tinkerbell(), { hardware: fleet(3, 2) })).toEqual([]);
  });

  test('fails when a selector has too few machines', () => {
    expect(errors(tinkerbell(), { hardware: fleet(2, 2) })).toEqual([
      'Validate hardware: Cluster/metal spec.controlPlaneConfiguration.machineGroupRef: minimum hardware count not met for selector \'{"type":"cp"}\': have 2, require 3',
    ]);
  });

  test('worker groups sharing a selector add up: eksctl checks only the last group\'s count (an error), the sum is a warning', () => {
    const two = cluster(tinkerbell(), s => { s.workerNodeGroupConfigurations.push({ name: 'md-1', count: 1, machineGroupRef: { kind: 'TinkerbellMachineConfig', name: 'metal' } }); });
    expect(errors(two, { hardware: fleet(3, 2) })).toEqual([]);
    expect(warnings(two, { hardware: fleet(3, 2) })).toEqual([
      'Validate hardware: Cluster/metal spec.workerNodeGroupConfigurations[0].machineGroupRef: groups sharing the selector \'{"type":"worker"}\' need 3 machines together, have 2: eksctl checks only the last group\'s count (1), the rest fail at provisioning',
    ]);
    expect(warnings(two, { hardware: fleet(3, 3) })).toEqual([]);
    expect(errors(two, { hardware: fleet(3, 0) })).toEqual([
      'Validate hardware: Cluster/metal spec.workerNodeGroupConfigurations[0].machineGroupRef: minimum hardware count not met for selector \'{"type":"worker"}\': have 0, require 1',
    ]);
  });

  test('a dotted-quad netmask is only a warning (eksctl requires a non-empty netmask)', () => {
    const hardware = [...fleet(3, 1), { ...machine(5, { type: 'worker' }), netmask: '24' }];
    expect(errors(tinkerbell(), { hardware })).toEqual([]);
    expect(warnings(tinkerbell(), { hardware })).toEqual([
      'Validate hardware: Hardware/node5 netmask: hardware.csv:6: netmask "24" is not a dotted-quad IPv4 netmask such as 255.255.255.0: eksctl accepts any non-empty value, the machine gets it over DHCP as written',
    ]);
  });

  test('fails when a machine matches two selectors', () => {
    const objects = edit(tinkerbell(), 'TinkerbellMachineConfig', o => { o.spec.hardwareSelector = { pool: 'general' }; }, 'metal');
    const hardware = [...fleet(3, 0), machine(4, { pool: 'general' }), machine(5, { type: 'cp', pool: 'general' })];
    expect(errors(objects, { hardware })).toEqual([
      'Validate hardware: Hardware/node5 labels: hardware.csv:6: machine node5 matches more than one hardwareSelector ({"type":"cp"}, {"pool":"general"}); selectors must match disjoint hardware',
    ]);
  });

  test('fails on invalid rows, with their source', () => {
    const bad = [...fleet(3, 1), { ...machine(5, { type: 'worker' }), disk: 'sdb' }];
    expect(errors(tinkerbell(), { hardware: bad })).toEqual([
      'Validate hardware: Hardware/node5 disk: hardware.csv:6: disk "sdb" is invalid: must be a block device path such as /dev/sda or /dev/nvme0n1 (/dev/disk/by-id/… links are not accepted)',
    ]);
  });

  test('counts are not checked on upgrade (machines already in use are not in the file)', () => {
    expect(errors(tinkerbell(), { mode: PreflightMode.UPGRADE, old: tinkerbell(), hardware: fleet(0, 0) })).toEqual([]);
  });
});
