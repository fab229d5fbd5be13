// Construct lifecycle of the host enrollment: each host's objects are checked when it is added
// and again on their final JSON at synth.
import { ApiObject, App, Chart, JsonPatch, Testing } from 'cdk8s';
import { parseAllDocuments } from 'yaml';
import { BareMetalHostEnrollment, BareMetalHostProps, BmcCredentials, HostRole } from '../../src';
import { KubeObject } from '../../src/core/kube-object';
import { expectValid, find } from '../util';

const node = (n: number, extra: Partial<BareMetalHostProps> = {}): BareMetalHostProps => ({
  name: `node${n}`,
  role: HostRole.CONTROL_PLANE,
  bmcAddress: `redfish-virtualmedia://192.168.200.${74 + n}/redfish/v1/Systems/1`,
  bootMacAddress: `0c:c4:7a:6b:00:0${n}`,
  ...extra,
});

function setup(): { app: App; hosts: BareMetalHostEnrollment } {
  const app = Testing.app();
  const chart = new Chart(app, 'test', { disableResourceNameHashes: true });
  return { app, hosts: new BareMetalHostEnrollment(chart, 'hosts', { hosts: [node(1), node(2)] }) };
}

const docs = (app: App): KubeObject[] => parseAllDocuments(app.synthYaml()).map(d => d.toJSON());
const synthError = (app: App): string => {
  try {
    app.synthYaml();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('synth did not fail');
};

describe('BareMetalHostEnrollment lifecycle', () => {
  test('a valid escape-hatch edit is in the output and in the host\'s objects', () => {
    const { app, hosts } = setup();
    ApiObject.of(hosts.hosts[0].bareMetalHost).addJsonPatch(JsonPatch.replace('/spec/online', false));
    hosts.hosts[1].bareMetalHost.metadata.addAnnotation('example.com/rack', 'r1');
    const out = docs(app);
    expectValid(out);
    expect(find(out, 'BareMetalHost', 'node1').spec.online).toBe(false);
    expect(find(out, 'BareMetalHost', 'node2').metadata!.annotations).toEqual({ 'example.com/rack': 'r1' });
    expect(find([...hosts.hosts[0].objects], 'BareMetalHost').spec.online).toBe(false);
  });

  test('fails synth for an edit that breaks a baremetal-operator rule, at the host\'s path, naming the field and the valid values', () => {
    const { app, hosts } = setup();
    ApiObject.of(hosts.hosts[0].bareMetalHost).addJsonPatch(JsonPatch.replace('/spec/bmc/address', 'foo://192.168.200.75'));
    const message = synthError(app);
    expect(message).toMatch(/^Validation failed with the following errors:\n {2}\[test\/hosts\/node1\] BareMetalHost\/node1 spec.bmc.address: Unknown BMC type 'foo' for address foo:\/\/192.168.200.75 \(known schemes: ipmi, /);
    expect(message.split('\n')).toHaveLength(2);
  });

  test('fails synth for a Secret edit that breaks the schema (data must be base64)', () => {
    const { app, hosts } = setup();
    hosts.hosts[1].credentialsSecret!.addJsonPatch(JsonPatch.add('/data', { username: 'not base64!' }));
    expect(synthError(app)).toContain('[test/hosts/node2] Secret/node2-credentials data.username: Invalid value: "not base64!": must be of format byte (Secret data values are base64; put plain text in stringData instead)');
  });

  test('a host added later is in the output; fails synth when an edit breaks its MAC', () => {
    const { app, hosts } = setup();
    const h = hosts.addHost(node(3, { credentials: BmcCredentials.fromExistingSecret('shared') }));
    expect(docs(app).map(o => `${o.kind}/${o.metadata!.name}`)).toContain('BareMetalHost/node3');
    h.bareMetalHost.addJsonPatch(JsonPatch.replace('/spec/bootMacAddress', 'not-a-mac'));
    expect(synthError(app)).toContain('[test/hosts/node3] BareMetalHost/node3 spec.bootMACAddress: address not-a-mac: invalid MAC address (colon-separated hex octets, e.g. 0c:c4:7a:12:34:56)');
  });

  test('objects is the caller\'s own copy; fails (TypeError) when the enrolled record, its props or its labels are changed', () => {
    const { app, hosts } = setup();
    const [h] = hosts.hosts;
    const mine = h.objects as KubeObject[];
    find(mine, 'BareMetalHost').spec.online = false;
    expect(find([...h.objects], 'BareMetalHost').spec.online).toBe(true);
    expect(find(docs(app), 'BareMetalHost', 'node1').spec.online).toBe(true);
    expect(() => { (h.labels as any)['cluster-role'] = 'worker'; }).toThrow(TypeError);
    expect(() => { (h.props as any).bmcAddress = 'ipmi://x'; }).toThrow(TypeError);
    expect(() => { (h as any).name = 'x'; }).toThrow(TypeError);
  });

  test('the caller\'s own props objects are not frozen', () => {
    const nameservers = ['192.168.200.1'];
    const labels = { rack: 'r1' };
    new BareMetalHostEnrollment(new Chart(Testing.app(), 'c'), 'hosts', {
      hosts: [node(1, { labels, network: { interfaceName: 'eth0', ipv4: { address: '192.168.200.10/24', gateway: '192.168.200.1' }, nameservers } })],
    });
    nameservers.push('192.168.200.2');
    labels.rack = 'r2';
    expect(nameservers).toHaveLength(2);
  });
});
