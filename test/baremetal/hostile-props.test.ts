// What plain-JS, JSON-fed or cast callers pass (issue 13): every one a ValidationError naming the
// host and the prop — never a TypeError, never wrong output.
import { App, Chart } from 'cdk8s';
import { BareMetalHostEnrollment } from '../../src/baremetal/bare-metal-host-enrollment';
import { BmcCredentials } from '../../src/baremetal/bmc-credentials';
import { HostRole } from '../../src/baremetal/host';
import { EksaCluster } from '../../src/eksa/eksa-cluster';
import { EksaProvider } from '../../src/eksa/providers/provider';
import { expectValidationError } from '../util';

const base = { name: 'node1', role: HostRole.CONTROL_PLANE, bmcAddress: 'redfish://10.0.0.1/redfish/v1/Systems/1', bootMacAddress: '0c:c4:7a:6b:00:01' };
const enroll = (host: object, props: object = {}) => new BareMetalHostEnrollment(new Chart(new App(), 'c'), 'hosts', { ...props, hosts: [{ ...base, ...host } as any] });

const fails = expectValidationError;

test.each([
  [{ labels: 'x' }, /c\/hosts\/node1: labels: must be a map \(an object of key: value\) \(got string "x"\)/],
  [{ network: 'dhcp' }, /network: must be an object \(got string "dhcp"\)/],
  [{ network: { nameservers: 'x' } }, /network.nameservers: must be a list \(got string "x"\)/],
  [{ rootDeviceHints: '/dev/sda' }, /rootDeviceHints: must be an object \(got string "\/dev\/sda"\)/],
  [{ credentials: { secretName: () => 'x' } }, /credentials: must be BmcCredentials.fromEnv\(…\), fromExistingSecret\(…\) or plaintext\(…\) \(got an object/],
  [{ bootMacAddress: 12 }, /bootMacAddress: must be a string \(got number 12\)/],
  [{ online: 'true' }, /online: must be true or false/],
  [{ rootDevicehints: { deviceName: '/dev/sda' } }, /rootDevicehints: unknown prop "rootDevicehints"/],
])('fails host %j', (host, message) => {
  fails(() => enroll(host), message);
});

test('fails credentials that would be written wrongly', () => {
  fails(() => enroll({ credentials: BmcCredentials.fromEnv(undefined as any, undefined as any) }), /fromEnv\(\) needs two environment variable names \(got undefined\)/);
  fails(() => enroll({ credentials: BmcCredentials.fromExistingSecret('Bad_Name!') }), /fromExistingSecret\("Bad_Name!"\): not a valid Secret name/);
});

test('fails enrollment props of the wrong shape', () => {
  fails(() => new BareMetalHostEnrollment(new Chart(new App(), 'c'), 'hosts', { hosts: 'x' as any }), /c\/hosts: hosts: must be a list \(got string "x"\)/);
  fails(() => new BareMetalHostEnrollment(new Chart(new App(), 'c'), 'hosts', { labels: ['a'] as any }), /labels: must be a map/);
  fails(() => new BareMetalHostEnrollment(new Chart(new App(), 'c'), 'hosts', { hosts: [null as any] }), /<unnamed>: host: must be an object of BareMetalHostProps \(got null\)/);
});

test('fails an EKS-A kubernetesVersion given as a number (1.30 would read as 1.3)', () => {
  fails(() => new EksaCluster(new App(), 'dev', { provider: EksaProvider.docker(), kubernetesVersion: 1.3 as any }), /kubernetesVersion: must be a string such as "1.35" \(got number 1.3\)/);
});

test('fails Tinkerbell hosts of the wrong shape', () => {
  fails(() => new EksaCluster(new App(), 'metal', { provider: EksaProvider.tinkerbell({ tinkerbellIp: '10.0.0.9', hosts: [{ ...base, labels: 'x' } as any] }), controlPlane: { endpoint: '10.0.0.100' } }),
    /provider.hosts\[node1\].labels: must be a map/);
});

test('a host refused by addHost leaves nothing in the output when the caller goes on', () => {
  const app = new App();
  const hosts = new BareMetalHostEnrollment(new Chart(app, 'c'), 'hosts', { hosts: [base] });
  expect(() => hosts.addHost({ ...base, name: 'node2', bootMacAddress: '0c:c4:7a:6b:00:02', bmcAddress: 'ilo5://10.0.0.2' })).toThrow(/Unknown BMC type 'ilo5'/);
  const yaml = app.synthYaml();
  expect(yaml).toContain('name: node1');
  expect(yaml).not.toContain('node2');
});

test('fails two hosts with one BMC address (also written differently) or one boot MAC', () => {
  fails(() => new BareMetalHostEnrollment(new Chart(new App(), 'c'), 'hosts', {
    hosts: [base, { ...base, name: 'node2', bootMacAddress: '0c:c4:7a:6b:00:02', bmcAddress: 'REDFISH://10.0.0.1/redfish/v1/Systems/1/' }],
  }), /c\/hosts\/node2: bmcAddress: REDFISH:\/\/10.0.0.1\/redfish\/v1\/Systems\/1\/ is already the BMC address of host node1/);
  fails(() => new BareMetalHostEnrollment(new Chart(new App(), 'c'), 'hosts', {
    hosts: [base, { ...base, name: 'node2', bootMacAddress: '0C-C4-7A-6B-00-01', bmcAddress: 'redfish://10.0.0.2/redfish/v1/Systems/1' }],
  }), /bootMacAddress: MAC 0C-C4-7A-6B-00-01 is already used by host node1/);
});
