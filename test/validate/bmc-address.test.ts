import { BmcAddressError, parseBmcAddress } from '../../src/validate/bmc-address';

// Verdicts of baremetal-operator's own parser tests (upstream-rules.md §1.3).
const VALID: Array<[string, string, number | undefined, string?]> = [
  // address, scheme, effective port, host
  ['libvirt://192.168.122.1:6233/?abc=def', 'libvirt', 6233, '192.168.122.1'],
  ['192.168.122.1', 'ipmi', 623, '192.168.122.1'],
  ['my.favoritebmc.com', 'ipmi', 623, 'my.favoritebmc.com'],
  ['192.168.122.1:6233', 'ipmi', 6233],
  ['[fe80::fc33:62ff:fe83:8a76]:6233', 'ipmi', 6233, 'fe80::fc33:62ff:fe83:8a76'],
  ['ipmi://192.168.122.1:6233', 'ipmi', 6233],
  ['ipmi:192.168.122.1', 'ipmi', 623],
  ['ipmi:192.168.122.1:6233', 'ipmi', 6233],
  ['ipmi://192.168.122.1?privilegelevel=OPERATOR', 'ipmi', 623],
  ['redfish://192.168.122.1', 'redfish', undefined],
  ['redfish://192.168.122.1:6233/foo', 'redfish', 6233],
  ['redfish://[fe80::fc33:62ff:fe83:8a76]', 'redfish', undefined, 'fe80::fc33:62ff:fe83:8a76'],
  ['redfish://[fe80::fc33:62ff:fe83:8a76]:6233/foo', 'redfish', 6233],
  ['redfish:192.168.122.1', 'redfish', undefined],
  ['redfish+http://192.168.122.1/foo/bar', 'redfish+http', undefined],
  ['redfish+https://192.168.122.1/redfish/v1/', 'redfish+https', undefined],
  ['redfish-virtualmedia+https://192.168.1.1/redfish/v1/Systems/1', 'redfish-virtualmedia+https', undefined],
  ['idrac-virtualmedia+https://192.168.1.1/redfish/v1/Systems/System.Embedded.1', 'idrac-virtualmedia+https', undefined],
  ['ilo5-virtualmedia://192.168.122.1/foo/bar', 'ilo5-virtualmedia', undefined],
  ['redfish-uefihttp+https://192.168.122.1', 'redfish-uefihttp+https', undefined],
  ['idrac-redfish://192.168.122.1/foo/bar', 'idrac-redfish', undefined],
  ['ipmi://host-0.example.com.org:6223', 'ipmi', 6223],
  ['ipmi://baremetalhost', 'ipmi', 623, 'baremetalhost'],
  ['redfish-virtualmedia://[fe80::1]:8000/redfish/v1/Systems/1', 'redfish-virtualmedia', 8000],
  ['REDFISH-VIRTUALMEDIA://192.168.200.75/redfish/v1/Systems/1/', 'redfish-virtualmedia', undefined],
];

const INVALID: Array<[string, RegExp]> = [
  ['[fe80::fc33:62ff:fe83:8a76]', /failed to parse BMC address information/],
  ['[fe80::fc33:62ff:fe33:8xff]:6223', /hostname\/IP : \[fe80::fc33:62ff:fe33:8xff\] is invalid/],
  ['my-.examplehost.com', /hostname\/IP : \[my-.examplehost.com\] is invalid/],
  ['ipmi://-host.example.com.org', /BMC address hostname\/IP : \[-host.example.com.org\] is invalid/],
  ['ipmi://host+1.example.com.org', /is invalid/],
  ['[@]host.example.com', /net\/url: invalid userinfo/],
  ['ipm:host.example.com:6223', /Unknown BMC type 'ipm'/],
  ['test:127.0.1.1', /Unknown BMC type 'test'/],
  ['foo://192.168.122.1', /Unknown BMC type 'foo'/],
  ['redfish-https://10.0.0.1/redfish/v1/Systems/1', /Unknown BMC type 'redfish-https'/],
  ['irmc://10.0.0.1', /Unknown BMC type 'irmc'/],
  ['ilo5://10.0.0.1', /Unknown BMC type 'ilo5'/],
  ['ilo4-virtualmedia://10.0.0.1', /Unknown BMC type 'ilo4-virtualmedia'/],
  ['idrac://10.0.0.1', /Unknown BMC type 'idrac'/],
  ['ipmi+https://10.0.0.1', /Unknown BMC type 'ipmi\+https'/],
  ['redfish://bmc_1.example.com', /\[bmc_1.example.com\] is invalid/],
  ['redfish://10.0.0.1:99999/x', /port 99999 is out of range/],
  ['', /empty/],
];

describe('parseBmcAddress', () => {
  test.each(VALID.map(r => [r[0], r[1], r[2], r[3] ?? '']))('accepts %s', (address, scheme, port, host) => {
    const p = parseBmcAddress(address);
    expect(p.scheme).toBe(scheme);
    expect(p.effectivePort).toBe(port);
    if (host) expect(p.host).toBe(host);
  });

  test.each(INVALID)('fails on %s', (address, message) => {
    expect(() => parseBmcAddress(address)).toThrow(BmcAddressError);
    expect(() => parseBmcAddress(address)).toThrow(message);
  });

  test('a removed driver says which release removed it and what to use instead', () => {
    try {
      parseBmcAddress('irmc://10.0.0.1');
      fail('expected an error');
    } catch (e) {
      expect((e as BmcAddressError).hint).toMatch(/removed in baremetal-operator v0.13.0.*redfish-virtualmedia/);
    }
  });

  test('an unknown scheme lists the known ones', () => {
    expect(() => parseBmcAddress('foo://1.2.3.4')).toThrow(expect.objectContaining({ hint: expect.stringContaining('idrac-virtualmedia+https') }));
  });

  test('reports transport and driver capabilities', () => {
    const p = parseBmcAddress('redfish+http://10.0.0.1/redfish/v1/Systems/1');
    expect(p.transport).toBe('http');
    expect(p.driver.needsMac).toBe(true);
    expect(p.path).toBe('/redfish/v1/Systems/1');
    const vm = parseBmcAddress('idrac-virtualmedia://10.0.0.1');
    expect(vm.transport).toBe('https');
    expect(vm.driver.virtualMedia).toBe(true);
    expect(vm.driver.needsMac).toBe(false);
    expect(parseBmcAddress('10.0.0.1').driver.supportsSecureBoot).toBe(false);
  });
});
